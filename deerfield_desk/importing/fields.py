"""The fields an old register can bring in, how to read each, and the rule each must meet.

Every rule returns a message that names the field and the rule, in the office's words, so
the rejected-rows file tells the clerk exactly what to fix.
"""

from __future__ import annotations

import re
import uuid as uuidlib
from dataclasses import dataclass
from datetime import date, datetime

from deerfield_desk.errors import InvalidInput
from deerfield_desk.exports.cells import restore
from deerfield_desk.exports.records import PERMIT_FIELDS
from deerfield_desk.models.codes import PermitClass, PermitKind
from deerfield_desk.models.status import PermitStatus
from deerfield_desk.store.numbering import format_permit_number


class RowProblem(InvalidInput):
    """One broken rule in an imported row: the store's field-and-rule error, so a rejected row
    reads exactly like the same mistake made on a screen."""


class RowProblems(RowProblem):
    """Several broken rules in one row, reported together so the clerk fixes them at once."""

    def __init__(self, problems: list[RowProblem]):
        Exception.__init__(self, "; ".join(str(p) for p in problems))
        self.field = problems[0].field
        self.rule = problems[0].rule
        self.problems = problems


KINDS = tuple(PermitKind)
KIND_WORDS = {
    "building": "building", "bldg": "building", "demolition": "demolition", "demo": "demolition",
    "razing": "demolition", "moving": "moving", "move": "moving", "satellite": "satellite_dish",
    "satellite dish": "satellite_dish", "dish": "satellite_dish", "erosion": "erosion_control",
    "erosion control": "erosion_control", "grading": "erosion_control",
}  # fmt: skip
CLASSES = tuple(PermitClass)
PERMIT_NUMBER = re.compile(r"^(\d{4})-(\d{1,9})$")


@dataclass(frozen=True)
class Field:
    name: str  # the permits column
    header: str  # the header our own export writes
    kind: str  # text, money, int, date, choice
    required: bool = False
    synonyms: tuple[str, ...] = ()


SYNONYMS = {
    "permit_number": ("permit", "permit no", "permit #", "number", "permitnum", "no"),
    "kind": ("type", "permit type", "permittype"),
    "permit_class": ("class", "erosion class"),
    "status": ("statuscurrent", "current status"),
    "structure": ("building type", "structure type", "permitclass"),
    "description": ("work", "description of work", "project"),
    "estimated_cost_cents": ("cost", "estimated cost", "value", "valuation", "estprojectcost"),
    "housing_units": ("units", "dwelling units", "housingunits"),
    "address_text": ("site address", "location", "originaladdress1", "property address"),
    "parcel_number": ("parcel", "pin", "tax key", "parcel no"),
    "owner_name": ("owner name", "property owner"),
    "contractor_name": ("contractor", "builder", "contractorcompanyname"),
    "applied_date": ("applied", "application date", "date applied", "applieddate"),
    "issued_date": ("issued", "issue date", "date issued", "issueddate"),
    "expires_date": ("expires", "expiration", "expiry", "expiresdate"),
    "finaled_date": ("finaled", "final date", "completed", "completeddate"),
    "conditions": ("conditions of approval",),
    "uuid": ("record id",),
    "void_reason": ("reason voided", "voided because"),
}
KIND_OF = {
    "estimated_cost_cents": "money",
    "housing_units": "int",
    "applied_date": "date",
    "issued_date": "date",
    "expires_date": "date",
    "finaled_date": "date",
}
REQUIRED = ("permit_number", "kind", "address_text", "issued_date")
IMPORTABLE = [
    Field(name, header, KIND_OF.get(name, "text"), name in REQUIRED, SYNONYMS.get(name, ()))
    for name, header, _k in PERMIT_FIELDS
]
BY_NAME = {f.name: f for f in IMPORTABLE}


def normalise_header(text: str) -> str:
    return re.sub(r"[^a-z0-9#]+", " ", str(text or "").lower()).strip()


def guess_mapping(headers: list[str]) -> dict[str, str]:
    """Header → field for the headers we recognise (our own export's, BLDS's, common ones)."""
    known: dict[str, str] = {}
    for f in IMPORTABLE:
        for word in (f.header, f.name, *f.synonyms):
            known.setdefault(normalise_header(word), f.name)
    mapping: dict[str, str] = {}
    for header in headers:
        name = known.get(normalise_header(header))
        if name and name not in mapping.values():
            mapping[header] = name
    return mapping


def parse_value(f: Field, raw) -> object:
    """The cell as the register stores it, or :class:`RowProblem` naming the rule."""
    if isinstance(raw, str):
        raw = restore(raw.strip())
    if raw is None or raw == "":
        if f.required:
            raise RowProblem(f.header, "is required and was empty")
        return None
    if f.kind == "date":
        return _date(f, raw)
    if f.kind == "money":
        return _cents(f, raw)
    if f.kind == "int":
        try:
            value = int(str(raw).strip().replace(",", ""))
        except ValueError:
            raise RowProblem(f.header, f"must be a whole number (got {raw!r})") from None
        if value < 0:
            raise RowProblem(f.header, f"cannot be negative (got {value})")
        return value
    text = str(raw).strip()
    if f.name == "kind":
        kind = KIND_WORDS.get(text.lower().replace("_", " "), text.lower())
        if kind not in KINDS:
            raise RowProblem(f.header, f"must be one of {', '.join(KINDS)} (got {text!r})")
        return kind
    if f.name == "permit_class":
        if text.lower() not in CLASSES:
            raise RowProblem(f.header, f"must be major or minor (got {text!r})")
        return text.lower()
    if f.name == "status":
        code = text.lower().replace(" ", "_").replace("-", "_")
        if code not in {s.value for s in PermitStatus}:
            raise RowProblem(f.header, f"is not a permit status the register knows ({text!r})")
        return code
    if f.name == "uuid":
        try:
            return str(uuidlib.UUID(text))
        except ValueError:
            raise RowProblem(f.header, f"is not a record id ({text!r})") from None
    if f.name == "permit_number":
        return canonical_permit_number(f, text)
    return text


def canonical_permit_number(f: Field, text: str) -> str:
    """A permit number exactly as the register writes it (``YYYY-NNNN``, §12.12(8)).

    Not normalised silently: ``2019-7`` may be a typo for ``2019-0007`` or for ``2019-0070``,
    and a number is the permit's legal name, so the clerk corrects the file."""
    match = PERMIT_NUMBER.match(text)
    if not match:
        raise RowProblem(
            f.header, f"must be a permit number like 2019-0007 (year-number), got {text!r}"
        )
    year, n = int(match.group(1)), int(match.group(2))
    if n == 0:
        raise RowProblem(f.header, f"{text}: permit numbers start at 0001")
    canonical = format_permit_number(year, n)
    if text != canonical:
        raise RowProblem(
            f.header,
            f"{text} is not written the register's way: if it is permit {n} of {year}, "
            f"write {canonical} (four digits, zero-padded), so it cannot become a second "
            "permit beside the same number written differently",
        )
    return canonical


def _date(f: Field, raw) -> str:
    if isinstance(raw, datetime):
        return raw.date().isoformat()
    if isinstance(raw, date):
        return raw.isoformat()
    text = str(raw).strip()
    for pattern in ("%Y-%m-%d", "%m/%d/%Y", "%m/%d/%y", "%Y-%m-%d %H:%M:%S", "%Y-%m-%dT%H:%M:%S"):
        try:
            return datetime.strptime(text, pattern).date().isoformat()
        except ValueError:
            continue
    raise RowProblem(f.header, f"must be a date like 2025-03-14 or 3/14/2025 (got {text!r})")


def _cents(f: Field, raw) -> int:
    if isinstance(raw, int | float):
        value = float(raw)
    else:
        text = str(raw).strip().replace("$", "").replace(",", "")
        try:
            value = float(text)
        except ValueError:
            raise RowProblem(f.header, f"must be an amount in dollars (got {raw!r})") from None
    if value < 0:
        raise RowProblem(f.header, f"cannot be negative (got {raw!r})")
    return round(value * 100)


def check_row(values: dict) -> None:
    """Rules across fields: dates in order, a number that matches its year of issue."""
    if values.get("status") == "voided" and not values.get("void_reason"):
        raise RowProblem("Void reason", "a voided permit needs the written reason it was voided")
    applied, issued = values.get("applied_date"), values.get("issued_date")
    if applied and issued and issued < applied:
        raise RowProblem("Issued", f"{issued} is before the application date {applied}")
    expires = values.get("expires_date")
    if expires and issued and expires < issued:
        raise RowProblem("Expires", f"{expires} is before the issue date {issued}")
    finaled = values.get("finaled_date")
    if finaled and issued and finaled < issued:
        raise RowProblem("Finaled", f"{finaled} is before the issue date {issued}")
    match = PERMIT_NUMBER.match(values.get("permit_number") or "")
    if match and issued and match.group(1) != issued[:4]:
        raise RowProblem(
            "Permit number",
            f"{values['permit_number']} belongs to {match.group(1)} but the permit was issued "
            f"{issued}: numbers run by year of issue (§12.12(8))",
        )
