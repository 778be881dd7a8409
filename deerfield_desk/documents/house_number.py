"""House-number notice (§12.32(7)): post the assigned number within 15 days of service or a
citation is issued. Service by first-class mail counts from the day the notice was mailed.
The number must be plainly visible and at least 2½ inches tall (§12.32(5)(c)), above or beside
the door, or at the street line when the building stands more than 50 feet back
(§12.32(5)(b))."""

from __future__ import annotations

from typing import TYPE_CHECKING

from deerfield_desk.documents.layout import cite, fmt_date
from deerfield_desk.documents.notice_common import NoticeParts, deadlines_for, render_notice
from deerfield_desk.models.notice_deadlines import details_of

if TYPE_CHECKING:
    from deerfield_desk.store.rows import NoticeDocument


def render_house_number(record: NoticeDocument, settings, *, calendar=None) -> bytes:
    dl = deadlines_for(record, calendar)
    number = details_of(record).get("house_number") or record.get("house_number") or ""
    when = fmt_date(dl.comply_by, missing="the end of the period after service")
    parts = NoticeParts(
        must_do=[
            f"Post the assigned house number {number} on the building".strip()
            + f", in numbers plainly visible and at least 2½ inches tall ({cite('12.32(5)(c)')}).",
            "Place it above or beside the main door (at the left corner of a building with "
            "several entrances); if the building is more than 50 feet from the street line, "
            f"also post it at the street near the walk or driveway ({cite('12.32(5)(b)')}).",
        ],
        by_when=f"By {when} ({dl.comply_note}, {cite('12.32(7)')}). After that a citation will "
        "be issued and each further day is a separate offence.",
    )
    return render_notice(record, settings, parts, dl)
