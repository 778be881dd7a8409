"""The main window: the permit register, with menus that features plug into.

Features (wizard, inspections, documents, exports…) install themselves from
``ui/features.py``; this file stays small and knows none of them.
"""

from __future__ import annotations

import importlib

from PySide6.QtCore import QByteArray, QSettings, Signal
from PySide6.QtWidgets import QAbstractButton, QMainWindow, QMenu, QTabWidget, QVBoxLayout, QWidget

from deerfield_desk.config import APP_NAME, Paths
from deerfield_desk.store.changes import OpChanges, changes_since, journal_end
from deerfield_desk.store.register import Register
from deerfield_desk.ui import register_actions, register_view, session
from deerfield_desk.ui.a11y.naming import prepare
from deerfield_desk.ui.features import FEATURE_MODULES
from deerfield_desk.ui.start.opening import release

MENU_ORDER = ("File", "Permits", "Inspections", "Documents", "Tools", "Help")


class MainWindow(QMainWindow):
    """Holds the open register and the signed-in actor; screens talk to the store through it."""

    #: Emitted after any committed write with the store's report of what it changed
    #: (``store.changes.OpChanges``), so views refresh only what they must: a view asks
    #: ``changes.touches("permits", ...)``. Nobody lists tables by hand: the register reports
    #: its own journaled writes, and :meth:`catch_up` reads other connections' writes back
    #: from the journal.
    register_changed = Signal(object)
    #: Emitted once the register view shows its first rows (the smoke probe waits for it).
    first_rows_shown = Signal(int)
    #: Emitted with a permit's uuid when the user opens it (Enter or double-click).
    permit_activated = Signal(str)

    def __init__(self, register: Register, paths: Paths, *, demo: bool = False):
        super().__init__()
        self._register: Register | None = None
        self._journal_seq = 0
        #: The permit a permit window's action applies to while it runs (menu actions ask
        #: :meth:`current_permit_uuid`, so they act on the open permit, not the selection).
        self.permit_scope: str | None = None
        self.register = register
        self.paths = paths
        self.demo = demo
        self.setWindowTitle(f"{APP_NAME} — {paths.db.name}" + (" (DEMO DATA)" if demo else ""))
        self._menus: dict[str, QMenu] = {}
        for name in MENU_ORDER:
            self._menus[name] = self.menuBar().addMenu(f"&{name}")
        central = QWidget()
        self._layout = QVBoxLayout(central)
        self._layout.setContentsMargins(6, 6, 6, 6)
        if demo:  # never where real work lands by accident: say so, offer the way out
            from deerfield_desk.ui.start.demo_banner import demo_banner

            self._layout.addWidget(demo_banner(self))
        self.tabs = QTabWidget()
        self._layout.addWidget(self.tabs, 1)
        self.setCentralWidget(central)
        self.resize(1280, 800)
        geometry = self.settings().value("window/geometry")
        if isinstance(geometry, QByteArray | bytes):
            self.restoreGeometry(QByteArray(geometry))
        # The register is the main view: first tab, installed before the features so they can
        # rely on current_permit_uuid() and permit_activated.
        self.register_view = register_view.install(self)
        session.install(self)
        for module_name in FEATURE_MODULES:
            importlib.import_module(module_name).install(self)
        register_actions.add_exit(self)  # File → Exit last, after every feature's items
        prepare(self)  # labels name their fields, no table traps Tab (ui/a11y/naming.py)

    @property
    def register(self) -> Register:
        assert self._register is not None
        return self._register

    @register.setter
    def register(self, register: Register) -> None:
        """Listen to the register's own reports; a new register (a restore) moves the
        listener and starts reading its journal from its current end."""
        previous = self._register
        if previous is not None:
            previous.remove_listener(self._store_changed)
        self._register = register
        register.on_change(self._store_changed)
        self._journal_seq = journal_end(register)
        if previous is not None:  # views still read the old one: they rebind and reload
            self.register_changed.emit(OpChanges.all())

    def _store_changed(self, changes: OpChanges) -> None:
        # Our own write: its report is exact. Read the journal from where we were, so writes
        # another connection made meanwhile are not lost either.
        since, self._journal_seq = changes_since(self.register, self._journal_seq)
        self.register_changed.emit(changes | since)

    def catch_up(self) -> OpChanges:
        """Announce what other connections wrote since we last looked (a background import,
        a photo import, the demo): read from the journal, not listed by the caller."""
        changes, self._journal_seq = changes_since(self.register, self._journal_seq)
        if changes:
            self.register_changed.emit(changes)
        return changes

    def announce_everything(self) -> None:
        """The whole register was replaced (a restored backup): every view reloads."""
        self._journal_seq = journal_end(self.register)
        self.register_changed.emit(OpChanges.all())

    @property
    def actor(self):
        return self.register.actor

    def menu(self, name: str) -> QMenu:
        if name not in self._menus:
            self._menus[name] = self.menuBar().addMenu(f"&{name}")
        return self._menus[name]

    def add_tab(self, widget: QWidget, title: str, *, first: bool = False) -> int:
        prepare(widget)
        index = self.tabs.insertTab(0, widget, title) if first else self.tabs.addTab(widget, title)
        self._status_bar_last()
        return index

    def _status_bar_last(self) -> None:
        """The status bar's buttons stay the last Tab stops: a tab opened later (the review
        queue) joined the focus chain after them, so Tab went from the bottom of the window
        back up into the page."""
        for button in self.statusBar().findChildren(QAbstractButton):
            QWidget.setTabOrder(self.previousInFocusChain(), button)

    def current_permit_uuid(self) -> str | None:
        """The permit an action applies to: the one whose permit window launched it, else
        the permit selected in the register, or None."""
        return self.permit_scope or self.register_view.current_permit_uuid()

    def closeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        self.settings().setValue("window/geometry", self.saveGeometry())
        self.register_view.save_layout()
        session.on_close(self)
        release(self)  # a window that owns its register closes it and gives back the lock
        super().closeEvent(event)

    def notify_changed(self, *_tables: str) -> None:
        """Kept for callers written before the store reported its changes: the tables they
        name are ignored and the journal says what changed (see :meth:`catch_up`)."""
        self.catch_up()

    def settings(self) -> QSettings:
        """Window layout and column widths, kept in the data folder (``ui/prefs.py``)."""
        from deerfield_desk.ui.prefs import settings

        return settings()
