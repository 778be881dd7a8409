"""Printed documents, rendered with reportlab (no Qt): each ``render_<x>(record, settings)``
returns the bytes of a PDF. ``RENDERERS`` maps the ``render`` command's kinds to them, so the
CLI, the app's print preview and the batch printer all print the same thing.

Each renderer's module is imported the first time its kind is printed, not with the package:
importing all fourteen (and with them qrcode, PIL, the charts) cost ~0.4 s, paid by every
command line and by each process the year-end export starts, which print one or two kinds.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from importlib import import_module

#: kind -> (module in this package, renderer(record, settings, *, calendar) -> PDF bytes)
WHERE: dict[str, tuple[str, str]] = {
    "permit-card": ("permit_card", "render_permit_card"),
    "placard": ("placard", "render_placard"),
    "occupancy": ("occupancy", "render_occupancy"),
    "stop-work": ("stop_work", "render_stop_work"),
    "violation": ("violation", "render_violation"),
    "house-number": ("house_number", "render_house_number"),
    "raze-order": ("violation", "render_raze_order"),
    "decision": ("decision", "render_decision"),
    "inspection-report": ("inspection_report", "render_inspection_report"),
    "checklist-report": ("checklist_report", "render_checklist_report"),
    "correction-notice": ("correction_notice", "render_correction_notice"),
    "receipt": ("receipt", "render_receipt"),
    "deposit-report": ("deposit_report", "render_deposit_report"),
    "annual-report": ("annual_report", "render_annual_report_document"),
}
#: every renderer this package exports by name, with the module that holds it
_MODULE_OF = {name: module for module, name in WHERE.values()} | {"render_placards": "placard"}


def _renderer(name: str) -> Callable[..., bytes]:
    return getattr(import_module(f"{__name__}.{_MODULE_OF[name]}"), name)


class Renderers(Mapping[str, Callable[..., bytes]]):
    """``RENDERERS[kind]``: the kind's renderer, its module imported on first use."""

    def __getitem__(self, kind: str) -> Callable[..., bytes]:
        return _renderer(WHERE[kind][1])

    def __iter__(self) -> Iterator[str]:
        return iter(WHERE)

    def __len__(self) -> int:
        return len(WHERE)


#: kind -> renderer(record, settings, *, calendar) -> PDF bytes
RENDERERS: Mapping[str, Callable[..., bytes]] = Renderers()


def render(kind: str, ref: str, register) -> bytes:
    """``documents.render(kind, ref, register)``: see :mod:`deerfield_desk.documents.rendering`
    (imported here lazily: it reads the store, which the renderers themselves never do)."""
    from deerfield_desk.documents.rendering import render as render_document

    return render_document(kind, ref, register)


def __getattr__(name: str) -> Callable[..., bytes]:
    """``documents.render_violation`` and the like, imported when first asked for."""
    if name in _MODULE_OF:
        return _renderer(name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["RENDERERS", "render", *_MODULE_OF]
