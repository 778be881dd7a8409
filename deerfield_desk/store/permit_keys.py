"""What an import must know about the register before it writes: the permit numbers and
record ids already taken, and the parcels permits can be attached to.

Why a store function: the importer (``importing/``) checks every row before one transaction
writes the good ones; it asks the store, it does not query (issue 12).
"""

from __future__ import annotations

from dataclasses import dataclass

from deerfield_desk.store.executor import Executor


@dataclass
class PermitKeys:
    numbers: set[str]
    uuids: set[str]
    parcels: dict[str, int]  # parcel number → parcel id


def permit_keys(reg: Executor) -> PermitKeys:
    return PermitKeys(
        numbers={r[0] for r in reg.execute("SELECT permit_number FROM permits") if r[0]},
        uuids={r[0] for r in reg.execute("SELECT uuid FROM permits")},
        parcels=dict(reg.execute("SELECT parcel_number, id FROM parcels").fetchall()),
    )
