"""Screens plug into the main window here, one line each, so features stay in their own files.

Each entry names a module with ``install(window: MainWindow) -> None``. ``install`` adds its
actions to ``window.menu("Permits")`` (or File, Inspections, Documents, Tools, Help), may add a
tab with ``window.add_tab(widget, title)``, and listens to ``window.register_changed`` to refresh.
It reads and writes only through ``window.register`` (a ``store.Register``) and the store's
repository functions; the UI never writes SQL.
"""

FEATURE_MODULES: list[str] = [
    "deerfield_desk.ui.register_actions",
    "deerfield_desk.ui.backup_actions",
    "deerfield_desk.ui.field_exchange.install",
    "deerfield_desk.ui.export_actions",
    "deerfield_desk.ui.lifecycle_actions",
    "deerfield_desk.ui.field.install",
    "deerfield_desk.ui.documents_actions",
    "deerfield_desk.ui.notices_view",
    "deerfield_desk.ui.calendar_actions",
    "deerfield_desk.ui.citation_links",
    "deerfield_desk.ui.finding_actions",
    "deerfield_desk.ui.cashier.install",
    "deerfield_desk.ui.zoning_dialog",
    "deerfield_desk.ui.permit_window",
    "deerfield_desk.ui.help.install",
    "deerfield_desk.ui.grow_dialogs",
    "deerfield_desk.ui.a11y.install",
]
