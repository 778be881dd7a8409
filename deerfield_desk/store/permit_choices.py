"""Which permit an action applies to: the reads behind the permit pickers (UI holds no SQL)."""

from __future__ import annotations

from deerfield_desk.store.register import Register

CHOICES_SHOWN = 300


def permit_with_application_number(reg: Register, permit_uuid: str) -> dict:
    """The permit row plus its application's number, for titles before a permit number."""
    row = reg.get("permits", permit_uuid)
    app = reg.query_one(
        "SELECT application_number FROM applications WHERE id = ?", (row["application_id"],)
    )
    return {**row, "application_number": app["application_number"] if app else None}


def permits_in_statuses(reg: Register, statuses: tuple[str, ...]) -> list[dict]:
    """The newest permits in any of ``statuses``, with their application numbers."""
    marks = ", ".join("?" * len(statuses))
    return reg.query(
        f"SELECT p.*, a.application_number FROM permits p LEFT JOIN applications a "
        f"ON a.id = p.application_id WHERE p.status IN ({marks}) ORDER BY p.id DESC "
        f"LIMIT {CHOICES_SHOWN}",
        statuses,
    )


def permit_by_number(reg: Register, number: str) -> dict | None:
    return reg.query_one("SELECT * FROM permits WHERE permit_number = ?", (number,))
