"""The fast verify walk gives the same answers as the plain one (store/journal.py, replay.py).

``verify`` hashes every journal entry from tuples (``chain_walk._RowHasher``), hands the replay
each record's newest after-image collected on that walk, and passes a row whose JSON text is
its after-image without parsing the image. Each shortcut is held here to the plain
computation it replaces, on registers built through the store and on every tampering kind
of the fault harness, so a check can only become faster, never weaker.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import sqlite3
from datetime import date

import pytest

from deerfield_desk.store import canonical_sql, chain_walk, erosion_checks, journal, replay
from deerfield_desk.store.register import Register
from deerfield_desk.store.verify import verify_register
from tests.faults.base import build_base, copy_base
from tests.faults.tampering import KINDS

PARCEL = {"parcel_number": "0812-1", "street": "Main St", "address_text": "1 Main St"}


def _reference_hash(entry: dict, fmt: journal.Format) -> str:
    """The entry hash exactly as registers have always been written (the format of record:
    it must never change, or old registers stop verifying)."""
    hashed: dict[str, object] = {k: entry.get(k) for k in journal.HASHED_FIELDS}
    for name in journal.OPTIONAL_HASHED_FIELDS:
        if entry.get(name) is not None:
            hashed[name] = entry[name]
    if fmt.version >= 2:
        hashed["hash_version"] = fmt.version
        hashed["register_id"] = fmt.register_id
    canonical = json.dumps(hashed, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256((entry["prev_hash"] + canonical).encode("utf-8")).hexdigest()


@pytest.fixture
def mixed_register(db_path, clerk, monkeypatch):
    """Version-1 entries, then a format entry and version-2 ones; text that JSON escapes
    (quotes, backslashes, control characters, non-ASCII); an entry with an origin."""
    with monkeypatch.context() as old_app:
        old_app.setattr(journal, "HASH_VERSION", 1)
        reg = Register.create(db_path, clerk)
        reg.insert("parcels", {**PARCEL, "street": 'O\'Brien "Old" Rd\\2'})
        reg.close()
    reg = Register.open(db_path, clerk)
    reg.insert("parcels", {**PARCEL, "parcel_number": "0812-2", "street": "Église\tRd\n\x01"})
    setting = {"key": "walk.test", "uuid": "k-1", "value": '"ü"'}
    with reg.transaction():  # as a field copy's entry is applied at check-in: with its origin
        reg.conn.execute("INSERT INTO settings (key, uuid, value) VALUES (:key, :uuid, :value)",
                         setting)  # fmt: skip
        journal.append_entries(
            reg.conn,
            reg.actor,
            [("settings", "k-1", "insert", None, setting, 'why "so"')],
            origin={"device": "laptop-2", "checkout": 7},
        )
    erosion_checks.record_rain(reg, date(2025, 5, 1), 2.0)  # REAL 2.0, journaled as 2
    yield reg
    reg.close()


def test_the_walk_hashes_every_entry_as_registers_were_always_hashed(mixed_register):
    conn = mixed_register.conn
    entries = list(journal.iter_entries(conn))
    assert {e["action"] for e in entries} >= {"format", "insert"}
    assert any(e.get("origin") for e in entries) and any(e.get("os_account") for e in entries)
    names = journal._entry_columns(conn)
    walk = chain_walk._RowHasher(names)
    rows = list(journal._entry_rows(conn, names))
    for fmt in (journal.V1, journal.Format(2, "r-1"), journal.Format(2, None)):
        for entry, row in zip(entries, rows, strict=True):
            expected = _reference_hash(entry, fmt)
            assert journal.entry_hash(entry, fmt) == expected
            assert walk(row, fmt) == expected
    report = journal.verify_chain(conn)
    assert report.ok and report.complete and report.entries == len(entries)


def test_the_walk_collects_the_images_the_replay_would_read(mixed_register):
    conn = mixed_register.conn
    mixed_register.update("parcels", mixed_register.query_one("SELECT uuid FROM parcels")["uuid"],
                          {"street": "Second St"})  # fmt: skip
    latest: dict = {}
    assert journal.verify_chain(conn, latest=latest).complete
    from_sql = {(t, r): after for t, r, after in replay._latest_images(conn)}
    assert latest == from_sql
    assert '"Second St"' in str(latest.values())


def _outcome(run) -> list[str]:
    try:
        return run()
    except Exception as exc:  # noqa: BLE001 - verify reports any failure as a finding too
        return [f"raised {exc!r}"]


def _chain(report) -> object:
    if not isinstance(report, journal.ChainReport):
        return report
    return (report.problems, report.entries, report.head_hash, report.register_id, report.complete)


def _checks(db, *, shortcuts: bool) -> tuple:
    """The chain walk (its report and the images it collects) and the replay's findings,
    with every shortcut of this work, or with none (SQLite writes no text, no row is
    passed on its text): the plain computation the shortcuts must agree with."""
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    saved = canonical_sql.usable, replay._as_journaled
    if not shortcuts:
        canonical_sql.usable = lambda conn: False
        replay._as_journaled = lambda names, values: None
    try:
        latest: dict = {}
        chain = _outcome(lambda: journal.verify_chain(conn, latest=latest))
        complete = isinstance(chain, journal.ChainReport) and chain.complete
        grouped = _outcome(lambda: replay.replay(conn).problems)
        walked = (
            _outcome(lambda: replay.replay(conn, latest=latest).problems) if complete else grouped
        )
        return _chain(chain), latest, grouped, walked
    finally:
        canonical_sql.usable, replay._as_journaled = saved
        conn.close()


def _replays(db) -> tuple[list[str], list[str], list[str]]:
    """The replay's findings three ways: the journal grouped in SQL, the walk's images, and
    with no shortcut at all; and the chain walk the same with and without shortcuts."""
    fast_chain, fast_latest, grouped, walked = _checks(db, shortcuts=True)
    plain_chain, plain_latest, full, full_walked = _checks(db, shortcuts=False)
    assert fast_chain == plain_chain
    assert fast_latest == plain_latest
    assert full_walked == full
    return grouped, walked, full


def _a_register(db) -> bool:
    conn = None
    try:
        conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
        return bool(conn.execute("SELECT count(*) FROM journal").fetchone())
    except Exception:  # noqa: BLE001 - a file damaged past reading (its message may not decode)
        return False
    finally:
        if conn is not None:
            conn.close()


@pytest.fixture(scope="module")
def tamper_base(tmp_path_factory):
    folder = tmp_path_factory.mktemp("walk-base") / "register"
    build_base(folder)
    return folder


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_tampering_kind_gets_the_same_findings_from_the_fast_replay(
    tamper_base, tmp_path, kind
):
    db = copy_base(tamper_base, tmp_path / "copy")
    info = json.loads((db.parent / "info.json").read_text())
    KINDS[kind](db, info)
    if _a_register(db):  # some kinds leave no readable file: verify alone has a say there
        grouped, walked, full = _replays(db)
        assert walked == grouped == full
    assert not verify_register(db).ok
    shutil.rmtree(db.parent, ignore_errors=True)


def test_rows_that_differ_from_their_image_only_in_form_still_pass(mixed_register, db_path):
    """A REAL 2.0 journaled as 2, and a column added later with a default the image lacks:
    the texts differ, the full comparison decides (and passes), as before."""
    mixed_register.close()
    conn = sqlite3.connect(db_path)
    conn.execute("ALTER TABLE parcels ADD COLUMN walk_note TEXT DEFAULT 'none'")
    conn.commit()
    conn.close()
    grouped, walked, full = _replays(db_path)
    assert grouped == walked == full == []
    assert verify_register(db_path).ok


def test_a_float_sqlite_would_round_to_the_journaled_text_is_still_reported(register, db_path):
    """SQLite writes a REAL with 15 digits: 0.30000000000000004 would come out as the
    journaled 0.3. The guard keeps such a value out of the text comparison."""
    rain = erosion_checks.record_rain(register, date(2025, 5, 2), 0.3)
    register.close()
    conn = sqlite3.connect(db_path)
    assert conn.execute("SELECT json_object('x', 0.30000000000000004)").fetchone()[0] == (
        '{"x":0.3}'
    ), "this SQLite rounds as the guard assumes"
    conn.execute("UPDATE rainfall SET inches = 0.30000000000000004 WHERE uuid = ?", (rain["uuid"],))
    conn.commit()
    conn.close()
    grouped, walked, full = _replays(db_path)
    assert grouped == walked == full
    assert len(full) == 1 and "column inches differs" in full[0], full


def test_a_journal_value_turned_into_a_blob_is_found_as_before(mixed_register, db_path):
    """Newer SQLite reads a BLOB as JSONB (the guard sends such an entry the plain way); older
    ones refuse it (the walk starts again the plain way)."""
    mixed_register.close()
    conn = sqlite3.connect(db_path)
    conn.execute("DROP TRIGGER journal_no_update")
    conn.execute("UPDATE journal SET user_name = CAST(user_name AS BLOB) WHERE seq = 3")
    conn.commit()
    conn.close()
    assert _checks(db_path, shortcuts=True)[0] == _checks(db_path, shortcuts=False)[0]
    report = verify_register(db_path)
    assert report.chain.problems == ["journal unreadable (Object of type bytes is not JSON "
                                     "serializable)"]  # fmt: skip


def test_the_fast_ways_are_the_ones_taken(mixed_register, monkeypatch):
    """Only the format entry is hashed in Python; only the table holding a REAL is compared
    row by row (what makes verify fast must not silently stop happening)."""
    for n in range(5):
        mixed_register.insert("parcels", {**PARCEL, "parcel_number": f"0814-{n}"})
    hashed_in_python = []
    plain_hash = chain_walk._RowHasher.__call__
    monkeypatch.setattr(
        chain_walk._RowHasher,
        "__call__",
        lambda self, row, fmt: hashed_in_python.append(row[2]) or plain_hash(self, row, fmt),
    )
    compared_by_column = []
    full_compare = replay.column_defaults
    monkeypatch.setattr(
        replay,
        "column_defaults",
        lambda conn, table: compared_by_column.append(table) or full_compare(conn, table),
    )
    latest: dict = {}
    conn = mixed_register.conn
    assert journal.verify_chain(conn, latest=latest).ok
    assert len(hashed_in_python) == 1, hashed_in_python  # the format entry
    assert replay.replay(conn, latest=latest).problems == []
    assert compared_by_column == ["rainfall"]


def test_a_walk_stopped_by_too_many_problems_leaves_the_replay_to_the_journal(
    mixed_register, db_path
):
    for n in range(12):
        mixed_register.insert("parcels", {**PARCEL, "parcel_number": f"0813-{n}"})
    mixed_register.close()
    conn = sqlite3.connect(db_path)
    conn.execute("DROP TRIGGER journal_no_update")
    conn.execute("UPDATE journal SET reason = 'edited' WHERE seq > 1")
    conn.execute("UPDATE journal SET prev_hash = 'x' WHERE seq > 1")
    conn.commit()
    conn.close()
    latest: dict = {}
    conn = sqlite3.connect(db_path)
    chain = journal.verify_chain(conn, max_problems=3, latest=latest)
    conn.close()
    assert not chain.complete and chain.problems[-1].startswith("… stopped")
    report = verify_register(db_path)
    assert not report.ok and report.rows == [] and report.replayed > 0


def test_only_a_journal_keyed_by_its_row_id_is_walked_the_fast_way():
    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE TABLE journal (seq INTEGER PRIMARY KEY, hash TEXT)")
    assert chain_walk._seq_is_row_id(conn)
    for schema in (
        "seq INTEGER, hash TEXT",  # no key: two entries may share a number
        "seq INTEGER PRIMARY KEY DESC, hash TEXT",  # a key of its own index, not the row id
        "seq TEXT PRIMARY KEY, hash TEXT",
        "seq INTEGER, hash TEXT, PRIMARY KEY (seq, hash)",
    ):
        conn.execute("DROP TABLE journal")
        conn.execute(f"CREATE TABLE journal ({schema})")
        assert not chain_walk._seq_is_row_id(conn), schema
    conn.execute("DROP TABLE journal")
    conn.execute("CREATE TABLE journal (seq INTEGER PRIMARY KEY, hash TEXT) WITHOUT ROWID")
    assert not chain_walk._seq_is_row_id(conn)


def test_text_affinity_follows_sqlite_rules():
    texts = ("TEXT", "varchar(20)", "CLOB", "NCHAR")
    others = ("INTEGER", "CHARINT", "REAL", "NUMERIC", "BLOB", "", None, "DATE")
    assert all(canonical_sql.text_affinity(t) for t in texts)
    assert not any(canonical_sql.text_affinity(t) for t in others)


def test_the_tables_verify_expects_are_the_ones_the_migrations_create():
    from deerfield_desk.store.migrations import m0001_foundation, m0004_inspections

    expected = replay.EXPECTED_TABLES
    assert expected["m0001_foundation"] == (
        *m0001_foundation.OFFICIAL_TABLES,
        "journal",
        "journal_head",
    )
    assert expected["m0004_inspections"] == m0004_inspections.NEW_OFFICIAL_TABLES


@pytest.mark.parametrize(
    "kind", ["update_permit_owner", "delete_inspection", "insert_or_replace", "update_type_only"]
)
def test_a_journal_too_long_to_hold_in_memory_is_replayed_from_sql_with_the_same_findings(
    tamper_base, tmp_path, monkeypatch, kind
):
    """A register of a million records would hold every after-image in memory for the
    replay (about a gigabyte): past ``IMAGES_IN_MEMORY`` entries the walk keeps none and the
    replay groups the journal in SQL instead. Same findings either way."""
    from deerfield_desk.store import verify

    db = copy_base(tamper_base, tmp_path / "copy")
    KINDS[kind](db, json.loads((db.parent / "info.json").read_text()))
    in_memory = verify_register(db)
    handed: list = []
    real_walk = journal.verify_chain

    def spy(conn, *args, latest=None, **kwargs):
        handed.append(latest)
        return real_walk(conn, *args, latest=latest, **kwargs)

    monkeypatch.setattr(verify, "IMAGES_IN_MEMORY", 0)
    monkeypatch.setattr(journal, "verify_chain", spy)
    from_sql = verify_register(db)
    assert handed == [None]  # nothing collected: flat memory
    assert not from_sql.ok and from_sql.rows == in_memory.rows and from_sql.rows
    shutil.rmtree(db.parent, ignore_errors=True)
