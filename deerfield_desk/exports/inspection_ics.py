"""The week's inspections as an iCalendar file (RFC 5545) for the office's calendar program.

Why written by hand, not with a library: the format is small and the rules that trip
calendar programs are few and exact, so they are kept here where a reader can check them:

- lines end in CRLF (3.1) and are folded at 75 octets, never inside a UTF-8 character,
  continuation lines starting with one space;
- TEXT values escape backslash, semicolon, comma and newline (3.3.11);
- every event has a UID that stays the same when the inspection moves (the inspection's
  own UUID), so re-importing updates the event instead of doubling it, and a DTSTAMP in UTC;
- SEQUENCE counts the times the inspection moved or was withdrawn (from the journal, so the
  same week exports the same numbers), and a cancelled or voided visit is exported with
  ``STATUS:CANCELLED`` and a higher SEQUENCE: strict programs ignore a changed event whose
  SEQUENCE did not grow (5545 3.8.7.4), and take a cancelled one off the calendar;
- times are local office time, ``TZID=America/Chicago``, with the VTIMEZONE that defines it
  (3.6.5; US daylight-saving rules since 2007), because moments are stored as local time.

The file is written to a temporary name beside the target and moved into place, so a
failure never leaves half a calendar where the clerk's program picks it up.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from datetime import UTC, datetime, timedelta
from pathlib import Path

from deerfield_desk.models.inspection_rules import RESULT_LABELS, Result
from deerfield_desk.models.inspection_slots import OFFICE_HOURS
from deerfield_desk.store.inspection_calendar import Booking

TZID = "America/Chicago"
PRODID = "-//Village of Deerfield WI//Deerfield Desk inspections//EN"
UID_DOMAIN = "deerfield-desk.invalid"  # RFC 2606: a domain that never belongs to anyone

VTIMEZONE = (
    "BEGIN:VTIMEZONE",
    f"TZID:{TZID}",
    "BEGIN:DAYLIGHT",
    "TZOFFSETFROM:-0600",
    "TZOFFSETTO:-0500",
    "TZNAME:CDT",
    "DTSTART:19700308T020000",
    "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU",
    "END:DAYLIGHT",
    "BEGIN:STANDARD",
    "TZOFFSETFROM:-0500",
    "TZOFFSETTO:-0600",
    "TZNAME:CST",
    "DTSTART:19701101T020000",
    "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU",
    "END:STANDARD",
    "END:VTIMEZONE",
)


def escape_text(value: str) -> str:
    """RFC 5545 3.3.11: backslash first, then ; and , and newlines as ``\\n``."""
    return (
        value.replace("\\", "\\\\")
        .replace(";", "\\;")
        .replace(",", "\\,")
        .replace("\r\n", "\\n")
        .replace("\n", "\\n")
        .replace("\r", "\\n")
    )


def fold(line: str) -> str:
    """RFC 5545 3.1: at most 75 octets a line; continuation lines begin with one space.
    Cuts fall between characters, so a multi-byte character is never split."""
    out: list[str] = []
    current, size, limit = "", 0, 75
    for char in line:
        width = len(char.encode("utf-8"))
        if size + width > limit:
            out.append(current)
            current, size, limit = " ", 1, 75
        current += char
        size += width
    out.append(current)
    return "\r\n".join(out)


def _local(moment: datetime) -> str:
    return moment.strftime("%Y%m%dT%H%M%S")


def _event(booking: Booking, stamp: str, slot_minutes: int) -> list[str]:
    ends = booking.start + timedelta(minutes=slot_minutes)
    result = RESULT_LABELS.get(Result(booking.result), booking.result)
    notes = [
        f"Permit {booking.permit_number}",
        f"{booking.stage_title} (§{booking.section})" if booking.section else booking.stage_title,
        f"Caller: {booking.caller or 'not recorded'}",
        f"Phone: {booking.phone or 'none on file'}",
        f"Status: {result}",
    ]
    if booking.reinspection:
        notes.append("Re-inspection")
    if booking.late_request:
        notes.append("Requested less than 48 hours ahead (§12.12(5))")
    if not booking.in_office_hours:
        notes.append("Outside office hours")
    summary = f"{booking.stage_title}: {booking.address}"
    return [
        "BEGIN:VEVENT",
        f"UID:{booking.uuid}@{UID_DOMAIN}",
        f"DTSTAMP:{stamp}",
        f"SEQUENCE:{booking.sequence}",
        f"DTSTART;TZID={TZID}:{_local(booking.start)}",
        f"DTEND;TZID={TZID}:{_local(ends)}",
        f"SUMMARY:{escape_text(summary)}",
        f"LOCATION:{escape_text(booking.address)}",
        f"DESCRIPTION:{escape_text(chr(10).join(notes))}",
        f"CATEGORIES:{escape_text('Inspection')}",
        "STATUS:CANCELLED" if booking.withdrawn else "STATUS:CONFIRMED",
        "TRANSP:OPAQUE",
        "END:VEVENT",
    ]


def calendar_text(
    bookings: Iterable[Booking],
    name: str,
    now: datetime | None = None,
    slot_minutes: int = OFFICE_HOURS.slot_minutes,
) -> str:
    """The whole VCALENDAR as one string with CRLF line ends."""
    stamp = (now or datetime.now(UTC)).astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")
    lines = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        f"PRODID:{PRODID}",
        "CALSCALE:GREGORIAN",
        "METHOD:PUBLISH",
        f"X-WR-CALNAME:{escape_text(name)}",
        f"X-WR-TIMEZONE:{TZID}",
        *VTIMEZONE,
    ]
    for booking in bookings:
        lines.extend(_event(booking, stamp, slot_minutes))
    lines.append("END:VCALENDAR")
    return "".join(fold(line) + "\r\n" for line in lines)


def write_calendar(
    path: Path | str,
    bookings: Iterable[Booking],
    name: str,
    now: datetime | None = None,
    slot_minutes: int = OFFICE_HOURS.slot_minutes,
) -> Path:
    """Write the ``.ics`` file in one step (temporary file, then moved into place)."""
    target = Path(path)
    partial = target.with_name(target.name + ".partial")
    try:
        text = calendar_text(bookings, name, now, slot_minutes)
        partial.write_bytes(text.encode("utf-8"))
        os.replace(partial, target)
    finally:
        partial.unlink(missing_ok=True)
    return target
