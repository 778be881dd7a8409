"""Whether a register is the demo register, read from the register itself.

Why from the file and not from how it was opened: a demo copied elsewhere, opened with
``--db`` or attached to an e-mail is still made-up data, and every document printed from it
must say so (issue 16.5: "never where real work lands by accident"). The demo generator
(``demo/generate.py``) writes the register's first journal entry under its own name on its
own device id; a register the village sets up never has that entry first, and nobody can add
it later (the journal is append-only and the first entry is fixed). One primary-key lookup.
"""

from __future__ import annotations

from deerfield_desk.store.executor import Executor

#: The generator's journal signature (``demo.generate.DEMO_ACTOR``; frozen here as shipped).
DEMO_USER = "Demo data generator"
DEMO_DEVICE = "demo"


def is_demo_register(conn: Executor) -> bool:
    """True when the register's first journal entry was written by the demo generator."""
    row = conn.execute("SELECT user_name, device_id FROM journal ORDER BY seq LIMIT 1").fetchone()
    return bool(row) and row[0] == DEMO_USER and row[1] == DEMO_DEVICE
