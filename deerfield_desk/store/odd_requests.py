"""The store's side of odd inspection requests: refuse what nobody confirmed.

Why in the store and not only in the dialogs: requests also arrive from scripts, the command
line and tests of imports, and a typed year ("2016") or a 04:00 slot recorded there is as
wrong as one typed into the Request dialog. The dialogs ask the questions first
(``models.inspection_slots.odd_request``) and pass the codes the inspector confirmed; the
store checks again with the village's own office hours and calendar, so the two can never
disagree about what counts as odd.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from deerfield_desk.errors import InvalidInput
from deerfield_desk.models.inspection_slots import Odd, odd_request
from deerfield_desk.store.office_hours import office_hours
from deerfield_desk.store.register import Register
from deerfield_desk.store.village_calendar import village_calendar


def confirmed_odd_text(
    reg: Register,
    requested_at: datetime,
    scheduled_for: datetime | None,
    now: datetime | None,
    confirmed_odd: Iterable[str],
) -> str | None:
    """What is odd about the request, every bit of it confirmed, as it is stored
    (``inspections.odd_confirmed``); None when nothing is odd. Anything odd not confirmed is
    refused naming the field and each question, before anything is written."""
    given = set(confirmed_odd or ())
    unknown = given - {o.value for o in Odd}
    if unknown:
        raise InvalidInput("confirmed_odd", f"one of {', '.join(o.value for o in Odd)}")
    moment = (now or datetime.now()).replace(second=0, microsecond=0)
    odd = odd_request(requested_at, scheduled_for, moment, village_calendar(reg),
                      office_hours(reg))  # fmt: skip
    asked = [o for o in odd if o.code not in given]
    if asked:
        field = asked[0].field  # named once: its own questions drop their "Asked at: " label
        said = [o.question.partition(": ")[2] if o.field == field else o.question for o in asked]
        raise InvalidInput(
            field, " ".join(said) + " Confirm it to record the request (nothing was recorded)"
        )
    return "\n".join(f"{o.code}: {o.question}" for o in odd) or None
