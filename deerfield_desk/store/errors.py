"""Errors the store raises; each says what happened and what to do, in the office's words."""

from __future__ import annotations


class RegisterError(Exception):
    """Base class for problems with the register."""


class DamagedRegisterError(RegisterError):
    """The register file failed its integrity check and was refused (nothing was written)."""


class RecordNotFound(RegisterError):
    pass


class InvalidInput(RegisterError):
    """Bad input: names the field and the rule it broke, so a screen can show it beside it."""

    def __init__(self, field: str, rule: str):
        super().__init__(f"{field}: {rule}")
        self.field = field
        self.rule = rule


class NotAllowed(RegisterError):
    """The action is refused by an ordinance rule or the status machine; the message says why."""
