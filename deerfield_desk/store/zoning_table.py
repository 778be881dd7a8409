"""The village's zoning table, kept in the register's settings (journaled, the same on every
device) — see ``models/zoning_codes`` for why it exists."""

from __future__ import annotations

from deerfield_desk.models.project import Zoning
from deerfield_desk.models.zoning_codes import SAMPLE, ZoningCode, district_of, parse_table
from deerfield_desk.store.register import Register, decision

SETTING = "zoning_table"


def zoning_table(reg: Register) -> list[ZoningCode]:
    """The clerk's table, or the sample while none has been saved."""
    rows = reg.get_setting(SETTING)
    return list(SAMPLE) if rows is None else parse_table(rows)


@decision
def save_zoning_table(reg: Register, rows: list[dict]) -> list[ZoningCode]:
    """Check every row first, then store the whole table in one journaled change."""
    table = parse_table(rows)
    reg.set_setting(SETTING, [z.to_json() for z in table])
    return table


def district_for(reg: Register, code: str | None) -> Zoning | None:
    return district_of(code, zoning_table(reg))


def parcel_codes_not_in_table(reg: Register) -> list[str]:
    """Codes on parcels on file that the table does not know (so the dialog can list them)."""
    known = {z.code for z in zoning_table(reg)} | {z.value.upper() for z in Zoning}
    rows = reg.query(
        "SELECT DISTINCT upper(trim(zoning)) AS code FROM parcels "
        "WHERE status = 'active' AND zoning IS NOT NULL AND trim(zoning) != '' ORDER BY 1"
    )
    return [r["code"] for r in rows if r["code"] not in known]
