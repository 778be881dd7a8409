"""File → Field: Check out to…, Prepare return…, Check in…, Check-in conflicts…, Abandon…

On the office register the office actions are live and Prepare return is off; on a field copy
it is the other way round, with the banner on top. Each action calls the store (the same
functions as ``deerfield-desk field …``) and says plainly what happened.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QFileDialog, QProgressDialog

from deerfield_desk.errors import DeskError
from deerfield_desk.store.field import checkin as store_checkin
from deerfield_desk.store.field import checkout as store_checkout
from deerfield_desk.store.field.pack import write_return
from deerfield_desk.ui import confirm
from deerfield_desk.ui.changes import EVERYTHING
from deerfield_desk.ui.field_exchange.banner import install_banner
from deerfield_desk.ui.field_exchange.conflicts_view import ConflictsDialog
from deerfield_desk.ui.field_exchange.dialogs import AbandonDialog, CheckoutDialog

TITLE = "Field"
AT_OFFICE = "Done at the office, on the office register"
IN_FIELD = "Done on the laptop, in its field copy"


def run_dialog(dialog) -> bool:
    """Show a dialog modally; tests replace this to drive the dialog themselves."""
    return bool(dialog.exec())


def ask_path(window, title: str, folder: Path, pattern: str, *, save: bool) -> str:
    """A file chooser; tests replace this."""
    pick = QFileDialog.getSaveFileName if save else QFileDialog.getOpenFileName
    chosen, _ = pick(window, title, str(folder), pattern)
    return chosen


def install(window) -> None:
    install_banner(window)
    field_copy = window.register.field_manifest is not None
    menu = window.menu("File").addMenu("&Field")
    menu.setToolTipsVisible(True)
    window.field_menu = menu
    actions = {}
    for key, text, handler, office_only in (
        ("checkout", "Check &out to…", check_out, True),
        ("return", "Prepare &return…", prepare_return, False),
        ("checkin", "Check &in…", check_in, True),
        ("conflicts", "Check-in &conflicts…", show_conflicts, True),
        ("abandon", "&Abandon a copy…", abandon_copy, True),
    ):
        action = QAction(text, window)
        action.triggered.connect(lambda _=False, h=handler: h(window))
        allowed = (not field_copy) if office_only else field_copy
        action.setEnabled(allowed)
        action.setToolTip(AT_OFFICE if office_only else IN_FIELD)
        menu.addAction(action)
        actions[key] = action
    window.field_actions = actions


def check_out(window) -> dict | None:
    reg = window.register
    out = [r["device"] for r in store_checkout.outstanding(reg)]

    def apply(device, path):
        busy = QProgressDialog("Writing the field copy…", None, 0, 0, window)
        busy.setWindowTitle("Check out")
        busy.setWindowModality(Qt.WindowModality.ApplicationModal)
        busy.setMinimumDuration(400)

        def step(_status, remaining, total):
            busy.setMaximum(max(total, 1))
            busy.setValue(max(total - remaining, 0))
            QApplication.processEvents()

        try:
            return store_checkout.checkout(reg, path, device, progress=step)
        finally:
            busy.close()

    dialog = CheckoutDialog(window, Path(reg.path).parent, out, apply)
    if not run_dialog(dialog) or dialog.result_value is None:
        return None
    result = dialog.result_value
    window.notify_changed("field_checkouts", "number_blocks")
    blocks = ", ".join(b.label() for b in result.manifest.blocks)
    confirm.inform(
        window,
        "Field copy written",
        f"The field copy for {result.manifest.device} is at {result.copy} with "
        f"{result.photos} photo files beside it (photos folder). Notice numbers {blocks} are "
        "reserved for it. Copy the file and its photos folder to the laptop and open it there.",
    )
    return result.summary()


def prepare_return(window) -> dict | None:
    reg = window.register
    manifest = reg.field_manifest
    folder = Path(reg.path).parent
    suggested = folder / f"return-{manifest.device}.ddfield"
    chosen = ask_path(window, "Write the return pack to", suggested, "Return packs (*.ddfield)",
                      save=True)  # fmt: skip
    if not chosen:
        return None
    try:
        summary = write_return(reg.path, chosen)
    except DeskError as exc:
        confirm.inform(window, "Return not written", str(exc))
        return None
    confirm.inform(
        window,
        "Return pack written",
        f"{summary.entries} changes and {summary.photos} photo files are in {summary.path}. "
        "Take this one file to the office and check it in there (File → Field → Check in…). "
        "This copy is unchanged.",
    )
    return summary.as_dict()


def check_in(window) -> dict | None:
    reg = window.register
    chosen = ask_path(window, "Check in which return pack?", Path(reg.path).parent,
                      "Return packs (*.ddfield);;All files (*)", save=False)  # fmt: skip
    if not chosen:
        return None
    try:
        result = store_checkin.checkin(reg, chosen)
    except DeskError as exc:
        confirm.inform(window, "Check-in refused", str(exc))
        return None
    window.notify_changed(EVERYTHING)
    released = result.released_numbers
    text = (
        f"Applied {result.applied} changes from the field; {result.already_present} were "
        f"already here. {len(released)} unused reserved numbers were released"
        + (f" ({released[0]}…{released[-1]})." if released else ".")
    )
    if result.conflicts:
        text += (
            f"\n\n{result.conflicts} record(s) were changed both here and in the field: "
            "choose which value to keep for each in the conflicts queue."
        )
    confirm.inform(window, "Checked in", text)
    if result.conflicts:
        show_conflicts(window)
    return result.as_dict()


def show_conflicts(window) -> ConflictsDialog:
    dialog = ConflictsDialog(
        window, window.register, on_resolved=lambda item: window.notify_changed(item["table_name"])
    )
    window.conflicts_dialog = dialog
    run_dialog(dialog)
    return dialog


def abandon_copy(window):
    reg = window.register
    out = store_checkout.outstanding(reg)
    if not out:
        confirm.inform(window, "Abandon a field copy", "No field copy is checked out.")
        return None
    dialog = AbandonDialog(window, out, lambda device, reason: store_checkout.abandon(
        reg, device, reason))  # fmt: skip
    if not run_dialog(dialog) or dialog.result_value is None:
        return None
    row, released = dialog.result_value
    window.notify_changed("field_checkouts", "number_blocks")
    confirm.inform(
        window,
        "Field copy abandoned",
        f"The copy for {row['device']} is closed ({row['abandon_reason']}); its file stays at "
        f"{row['copy_path']}. {len(released)} reserved numbers were released.",
    )
    return row
