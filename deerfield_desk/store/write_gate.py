"""One writer or checkpointer at a time inside the process that owns a register.

Why: SQLite from 3.7.0 to 3.51.2 (this Python links 3.40.1) has the WAL-reset race: a
checkpoint starting while another connection commits the transaction that resets the WAL can
leave a wrong field in the WAL index, and a later checkpoint then skips part of a transaction
(https://sqlite.org/wal.html#walresetbug). No wheel that works with sqlite-utils bundles
3.51.3 or later yet (README, "Storage"), so the register avoids the race by construction:

- across processes, only the holder of the register lock (``register_lock.py``) opens the
  register read-write; every other process opens it ``mode=ro``, which can neither write nor
  checkpoint;
- inside the owner process, every read-write connection runs with ``wal_autocheckpoint=0``,
  and each write transaction (``BEGIN IMMEDIATE`` … ``COMMIT``), each checkpoint, each
  migration and each close of a read-write connection runs while holding this gate.

So no two connections ever write and checkpoint the register at once. The gate is re-entrant
(a write transaction may open a nested savepoint on the same thread).
"""

from __future__ import annotations

import os
import sqlite3
import threading
from pathlib import Path

# Fold the WAL back into the register once it passes this size (SQLite's own default
# autocheckpoint is 1000 pages, about 4 MB).
CHECKPOINT_BYTES = 4 * 1024 * 1024

_GATES: dict[str, threading.RLock] = {}
_GUARD = threading.Lock()


def gate(db_path: Path | str) -> threading.RLock:
    """The process-wide gate of the register at ``db_path``."""
    key = os.path.normcase(str(Path(db_path).expanduser().resolve()))
    with _GUARD:
        return _GATES.setdefault(key, threading.RLock())


def checkpoint_if_large(conn: sqlite3.Connection, db_path: Path | str) -> bool:
    """Run a PASSIVE checkpoint when the WAL has grown past :data:`CHECKPOINT_BYTES`.

    Call with the gate held and no transaction open. Returns whether it checkpointed."""
    try:
        size = os.stat(f"{db_path}-wal").st_size
    except OSError:
        return False
    if size < CHECKPOINT_BYTES:
        return False
    conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
    return True
