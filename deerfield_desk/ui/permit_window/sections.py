"""The permit window's tabs, each a table (or the summary) filled from one ``PermitFile``.

Why tables, not the detail pane's HTML: the clerk acts on a row (correct this person, void
this payment, print this notice), so each row carries its record's uuid for the buttons."""

from __future__ import annotations

from html import escape

from deerfield_desk.models.codes import PaymentMethod
from deerfield_desk.models.plain_labels import (
    notice_kind_title,
    plain,
    plain_reason,
    stage_title,
    stamp,
)
from deerfield_desk.models.status import PermitStatus
from deerfield_desk.store.owner_on_file import can_link_owner
from deerfield_desk.store.permit_file import PermitFile
from deerfield_desk.store.register_queries import KIND_LABELS
from deerfield_desk.ui.permit_window.tables import money

PARTY_HEADERS = ["Role", "Name", "Phone", "Mailing address", "Credential", "Expires", "Note"]
FEE_HEADERS = ["Fee", "Amount", "Received", "Balance", "Status"]
PAYMENT_HEADERS = ["Paid", "Receipt", "Method", "Amount", "Fee", "Received by", "Status"]
DEPOSIT_HEADERS = ["Kind", "Amount", "Reference", "Received", "Status", "Disposition"]
INSPECTION_HEADERS = ["Stage", "Requested", "Scheduled", "Inspected", "Inspector", "Result",
                      "Notes"]  # fmt: skip
NOTICE_HEADERS = ["Number", "Kind", "Status", "Served", "Due", "Addressed to"]
DOCUMENT_HEADERS = ["Document", "Where it comes from"]
HISTORY_HEADERS = ["When (local time)", "Who", "Record", "Action", "Reason", "What changed"]


def _label(value: str | None) -> str:
    """A stored code as words ("completion deposit"); empty stays empty."""
    return plain(value) if value else ""


def status_label(code: str) -> str:
    try:
        return PermitStatus(code).label
    except ValueError:
        return _label(code)


def summary_html(f: PermitFile) -> str:
    p = f.permit
    kind = KIND_LABELS.get(p["kind"], p["kind"])
    if p.get("permit_class"):
        kind += f" ({_label(p['permit_class'])})"
    rows = [
        ("Status", status_label(p["status"])),
        ("Work", p["description"]),
        ("Structure", _label(p.get("structure"))),
        (
            "Estimated cost",
            money(p["estimated_cost_cents"]) if p.get("estimated_cost_cents") is not None else None,
        ),  # fmt: skip
        ("Dwelling units", p.get("housing_units") or None),
        ("Applied", p["applied_date"]),
        ("Review due", p.get("review_due")),
        ("Issued", p["issued_date"]),
        ("Expires", p["expires_date"]),
        ("Finaled", p["finaled_date"]),
        ("Conditions", p.get("conditions")),
        ("Decision", p.get("decision_reason")),
        ("Voided because", p.get("void_reason")),
    ]
    if f.detail.parcel:
        parcel = f.detail.parcel
        rows += [("Parcel", parcel["parcel_number"]), ("Zoning", f.detail.zoning_words),
                 ("Legal description", parcel.get("legal_description"))]  # fmt: skip
    due = f.detail.fees_due_cents
    rows.append(("Fees owed", money(due) if due else "nothing owed"))
    # One "Label: value" paragraph per row, not a table: Qt reads a table to a screen reader
    # as one block strewn with cell markers (U+FDD0/U+FDD1) (issue 19).
    body = "".join(
        f"<p style='margin:0 0 3px 0'><b>{escape(k)}:</b> {escape(str(v))}</p>"
        for k, v in rows
        if v not in (None, "")
    )
    title = f"{escape(p['permit_number'] or 'Not yet issued')} · {escape(kind)}"
    return f"<h2>{title}</h2><p>{escape(p['address_text'] or '')}</p>{body}"


def party_rows(f: PermitFile) -> tuple[list[list], list]:
    """Owner and applicant, then the contractors by trade (warnings computed with the file)."""
    rows, keys = [], []
    for party in f.detail.parties:
        if party["role"] == "Contractor":
            continue  # the contractors by trade follow
        rows.append(
            [
                party["role"],
                party["name"],
                party.get("phone"),
                party.get("mailing_address"),
                None,
                None,
                _party_note(party, party["role"] == "Owner" and can_link_owner(f.permit)),
            ]
        )
        keys.append(("person", party.get("uuid"), party["role"]))
    for c in f.contractors:
        note = c.warning or ("from the application" if c.from_application else None)
        credential = " ".join(filter(None, [c.person.get("credential_type"), c.credential_number]))
        rows.append(
            [
                c.trade.label,
                c.person["name"] + (f" ({c.person['firm']})" if c.person.get("firm") else ""),
                c.person.get("phone"),
                c.person.get("mailing_address"),
                credential,
                c.credential_expires,
                note,
            ]
        )
        keys.append(("contractor", c.person["uuid"], c.trade.value, c.row_uuid))
    return rows, keys


def _party_note(party: dict, linkable: bool) -> str | None:
    """What the clerk should know about a party: a typed name with no person on file, a
    person matched by name only (which Maria Gonzalez?), or no address to write to. Only an
    imported permit's owner can be linked from here (``store.owner_on_file``)."""
    if party.get("on_file") is False:
        how = ": Correct to link the owner on file" if linkable else ""
        if not party.get("uuid"):
            return f"typed name, no person on file{how}"
        return f"matched by name only{how}"
    return None if party.get("mailing_address") else "no mailing address on file"


def fee_rows(f: PermitFile) -> list[list]:
    return [[fee["description"] or fee["code"], money(fee["amount_cents"]),
             money(fee["paid_cents"]), money(None if fee["amount_cents"] is None
                                             else fee["amount_cents"] - fee["paid_cents"]),
             _label(fee["status"])] for fee in f.detail.fees]  # fmt: skip


def payment_rows(f: PermitFile) -> tuple[list[list], list]:
    rows = []
    for y in f.payments:
        try:
            method = PaymentMethod(y["method"]).label
        except ValueError:
            method = y["method"]
        status = "Recorded" if y["status"] == "recorded" else f"VOIDED: {y['void_reason']}"
        rows.append([stamp(y["paid_at"]), y["receipt_number"], method, money(y["amount_cents"]),
                     y["fee_description"] or y["fee_code"], y["received_by"], status])  # fmt: skip
    return rows, [y["uuid"] for y in f.payments]


def deposit_rows(f: PermitFile) -> list[list]:
    return [
        [
            _label(d["kind"]),
            money(d["amount_cents"]),
            d.get("reference"),
            stamp(d.get("received_at")),
            _label(d["status"]),
            d.get("disposition_reason"),
        ]
        for d in f.detail.deposits
    ]


def inspection_rows(f: PermitFile) -> list[list]:
    return [[stage_title(i["stage"]), stamp(i["requested_at"]), stamp(i["scheduled_for"]),
             stamp(i["inspected_at"]), i["inspector"], _label(i["result"]), i["notes"]]
            for i in f.detail.inspections]  # fmt: skip


def notice_rows(f: PermitFile, names: dict[int, str]) -> tuple[list[list], list]:
    rows = [[n["notice_number"] or "draft", notice_kind_title(n["kind"]), _label(n["status"]),
             (n["served_at"] or "")[:10], n["due_date"], names.get(n["recipient_id"] or 0)]
            for n in f.detail.notices]  # fmt: skip
    return rows, [n["uuid"] for n in f.detail.notices]


def history_rows(f: PermitFile) -> list[list]:
    return [[h.at_local, h.who, h.record, h.action, plain_reason(h.reason), h.changes]
            for h in reversed(f.history)]  # fmt: skip
