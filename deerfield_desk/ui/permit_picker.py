"""Which permit an action applies to: the register view's selection when it has one, else a
short chooser (the register view is built in parallel; we ask for its method defensively)."""

from __future__ import annotations

from PySide6.QtWidgets import QInputDialog

from deerfield_desk.models.project_summary import permit_label
from deerfield_desk.models.status import PermitStatus
from deerfield_desk.store.permit_choices import permit_with_application_number, permits_in_statuses


def load_permit(register, permit_uuid: str) -> dict:
    """The permit row plus its application's number, for titles before a permit number."""
    return permit_with_application_number(register, permit_uuid)


def permit_title(row: dict) -> str:
    number = row["permit_number"] or (
        f"application {row['application_number']}"
        if row.get("application_number")
        else "not yet numbered"
    )
    status = PermitStatus(row["status"]).label
    cls = f" ({row['permit_class']})" if row.get("permit_class") else ""
    return f"{number} · {permit_label(row['kind'])}{cls} · {row['address_text']} · {status}"


def choose_permit(window, statuses: tuple[str, ...], title: str) -> str | None:
    current = window.current_permit_uuid()
    if current:
        return current
    rows = permits_in_statuses(window.register, statuses)
    if not rows:
        from deerfield_desk.ui import confirm

        confirm.inform(window, title, "No permit is in a state for this action.")
        return None
    labels = [permit_title(r) for r in rows]
    label, ok = QInputDialog.getItem(window, title, "Permit", labels, 0, False)
    return rows[labels.index(label)]["uuid"] if ok else None
