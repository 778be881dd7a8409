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
    only: str | None = None,
) -> str | None:
    """What is odd about the request, every bit of it confirmed, as it is stored
    (``inspections.odd_confirmed``); None when nothing is odd. Anything odd not confirmed is
    refused naming the field and each question, before anything is written. ``only`` keeps
    the questions about one field (a move asks about the new time, not the old call)."""
    given = set(confirmed_odd or ())
    unknown = given - {o.value for o in Odd}
    if unknown:
        raise InvalidInput("confirmed_odd", f"one of {', '.join(o.value for o in Odd)}")
    moment = (now or datetime.now()).replace(second=0, microsecond=0)
    odd = odd_request(requested_at, scheduled_for, moment, village_calendar(reg),
                      office_hours(reg))  # fmt: skip
    odd = [o for o in odd if only is None or o.field == only]
    asked = [o for o in odd if o.code not in given]
    if asked:
        field = asked[0].field  # named once: its own questions drop their "Asked at: " label
        said = [o.question.partition(": ")[2] if o.field == field else o.question for o in asked]
        what = "move the inspection (it was not moved)" if only else "record the request"
        raise InvalidInput(field, " ".join(said) + f" Confirm it to {what}" + (
            "" if only else " (nothing was recorded)"))  # fmt: skip
    return "\n".join(f"{o.code}: {o.question}" for o in odd) or None


def confirmed_move_text(
    reg: Register,
    row: dict,
    scheduled_for: datetime,
    now: datetime | None,
    confirmed_odd: Iterable[str],
) -> str | None:
    """A request moved to a new time (``inspection_schedule.reschedule``): the new time is
    judged as a new booking would be (before the call, far ahead, outside office hours, a
    closed day) and refused unless confirmed. What was confirmed about the call itself stays;
    what was confirmed about the old time is replaced by what was confirmed about the new."""
    asked = datetime.fromisoformat(row["requested_at"]) if row["requested_at"] else scheduled_for
    new = confirmed_odd_text(reg, asked, scheduled_for, now, confirmed_odd, only="scheduled_for")
    about_call = {o.value for o in (Odd.STALE, Odd.FUTURE, Odd.NIGHT)}
    kept = [line for line in (row.get("odd_confirmed") or "").splitlines()
            if line.partition(":")[0] in about_call]  # fmt: skip
    return "\n".join([*kept, *([new] if new else [])]) or None
