"""Issue 11, finding 1: a stray descriptor in the app process must not cost the app its work.

Qt's file dialogs open and close ``register.sqlite`` to sniff it; on Linux and macOS that
drops every POSIX lock SQLite held on the file for the whole process. Before the register
lock, the next process that opened and closed the register (another window, ``render``,
``verify``, ``backup``) deleted the app's WAL, and every later change of the app was lost.
"""

from __future__ import annotations

import sqlite3
import subprocess
import sys

from deerfield_desk.documents.village import save_village_settings
from deerfield_desk.store.register import Register
from tests.documents_fixtures import SETTINGS


def cli(*args) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "deerfield_desk", *args],
        capture_output=True,
        text=True,
        timeout=120,
    )


def issued_permit(reg) -> None:
    """An issued permit with its parcel, owner and application, to print a card of."""
    save_village_settings(reg, SETTINGS)
    parcel = reg.insert(
        "parcels",
        {"parcel_number": "0711-123-4567", "house_number": "123", "street": "Main Street",
         "address_text": "123 Main Street, Deerfield, WI 53531"},
    )  # fmt: skip
    owner = reg.insert("people", {"name": "Jane Smith", "mailing_address": "PO Box 9"})
    app = reg.insert(
        "applications",
        {"application_number": "A-2026-0007", "parcel_id": parcel["id"],
         "owner_id": owner["id"], "created_at": "2026-11-02T09:00", "project_json": "{}"},
    )  # fmt: skip
    reg.insert(
        "permits",
        {"parcel_id": parcel["id"], "address_text": parcel["address_text"],
         "parcel_number": parcel["parcel_number"], "owner_name": owner["name"],
         "application_id": app["id"], "permit_number": "2026-0042", "kind": "building",
         "structure": "dwelling", "status": "issued", "description": "New dwelling",
         "applied_date": "2026-11-02", "issued_date": "2026-11-16",
         "expires_date": "2028-11-16"},
    )  # fmt: skip


def people_names(db) -> set[str]:
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        return {row[0] for row in conn.execute("SELECT name FROM people")}
    finally:
        conn.close()


def test_other_processes_after_a_stray_descriptor_lose_nothing(tmp_path, clerk):
    db = tmp_path / "register.sqlite"
    app = Register.create(db, clerk)  # the app's register, held for its lifetime
    try:
        issued_permit(app)
        app.insert("people", {"name": "Before the dialog"})
        with open(db, "rb") as sniff:  # what Qt's file dialog does to the register
            sniff.read(4096)
        # Other processes against the live register: read-only commands work on a snapshot.
        pdf = tmp_path / "card.pdf"
        rendered = cli("render", "permit-card", "2026-0042", "--to", str(pdf), "--db", str(db))
        assert rendered.returncode == 0, rendered.stderr
        checked = cli("verify", "--db", str(db))
        assert checked.returncode == 0, checked.stdout + checked.stderr
        backed = cli("backup", "--db", str(db), "--to", str(tmp_path / "b.sqlite"))
        assert backed.returncode == 0, backed.stdout + backed.stderr
        # The app writes on after all of that...
        for n in range(5):
            app.insert("people", {"name": f"After the dialog {n}"})
        # ...and another process sees those writes, and verify still passes.
        seen = subprocess.run(
            [
                sys.executable,
                "-c",
                "import sqlite3, sys; c = sqlite3.connect(f'file:{sys.argv[1]}?mode=ro', "
                "uri=True); print(c.execute('SELECT count(*) FROM people "
                'WHERE name LIKE "After the dialog%"\').fetchone()[0])',
                str(db),
            ],
            capture_output=True,
            text=True,
        )
        assert seen.stdout.strip() == "5", seen.stderr
        checked = cli("verify", "--db", str(db))
        assert checked.returncode == 0, checked.stdout + checked.stderr
    finally:
        app.close()
    names = people_names(db)
    assert "Before the dialog" in names
    assert {f"After the dialog {n}" for n in range(5)} <= names
    assert cli("verify", "--db", str(db)).returncode == 0
