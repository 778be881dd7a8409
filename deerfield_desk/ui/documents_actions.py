"""Documents menu: preview and print permit cards, placards, occupancy permits, decision
letters, notices and reports, and the Village Board's annual report of a year; batch-print
this week's placards; edit the village settings.

Each action asks for a reference (prefilled with the permit open in the register view, when
the register feature offers ``current_permit_uuid``), renders through the same
``store.document_records`` + ``documents.RENDERERS`` path as the ``render`` command, and shows
the result in the print preview.
"""

from __future__ import annotations

from datetime import date, timedelta

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication, QFileDialog, QInputDialog, QMessageBox

from deerfield_desk.models.status import PermitStatus
from deerfield_desk.store.permit_choices import permits_in_statuses

ACTIONS = (
    ("permit-card", "&Permit card…", "Ctrl+Shift+P"),
    ("placard", "Address p&lacard…", None),
    ("occupancy", "&Occupancy permit…", None),
    ("decision", "Review &decision letter…", None),
    ("stop-work", "&Stop-work order or follow-on…", None),
    ("violation", "&Violation notice…", None),
    ("house-number", "&House-number notice…", None),
    ("raze-order", "&Raze-or-repair order…", None),
    ("inspection-report", "&Inspection report…", None),
    ("checklist-report", "Exhibit &A checklist report…", None),
    ("correction-notice", "&Correction notice to the contractor…", None),
)


def install(window) -> None:
    menu = window.menu("Documents")
    for kind, label, shortcut in ACTIONS:
        action = QAction(label, window)
        if shortcut:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(lambda _=False, k=kind: preview_document(window, k))
        menu.addAction(action)
    menu.addSeparator()
    report = QAction("Annual report for the Village &Board…", window)
    report.triggered.connect(lambda: preview_document(window, "annual-report"))
    menu.addAction(report)
    batch = QAction("Print placards issued this &week…", window)
    batch.triggered.connect(lambda: print_week_placards(window))
    menu.addAction(batch)
    settings = QAction("Villa&ge settings…", window)
    settings.triggered.connect(lambda: open_settings(window))
    menu.addAction(settings)


ON_SITE = (PermitStatus.ISSUED, PermitStatus.EXTENDED, PermitStatus.STOP_WORK, PermitStatus.FINALED)
#: Which permits each permit document is offered for, in the permit chooser.
PERMIT_STATUSES = {
    "permit-card": ON_SITE,
    "placard": ON_SITE,
    "occupancy": ("issued", "extended", "finaled"),
    "decision": ("approved", "conditionally_approved", "rejected", "issued", "extended"),
    "inspection-report": ON_SITE,
    "checklist-report": ON_SITE,
    "correction-notice": ON_SITE,
}
#: Documents of one visit: the user chooses which visit when a permit has several.
VISIT_KINDS = ("inspection-report", "correction-notice")


def ask_visit(window, permit_number: str) -> str | None:
    """``2026-0042/17`` for the visit the user picks (the newest first); tests replace this."""
    from deerfield_desk.store.document_records import inspection_visits

    visits = inspection_visits(window.register, permit_number)
    if len(visits) <= 1:
        return f"{permit_number}/{visits[0]['id']}" if visits else permit_number
    labels = [f"{v['inspected_at'][:16].replace('T', ' ')} · {v['stage']} · {v['result']}"
              for v in visits]  # fmt: skip
    choice, ok = QInputDialog.getItem(window, "Which visit?", "Visit", labels, 0, False)
    return f"{permit_number}/{visits[labels.index(choice)]['id']}" if ok else None


def choose_reference(window, kind: str) -> str | None:
    """Permit documents: the register's selection when the document applies to it, else a
    chooser of the permits it applies to (labels from the lifecycle's picker); notices: their
    number."""
    if kind == "annual-report":
        return ask_year(window)
    if kind not in PERMIT_STATUSES:
        return ask_reference(window, kind, "")
    from deerfield_desk.ui.permit_picker import load_permit, permit_title

    statuses = PERMIT_STATUSES[kind]
    current = window.current_permit_uuid()
    if current:
        row = load_permit(window.register, current)
        if row["status"] in statuses:
            return row["permit_number"] or row.get("application_number")
    rows = permits_in_statuses(window.register, statuses)
    if not rows:
        QMessageBox.information(window, "Print", f"No permit is in a state for a {kind}.")
        return None
    labels = [permit_title(r) for r in rows]
    label, ok = QInputDialog.getItem(window, "Print which permit?", "Permit", labels, 0, False)
    if not ok:
        return None
    row = rows[labels.index(label)]
    return row["permit_number"] or row.get("application_number")


def ask_year(window, today: date | None = None) -> str | None:
    """Which year's annual report: last year until the end of June (the report is made after
    the year closes), this year after; tests replace this."""
    today = today or date.today()
    default = today.year - 1 if today.month <= 6 else today.year
    year, ok = QInputDialog.getInt(
        window, "Annual report", "Year of the report:", default, 1900, 2999
    )
    return str(year) if ok else None


def ask_reference(window, kind: str, default: str) -> str | None:
    """Asks for the permit or notice number; tests replace this."""
    text, ok = QInputDialog.getText(
        window, "Which record?", f"{kind}: permit number (YYYY-NNNN) or notice number", text=default
    )
    return text.strip() if ok and text.strip() else None


def render_document(register, kind: str, ref: str) -> bytes:
    """The document as the register holds it. An occupancy permit prints only when one is
    recorded (§12.16); nothing here makes one up."""
    from deerfield_desk import documents

    return documents.render(kind, ref, register)  # the same entry as the CLI and the archive


def cannot_print(exc: Exception) -> str:
    """Why a paper cannot be printed, in the office's words ("Status: …", "Number: …"), never
    the renderer's codes ("status: …", "REF: …": the number typed into the chooser)."""
    from deerfield_desk.errors import InvalidInput
    from deerfield_desk.models.office_words import say

    if isinstance(exc, InvalidInput) and exc.field == "REF":
        exc = InvalidInput("number typed", exc.rule)  # words: say() keeps them as they are
    return say(exc)


def preview_document(window, kind: str, ref: str | None = None):
    from deerfield_desk.errors import DeskError

    ref = ref or choose_reference(window, kind)
    if ref and kind in VISIT_KINDS and "/" not in ref:
        ref = ask_visit(window, ref)
    if not ref:
        return None
    QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)  # a year's report: a second
    try:
        pdf = render_document(window.register, kind, ref)
    except (ValueError, DeskError) as exc:
        QApplication.restoreOverrideCursor()
        QMessageBox.warning(window, "Cannot print", cannot_print(exc))
        return None
    except BaseException:
        QApplication.restoreOverrideCursor()
        raise
    QApplication.restoreOverrideCursor()
    from deerfield_desk.ui.print_preview import PrintPreview  # on use: QtPdf is heavy

    preview = PrintPreview(window, f"{kind} {ref}", pdf, f"{kind}-{ref}.pdf")
    preview.setModal(False)
    preview.show()
    return preview


def week_range(today: date) -> tuple[str, str]:
    monday = today - timedelta(days=today.weekday())
    return monday.isoformat(), (monday + timedelta(days=6)).isoformat()


def ask_batch_target(window) -> str:
    path, _ = QFileDialog.getSaveFileName(
        window, "Save the placards as", "placards.pdf", "PDF files (*.pdf)"
    )
    return path


def print_week_placards(window, today: date | None = None, on_done=None):
    """Render this week's placards in the background into one PDF, then preview it."""
    from deerfield_desk.documents.batch import placard_batch
    from deerfield_desk.documents.village import load_village_settings
    from deerfield_desk.store.document_records import placards_issued
    from deerfield_desk.store.register import Register
    from deerfield_desk.ui.worker import run_with_progress

    start, end = week_range(today or date.today())
    target = ask_batch_target(window)
    if not target:
        return None
    db, actor = window.register.path, window.actor

    def job():  # runs on the worker thread: its own connection
        reg = Register.open(db, actor, check=False, migrate=False)
        try:
            records = placards_issued(reg, start, end)
            settings = load_village_settings(reg)
        finally:
            reg.close()
        if not records:
            raise LookupError(f"no placards to print: no permit issued {start} to {end}")
        return (yield from placard_batch(records, settings, target))

    def done(path):
        from deerfield_desk.ui.print_preview import PrintPreview

        with open(path, "rb") as fh:
            preview = PrintPreview(window, f"placards {start} to {end}", fh.read(), str(path))
        preview.show()
        if on_done:
            on_done(preview)

    return run_with_progress(window, "Printing placards", job, done)


def open_settings(window):
    from deerfield_desk.ui.village_settings_page import VillageSettingsPage

    page = VillageSettingsPage(window, window.register)
    if page.exec():
        window.notify_changed("settings")
    return page
