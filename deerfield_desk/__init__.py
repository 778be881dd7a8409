"""Deerfield Desk: the Village of Deerfield's permit and inspection register."""

__version__ = "0.1.0"
