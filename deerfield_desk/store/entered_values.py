"""Every value the clerk entered in the wizard, in the words of the form, for the summary.

Why: the summary page showed only what the engine made of the application, so a value that
went into the wrong field (80 sq ft for the house, $4.00 for its cost) was never seen again
before filing. Repeating each entry — label, value and unit as typed, people by name and phone,
codes by their meaning — lets the clerk read the application back to the applicant.
"""

from __future__ import annotations

from decimal import Decimal

from deerfield_desk.models.office_words import SITE_FIELDS
from deerfield_desk.models.wizard_fields import (
    DISH_YARD_LABELS,
    FIRE_EXCEPTION_LABELS,
    MOUNT_LABELS,
    STRUCTURE_LABELS,
    WORK_LABELS,
    YESNO_LABELS,
    applies,
    is_blank,
    questions_for,
)
from deerfield_desk.models.zoning_codes import ZoningCode
from deerfield_desk.store.register import Register
from deerfield_desk.store.zoning_table import zoning_table

CHOICE_LABELS: dict[str, dict] = {
    "structure": STRUCTURE_LABELS, "mount": MOUNT_LABELS, "dish_yard": DISH_YARD_LABELS,
    "fire_limits_exception": FIRE_EXCEPTION_LABELS,
}  # fmt: skip
ROLES = (("owner", "Owner"), ("applicant", "Applicant"), ("contractor", "General contractor"),
         ("electrical", "Electrical contractor"), ("plumbing", "Plumbing contractor"),
         ("hvac", "HVAC contractor"))  # fmt: skip
SITE_ORDER = ("parcel_number", "house_number", "street", "legal_description", "on_platted_lot",
              "fire_limits", "sensitive_area", "zoning")  # fmt: skip


def _number(value, unit: str, kind: str) -> str:
    if kind == "money":
        return f"${Decimal(str(value)):,.2f}"
    amount = Decimal(str(value))
    text = f"{amount:,f}" if amount != amount.to_integral_value() else f"{int(amount):,}"
    if unit == "units" and amount == 1:
        unit = "unit"
    return f"{text} {unit}".strip()


def answer_text(key: str, value, kind: str, unit: str = "") -> str:
    if kind == "flag":
        return "Yes"
    if kind == "yesno":
        return YESNO_LABELS.get(value, str(value))
    if kind == "choice":
        labels = CHOICE_LABELS.get(key, {})
        return next((label for code, label in labels.items() if code == value), str(value))
    if kind in {"number", "count", "money"}:
        try:
            return _number(value, unit, kind)
        except ArithmeticError:
            return str(value)
    return str(value)


def _zoning(code: str, table: list[ZoningCode]) -> str:
    found = next((z for z in table if z.code == code.strip().upper()), None)
    if found is None:
        return code
    return f"{found.code} — {found.name} ({found.district.value})" if found.name else found.code


def _person(reg: Register, uuid: str) -> str:
    row = reg.query_one("SELECT * FROM people WHERE uuid = ?", (uuid,))
    if row is None:
        return "(no longer on file)"
    bits = [row["name"] + (f" ({row['firm']})" if row["firm"] else "")]
    bits += [row[k] for k in ("phone", "email", "mailing_address") if row[k]]
    if row["credential_number"]:
        credential = " ".join(filter(None, (row["credential_type"], row["credential_number"])))
        expires = f", expires {row['credential_expires']}" if row["credential_expires"] else ""
        bits.append(f"credential {credential}{expires}")
    return " · ".join(bits)


def entered_values(reg: Register, state: dict, received_labels: dict[str, str] | None = None
                   ) -> list[tuple[str, list[tuple[str, str]]]]:  # fmt: skip
    """(page, [(label, value as entered)]) for every page, blanks left out.
    ``received_labels`` names the received items (``models.received_items``)."""
    site = state.get("site") or {}
    site_rows = []
    for key in SITE_ORDER:
        value = site.get(key)
        if is_blank(value):
            continue
        text = "Yes" if value is True else str(value)
        if key == "zoning":
            text = _zoning(str(value), zoning_table(reg))
        site_rows.append((SITE_FIELDS[key], text))
    parties = state.get("parties") or {}
    party_rows = [(label, _person(reg, parties[f"{role}_uuid"])) for role, label in ROLES
                  if parties.get(f"{role}_uuid")]  # fmt: skip
    work = state.get("work")
    answers = state.get("answers") or {}
    work_rows = []
    if work:
        work_rows.append(("Kind of work", next(
            (label for code, label in WORK_LABELS.items() if code == work), work)))  # fmt: skip
    if (state.get("description") or "").strip():
        work_rows.append(("Description", state["description"].strip()))
    asked = questions_for(work, fire_limits=bool(site.get("fire_limits"))) if work else []
    for q in asked:
        value = answers.get(q.key)
        if is_blank(value) or not applies(q, answers):
            continue
        work_rows.append((q.label, answer_text(q.key, value, q.kind, q.unit)))
    received = state.get("received") or {}
    labels = received_labels or {}
    received_rows = [(labels.get(k, k.split(".")[-1].replace("_", " ").capitalize()),
                      "Received" if v is True else answer_text(k, v, "money"))
                     for k, v in sorted(received.items()) if not is_blank(v)]  # fmt: skip
    pages = (("Site", site_rows), ("Parties", party_rows), ("Work", work_rows),
             ("Items received", received_rows))  # fmt: skip
    return [(page, rows) for page, rows in pages if rows]
