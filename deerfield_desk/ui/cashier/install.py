"""Permits → Take payment… (Ctrl+Shift+M) and Receipts and daily deposit…

Why in the Permits menu: the clerk takes money for a permit or application; the permit under
the register's cursor is the default, else a chooser of applications with fees owed.
"""

from __future__ import annotations

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QInputDialog

from deerfield_desk.store.cashier_lookup import applications_owing
from deerfield_desk.ui import confirm


def install(window) -> None:
    menu = window.menu("Permits")
    menu.addSeparator()
    take = QAction("&Take payment…", window)
    take.setShortcut(QKeySequence("Ctrl+Shift+M"))
    take.triggered.connect(lambda: open_take_payment(window))
    receipts = QAction("Recei&pts and daily deposit…", window)
    receipts.triggered.connect(lambda: open_receipts(window))
    menu.addAction(take)
    menu.addAction(receipts)


def choose_subject(window):
    """The permit selected in the register, else an application with fees still owed."""
    current = window.current_permit_uuid()
    if current:
        return current
    rows = applications_owing(window.register)
    if not rows:
        confirm.inform(window, "Take payment", "No application has fees owed.")
        return None
    labels = [row["label"] for row in rows]
    label, ok = QInputDialog.getItem(window, "Take payment", "Application", labels, 0, False)
    return rows[labels.index(label)]["uuid"] if ok else None


def open_take_payment(window):
    from deerfield_desk.ui.cashier.take_payment import open_take_payment as open_dialog

    return open_dialog(window)


def open_receipts(window):
    from deerfield_desk.ui.cashier.receipts_dialog import ReceiptsDialog

    dialog = ReceiptsDialog(window, window.register)
    dialog.setModal(False)
    dialog.show()
    window.receipts_dialog = dialog
    return dialog
