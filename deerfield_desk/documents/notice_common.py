"""The frame every enforcement notice shares: who, where, what we found, which sections, what
to do by when, penalties, appeal rights with the computed deadline and the body that hears it.

Each notice module supplies only what is particular to it (:class:`NoticeParts`); the dates
come from ``models.notice_deadlines`` (the engine's table), never from here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from reportlab.lib.units import inch
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
from deerfield_desk.documents.village import village_settings
from deerfield_desk.models.forfeitures import FORFEITURES, erosion_key
from deerfield_desk.models.notice_deadlines import NoticeDeadlines, notice_deadlines, period_words
from deerfield_desk.models.notices import ServiceMethod, kind_rule


@dataclass
class NoticeParts:
    must_do: list[str]  # sentences under "What you must do"
    by_when: str  # one sentence with the computed date
    extra: list = field(default_factory=list)  # flowables after "What you must do"
    appeal_extra: str = ""


def served_text(notice: dict) -> str:
    method = notice.get("service_method")
    if not notice.get("served_at") or not method:
        return "not yet served"
    return f"{fmt_date(notice['served_at'])}, {ServiceMethod(method).label}"


def forfeiture_text(notice: dict) -> str | None:
    key = kind_rule(notice["kind"]).forfeiture
    if key is None:
        return None
    if key == "erosion":
        key = erosion_key(notice.get("permit_class"))
    return FORFEITURES[key].describe()


def appeal_paragraphs(notice: dict, dl: NoticeDeadlines, extra: str) -> list:
    appeal = kind_rule(notice["kind"]).appeal
    by = (
        f"no later than <b>{fmt_date(dl.appeal_by)}</b>"
        if dl.appeal_by
        else "within the period counted from service of this notice"
    )
    text = (
        f"You may appeal this {kind_rule(notice['kind']).title.lower()} to the "
        f"<b>{appeal.body}</b>. File a written notice of appeal with {appeal.filed_with} {by} "
        f"({cite(dl.appeal_basis)}). Name this notice ({notice.get('notice_number') or 'draft'})"
        " and say why you believe it is wrong."
    )
    out = [para(text, markup=True)]
    if dl.decision_by:
        out.append(
            para(
                f"The {appeal.body} must hear and decide the appeal within "
                f"{period_words(appeal.decision_event)} of receiving it; for an appeal filed on "
                f"the last day that is by {fmt_date(dl.decision_by)}.",
            )
        )
    if extra:
        out.append(para(extra, markup=True))
    return out


def render_notice(notice: dict, settings, parts: NoticeParts, dl: NoticeDeadlines) -> bytes:
    rule = kind_rule(notice["kind"])
    village = village_settings(settings)
    number = notice.get("notice_number") or "DRAFT"
    story = [
        para(rule.title, "title"),
        para(
            f"Notice {number} · issued {fmt_date(notice.get('issued_at'), missing='(draft)')} · "
            f"under {cite(rule.authority)}",
            "subtitle",
        ),
        kv_table(
            [
                ("To", notice.get("recipient_name")),
                ("Mailing address", notice.get("recipient_address")),
                ("Site", notice.get("site_address")),
                ("Permit", notice.get("permit_number") or "none"),
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
    story += [heading("Your right to appeal"), *appeal_paragraphs(notice, dl, parts.appeal_extra)]
    contact = f" Questions: call {village.phone}." if village.phone else ""
    story += signature(
        village.inspector,
        "Building Inspector",
        lead=[
            Spacer(1, 0.1 * inch),
            para(f"This notice is an official record of the {village.name}.{contact}", "small"),
        ],
    )
    return build_pdf(story, title=rule.title, ref=number, settings=village)


def deadlines_for(notice: dict, calendar=None) -> NoticeDeadlines:
    return notice_deadlines(notice, calendar)
