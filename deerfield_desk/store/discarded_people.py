"""People added while filling an application that the clerk then discards.

Why: the Parties page makes a person a register record as soon as it is added (so the other
pickers can offer it at once). Discarding the application must not leave that record behind as
an orphan that the next clerk picks by mistake ("two identical Maria Gonzalez"). Official
records are never deleted, so each such person is *voided* with the reason, journaled; a person
that anything already refers to — a saved draft, an application, a notice, any table whose
column references ``people`` — is left alone.
"""

from __future__ import annotations

from deerfield_desk.models.codes import RecordStatus
from deerfield_desk.store.applications import contains_pattern
from deerfield_desk.store.register import Register, decision


def people_references(reg: Register) -> list[tuple[str, str]]:
    """(table, column) of every foreign key to ``people``, read from the schema itself, so a
    table added later (several contractors per permit…) is covered without a list to keep."""
    tables = [r["name"] for r in reg.query(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
    )]  # fmt: skip
    found = []
    for table in tables:
        for fk in reg.query(f"SELECT * FROM pragma_foreign_key_list('{table}')"):
            if fk["table"] == "people":
                found.append((table, fk["from"]))
    return found


def is_referenced(reg: Register, person: dict) -> bool:
    for table, column in people_references(reg):
        if reg.query_one(f'SELECT 1 FROM "{table}" WHERE "{column}" = ? LIMIT 1',
                         (person["id"],)):  # fmt: skip
            return True
    # drafts name their parties by uuid inside the saved wizard state
    return bool(reg.query_one(
        "SELECT 1 FROM applications WHERE lower(project_json) LIKE ? ESCAPE '\\' LIMIT 1",
        (contains_pattern(person["uuid"]),),
    ))  # fmt: skip


@decision
def void_unused_people(reg: Register, uuids: list[str], reason: str) -> list[str]:
    """Void each of ``uuids`` that nothing refers to; returns the uuids voided."""
    voided = []
    for uuid in dict.fromkeys(uuids):
        person = reg.get("people", uuid)
        if person["status"] != RecordStatus.ACTIVE or is_referenced(reg, person):
            continue
        reg.void("people", uuid, reason)
        voided.append(uuid)
    return voided
