"""Several contractors per permit: general, electrical, plumbing and HVAC, each with the state
credential number and expiry the clerk saw when the trade was named (m0011).

Why a table of its own: a house has a general contractor and, usually, a licensed
electrician, plumber and HVAC firm, each with a Wisconsin credential that runs out. The
application names one contractor; it stands as the general contractor until the clerk names
one on the permit. Replacing a contractor voids the old row with the reason (never deleted),
so the record shows who was named when. An expired credential is warned, not refused: the
contractor may have renewed without telling the village.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from deerfield_desk.errors import InvalidInput, NotAllowed
from deerfield_desk.models.codes import ContractorTrade, RecordStatus
from deerfield_desk.store.executor import Executor
from deerfield_desk.store.journal import utc_now
from deerfield_desk.store.people import credential_warning
from deerfield_desk.store.register import Register, decision

READS = frozenset({"permit_contractors", "people", "permits", "applications"})


@dataclass
class NamedContractor:
    """One trade on one permit, with the person on file and any warning to show."""

    trade: ContractorTrade
    person: dict
    credential_number: str | None
    credential_expires: str | None
    row_uuid: str | None  # None: the application's contractor, not yet named on the permit
    warning: str | None = None

    @property
    def from_application(self) -> bool:
        return self.row_uuid is None


def _rows(conn: Executor, sql: str, params: tuple) -> list[dict]:
    cursor = conn.execute(sql, params)
    names = [d[0] for d in cursor.description]
    return [dict(zip(names, row, strict=True)) for row in cursor]


def contractors_for_permit(conn: Executor, permit: dict, today: date) -> list[NamedContractor]:
    """The contractors of ``permit`` in trade order; the application's contractor stands as
    the general contractor when none is named on the permit."""
    named = _rows(
        conn,
        "SELECT pc.uuid AS row_uuid, pc.trade, pc.credential_number AS named_number, "
        "pc.credential_expires AS named_expires, pe.* FROM permit_contractors pc "
        "JOIN people pe ON pe.id = pc.person_id WHERE pc.permit_id = ? AND pc.status = 'active'",
        (permit["id"],),
    )
    out = []
    for row in named:
        number, expires = row.pop("named_number"), row.pop("named_expires")
        trade, row_uuid = ContractorTrade(row.pop("trade")), row.pop("row_uuid")
        facts = {"credential_number": number, "credential_expires": expires}
        out.append(NamedContractor(trade, row, number, expires, row_uuid,
                                   credential_warning(facts, today)))  # fmt: skip
    if not any(c.trade is ContractorTrade.GENERAL for c in out) and permit.get("application_id"):
        found = _rows(
            conn,
            "SELECT pe.* FROM applications a JOIN people pe ON pe.id = a.contractor_id "
            "WHERE a.id = ?",
            (permit["application_id"],),
        )
        if found:
            person = found[0]
            out.append(NamedContractor(ContractorTrade.GENERAL, person,
                                       person["credential_number"], person["credential_expires"],
                                       None, credential_warning(person, today)))  # fmt: skip
    order = list(ContractorTrade)
    return sorted(out, key=lambda c: order.index(c.trade))


@decision
def name_contractor(reg: Register, permit_uuid: str, trade: str, person_uuid: str, *,
                    reason: str | None = None) -> dict:  # fmt: skip
    """Name ``person_uuid`` as the permit's contractor for ``trade``. A trade already named is
    replaced only with a written reason (the old row is voided with it). The general
    contractor's name is also the register's display column, so it is kept in step."""
    try:
        trade_code = ContractorTrade(trade)
    except ValueError:
        raise InvalidInput(
            "trade", "one of " + ", ".join(t.label for t in ContractorTrade)
        ) from None
    permit = reg.get("permits", permit_uuid)
    person = reg.get("people", person_uuid)
    if person["status"] != RecordStatus.ACTIVE:
        raise NotAllowed(f"{person['name']} is voided in the directory: choose another")
    if not (person["credential_number"] or "").strip():
        raise InvalidInput(
            "credential_number",
            f"{person['name']} has no state credential number on file: add it in People and "
            "firms first",
        )
    current = reg.query_one(
        "SELECT * FROM permit_contractors WHERE permit_id = ? AND trade = ? AND status = 'active'",
        (permit["id"], trade_code.value),
    )
    if current and current["person_id"] == person["id"]:
        raise NotAllowed(f"{person['name']} is already the {trade_code.label.lower()}")
    replacing = current is not None or (
        trade_code is ContractorTrade.GENERAL and permit.get("contractor_name")
    )
    if replacing and not (reason or "").strip():
        raise InvalidInput("reason", "say why the contractor changes (it is kept in the record)")
    if current:
        reg.void("permit_contractors", current["uuid"], reason or "")
    row = reg.insert(
        "permit_contractors",
        {
            "permit_id": permit["id"],
            "person_id": person["id"],
            "trade": trade_code.value,
            "credential_number": person["credential_number"],
            "credential_expires": person["credential_expires"],
            "added_at": utc_now(),
        },
    )
    if trade_code is ContractorTrade.GENERAL and permit["contractor_name"] != person["name"]:
        reg.update("permits", permit_uuid, {"contractor_name": person["name"]},
                   action="correct", reason=(reason or "").strip() or None)  # fmt: skip
    return row


@decision
def remove_contractor(reg: Register, row_uuid: str, reason: str) -> dict:
    """A trade named by mistake: the row is voided with the reason, never deleted."""
    return reg.void("permit_contractors", row_uuid, reason)
