"""The check-in conflicts queue: records both the office and a field copy changed.

Each queue item holds, per field both sides changed, the value at check-out (``base``), the
office's and the field's. The clerk takes one side per field; the record is updated with the
chosen field values (or left as the office has it) and the item is closed with the choices,
both journaled in one transaction. Nothing is overwritten without that choice.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime

from deerfield_desk.errors import InvalidInput, NotAllowed
from deerfield_desk.store import journal
from deerfield_desk.store.field.pack import ForeignKeys
from deerfield_desk.store.register import Register

SIDES = ("office", "field")
RECORD_LABELS = {
    "inspections": "Inspection",
    "notices": "Notice",
    "permits": "Permit",
    "checklist_visits": "Checklist visit",
    "checklist_responses": "Checklist item",
    "erosion_log": "Erosion log entry",
    "occupancy_permits": "Occupancy permit",
    "attachments": "Photo",
}


@dataclass
class FieldChoice:
    """One row of the side-by-side view."""

    column: str
    base: object
    office: object
    field: object


def open_conflicts(reg: Register) -> list[dict]:
    return reg.query("SELECT * FROM field_conflicts WHERE status = 'open' ORDER BY id")


def describe(reg: Register, conflict: dict) -> str:
    """A line a clerk recognises: what record, where, from which device and person."""
    label = RECORD_LABELS.get(conflict["table_name"], conflict["table_name"])
    where = ""
    if conflict["table_name"] == "inspections":
        row = reg.query_one(
            "SELECT i.stage, p.address_text, p.permit_number FROM inspections i "
            "JOIN permits p ON p.id = i.permit_id WHERE i.uuid = ?",
            (conflict["record_uuid"],),
        )
        if row:
            where = f" {row['stage']} at {row['address_text']} ({row['permit_number']})"
    elif conflict["table_name"] == "notices":
        row = reg.query_one(
            "SELECT notice_number, kind FROM notices WHERE uuid = ?", (conflict["record_uuid"],)
        )
        if row:
            where = f" {row['notice_number'] or '(draft)'} {row['kind']}"
    return f"{label}{where} — from {conflict['device']} ({conflict['field_user']})"


def choices(conflict: dict) -> list[FieldChoice]:
    columns = json.loads(conflict["columns_json"])
    return [
        FieldChoice(name, c.get("base"), c.get("office"), c.get("field"))
        for name, c in sorted(columns.items())
    ]


def resolve(reg: Register, conflict_uuid: str, picks: dict[str, str], *, now=None) -> dict:
    """Take ``picks[column]`` ('office' or 'field') for every field of the conflict."""
    with reg.transaction():
        conflict = reg.get("field_conflicts", conflict_uuid)
        if conflict["status"] != "open":
            raise NotAllowed("This conflict was already decided")
        rows = choices(conflict)
        for row in rows:
            if picks.get(row.column) not in SIDES:
                raise InvalidInput(row.column, "take the office's value or the field's")
        unknown = set(picks) - {r.column for r in rows}
        if unknown:
            raise InvalidInput(sorted(unknown)[0], "is not one of the fields in conflict")
        table = conflict["table_name"]
        keys = ForeignKeys(reg.conn)
        fks = keys.columns(table)
        changes = {}
        for row in rows:
            if picks[row.column] == "field":
                value = row.field
                changes[row.column] = (
                    keys.id_of(fks[row.column], value) if row.column in fks else value
                )
        summary = "; ".join(f"{r.column}: {picks[r.column]}" for r in rows)
        reason = f"check-in conflict from {conflict['device']} decided: {summary}"
        if changes:
            origin = {
                "device": conflict["device"],
                "field_hash": conflict["field_entry_hash"],
                "conflict": conflict_uuid,
            }
            with reg.acting_as(reg.actor, origin):
                reg.update(
                    table, conflict["record_uuid"], changes, action="conflict", reason=reason
                )
        return reg.update(
            "field_conflicts",
            conflict_uuid,
            {
                "status": "resolved",
                "choices_json": journal.to_json(picks),
                "resolved_by": reg.actor.name,
                "resolved_at": (now or datetime.now()).isoformat(timespec="seconds"),
            },
            action="resolve",
            reason=reason,
        )
