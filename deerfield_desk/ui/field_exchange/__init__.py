"""File → Field: check-out, return, check-in, the conflicts queue, and the field copy banner."""
