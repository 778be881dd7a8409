"""Review deadlines and permit expiry, taken from the engine's deadline table.

The engine's findings carry the section they rest on (a review under 31.10(1), a validity
period under 12.14(1)); the deadline table (``deadlines.EVENTS``) carries the same section for
the period it sets. Matching on the section means no period is copied here.
"""

from __future__ import annotations

from datetime import date

from deerfield_desk.models.calendar import VillageCalendar
from deerfield_desk.models.deadlines import EVENTS, Event, compute_deadline
from deerfield_desk.models.findings import Review, Validity


def event_for_basis(basis: str) -> Event | None:
    """The deadline event resting on exactly this section, if the table has one."""
    found = [e for e in EVENTS.values() if e.basis == basis]
    return found[0] if len(found) == 1 else None


def review_due(review: Review, received_on: date, calendar: VillageCalendar) -> date | None:
    """When the reviewer must decide, or None when the ordinance sets no period (12.19(8))."""
    event = event_for_basis(review.basis)
    if event is None:
        return None
    return compute_deadline(event.name, received_on, calendar).due


def expiry_date(validity: Validity, issued_on: date, calendar: VillageCalendar) -> date:
    """The day the permit lapses (12.14(1), 31.12(1)): same date, years later, never moved."""
    event = event_for_basis(validity.basis)
    if event is not None:
        return compute_deadline(event.name, issued_on, calendar).due
    return calendar.years_after(issued_on, validity.years)


def review_consequence(review: Review) -> str:
    """What happens when the deadline passes, in our words (12.29(4) deems it rejected)."""
    event = event_for_basis(review.basis)
    return event.summary if event else "no set period: decided at a meeting of the board"
