"""The frame every enforcement notice shares: who, where, what we found, which sections, what
to do by when, penalties, appeal rights with the computed deadline and the body that hears it.

Each notice module supplies only what is particular to it (:class:`NoticeParts`); the dates
come from ``models.notice_deadlines`` (the engine's table), never from here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from reportlab.lib.units import inch
from reportlab.platypus import KeepTogether, Spacer

from deerfield_desk.documents.blocks import (
    bullet_list,
    heading,
    kv_table,
    para,
    signature,
    text_items,
)
from deerfield_desk.documents.layout import FRAME_WIDTH, build_pdf, cite, fmt_date
from deerfield_desk.documents.marks import status_mark
from deerfield_desk.documents.village import village_settings
from deerfield_desk.models.forfeitures import APPEAL_FEES, FORFEITURES
from deerfield_desk.models.notice_deadlines import (
    NoticeDeadlines,
    details_of,
    notice_deadlines,
    period_words,
)
from deerfield_desk.models.notices import NoticeKind, ServiceMethod, kind_rule

if TYPE_CHECKING:
    from deerfield_desk.store.rows import NoticeDocument


@dataclass
class NoticeParts:
    must_do: list[str]  # sentences under "What you must do"
    by_when: str  # one sentence with the computed date
    extra: list = field(default_factory=list)  # flowables after "What you must do"
    appeal_extra: str = ""


def served_text(notice: NoticeDocument) -> str:
    method = notice.get("service_method")
    if not notice.get("served_at") or not method:
        return "not yet served"
    text = f"{fmt_date(notice['served_at'])}, {ServiceMethod(method).label}"
    if method == ServiceMethod.FIRST_CLASS_MAIL:
        received = notice.get("received_at")
        text += f"; delivered {fmt_date(received)}" if received else "; delivery not yet recorded"
    return text


def erosion_class(notice: NoticeDocument) -> str | None:
    """'major' or 'minor': the permit's class, else the class the inspector stated on a notice
    for work with no permit (§31.02(16)/(17)); None when neither is known (never a default)."""
    value = (notice.get("permit_class") or details_of(notice).get("erosion_class") or "").lower()
    return value if value in ("major", "minor") else None


def forfeiture_text(notice: NoticeDocument) -> str | None:
    key = kind_rule(notice["kind"]).forfeiture
    if key is None:
        return None
    if key == "erosion":
        cls = erosion_class(notice)
        if cls is None:
            return (
                f"{FORFEITURES['erosion_major'].describe()} for a major land disturbing "
                f"activity, or {FORFEITURES['erosion_minor'].describe()} for a minor one"
            )
        return f"{FORFEITURES['erosion_' + cls].describe()} ({cls} land disturbing activity)"
    return FORFEITURES[key].describe()


def erosion_fee_text(notice: NoticeDocument) -> str:
    cls = erosion_class(notice)
    if cls is None:
        fees = " or ".join(
            f"${APPEAL_FEES['erosion_' + c].amount_cents / 100:,.0f} ({c})"
            for c in ("minor", "major")
        )
        return f"the fee of {fees} ({cite('31.15(1)(A)')})"
    fee = APPEAL_FEES["erosion_" + cls]
    return f"the fee of ${fee.amount_cents / 100:,.0f} ({cite(fee.basis)})"


def class_line(notice: NoticeDocument) -> str | None:
    """The class the inspector stated for unpermitted work, with the reason."""
    details = details_of(notice)
    if notice.get("permit_number") or not details.get("erosion_class"):
        return None
    return (
        f"{details['erosion_class'].capitalize()} land disturbing activity "
        f"({cite('31.02(16)' if details['erosion_class'] == 'major' else '31.02(17)')}): "
        f"{details.get('class_reason') or ''}"
    )


def appeal_paragraphs(notice: NoticeDocument, dl: NoticeDeadlines, extra: str) -> list:
    rule = kind_rule(notice["kind"])
    appeal = rule.appeal
    number = notice.get("notice_number") or "draft"
    if appeal.event is None:  # the raze order: a court application
        out = [
            para(
                "If you believe this order is unreasonable, you may apply to "
                f"<b>{appeal.filed_with}</b> for an order restraining the village from razing "
                f"the building, <b>{dl.appeal_words}</b> (Wis. Stat. §66.0413(1)(h) and "
                "§893.76). This order is not appealed to the Plan Commission.",
                markup=True,
            )
        ]
        if extra:
            out.append(para(extra, markup=True))
        return out
    if dl.appeal_by:
        by = f"no later than <b>{fmt_date(dl.appeal_by)}</b>"
    else:
        by = f"<b>{dl.appeal_words}</b>" if dl.appeal_words else "within the period allowed"
    text = (
        f"You may appeal this {rule.title.lower()} to the <b>{appeal.body}</b>. File a "
        f"written notice of appeal with {appeal.filed_with} {by} ({cite(dl.appeal_basis)}). "
        f"Name this notice ({number}) and say why you believe it is wrong."
    )
    out = [para(text, markup=True)]
    if appeal.decision_event:
        when = (
            f"; for an appeal filed on the last day that is by {fmt_date(dl.decision_by)}"
            if dl.decision_by
            else ""
        )
        out.append(
            para(
                f"The {appeal.body} will {appeal.decision_words} within "
                f"{period_words(appeal.decision_event)} of receiving it{when}."
            )
        )
    if extra:
        out.append(para(extra, markup=True))
    return out


def recipients(notice: NoticeDocument) -> list[tuple[str, object]]:
    rows: list[tuple[str, object]] = [
        ("To", _person(notice.get("recipient_name"), notice.get("recipient_address")))
    ]
    if notice.get("contractor_name"):
        rows.append(
            (
                "And to (contractor)",
                _person(notice.get("contractor_name"), notice.get("contractor_address")),
            )
        )
    copies = (notice.get("copies_to") or "").strip()
    if copies:
        rows.append(("Copies to", copies))
    return rows


def _person(name, address) -> str:
    return ", ".join(x for x in (name, address) if x) or "—"


def proof_of_service(notice: NoticeDocument) -> list:
    """The block the person who serves the notice fills in and signs (or, once service is
    recorded, the record of it)."""
    kind = NoticeKind(notice["kind"])
    methods = (
        [ServiceMethod.IN_PERSON, ServiceMethod.POSTED_AND_PUBLISHED]
        if kind is NoticeKind.RAZE_ORDER
        else [ServiceMethod.IN_PERSON, ServiceMethod.POSTED, ServiceMethod.FIRST_CLASS_MAIL]
    )
    served = notice.get("served_at")
    boxes = [("☒" if notice.get("service_method") == m else "☐") + f" {m.label}" for m in methods]
    rows = [
        ("Served on", fmt_date(served) if served else "____________________"),
        ("How", "   ".join(boxes)),
        ("Served on whom", notice.get("recipient_name") or "____________________"),
        ("Served by", "____________________   Signature ____________________"),
    ]
    return [
        KeepTogether(
            [heading("Proof of service"), kv_table(rows, FRAME_WIDTH, label_width=1.4 * inch)]
        )
    ]


def render_notice(
    notice: NoticeDocument, settings, parts: NoticeParts, dl: NoticeDeadlines
) -> bytes:
    rule = kind_rule(notice["kind"])
    village = village_settings(settings)
    number = notice.get("notice_number") or "DRAFT"
    mark = status_mark(notice_status_word(notice))
    story = [
        *mark.flowables(),
        para(rule.title, "title"),
        para(
            f"Notice {number} · issued {fmt_date(notice.get('issued_at'), missing='(draft)')} · "
            f"under {cite(rule.authority)}",
            "subtitle",
        ),
        kv_table(
            [
                *recipients(notice),
                ("Site", notice.get("site_address")),
                ("Permit", notice.get("permit_number") or "none: work without a permit"),
                *([("Class", class_line(notice))] if class_line(notice) else []),
                ("Served", served_text(notice)),
            ],
            FRAME_WIDTH,
        ),
        heading("What we found"),
        para(notice.get("facts") or "—"),
        heading("Sections violated"),
        *bullet_list(
            [f"{cite(s) if s[:1].isdigit() else s}" for s in text_items(notice.get("sections"))]
            or ["—"]
        ),
        heading("What you must do, and by when"),
        *bullet_list(parts.must_do + text_items(notice.get("remedy"))),
        para(parts.by_when, "bold", markup=True),
        *parts.extra,
    ]
    forfeit = forfeiture_text(notice)
    if forfeit:
        story += [heading("Penalties"), para(f"Upon conviction, a forfeiture of {forfeit}.")]
    court = rule.appeal.event is None
    story += [
        heading("Your right to contest this order" if court else "Your right to appeal"),
        *appeal_paragraphs(notice, dl, parts.appeal_extra),
    ]
    contact = f" Questions: call {village.phone}." if village.phone else ""
    story += signature(
        village.inspector,
        "Building Inspector",
        lead=[
            Spacer(1, 0.1 * inch),
            para(f"This notice is an official record of the {village.name}.{contact}", "small"),
        ],
    )
    story += proof_of_service(notice)
    return build_pdf(story, title=rule.title, ref=number, settings=village, mark=mark)


def notice_status_word(notice: NoticeDocument) -> str | None:
    """The mark a closed notice prints with: never like a live one."""
    status = notice.get("status")
    if status == "withdrawn":
        return "WITHDRAWN"
    if status == "complied":
        return "LIFTED" if notice.get("lift_reason") else "COMPLIED"
    if status == "draft" or not notice.get("notice_number"):
        return "DRAFT"
    return None


def deadlines_for(notice: NoticeDocument, calendar=None) -> NoticeDeadlines:
    return notice_deadlines(notice, calendar)
