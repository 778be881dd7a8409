"""Keep PySide6 6.12's reference-count bug from crashing the app on Python 3.11.

PySide6 6.12.0 releases one reference to ``None`` too many on every call to a Qt method that
returns nothing (``setText``, ``setEnabled``, ``setCurrentIndex``…) and sometimes to ``True``/
``False``. On Python 3.12 and later these objects are immortal, so the extra release is
harmless. On Python 3.11 their count reaches zero after a few thousand calls and the process
aborts ("none_dealloc: deallocating None") — in a clerk's afternoon, or on a Today screen with a
few hundred stops. (Measured here: 1,000 ``setText`` calls lower ``sys.getrefcount(None)`` by
999.) The fix is what 3.12 does: give these singletons a reference count so large that no
session can spend it. ``PySide6-Pdf`` is published only for 6.12, so downgrading Qt is not an
option; remove this module once PySide6 is fixed or Python 3.11 support is dropped.
"""

from __future__ import annotations

import ctypes
import sys

#: 2**40 references: at a million leaked references a second, 12 days of continuous use.
BALLAST = 1 << 40
_applied = False


def make_singletons_immortal() -> bool:
    """Raise the reference count of None, True, False and the small ints; idempotent.

    Returns True when applied (Python < 3.12), False where the interpreter already makes
    them immortal.
    """
    global _applied
    if sys.version_info >= (3, 12) or _applied:
        return False
    if sys.implementation.name != "cpython":
        return False
    singletons = [None, True, False, Ellipsis, NotImplemented, "", (), *range(-5, 257)]
    for obj in singletons:
        # ob_refcnt is the first field of every CPython object: at the address id() gives.
        ctypes.c_ssize_t.from_address(id(obj)).value += BALLAST
    _applied = True
    return True
