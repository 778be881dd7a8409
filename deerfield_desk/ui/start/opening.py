"""Open a register for a window: the one path used at start-up and by File → Open/New/Recent.

Why one path: the window owns its register for its whole life (``store/register_lock.py``), a
big register is checked in the background after the window shows (``ui/integrity_check.py``)
and a damaged one is offered its newest good backup (``ui/restore_offer.py``). Opening another
register from the File menu must do exactly the same, or the second register of a session
would be the one opened without its lock or without its check.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from deerfield_desk.config import Paths, demo_paths, register_paths
from deerfield_desk.errors import DamagedRegisterError, DeskError
from deerfield_desk.store import register_file
from deerfield_desk.store.register import Register
from deerfield_desk.store.register_lock import RegisterLock

WINDOW_PURPOSE = "the Deerfield Desk window"


@dataclass
class Opened:
    """A register opened for a window, with the lock the window holds on it."""

    register: Register
    owner: RegisterLock
    inline_check: bool

    @property
    def paths(self) -> Paths:
        return register_paths(self.register.path)


def is_demo(path: Path) -> bool:
    """The made-up register in the data folder (``make run``'s first start)."""
    try:
        return Path(path).expanduser().resolve() == demo_paths().db.resolve()
    except OSError:
        return False


def open_for_window(
    db: Path, actor, tell: Callable[[str], None], *, offer_restore: bool = True, parent=None
) -> Opened | None:
    """Lock and open ``db`` for a window; on refusal ``tell`` the message and return None.

    Nothing is changed on a refusal: the lock is given back and no register stays open.
    """
    from deerfield_desk.ui.integrity_check import check_at_open

    db = Path(db).expanduser().absolute()
    owner = RegisterLock(db, purpose=WINDOW_PURPOSE, name=actor.name)
    try:
        if db.is_file() and not register_file.read_only_reason(db):
            owner.acquire(timeout=0)
        inline_check = check_at_open(db)
        register = Register.open(db, actor, check=inline_check)
    except DamagedRegisterError as exc:  # also a big file opened unchecked, damaged inside
        if not offer_restore:
            owner.release()
            tell(str(exc))
            return None
        from deerfield_desk.ui.restore_offer import offer_restore as offer

        try:
            if not offer(parent, db, str(exc), actor):
                owner.release()
                return None
            register, inline_check = Register.open(db, actor), True
        except DeskError as again:
            owner.release()
            tell(str(again))
            return None
    except DeskError as exc:  # missing, empty, foreign, in use by someone else
        owner.release()
        tell(str(exc))
        return None
    return Opened(register, owner, inline_check)


def adopt(opened_register: Register) -> Opened:
    """A register this process just made and opened (File → New register…, the first-run
    setup) handed to a window: the window takes the lock the way start-up does."""
    owner = RegisterLock(opened_register.path, purpose=WINDOW_PURPOSE,
                         name=opened_register.actor.name)  # fmt: skip
    owner.acquire(timeout=0)  # re-entrant: this process already holds it
    return Opened(opened_register, owner, inline_check=True)


def release(window) -> None:
    """Close the window's register and give back its lock (the window is going)."""
    window.released = True  # callbacks still queued for this window must not touch it
    for stop in window.__dict__.pop("_on_release", []):
        stop()
    owner = getattr(window, "owner_lock", None)
    if owner is None:
        return
    window.owner_lock = None
    try:
        window.register.close()
    finally:
        owner.release()
