"""exports layer."""
