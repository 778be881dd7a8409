"""Codes, column names and UTC stamps said the way the office says them, for any screen.

Why: the register stores codes (``not_ready``, ``completion_deposit``), column names
(``estimated_cost_cents``) and UTC journal stamps, which is right for the data and wrong for a
clerk reading a permit's history: "estimated cost cents: 3386500 → —, 2026-12-02 00:46 (UTC)".
Screens pass what they show through here: a known code gets its label (status, result), any
other code is spelt out, a column is named without its storage suffix, money is dollars, a
stamp is the office's local time, and phone numbers and dates do not break across lines.
"""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime

from deerfield_desk.models.inspection_rules import RESULT_LABELS
from deerfield_desk.models.status import LABELS as STATUS_LABELS

KNOWN = {**{str(k): v for k, v in STATUS_LABELS.items()},
         **{str(k): v for k, v in RESULT_LABELS.items()}, "due": "Due"}  # fmt: skip
ACTIONS = {
    "insert": "Created", "update": "Changed", "void": "Voided", "submit": "Submitted",
    "save_draft": "Draft saved", "close": "Closed", "received": "Item received",
    "number": "Numbered", "issue": "Issued", "correct": "Corrected", "import": "Imported",
    "reopen": "Owed again", "reschedule": "Rescheduled", "cancel": "Cancelled",
    "result": "Result recorded", "schedule": "Scheduled", "exception_finding": "Finding recorded",
}  # fmt: skip
#: Columns that hold a code even when it is one word ("paid", "check", "general").
CODED = frozenset({"status", "kind", "method", "result", "trade", "permit_class", "structure",
                   "role", "signer_role", "purpose", "review_by"})  # fmt: skip
SUFFIXES = ("_cents", "_uuid", "_id", "_json", "_utc")
CODE = re.compile(r"[a-z]+(?:_[a-z0-9]+)+")  # snake_case: a stored code, not a word typed
MOMENT = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?")
NO_BREAK = str.maketrans({"-": "\u2011", " ": "\u00a0"})


def plain(code: object) -> str:
    """``not_ready`` → "Not ready"; a status or result gets its own label."""
    if code is None:
        return "—"
    text = str(code)
    return KNOWN.get(text) or (text.replace("_", " ").capitalize() if text else "—")


def action_label(action: str) -> str:
    """A journal action as a clerk reads it: ``status:issued`` → "Status: Issued"."""
    if ":" in action:
        head, _, code = action.partition(":")
        return f"{plain(head)}: {plain(code)}"
    return ACTIONS.get(action) or plain(action)


def column_label(column: str) -> str:
    """``estimated_cost_cents`` → "Estimated cost"; ``owner_id`` → "Owner"."""
    for suffix in SUFFIXES:
        if column.endswith(suffix):
            column = column[: -len(suffix)]
            break
    return plain(column)


def column_value(column: str, value: object) -> str:
    """A stored value as shown: money in dollars, codes spelt out, JSON never dumped."""
    if value is None or value == "":
        return "—"
    if column.endswith("_cents") and isinstance(value, int):
        return f"${value / 100:,.2f}"
    if column.endswith("_json"):
        return "(details)"
    if isinstance(value, str) and (value in KNOWN or CODE.fullmatch(value)
                                   or column in CODED or column.endswith("_status")):  # fmt: skip
        return plain(value)  # a code ("paid", "not_ready"); free text keeps its own spelling
    if isinstance(value, str) and MOMENT.fullmatch(value):
        return value[:16].replace("T", " ")  # a moment to the minute, as the office writes it
    return str(value)


def local_time(at_utc: str) -> str:
    """A journal stamp (UTC ISO) in the office's local time, to the minute."""
    try:
        moment = datetime.fromisoformat(at_utc)
    except ValueError:
        return at_utc
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone().strftime("%Y-%m-%d %H:%M")


def unbroken(text: str | None) -> str | None:
    """Phone numbers and dates kept on one line (non-breaking hyphens and spaces)."""
    return None if text is None else text.translate(NO_BREAK)


def defects_text(value: str) -> str:
    """An inspection's defects (stored as JSON) as a clerk reads them, one per line:
    "§12.12(5)(a) Footing too shallow — deepen to 42 in". Never the JSON itself."""
    try:
        defects = json.loads(value)
    except ValueError:
        return value
    if not isinstance(defects, list):
        return "(details)"
    if not defects:
        return "none"
    lines = []
    for d in defects:
        if not isinstance(d, dict):
            continue
        head = " ".join(filter(None, (f"§{d['section']}" if d.get("section") else "",
                                      d.get("description") or "")))  # fmt: skip
        fix = f" — {d['correction']}" if d.get("correction") else ""
        lines.append(f"{head}{fix}" + (" (minor)" if d.get("minor") else ""))
    return "\n".join(lines) or "(details)"


def stage_title(code: str | None) -> str:
    """An inspection stage's title from the sequence ("Footing", "Rough-in"), not its code."""
    from deerfield_desk.models.inspection_sequence import stage_by_code

    if not code:
        return "—"
    try:
        return stage_by_code(code).title
    except KeyError:  # a stage the sequence no longer has (an old record): spelt out
        return plain(code)


def notice_kind_title(kind: str | None) -> str:
    """A notice's kind as its title ("Stop-work order"), not its code."""
    from deerfield_desk.models.notices import kind_rule

    if not kind:
        return "—"
    try:
        return kind_rule(kind).title
    except (KeyError, ValueError):
        return plain(kind)


def stamp(value: str | None) -> str | None:
    """A stored local moment (``2026-12-02T09:15:00``) to the minute, without the "T"."""
    return None if not value else value[:16].replace("T", " ")


def plain_reason(reason: str | None) -> str | None:
    """A journal reason as shown: a status or result code the store wrote into it
    ("not_ready by Pat Clerk") said in words ("not ready by Pat Clerk"); typed words kept."""
    if not reason:
        return reason
    return CODE.sub(lambda m: plain(m[0]).lower() if m[0] in KNOWN else m[0], reason)
