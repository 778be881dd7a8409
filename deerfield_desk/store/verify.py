"""`deerfield-desk verify`: is the register whole, and is its journal unbroken?"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

from deerfield_desk.store import journal
from deerfield_desk.store.register import connect, integrity_problems


@dataclass
class VerifyReport:
    path: Path
    integrity: list[str] = field(default_factory=list)
    chain: journal.ChainReport | None = None
    records: int = 0

    @property
    def ok(self) -> bool:
        return not self.integrity and self.chain is not None and self.chain.ok

    def lines(self) -> list[str]:
        out = [f"Register: {self.path}"]
        if self.integrity:
            out.append("Integrity and foreign keys: PROBLEMS")
            out += [f"  - {p}" for p in self.integrity[:20]]
        else:
            out.append("Integrity and foreign keys: ok")
        if self.chain is None:
            out.append("Journal: not checked (the file could not be read)")
        elif self.chain.ok:
            out.append(
                f"Journal: ok, {self.chain.entries} entries, head {self.chain.head_hash[:16]}…"
            )
            if self.chain.register_id:
                out.append(f"Register id: {self.chain.register_id}")
        else:
            out.append(f"Journal: BROKEN ({self.chain.entries} entries read)")
            out += [f"  - {p}" for p in self.chain.problems]
        out.append(f"Permits in the register: {self.records}")
        out.append("Result: " + ("all checks hold" if self.ok else "problems found"))
        return out


def verify_register(path: Path) -> VerifyReport:
    report = VerifyReport(Path(path))
    if not report.path.exists():
        report.integrity.append("the file does not exist")
        return report
    try:
        conn = connect(report.path, read_only=True)
    except sqlite3.DatabaseError as exc:
        report.integrity.append(str(exc))
        return report
    try:
        report.integrity = integrity_problems(conn, full=True)
        report.chain = journal.verify_chain(conn)
        report.records = conn.execute("SELECT count(*) FROM permits").fetchone()[0]
    except sqlite3.DatabaseError as exc:
        report.integrity.append(str(exc))
    finally:
        conn.close()
    return report
