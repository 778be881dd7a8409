"""The village's zoning codes and the engine's four districts.

Why a table: §12.30(5)–(6) place satellite dishes by *kind* of district — residential and
agricultural, or commercial and industrial — while parcels on file carry the village zoning
map's codes (SR-1, MR, GB, LI…). Feeding a code to the engine refused every parcel on file
("unknown value 'LI'"). Which code is which kind of district is the village's own zoning
ordinance, not this program's, so the clerk keeps the table (Tools → Zoning districts…); the
rows below are a sample for a new register, to be checked against the village zoning map.
"""

from __future__ import annotations

from dataclasses import dataclass

from deerfield_desk.errors import InvalidInput
from deerfield_desk.models.project import Zoning

DISTRICT_LABELS = {
    Zoning.RESIDENTIAL: "Residential",
    Zoning.AGRICULTURAL: "Agricultural",
    Zoning.COMMERCIAL: "Commercial",
    Zoning.INDUSTRIAL: "Industrial",
}


@dataclass(frozen=True)
class ZoningCode:
    code: str  # as on the zoning map and the parcel record: "SR-1"
    name: str  # "Single-family residential"
    district: Zoning  # what §12.30 reads

    def to_json(self) -> dict:
        return {"code": self.code, "name": self.name, "district": self.district.value}


SAMPLE = (
    ZoningCode("A-1", "Agricultural", Zoning.AGRICULTURAL),
    ZoningCode("SR-1", "Single-family residential", Zoning.RESIDENTIAL),
    ZoningCode("SR-2", "Single-family residential, small lot", Zoning.RESIDENTIAL),
    ZoningCode("TR", "Two-family residential", Zoning.RESIDENTIAL),
    ZoningCode("MR", "Multi-family residential", Zoning.RESIDENTIAL),
    ZoningCode("GB", "General business", Zoning.COMMERCIAL),
    ZoningCode("CB", "Central business", Zoning.COMMERCIAL),
    ZoningCode("LI", "Light industrial", Zoning.INDUSTRIAL),
    ZoningCode("GI", "General industrial", Zoning.INDUSTRIAL),
)


def normal(code: str) -> str:
    """Codes compare without case or spaces around: "sr-1 " is SR-1."""
    return code.strip().upper()


def parse_table(rows: list[dict]) -> list[ZoningCode]:
    """The clerk's rows, checked: each needs a code and a district; a code appears once."""
    table: list[ZoningCode] = []
    seen: set[str] = set()
    for number, row in enumerate(rows, start=1):
        code = normal(str(row.get("code") or ""))
        if not code:
            raise InvalidInput("code", f"row {number}: give the zoning code as on the map")
        if code in seen:
            raise InvalidInput("code", f"row {number}: {code} is already in the table")
        seen.add(code)
        try:
            district = Zoning(row.get("district") or "")
        except ValueError:
            raise InvalidInput("district", f"row {number}: say which kind of district "
                               f"{code} is (residential, agricultural, commercial or "
                               "industrial)") from None  # fmt: skip
        table.append(ZoningCode(code, str(row.get("name") or "").strip(), district))
    return table


def district_of(code: str | None, table: list[ZoningCode]) -> Zoning | None:
    """The engine's district for a parcel's code (or a district named directly); None when
    nothing is known. A code missing from the table is refused, naming where to add it."""
    if code is None or not str(code).strip():
        return None
    if code in {z.value for z in Zoning}:
        return Zoning(code)
    found = next((z for z in table if z.code == normal(code)), None)
    if found is None:
        raise InvalidInput("zoning", f"the zoning code {normal(code)} is not in the village's "
                           "zoning table — add it under Tools → Zoning districts… and say "
                           "which kind of district it is")  # fmt: skip
    return found.district


def zoning_words(code: str | None, table: list[ZoningCode]) -> str | None:
    """A parcel's zoning code with its meaning, as a clerk reads it on the permit:
    "SR-1 — Single-family residential (residential district)". A code missing from the
    village's table says so and where to add it; no code gives None."""
    if code is None or not str(code).strip():
        return None
    if code in {z.value for z in Zoning}:
        return f"{DISTRICT_LABELS[Zoning(code)]} district"
    found = next((z for z in table if z.code == normal(code)), None)
    if found is None:
        return (f"{normal(code)} — not in the village's zoning table (add it under Tools → "
                "Zoning districts…)")  # fmt: skip
    district = DISTRICT_LABELS[found.district].lower()
    name = f"{found.name} " if found.name else ""
    return f"{found.code} — {name}({district} district)"
