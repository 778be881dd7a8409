"""Replay one field journal entry into the office register, by record UUID.

- A new record is inserted with its integer keys remapped through the UUIDs the pack carries.
- An update is merged field by field against the entry's before-image: a field the office has
  not touched since check-out takes the field's value; a field already equal on both sides is
  left; a field both sides changed to different values is a conflict, queued for the clerk,
  and the office value stays until the clerk decides. Why field by field and not the whole
  row: the office moving an inspection to 14:00 must not hold back the inspector's result on
  it; only the one field both changed needs a person.
Every write goes through the Register under the inspector's name, with the entry's origin
(device, check-out, field entry's sequence and hash) hashed into the office journal entry.
"""

from __future__ import annotations

import json

from deerfield_desk.errors import NotAllowed
from deerfield_desk.models.actor import Actor, Role
from deerfield_desk.store.field.pack import ForeignKeys
from deerfield_desk.store.register import Register

APPLIED, ALREADY, CONFLICT = "applied", "already_present", "conflict"


class PackRefused(NotAllowed):
    """The pack was refused whole; the message says why. Nothing was applied."""


def field_actor(entry: dict) -> Actor:
    try:
        role = Role(entry["user_role"])
    except ValueError:
        role = Role.INSPECTOR
    return Actor(entry["user_name"] or "field inspector", role, entry["device_id"])


class Replayer:
    """Replays a verified pack's entries in order, collecting conflicts per record."""

    def __init__(self, reg: Register, device: str, checkout_uuid: str):
        self.reg = reg
        self.device = device
        self.checkout_uuid = checkout_uuid
        self.keys = ForeignKeys(reg.conn)
        #: ``(table, record_uuid) -> {"columns": {col: {base, office, field}}, ...}``
        self.conflicts: dict[tuple[str, str], dict] = {}

    def origin(self, entry: dict) -> dict:
        return {
            "device": self.device,
            "checkout": self.checkout_uuid,
            "field_seq": entry["seq"],
            "field_hash": entry["hash"],
            "field_at_utc": entry["at_utc"],
        }

    def _office_id(self, table: str, column: str, ref: str | None, entry: dict) -> int | None:
        if ref is None:
            return None
        target = self.keys.columns(table)[column]
        found = self.keys.id_of(target, ref)
        if found is None:
            raise PackRefused(
                f"field entry {entry['seq']} points {table}.{column} to {target} record {ref}, "
                "which the office register does not have: the pack was refused, nothing applied"
            )
        return found

    def replay(self, item: dict) -> str:
        entry, refs = item["entry"], item["refs"]
        table, uuid = entry["table_name"], entry["record_uuid"]
        before = json.loads(entry["before_json"]) if entry["before_json"] else None
        after = json.loads(entry["after_json"]) if entry["after_json"] else None
        if after is None:
            return ALREADY  # nothing to carry (the journal never records deletions)
        if table == "number_series":
            return ALREADY  # the office reserved the copy's block at check-out
        if before is None:
            return self._insert(entry, table, uuid, after, refs.get("after", {}))
        return self._update(entry, table, uuid, before, after, refs)

    def _insert(self, entry, table, uuid, after, refs) -> str:
        if self.keys.id_of(table, uuid) is not None:
            return ALREADY
        values = {k: v for k, v in after.items() if k != "id"}
        for column in self.keys.columns(table):
            if values.get(column) is not None:
                values[column] = self._office_id(table, column, refs.get(column), entry)
        with self.reg.acting_as(field_actor(entry), self.origin(entry)):
            self.reg.insert(table, values)
        return APPLIED

    def _update(self, entry, table, uuid, before, after, refs) -> str:
        office = self.reg.query_one(f"SELECT * FROM {table} WHERE uuid = ?", (uuid,))
        if office is None:
            raise PackRefused(
                f"field entry {entry['seq']} changes {table} record {uuid}, which the office "
                "register does not have: the pack was refused, nothing applied"
            )
        fks = self.keys.columns(table)
        ref_before, ref_after = refs.get("before", {}), refs.get("after", {})

        def field_value(row, row_refs, column):
            return row_refs.get(column) if column in fks else row.get(column)

        def office_value(column):
            if column in fks:
                return self.keys.uuid_of(fks[column], office.get(column))
            return office.get(column)

        pending = self.conflicts.get((table, uuid))
        apply, conflicting = {}, {}
        for column in after:
            if column == "id" or column not in office:
                continue
            base = field_value(before, ref_before, column)
            mine = field_value(after, ref_after, column)
            if base == mine:
                continue
            if pending and column in pending["columns"]:
                pending["columns"][column]["field"] = mine  # the field changed it again
                conflicting[column] = pending["columns"][column]
                continue
            theirs = office_value(column)
            if theirs == mine:
                continue
            if theirs == base:
                apply[column] = (
                    self._office_id(table, column, mine, entry) if column in fks else mine
                )
            else:
                conflicting[column] = {"base": base, "office": theirs, "field": mine}
        if conflicting:
            queued = self.conflicts.setdefault(
                (table, uuid), {"table": table, "record_uuid": uuid, "columns": {}}
            )
            queued["columns"].update(conflicting)
            queued.update(entry_hash=entry["hash"], user=entry["user_name"], at=entry["at_utc"])
        if apply:
            with self.reg.acting_as(field_actor(entry), self.origin(entry)):
                self.reg.update(table, uuid, apply, action=entry["action"], reason=entry["reason"])
            return APPLIED
        return CONFLICT if conflicting else ALREADY
