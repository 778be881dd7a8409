"""The wizard's last page in words: what the project needs, each line with its section.

``summarize`` turns an engine :class:`Assessment` into lines grouped the way the clerk reads
them out at the counter. The plain words come from ``resources/checklists/assessment_texts.toml``;
whether a line appears at all is decided by ``assess_project`` alone.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from datetime import date
from functools import cache

from deerfield_desk.config import asset_path
from deerfield_desk.models.assessment import Assessment
from deerfield_desk.models.calendar import VillageCalendar
from deerfield_desk.models.lifecycle_deadlines import review_consequence, review_due
from deerfield_desk.models.money import decimal_to_cents, format_cents

GROUPS = (
    ("permits", "Permits"),
    ("undetermined", "Still to determine (the application cannot be submitted without it)"),
    ("refusals", "Refusals (the permit cannot be issued)"),
    ("findings", "Inspector's findings (an exception applies)"),
    ("warnings", "For the village to weigh (not decided here)"),
    ("documents", "Plans and documents"),
    ("money", "Deposits, securities and insurance"),
    ("fees", "Fees"),
    ("reviews", "Review"),
    ("conditions", "Conditions that come with the permit"),
    ("validity", "Validity"),
    ("exemptions", "No permit needed"),
)


@dataclass(frozen=True)
class SummaryLine:
    group: str
    text: str
    basis: str
    detail: str = ""
    code: str = ""  # the engine's code, for screens that add village amounts to a line


@cache
def texts() -> dict:
    with open(asset_path("checklists", "assessment_texts.toml"), "rb") as fh:
        return tomllib.load(fh)


def permit_label(permit_type: str) -> str:
    return texts()["permits"].get(permit_type, permit_type.replace("_", " "))


def requirement_info(code: str) -> dict:
    return texts()["requirements"].get(
        code, {"group": "conditions", "text": code.replace("_", " ")}
    )


def requirement_permits(code: str) -> tuple[str, ...]:
    """The permit types a requirement holds up at issuance (a placard: building or moving)."""
    permit = requirement_info(code).get("permit")
    if permit is None:
        return ()
    return (permit,) if isinstance(permit, str) else tuple(permit)


def question_label(key: str) -> str:
    """The wizard's wording of an input, so "still to determine" names what to fill in."""
    from deerfield_desk.models.wizard_fields import QUESTIONS

    label = next((q.label for q in QUESTIONS if q.key == key), key.replace("_", " "))
    return label if key != "zoning" else "Zoning district (site page)"


def _plain(section: str, code: str) -> str:
    return texts()[section].get(code, code.replace("_", " "))


def summarize(
    assessment: Assessment,
    *,
    received_on: date | None = None,
    calendar: VillageCalendar | None = None,
) -> list[SummaryLine]:
    """Lines in GROUPS order; review lines carry their due date when ``received_on`` is given."""
    cal = calendar or VillageCalendar()
    lines: list[SummaryLine] = []
    size_unknown = any(
        u.field in {"disturbed_sqft", "earthwork_cuyd"} for u in assessment.undetermined
    )
    for p in assessment.permits:
        cls = f" ({p.permit_class})" if p.permit_class else ""
        if p.permit_class and size_unknown:
            cls = " (class to be determined: the disturbed area is not given)"
        lines.append(SummaryLine("permits", permit_label(p.type) + cls, ", ".join(p.basis)))
    for r in assessment.refusals:
        lift = ""
        if r.liftable_by:
            who = r.liftable_by.replace("_", " ")
            lift = f"the {who} may record a finding, with a reason, that an exception applies"
        lines.append(SummaryLine("refusals", _plain("refusals", r.code), r.basis, lift, r.code))
    for u in assessment.undetermined:
        lines.append(SummaryLine("undetermined", question_label(u.field), u.basis,
                                 "not given: unknown is not zero", u.field))  # fmt: skip
    for f in assessment.findings:
        who = f.by.replace("_", " ")
        lines.append(SummaryLine("findings", _plain("refusals", f.code), f.basis,
                                 f"lifted by the {who}: {f.reason}", f.code))  # fmt: skip
    for r in assessment.requirements:
        info = requirement_info(r.code)
        detail = f"at least {format_cents(decimal_to_cents(r.amount))}" if r.amount else ""
        lines.append(SummaryLine(info["group"], info["text"], r.basis, detail, r.code))
    for f in assessment.fees:
        amount = format_cents(decimal_to_cents(f.amount))
        lines.append(
            SummaryLine(
                "fees",
                _plain("fees", f.code),
                f.basis,
                f"{amount}" + (f" — {f.note}" if f.note else ""),
            )
        )
    for rv in assessment.reviews:
        who = texts()["reviewers"].get(rv.by, rv.by)
        if rv.days or rv.working_days:
            detail = f"{rv.days} days" if rv.days else f"{rv.working_days} working days"
            if received_on is not None:
                due = review_due(rv, received_on, cal)
                if due:
                    detail += f", by {due.isoformat()}"
            detail += f"; {review_consequence(rv)}"
        else:
            detail = review_consequence(rv)
        lines.append(SummaryLine("reviews", f"{permit_label(rv.permit)}: {who}", rv.basis, detail))
    for v in assessment.validity:
        years = f"{v.years} year" + ("s" if v.years != 1 else "")
        lines.append(SummaryLine("validity", f"{permit_label(v.permit)}: valid {years}", v.basis))
    for e in assessment.exemptions:
        lines.append(SummaryLine("exemptions", _plain("exemptions", e.code), e.basis))
    order = {g: i for i, (g, _) in enumerate(GROUPS)}
    return sorted(lines, key=lambda ln: order.get(ln.group, 99))


def no_permit_needed(assessment: Assessment) -> bool:
    return not assessment.permits
