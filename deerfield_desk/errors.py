"""The one vocabulary of errors every layer raises: models, store, documents, exports, CLI, UI.

Why one module at the package root: the domain (``models/``) and the store both refuse input,
and before this each had its own classes (a models ⇄ store import cycle, ``ValueError``
subclasses here, a bare ``Exception`` there). A screen, the CLI and the importer now catch the
same four kinds and show the same words. Each message says what happened and what to do, in
the office's words.
"""

from __future__ import annotations


class DeskError(Exception):
    """Base class: a problem the app expected and can explain (never a programming error)."""


class InvalidInput(DeskError, ValueError):
    """Bad input: names the field and the rule it broke, so a screen can show it beside it.

    Also a ``ValueError`` so generic parsing code (``int()``, ``date.fromisoformat``) and
    callers that only know the built-in protocol still treat it as a bad value.
    """

    def __init__(self, field: str, rule: str):
        super().__init__(f"{field}: {rule}")
        self.field = field
        self.rule = rule


class NotAllowed(DeskError):
    """The action is refused by an ordinance rule or the status machine; the message says why."""


class RecordNotFound(DeskError, LookupError):
    """No record with that id or number in the register."""


class DamagedRegisterError(DeskError):
    """The register file failed its integrity check and was refused (nothing was written)."""


class RegisterUnavailable(DeskError):
    """The register cannot be opened as asked (missing, empty, not a register, read-only
    folder, ...); the message says which file, why, and what to do. Nothing was written."""


class RegisterInUse(RegisterUnavailable):
    """Another process owns the register (see ``store/register_lock.py``); names who and since
    when, so the office knows whom to ask. ``holder`` is a ``register_lock.Holder``."""

    def __init__(self, path, holder):
        self.path = path
        self.holder = holder
        super().__init__(
            f"The register {path} is in use by {holder.describe()}. Close it there first "
            "(or wait for that command to finish), then try again."
        )
