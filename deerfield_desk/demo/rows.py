"""The rows of the demo register: a plan of every permit's dates and status first (so numbers
follow the order of issuance across the whole year, §12.12(8)), then the rows batch by batch.

Dates are day ordinals in compact arrays, so planning a million permits costs a few MB.
"""

from __future__ import annotations

import random
from array import array
from dataclasses import dataclass, field
from datetime import date

from deerfield_desk.demo import names
from deerfield_desk.models.codes import PermitKind
from deerfield_desk.models.status import PermitStatus
from deerfield_desk.store.bulk import JOURNAL_INSERT, JournalChain, insert_sql

K = PermitKind
KINDS = (K.BUILDING, K.EROSION_CONTROL, K.DEMOLITION, K.MOVING, K.SATELLITE_DISH)
KIND_CUMULATIVE = (0.84, 0.95, 0.98, 0.985, 1.0)
STATUSES = tuple(PermitStatus)
S = {name: code for code, name in enumerate(STATUSES)}
INSPECTORS = ("Dale Kittleson", "Ruth Haugen")
#: State credentials by trade (Wisconsin DSPS credential kinds), else dwelling contractor.
CREDENTIALS = {"Electric": ("Electrical contractor", "EC"), "Plumbing": ("Master plumber", "MP")}

_ISO: dict[int, str] = {}


def iso(ordinal: int) -> str | None:
    if not ordinal:
        return None
    text = _ISO.get(ordinal)
    if text is None:
        text = _ISO[ordinal] = date.fromordinal(ordinal).isoformat()
    return text


def new_uuid(rng: random.Random) -> str:
    """A version-4 UUID from the seeded generator, so a seed gives the same register."""
    return new_uuids(rng, 1)[0]


_VARIANT = "89ab89ab89ab89ab"


def new_uuids(rng: random.Random, count: int) -> list[str]:
    """Many version-4 UUIDs at once: one call for the random bytes, string slicing after."""
    h = rng.randbytes(16 * count).hex()
    return [
        f"{h[o : o + 8]}-{h[o + 8 : o + 12]}-4{h[o + 13 : o + 16]}-"
        f"{_VARIANT[int(h[o + 16], 16)]}{h[o + 17 : o + 20]}-{h[o + 20 : o + 32]}"
        for o in range(0, 32 * count, 32)
    ]


def add_years(ordinal: int, years: int) -> int:
    """Validity periods end on the same calendar date (29 February → 28 February)."""
    d = date.fromordinal(ordinal)
    try:
        return d.replace(year=d.year + years).toordinal()
    except ValueError:
        return d.replace(year=d.year + years, day=28).toordinal()


@dataclass
class Plan:
    kind: array = field(default_factory=lambda: array("b"))
    status: array = field(default_factory=lambda: array("b"))
    applied: array = field(default_factory=lambda: array("i"))
    issued: array = field(default_factory=lambda: array("i"))
    expires: array = field(default_factory=lambda: array("i"))
    finaled: array = field(default_factory=lambda: array("i"))
    number: array = field(default_factory=lambda: array("i"))
    last_number: dict[int, int] = field(default_factory=dict)


def _pick(rng: random.Random, table: tuple[tuple[str, float], ...]) -> str:
    r = rng.random()
    for name, upto in table:
        if r < upto:
            return name
    return table[-1][0]


def plan_permits(rng: random.Random, n: int, first_year: int, today: date) -> Plan:
    start, end = date(first_year, 1, 1).toordinal(), today.toordinal()
    applied = sorted(int(start + rng.random() * (end - start + 1)) for _ in range(n))
    plan = Plan()
    for a in applied:
        r = rng.random()
        kind = next(k for k, upto in enumerate(KIND_CUMULATIVE) if r < upto)
        age, iss, exp, fin = end - a, 0, 0, 0
        if age < 12:
            st = _pick(rng, (("draft", 0.15), ("submitted", 0.6), ("under_review", 1)))
        elif age < 45 and rng.random() < 0.45:
            st = _pick(rng, (("under_review", 0.45), ("approved", 0.72), ("rejected", 0.82),
                             ("conditionally_approved", 0.95), ("voided", 1)))  # fmt: skip
        elif rng.random() < 0.055:
            st = "rejected" if rng.random() < 0.75 else "voided"
        else:
            iss = min(end, a + rng.randint(2, 28))
            exp = add_years(iss, 2 if kind == 0 else 1)
            if exp > end:
                st = _pick(rng, (("finaled", 0.15), ("stop_work", 0.17), ("revoked", 0.175),
                                 ("voided", 0.18), ("issued", 1)))  # fmt: skip
            else:
                st = _pick(rng, (("finaled", 0.8), ("expired", 0.89), ("extended", 0.92),
                                 ("revoked", 0.93), ("voided", 0.935), ("issued", 1)))  # fmt: skip
                if st == PermitStatus.EXTENDED:
                    exp = add_years(exp, 1)
            if st == PermitStatus.FINALED:
                # Finaled before today: the day's route is made of requested inspections.
                fin = min(end - 1, iss + rng.randint(20, max(21, min(exp, end) - iss)))
        plan.kind.append(kind)
        plan.status.append(S[st])
        plan.applied.append(a)
        plan.issued.append(iss)
        plan.expires.append(exp)
        plan.finaled.append(fin)
    _number(plan)
    return plan


def _number(plan: Plan) -> None:
    """YYYY-NNNN in order of issuance within the year of issue: no gaps, no reuse."""
    plan.number = array("i", bytes(4 * len(plan.issued)))
    issued = sorted((o, i) for i, o in enumerate(plan.issued) if o)
    for ordinal, i in issued:
        year = date.fromordinal(ordinal).year
        plan.last_number[year] = plan.number[i] = plan.last_number.get(year, 0) + 1


class Places:
    """Parcels with their owners, and the contractors who work in the village."""

    def __init__(self, rng: random.Random, n_permits: int):
        count = max(40, min(n_permits // 20, 30_000))
        self.parcels, self.people = [], []
        self.parcel_cols = ("id", "uuid", "parcel_number", "house_number", "street", "address_text",
                            "legal_description", "platted_lot", "zoning")  # fmt: skip
        self.people_cols = ("id", "uuid", "name", "firm", "is_firm", "phone", "mailing_address",
                            "credential_type", "credential_number")  # fmt: skip
        streets = names.STREETS
        # Spread house numbers along each street (100 … ~2500), unique per street.
        per_street = -(-count // len(streets))
        spread = max(4, min(200, 2400 // per_street) // 2 * 2)
        for k in range(count):
            street = streets[k % len(streets)]
            number = str(100 + (k // len(streets)) * spread + rng.randrange(0, spread, 2))
            address = f"{number} {street}"
            platted = rng.random() < 0.8
            if platted:
                legal = (f"Lot {rng.randint(1, 60)}, Block {rng.randint(1, 9)}, "
                         f"{rng.choice(names.SUBDIVISIONS)}, Village of Deerfield, Dane County, "
                         "Wis.")  # fmt: skip
            else:
                q = ("NE", "NW", "SE", "SW")
                legal = (f"Part of the {rng.choice(q)} 1/4 of the {rng.choice(q)} 1/4 of Section "
                         f"{rng.randint(1, 36)}, T7N, R12E, Village of Deerfield, Dane County, "
                         "Wis.")  # fmt: skip
            self.parcels.append({
                "id": k + 1, "uuid": new_uuid(rng),
                "parcel_number": f"0812-{(k // 9000) * 10 + 54:03d}-{k % 9000 + 1000:04d}-{k % 7}",
                "house_number": number, "street": street, "address_text": address,
                "legal_description": legal, "platted_lot": int(platted),
                "zoning": rng.choice(("SR-1", "SR-1", "SR-2", "MR", "GB", "LI")),
            })  # fmt: skip
            self.people.append({
                "id": k + 1, "uuid": new_uuid(rng),
                "name": f"{rng.choice(names.FIRST_NAMES)} {rng.choice(names.LAST_NAMES)}",
                "is_firm": 0, "phone": f"608-764-{rng.randint(0, 9999):04d}",
                "mailing_address": f"{address}, Deerfield, WI 53531",
            })  # fmt: skip
        self.contractors = []
        for c in range(max(10, min(n_permits // 1000, 300))):
            trade = rng.choice(names.FIRM_TRADES)
            firm = f"{rng.choice(names.FIRM_PLACES)} {trade} {rng.choice(names.FIRM_SUFFIXES)}"
            cred = CREDENTIALS.get(trade, ("Dwelling contractor", "DC"))
            person = {
                "id": count + c + 1, "uuid": new_uuid(rng), "name": firm, "firm": firm,
                "is_firm": 1, "phone": f"608-{rng.randint(200, 999)}-{rng.randint(0, 9999):04d}",
                "credential_type": cred[0],
                "credential_number": f"{cred[1]}-{rng.randint(1_000_000, 9_999_999)}",
            }  # fmt: skip
            self.people.append(person)
            self.contractors.append(firm)

    def tables(self) -> dict:
        return {"parcels": (self.parcel_cols, self.parcels),
                "people": (self.people_cols, self.people)}  # fmt: skip


def statements(chain: JournalChain, tables: dict, at: str, rng: random.Random) -> list:
    """INSERTs for each table's rows, then one journal entry per row, in one batch."""
    out, entries = [], []
    for table, (cols, rows) in tables.items():
        if not rows:
            continue
        out.append((insert_sql(table, cols), [tuple(map(r.get, cols)) for r in rows]))
        # Rows carry only the fields they set (no None values), so the journal stays small.
        uuids = new_uuids(rng, len(rows))
        entries += chain.entries_for(table, rows, uuids, at)
    out.append((JOURNAL_INSERT, entries))
    return out
