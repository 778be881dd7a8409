"""A second process for the lost-update tests (issue 11, finding 2); run as a script.

It opens its own connection *without* the register lock on purpose: the lock keeps a second
process out in real use, so this stands for what two connections of one process (the window
and a worker thread) or a lock lost on an odd file system do. What is tested is the
transaction discipline of the store functions themselves.

    python tests/hammer_worker.py DB ticks APP_UUID PREFIX N
    python tests/hammer_worker.py DB results RESULT UUID [UUID...]

Waits for the file ``DB.go`` before starting, so both processes start together. Prints one
line per acknowledged write.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from deerfield_desk.errors import NotAllowed
from deerfield_desk.models.actor import Actor, Role
from deerfield_desk.store import applications, inspections
from deerfield_desk.store.register import Register, connect


def main(argv: list[str]) -> None:
    db, op = Path(argv[0]), argv[1]
    reg = Register(connect(db), db, Actor(f"desk {op}", Role.CLERK, "hammer"))
    go = Path(f"{db}.go")
    print("ready", flush=True)
    while not go.exists():
        time.sleep(0.005)
    if op == "ticks":
        app_uuid, prefix, n = argv[2], argv[3], int(argv[4])
        for i in range(n):
            applications.mark_received(reg, app_uuid, f"{prefix}{i}", True)
            print(f"ack {prefix}{i}", flush=True)
    elif op == "results":
        result = argv[2]
        defects = [{"section": "12.12(6)", "correction": "fix it"}] if result == "failed" else []
        for uuid in argv[3:]:
            try:
                inspections.record_result(reg, uuid, result, defects=defects,
                                          order_reason="two devices at once")  # fmt: skip
            except NotAllowed:
                print(f"refused {uuid}", flush=True)
            else:
                print(f"ack {uuid}", flush=True)
    reg.conn.close()


if __name__ == "__main__":
    main(sys.argv[1:])
