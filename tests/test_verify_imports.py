"""The archive's check loads only what it runs (issue 18).

The export runs ``verify`` in a spawned process beside its writers; every module it imports
is CPU taken from the export's 10 s. The Register, the migration machinery (sqlite_utils and
what it brings) and the field-copy modules are not needed to check a register without
photos. A fresh interpreter, so a module-level import slipped back in fails this.
"""

from __future__ import annotations

import json
import subprocess
import sys

HEAVY = [
    "sqlite_utils",
    "filelock",
    "deerfield_desk.store.register",
    "deerfield_desk.store.migrations",
    "deerfield_desk.store.field.checkout",
    "deerfield_desk.store.field.manifest",
]


def test_the_check_beside_the_export_imports_none_of_the_register_machinery(register, db_path):
    register.insert(
        "parcels", {"parcel_number": "0812-1", "street": "Main St", "address_text": "1 Main St"}
    )
    register.close()
    probe = (
        "import json, sys\n"
        "from pathlib import Path\n"
        "from deerfield_desk.exports.verify_alongside import VerifyAlongside\n"
        "from deerfield_desk.store.verify import verify_register\n"
        f"report = verify_register(Path({str(db_path)!r}), full=False)\n"
        f"print(json.dumps([report.ok, [m for m in {HEAVY!r} if m in sys.modules]]))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=120
    )
    ok, loaded = json.loads(out.stdout.strip().splitlines()[-1])
    assert ok, "the register must pass, or the probe proves nothing"
    assert loaded == []
