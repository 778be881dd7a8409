"""Ways to alter a register behind the app's back; ``verify`` must catch every one.

Each kind is ``fn(db_path, info)`` applied to a closed copy of tests/faults/base.py's register
with the sqlite3 module (what someone with a DB browser would do). Used by the pytest suite
(tests/test_verify_tampering.py, one test per kind) and by ``make test-faults``.

Known limits (not here, because nothing inside the file can catch them; see the note in
store/head_witness.py): a consistent rewrite of journal, rows, series and head that ALSO
deletes the head witness; and an entry forged by someone running the app's own code.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from contextlib import contextmanager
from pathlib import Path

from deerfield_desk.store import journal
from deerfield_desk.store.head_witness import witness_path

NO_DELETE = "SELECT RAISE(ABORT, 'official records are never deleted: void them with a reason')"


@contextmanager
def raw(db: Path):
    conn = sqlite3.connect(db)
    try:
        yield conn
        conn.commit()
    finally:
        conn.close()


def _photos(db: Path) -> Path:
    return db.parent / "photos"


def _without_guard(conn, table: str, sql: str, params=()) -> None:
    """Drop a no-delete trigger, run ``sql``, put the trigger back as it was."""
    name, body = conn.execute(
        "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ? "
        "AND sql LIKE '%BEFORE DELETE%'",
        (table,),
    ).fetchone()
    conn.execute(f"DROP TRIGGER {name}")
    conn.execute(sql, params)
    conn.execute(body)


def _rechain(conn) -> None:
    """Recompute every entry's hash and the head: a forger who knows the algorithm."""
    names = [*journal.HASHED_FIELDS, "hash"]
    rows = conn.execute(f"SELECT {', '.join(names)} FROM journal ORDER BY seq").fetchall()
    conn.execute("DROP TRIGGER journal_no_update")
    prev = journal.GENESIS_HASH
    for values in rows:
        entry = dict(zip(names, values, strict=True))
        entry["prev_hash"] = prev
        entry["hash"] = journal.entry_hash(entry)
        conn.execute(
            "UPDATE journal SET prev_hash = ?, hash = ? WHERE seq = ?",
            (entry["prev_hash"], entry["hash"], entry["seq"]),
        )
        prev = entry["hash"]
    conn.execute(
        "UPDATE journal_head SET seq = (SELECT max(seq) FROM journal), hash = ?, "
        "entries = (SELECT count(*) FROM journal)",
        (prev,),
    )
    conn.execute(
        "CREATE TRIGGER journal_no_update BEFORE UPDATE ON journal BEGIN "
        "SELECT RAISE(ABORT, 'the journal is append-only'); END"
    )


# -- table edits -----------------------------------------------------------------------------
def update_permit_owner(db, info):
    with raw(db) as c:
        c.execute(
            "UPDATE permits SET owner_name = 'Someone Else' WHERE uuid = ?", (info["permits"][0],)
        )


def update_permit_status(db, info):
    with raw(db) as c:
        c.execute("UPDATE permits SET status = 'issued' WHERE uuid = ?", (info["permits"][2],))


def update_type_only(db, info):
    """Same digits, other type: 0 becomes '0'."""
    with raw(db) as c:
        c.execute("UPDATE permits SET description = 7 WHERE uuid = ?", (info["permits"][2],))


def update_fee_amount(db, info):
    with raw(db) as c:
        c.execute("UPDATE fees SET amount_cents = 100 WHERE uuid = ?", (info["fee"],))


def update_inspection_result(db, info):
    with raw(db) as c:
        c.execute("UPDATE inspections SET result = 'failed' WHERE uuid = ?", (info["inspection"],))


def update_setting(db, info):
    with raw(db) as c:
        c.execute("UPDATE settings SET value = '\"Elsewhere\"' WHERE key = 'village_name'")


def update_attachment_hash(db, info):
    with raw(db) as c:
        c.execute(
            "UPDATE attachments SET sha256 = ? WHERE uuid = ?", ("0" * 64, info["attachment"])
        )


def update_row_id(db, info):
    with raw(db) as c:
        c.execute("PRAGMA foreign_keys = OFF")
        c.execute("UPDATE permits SET id = 999 WHERE uuid = ?", (info["permits"][2],))


def insert_permit(db, info):
    with raw(db) as c:
        c.execute(
            "INSERT INTO permits (uuid, kind, status, permit_number) "
            "VALUES ('forged-0001', 'building', 'issued', '2026-0099')"
        )


def insert_fee(db, info):
    with raw(db) as c:
        c.execute(
            "INSERT INTO fees (uuid, code, amount_cents, created_at) "
            "VALUES ('forged-fee', 'BLDG', 1, '2026-01-01')"
        )


def delete_permit(db, info):
    with raw(db) as c:
        c.execute("PRAGMA foreign_keys = OFF")
        _without_guard(c, "permits", "DELETE FROM permits WHERE uuid = ?", (info["permits"][2],))


def delete_inspection(db, info):
    with raw(db) as c:
        c.execute("PRAGMA foreign_keys = OFF")
        _without_guard(
            c, "inspections", "DELETE FROM inspections WHERE uuid = ?", (info["inspection"],)
        )


def insert_or_replace(db, info):
    """REPLACE deletes the old row without firing the no-delete trigger."""
    with raw(db) as c:
        c.execute("PRAGMA foreign_keys = OFF")
        c.execute(
            "INSERT OR REPLACE INTO permits (uuid, kind, status, owner_name) "
            "VALUES (?, 'building', 'issued', 'Someone Else')",
            (info["permits"][2],),
        )


def replace_same_values(db, info):
    """REPLACE with every value kept, but the row moved to a new id."""
    with raw(db) as c:
        c.execute("PRAGMA foreign_keys = OFF")
        row = c.execute("SELECT * FROM permits WHERE uuid = ?", (info["permits"][2],)).fetchone()
        cols = [d[0] for d in c.execute("SELECT * FROM permits LIMIT 0").description]
        values = dict(zip(cols, row, strict=True))
        values["id"] = 500
        marks = ", ".join("?" * len(cols))
        c.execute(
            f"INSERT OR REPLACE INTO permits ({', '.join(cols)}) VALUES ({marks})",
            tuple(values.values()),
        )


def drop_table_with_rows(db, info):
    with raw(db) as c:
        c.execute("PRAGMA foreign_keys = OFF")
        c.execute("DROP TABLE fees")


def drop_empty_official_table(db, info):
    with raw(db) as c:
        c.execute("DROP TABLE rainfall")


# -- guards ----------------------------------------------------------------------------------
def drop_trigger_permits(db, info):
    with raw(db) as c:
        c.execute("DROP TRIGGER permits_no_delete")


def drop_trigger_journal(db, info):
    with raw(db) as c:
        c.execute("DROP TRIGGER journal_no_update")


def add_writing_trigger(db, info):
    with raw(db) as c:
        c.execute(
            "CREATE TRIGGER sneaky AFTER UPDATE ON permits BEGIN "
            "UPDATE fees SET amount_cents = 0; END"
        )


# -- journal ---------------------------------------------------------------------------------
def journal_edit_field(db, info):
    with raw(db) as c:
        c.execute("DROP TRIGGER journal_no_update")
        c.execute("UPDATE journal SET user_name = 'Someone Else' WHERE seq = 3")


def journal_edit_and_rechain(db, info):
    """Edit an after-image and the row to match, recompute the whole chain and head."""
    with raw(db) as c:
        seq, after = c.execute(
            "SELECT seq, after_json FROM journal WHERE record_uuid = ? ORDER BY seq DESC LIMIT 1",
            (info["permits"][0],),
        ).fetchone()
        image = json.loads(after)
        image["owner_name"] = "Someone Else"
        c.execute("DROP TRIGGER journal_no_update")
        c.execute("UPDATE journal SET after_json = ? WHERE seq = ?", (journal.to_json(image), seq))
        c.execute(
            "CREATE TRIGGER journal_no_update BEFORE UPDATE ON journal BEGIN "
            "SELECT RAISE(ABORT, 'the journal is append-only'); END"
        )
        c.execute(
            "UPDATE permits SET owner_name = 'Someone Else' WHERE uuid = ?", (info["permits"][0],)
        )
        _rechain(c)


def journal_delete_middle(db, info):
    with raw(db) as c:
        c.execute("DROP TRIGGER journal_no_delete")
        c.execute("DELETE FROM journal WHERE seq = 4")


def journal_cut_tail(db, info):
    with raw(db) as c:
        c.execute("DROP TRIGGER journal_no_delete")
        c.execute("DELETE FROM journal WHERE seq > (SELECT max(seq) - 3 FROM journal)")


def journal_cut_tail_and_head(db, info):
    """Cut the last entries and make the head agree: the rows they wrote give it away."""
    with raw(db) as c:
        c.execute("DROP TRIGGER journal_no_delete")
        c.execute("DELETE FROM journal WHERE seq > (SELECT max(seq) - 3 FROM journal)")
        seq, hash_ = c.execute("SELECT seq, hash FROM journal ORDER BY seq DESC LIMIT 1").fetchone()
        c.execute("UPDATE journal_head SET seq = ?, hash = ?, entries = ?", (seq, hash_, seq))


def cut_tail_head_and_witness(db, info):
    """Cut entries and head and delete the witness, but leave the rows: the replay sees it."""
    journal_cut_tail_and_head(db, info)
    witness_path(db).unlink()


def forged_append(db, info):
    """Append a well-formed, correctly hashed entry (and head) changing a permit, without
    touching the row: the journal now disagrees with the register."""
    with raw(db) as c:
        seq, prev, after = c.execute(
            "SELECT seq, hash, after_json FROM journal ORDER BY seq DESC LIMIT 1"
        ).fetchone()
        row = c.execute("SELECT * FROM permits WHERE uuid = ?", (info["permits"][0],)).fetchone()
        cols = [d[0] for d in c.execute("SELECT * FROM permits LIMIT 0").description]
        image = dict(zip(cols, row, strict=True))
        image["status"] = "revoked"
        entry = {
            "seq": seq + 1, "uuid": "forged-entry", "at_utc": "2026-05-01T00:00:00+00:00",
            "user_name": "Pat Clerk", "user_role": "clerk", "device_id": "x",
            "table_name": "permits", "record_uuid": info["permits"][0], "action": "update",
            "reason": None, "before_json": None, "after_json": journal.to_json(image),
            "prev_hash": prev,
        }  # fmt: skip
        entry["hash"] = journal.entry_hash(entry)
        names = [*journal.HASHED_FIELDS, "hash"]
        c.execute(
            f"INSERT INTO journal ({', '.join(names)}) VALUES ({', '.join('?' * len(names))})",
            tuple(entry[k] for k in names),
        )
        c.execute(
            "UPDATE journal_head SET seq = ?, hash = ?, entries = entries + 1",
            (entry["seq"], entry["hash"]),
        )


def consistent_rollback(db, info):
    """Cut the tail, the head AND put the rows back: an older copy put in place by hand."""
    early = db.parent / "early.sqlite"
    for suffix in ("-wal", "-shm"):
        Path(str(db) + suffix).unlink(missing_ok=True)
    db.write_bytes(early.read_bytes())


def journal_head_edit(db, info):
    with raw(db) as c:
        c.execute("UPDATE journal_head SET entries = entries + 1")


def witness_garbage(db, info):
    witness_path(db).write_text("not json")


# -- number series ---------------------------------------------------------------------------
def series_raise(db, info):
    with raw(db) as c:
        c.execute("UPDATE number_series SET last = last + 5 WHERE series = 'permit'")


def series_lower(db, info):
    with raw(db) as c:
        c.execute("UPDATE number_series SET last = 0 WHERE series = 'permit'")


def series_insert(db, info):
    with raw(db) as c:
        c.execute("INSERT INTO number_series (series, year, last) VALUES ('permit', 2027, 40)")


# -- photos ----------------------------------------------------------------------------------
def photo_delete(db, info):
    (_photos(db) / info["photos"][0]).unlink()


def photo_alter(db, info):
    target = _photos(db) / info["photos"][0]
    target.write_bytes(target.read_bytes() + b"edited")


def photo_empty(db, info):
    (_photos(db) / info["photos"][1]).write_bytes(b"")


def photo_moved(db, info):
    target = _photos(db) / info["photos"][0]
    target.rename(target.with_name("renamed.jpg"))


def photo_swap(db, info):
    a, b = (_photos(db) / p for p in info["photos"])
    a.write_bytes(b.read_bytes())


# -- the file itself -------------------------------------------------------------------------
def file_truncated(db, info):
    data = db.read_bytes()
    db.write_bytes(data[: len(data) // 2])


def file_garbage_header(db, info):
    data = bytearray(db.read_bytes())
    data[:100] = b"\x00" * 100
    db.write_bytes(bytes(data))


def file_page_flip(db, info):
    data = bytearray(db.read_bytes())
    for page_end in range(2 * 4096, len(data) + 1, 4096):  # cell content sits at the end
        for i in range(page_end - 8, page_end):
            data[i] ^= 0xFF
    db.write_bytes(bytes(data))


def file_empty(db, info):
    db.write_bytes(b"")


def file_deleted(db, info):
    db.unlink()


KINDS: dict[str, Callable[[Path, dict], None]] = {
    name: fn
    for name, fn in dict(globals()).items()
    if callable(fn)
    and getattr(fn, "__module__", "") == __name__
    and not name.startswith("_")
    and name not in {"raw"}
}
