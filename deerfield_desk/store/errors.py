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


class RegisterInUse(RegisterError):
    """Another process owns the register (see ``store/register_lock.py``); names who and since
    when, so the office knows whom to ask. ``holder`` is a ``register_lock.Holder``."""

    def __init__(self, path, holder):
        self.path = path
        self.holder = holder
        super().__init__(
            f"The register {path} is in use by {holder.describe()}. Close it there first "
            "(or wait for that command to finish), then try again."
        )
