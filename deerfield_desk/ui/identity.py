"""Who is at the keyboard: chosen at first start, switchable, remembered in the data folder's
preferences (``ui/prefs.py``), so moving the data folder moves the name with it."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLineEdit

from deerfield_desk.config import device_id
from deerfield_desk.models.actor import Actor, Role
from deerfield_desk.ui.a11y.fit import DeskDialog
from deerfield_desk.ui.prefs import settings as preferences


def stored_actor() -> Actor | None:
    settings = preferences()
    name = settings.value("identity/name", "")
    role = settings.value("identity/role", "")
    if name and role in (Role.INSPECTOR, Role.CLERK):
        return Actor(str(name), Role(role), device_id())
    return None


def remember(actor: Actor) -> None:
    settings = preferences()
    settings.setValue("identity/name", actor.name)
    settings.setValue("identity/role", str(actor.role))
    settings.sync()


class IdentityDialog(DeskDialog):
    """Name and role; the journal signs every change with them."""

    def __init__(self, parent=None, current: Actor | None = None):
        super().__init__(parent)
        self.setWindowTitle("Who is at the keyboard?")
        layout = QFormLayout(self)
        self.name = QLineEdit(current.name if current else "")
        self.name.setPlaceholderText("e.g. Pat Miller")
        self.role = QComboBox()
        self.role.addItem("Building inspector", Role.INSPECTOR)
        self.role.addItem("Village clerk", Role.CLERK)
        if current:
            self.role.setCurrentIndex(0 if current.role == Role.INSPECTOR else 1)
        layout.addRow("Your name", self.name)
        layout.addRow("Your role", self.role)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        layout.addRow(buttons)

    def _accept(self) -> None:
        if not self.name.text().strip():
            self.name.setFocus()
            self.name.setPlaceholderText("Your name is required: it signs the journal")
            return
        self.accept()

    def actor(self) -> Actor:
        return Actor(self.name.text().strip(), Role(self.role.currentData()), device_id())


def current_actor(*, ask: bool) -> Actor | None:
    actor = stored_actor()
    if actor is not None:
        return actor
    if not ask:
        return Actor("Smoke probe", Role.CLERK, device_id())
    dialog = IdentityDialog()
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    actor = dialog.actor()
    remember(actor)
    return actor
