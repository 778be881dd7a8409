"""Printed documents, rendered with reportlab (no Qt): each ``render_<x>(record, settings)``
returns the bytes of a PDF. ``RENDERERS`` maps the ``render`` command's kinds to them, so the
CLI, the app's print preview and the batch printer all print the same thing.
"""

from __future__ import annotations

from collections.abc import Callable

from deerfield_desk.documents.annual_report import render_annual_report_document
from deerfield_desk.documents.checklist_report import render_checklist_report
from deerfield_desk.documents.correction_notice import render_correction_notice
from deerfield_desk.documents.decision import render_decision
from deerfield_desk.documents.deposit_report import render_deposit_report
from deerfield_desk.documents.house_number import render_house_number
from deerfield_desk.documents.inspection_report import render_inspection_report
from deerfield_desk.documents.occupancy import render_occupancy
from deerfield_desk.documents.permit_card import render_permit_card
from deerfield_desk.documents.placard import render_placard, render_placards
from deerfield_desk.documents.receipt import render_receipt
from deerfield_desk.documents.stop_work import render_stop_work
from deerfield_desk.documents.violation import render_raze_order, render_violation

#: kind -> renderer(record, settings, *, calendar) -> PDF bytes
RENDERERS: dict[str, Callable[..., bytes]] = {
    "permit-card": render_permit_card,
    "placard": render_placard,
    "occupancy": render_occupancy,
    "stop-work": render_stop_work,
    "violation": render_violation,
    "house-number": render_house_number,
    "raze-order": render_raze_order,
    "decision": render_decision,
    "inspection-report": render_inspection_report,
    "checklist-report": render_checklist_report,
    "correction-notice": render_correction_notice,
    "receipt": render_receipt,
    "deposit-report": render_deposit_report,
    "annual-report": render_annual_report_document,
}


def render(kind: str, ref: str, register) -> bytes:
    """``documents.render(kind, ref, register)``: see :mod:`deerfield_desk.documents.rendering`
    (imported here lazily: it reads the store, which the renderers themselves never do)."""
    from deerfield_desk.documents.rendering import render as render_document

    return render_document(kind, ref, register)


__all__ = ["RENDERERS", "render", "render_placards", *(f.__name__ for f in RENDERERS.values())]
