"""Whose fees a payment is for: a permit or an application, given as a row or a uuid.

Why: the permit window, the Permits menu and the receipts list each hold something different
(a permit row, an application row, a uuid); the take-payment dialog needs the application
(whose fee lines one receipt may settle), a title and the payer the clerk most likely types:
the applicant, else the owner.
"""

from __future__ import annotations

from collections.abc import Mapping

from deerfield_desk.errors import NotAllowed, RecordNotFound
from deerfield_desk.store.register import Register


def _row(register: Register, subject) -> tuple[str, dict]:
    if isinstance(subject, Mapping):
        table = "permits" if "kind" in subject and "permit_number" in subject else "applications"
        return table, dict(subject)
    for table in ("permits", "applications"):
        row = register.query_one(f"SELECT * FROM {table} WHERE uuid = ?", (str(subject),))
        if row is not None:
            return table, row
    raise RecordNotFound(f"no permit or application with id {subject}")


def payment_subject(register: Register, subject) -> dict:
    """``{"application_id", "title", "payer"}`` for a permit or application."""
    table, row = _row(register, subject)
    application_id = row["application_id"] if table == "permits" else row["id"]
    if application_id is None:
        raise NotAllowed("this permit was imported without its application: it has no fee lines")
    app = register.get_by_id("applications", application_id)
    payer = None
    for key in ("applicant_id", "owner_id"):
        if app[key]:
            payer = register.get_by_id("people", app[key])["name"]
            break
    site = register.query_one(
        "SELECT address_text FROM permits WHERE application_id = ? ORDER BY id LIMIT 1",
        (application_id,),
    )
    number = app["application_number"] or "draft application"
    where = site["address_text"] if site and site["address_text"] else ""
    return {
        "application_id": application_id,
        "title": f"{number} · {where}" if where else number,
        "payer": payer,
    }


def applications_owing(register: Register, limit: int = 500) -> list[dict]:
    """Submitted applications with a fee line still due, newest first, labelled for a
    chooser ("A-2026-0007 · 7 Oak St · $85.00 owed")."""
    from deerfield_desk.models.money import format_cents

    rows = register.query(
        "SELECT a.uuid, a.application_number, (SELECT address_text FROM permits p "
        "WHERE p.application_id = a.id ORDER BY p.id LIMIT 1) AS site, "
        "SUM(f.amount_cents) - COALESCE((SELECT SUM(y.amount_cents) FROM payments y "
        "JOIN fees g ON g.id = y.fee_id WHERE g.application_id = a.id AND g.status = 'due' "
        "AND y.status = 'recorded'), 0) AS owed "
        "FROM fees f JOIN applications a ON a.id = f.application_id "
        "WHERE f.status = 'due' AND f.amount_cents IS NOT NULL GROUP BY a.id "
        "ORDER BY a.id DESC LIMIT ?",
        (limit,),
    )
    for row in rows:
        row["label"] = " · ".join(
            part for part in (row["application_number"] or "draft", row["site"],
                              f"{format_cents(row['owed'])} owed") if part
        )  # fmt: skip
    return rows
