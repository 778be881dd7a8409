"""Review decision letters: approval, conditional approval with its conditions, rejection with
its reasons (§31.10 for erosion control plans, §12.29 for satellite-dish special use permits,
§12.14 for building permits). The law asks for conditions and reasons in writing; the letter
also tells the applicant how to appeal and by when.

Record: the permit row (``status`` approved / conditionally_approved / rejected, ``conditions``,
``decision_reason``) plus ``applicant_name``, ``applicant_address`` and ``decided_on`` (ISO;
defaults to the permit's last change).
"""

from __future__ import annotations

from datetime import date, datetime

from reportlab.platypus import Spacer

from deerfield_desk.documents.blocks import (
    bullet_list,
    heading,
    kv_table,
    para,
    signature,
    text_items,
)
from deerfield_desk.documents.layout import FRAME_WIDTH, build_pdf, cite, fmt_date
from deerfield_desk.documents.permit_card import kind_label
from deerfield_desk.documents.village import village_settings
from deerfield_desk.errors import InvalidInput
from deerfield_desk.models.deadlines import compute_deadline
from deerfield_desk.models.forfeitures import APPEAL_FEES, erosion_key
from deerfield_desk.models.status import PermitStatus

OUTCOMES = {
    "approved": "Approved",
    "conditionally_approved": "Approved with conditions",
    "rejected": "Rejected",
}


#: After approval the permit moves on (issued, extended, finaled); its letter still reads as
#: an approval, with conditions when it carries any.
LATER = (PermitStatus.ISSUED, PermitStatus.EXTENDED, PermitStatus.FINALED, PermitStatus.STOP_WORK)


def decision_of(record: dict) -> str:
    status = record.get("status") or ""
    if status in LATER:
        return "conditionally_approved" if text_items(record.get("conditions")) else "approved"
    if status not in OUTCOMES:
        raise InvalidInput(
            "status",
            "a decision letter needs an approved, conditionally approved or rejected "
            f"permit, not {status or 'none'!r}",
        )
    return status


def decision_day(record: dict) -> date:
    """The day of the decision, in the village's time: the lifecycle stores ``decided_at`` in
    UTC, and an evening decision must not be dated the next day."""
    stamp = record.get("decided_on") or record.get("decided_at") or record.get("updated_at")
    if not stamp:
        return date.fromisoformat(record["applied_date"][:10])
    moment = datetime.fromisoformat(stamp) if "T" in stamp else date.fromisoformat(stamp)
    if isinstance(moment, datetime):
        return (moment.astimezone() if moment.tzinfo else moment).date()
    return moment


def review_basis(record: dict) -> tuple[str, str]:
    """(section, who decided) for the kind of permit."""
    kind = (record.get("kind") or "").lower()
    if kind.startswith("moving"):
        return "12.19(8)(a)", "Village Board"
    if kind.startswith("erosion"):
        if erosion_key(record.get("permit_class")) == "erosion_major":
            return "31.10(1)", "Village Engineer"
        return "31.10(2)", "Building Inspector"
    if kind.startswith("satellite"):
        return "12.29", "Building Inspector"
    return "12.14", "Building Inspector"


def appeal_text(record: dict, decided: date, calendar=None) -> str:
    if (record.get("kind") or "").lower().startswith("moving"):
        return (
            "This is a decision of the <b>Village Board</b>, by majority vote "
            f"({cite('12.19(8)(a)')}). It is not an order of the Building Inspector, so it is "
            f"not appealed to the Plan Commission ({cite('12.26')})."
        )
    if (record.get("kind") or "").lower().startswith("erosion"):
        due = compute_deadline("erosion_appeal", decided, calendar).due
        fee = APPEAL_FEES[erosion_key(record.get("permit_class"))]
        return (
            "You may appeal this decision to the <b>Zoning Board of Appeals</b>: file a written "
            f"appeal stating your grounds with the Village Clerk by <b>{fmt_date(due)}</b> "
            f"({cite('31.15(1)(C)')}), with the fee of ${fee.amount_cents / 100:,.0f} "
            f"({cite(fee.basis)})."
        )
    due = compute_deadline("general_appeal", decided, calendar).due
    return (
        "You may appeal this decision to the <b>Plan Commission</b>: file a written appeal "
        f"with the Village Clerk by <b>{fmt_date(due)}</b> ({cite('12.26')})."
    )


def issuance_paragraphs(record: dict) -> list:
    """Never "the permit is issued" before it is: an approved permit says what is still needed
    (``record['still_needed']``, the issuance check's unmet items); an issued one its number
    and date."""
    if record.get("status") in LATER and record.get("issued_date"):
        return [
            para(
                f"The permit was issued on {fmt_date(record['issued_date'])} as permit "
                f"{record.get('permit_number')}."
            )
        ]
    needed = record.get("still_needed")
    if needed is None:
        return [
            para(
                "Approved; the permit will be issued when every precondition of issuance "
                "(fees, deposits and papers) is met. The Village office will tell you what "
                "remains."
            )
        ]
    if not needed:
        return [para("Approved; nothing more is needed: the permit will be issued now.")]
    return [
        para("Approved; the permit will be issued when:"),
        *bullet_list(needed),
    ]


def render_decision(record: dict, settings, *, calendar=None) -> bytes:
    village = village_settings(settings)
    status = decision_of(record)
    decided = decision_day(record)
    section, who = review_basis(record)
    ref = record.get("permit_number") or record.get("application_number") or "application"
    story = [
        para("Review Decision", "title"),
        para(
            f"{kind_label(record.get('kind'))} · {ref} · decided {fmt_date(decided)} "
            f"under {cite(section)}",
            "subtitle",
        ),
        kv_table(
            [
                ("To", record.get("applicant_name") or record.get("owner_name")),
                ("Mailing address", record.get("applicant_address")),
                ("Site", record.get("address_text")),
                ("Work", record.get("description")),
                ("Decision", OUTCOMES[status]),
            ],
            FRAME_WIDTH,
        ),
        Spacer(1, 8),
    ]
    erosion = (record.get("kind") or "").lower().startswith("erosion")
    codes = (
        f"the permittee's duties of {cite('31.12')}"
        if erosion
        else f"all applicable codes ({cite('12.14(3)')})"
    )
    approves = (
        f"The {who} examined your application and approved it by a majority vote "
        f"({cite('12.19(8)(a)')})"
        if who == "Village Board"
        else f"The {who} has reviewed your application and approves it"
    )
    if status == PermitStatus.APPROVED:
        story.append(para(f"{approves}. The permit will carry the conditions that apply to "
                          f"all work: it must conform to {codes}."))  # fmt: skip
    elif status == PermitStatus.CONDITIONALLY_APPROVED:
        story += [
            para(
                f"{approves}, subject to the conditions below. Each condition becomes part of "
                f"the permit and is checked at inspection; the work must also conform to {codes}."
            ),
            heading("Conditions of approval", section),
            *(bullet_list(text_items(record.get("conditions"))) or [para("—")]),
        ]
    if status != PermitStatus.REJECTED:
        story += issuance_paragraphs(record)
    else:
        story += [
            para(
                f"The {who} has reviewed your application and rejects it for the reasons "
                "below. You may correct these points and apply again."
            ),
            heading("Reasons for rejection", section),
            *(bullet_list(text_items(record.get("decision_reason"))) or [para("—")]),
        ]
    if status != PermitStatus.APPROVED or who == "Village Board":
        story += [
            heading("Your right to appeal"),
            para(appeal_text(record, decided, calendar), markup=True),
        ]
    story += signature(village.inspector if who == "Building Inspector" else "", who)
    return build_pdf(story, title="Review Decision", ref=ref, settings=village)
