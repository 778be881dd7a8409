"""The detail pane: the selected permit's parties, fees, inspections, notices and history.

Read-only HTML in a QTextBrowser: it wraps, scrolls and prints, and needs no widget per row.
History comes from the journal (who, when, what changed), because that is the record of truth.
"""

from __future__ import annotations

import json
from html import escape

from PySide6.QtGui import QTextOption
from PySide6.QtWidgets import QTextBrowser, QWidget

from deerfield_desk.models.plain_labels import (
    action_label,
    column_label,
    column_value,
    local_time,
    notice_kind_title,
    plain,
    stage_title,
)
from deerfield_desk.models.status import PermitStatus
from deerfield_desk.store.permit_detail import PermitDetail
from deerfield_desk.store.register_queries import KIND_LABELS
from deerfield_desk.ui.a11y import theme
from deerfield_desk.ui.citation_links import link_browser
from deerfield_desk.ui.ordinance_reader import linkify


def style() -> str:
    """The pane's sheet in the current palette: the headings' navy and the grey labels are
    shaded to 4.5:1 (on a dark palette #234 headings vanished; #777 was 4.48:1 on white)."""
    heading, muted = theme.ink("#223344"), theme.colour("Muted")
    return (
        f"<style>h2{{margin:0 0 4px 0}} h3{{margin:10px 0 2px 0;color:{heading}}} "
        f"p{{margin:0 0 2px 0}} .muted{{color:{muted}}}</style>"
    )


def money(cents: int | None) -> str:
    return "—" if cents is None else f"${cents / 100:,.2f}"


def _e(value) -> str:
    return "—" if value in (None, "") else escape(str(value))


def _line(head, parts: list[tuple[str, object]]) -> str:
    """One record as one paragraph: ``<b>head</b> · label value · …``.

    Paragraphs, not table rows: Qt reads a table to a screen reader as one block strewn with
    cell markers (U+FDD0/U+FDD1); a paragraph is a line of plain text in reading order.
    Empty values are left out rather than shown as dashes a reader would speak."""
    bits = [f"<b>{_e(head)}</b>"] if head not in (None, "") else []
    bits += [
        (f"<span class='muted'>{escape(label)}</span> " if label else "") + escape(str(value))
        for label, value in parts
        if value not in (None, "")
    ]
    return f"<p>{' · '.join(bits)}</p>"


def _lines(lines: list[str]) -> str:
    return "".join(lines) if lines else "<p class='muted'>None recorded.</p>"


def _changes(entry: dict) -> str:
    """What an entry changed, in one line of plain words: ``Status: Issued → Finaled``."""
    before = json.loads(entry["before_json"]) if entry["before_json"] else {}
    after = json.loads(entry["after_json"]) if entry["after_json"] else {}
    if not before:
        return "created"
    changed = []
    for k in sorted(after):
        if k == "updated_at" or before.get(k) == after.get(k):
            continue
        if k.endswith("_id"):  # a row number means nothing to a clerk
            changed.append(f"{column_label(k)} linked")
            continue
        was, now = column_value(k, before.get(k)), column_value(k, after.get(k))
        changed.append(f"{column_label(k)}: {was} → {now}")
    return "; ".join(changed) or "no field changed"


def render_html(d: PermitDetail) -> str:
    p = d.permit
    try:
        status = PermitStatus(p["status"]).label
    except ValueError:
        status = p["status"]
    kind = KIND_LABELS.get(p["kind"], p["kind"])
    if p.get("permit_class"):
        kind += f" ({plain(p['permit_class']).lower()})"
    out = [style(), f"<h2>{_e(p['permit_number'] or 'Not yet issued')} · {escape(kind)}</h2>"]
    out.append(f"<p><b>{escape(status)}</b> · {_e(p['address_text'])}</p>")
    if p.get("description"):
        out.append(f"<p>{escape(p['description'])}</p>")
    if p.get("estimated_cost_cents") is not None:
        out.append(f"<p>Estimated cost {money(p['estimated_cost_cents'])}</p>")
    dates = [("Applied", p["applied_date"]), ("Issued", p["issued_date"])]
    dates += [("Expires", p["expires_date"]), ("Finaled", p["finaled_date"])]
    out.append(_line(None, [(label, value or "not yet") for label, value in dates]))
    for label, key in (
        ("Conditions", "conditions"),
        ("Decision", "decision_reason"),
        ("Voided because", "void_reason"),
    ):
        if p.get(key):
            out.append(f"<p><b>{label}:</b> {escape(p[key])}</p>")
    if d.parcel:
        out.append("<h3>Parcel</h3>")
        legal = d.parcel["legal_description"]
        out.append(
            f"<p>{_e(d.parcel['parcel_number'])} · zoning {_e(d.zoning_words)}</p>"
            + (f"<p class='muted'>{escape(legal)}</p>" if legal else "")
        )
    out.append("<h3>Parties</h3>")
    out.append(
        _lines(
            [
                _line(
                    x["role"],
                    [("", x["name"]), ("phone", x.get("phone"))]
                    + [("credential", " ".join(filter(None, [x.get("credential_type"),
                                                              x.get("credential_number")])))],
                )
                for x in d.parties
            ]
        )
    )  # fmt: skip
    out.append("<h3>Fees</h3>")
    paid = any(f["paid_cents"] for f in d.fees)  # payments recorded: show what was received
    out.append(
        _lines(
            [
                _line(
                    f["description"] or plain(f["code"]),
                    [("", money(f["amount_cents"]))]
                    + ([("received", money(f["paid_cents"]))] if paid else [])
                    + [("", plain(f["status"]))],
                )
                for f in d.fees
            ]
        )
    )
    if d.deposits:
        out.append("<h3>Deposits and securities</h3>")
        out.append(
            _lines(
                [
                    _line(plain(x["kind"]), [("", money(x["amount_cents"])),
                                             ("", plain(x["status"]))])
                    for x in d.deposits
                ]
            )
        )  # fmt: skip
    out.append("<h3>Inspections</h3>")
    out.append(
        _lines(
            [
                _line(
                    stage_title(i["stage"]),
                    [
                        ("scheduled", (i["scheduled_for"] or "").replace("T", " ")),
                        ("inspected", (i["inspected_at"] or "")[:16].replace("T", " ")),
                        ("by", i["inspector"]),
                        ("result", plain(i["result"]) if i["result"] else None),
                        ("notes", i["notes"]),
                    ],
                )
                for i in d.inspections
            ]
        )
    )
    out.append("<h3>Notices</h3>")
    out.append(
        _lines(
            [
                _line(
                    n["notice_number"],
                    [("", notice_kind_title(n["kind"])), ("served", n["served_at"])]
                    + [("due", n["due_date"]), ("", plain(n["status"]))]
                    + [("", f"§{n['sections']}" if n["sections"] else None)],
                )
                for n in d.notices
            ]
        )
    )
    out.append("<h3>History (journal)</h3>")
    out.append(
        _lines(
            [
                _line(
                    local_time(e["at_utc"]),  # the office's time, not UTC
                    [
                        ("", f"{e['user_name']} ({plain(e['user_role']).lower()})"),
                        ("", action_label(e["action"])),
                        ("", _changes(e)),
                        ("reason", e["reason"]),
                    ],
                )
                for e in d.history
            ]
        )
    )
    return "".join(out)


class PermitDetailPane(QTextBrowser):
    """Shows one permit; ``show_detail(None)`` clears it."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("permitDetail")
        self.setAccessibleName("Permit details")
        # Break lines between words only: a narrow pane otherwise split "608-764-6687" and
        # "2026-12-02" mid-number; a wide table scrolls sideways instead.
        self.setWordWrapMode(QTextOption.WrapMode.WordWrap)
        self.setOpenLinks(False)
        link_browser(self)  # a § in the detail opens the ordinance reader
        self.current_uuid: str | None = None
        self.show_detail(None)

    def show_detail(self, detail: PermitDetail | None) -> None:
        if detail is None:
            self.current_uuid = None
            muted = theme.colour("Muted")
            self.setHtml(f"<p style='color:{muted}'>Select a permit to see its details.</p>")
            return
        self.current_uuid = detail.permit["uuid"]
        self.setHtml(linkify(render_html(detail)))
