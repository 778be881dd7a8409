"""Numbered schema migrations, applied at start-up with ``sqlite_utils.Migrations``.

Each migration lives in its own module ``mNNNN_<what>.py`` with a function ``migrate(db)``.
They are applied in the order of ``MIGRATION_MODULES``; a register records which ran in
``_sqlite_migrations``. Never edit a migration that has shipped: add the next one.
"""

from __future__ import annotations

import importlib

from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

MIGRATION_MODULES = [
    "m0001_foundation",
    "m0002_register_indexes",
    "m0003_lifecycle",
    "m0004_inspections",
    "m0006_register_identity",
]

SET_NAME = "deerfield_desk"


def build_migrations() -> Migrations:
    migrations = Migrations(SET_NAME)
    for module_name in MIGRATION_MODULES:
        module = importlib.import_module(f"{__name__}.{module_name}")
        migrations(name=module_name)(module.migrate)
    return migrations


def apply_migrations(db: Database) -> list[str]:
    """Apply pending migrations; return the names applied (empty when up to date)."""
    migrations = build_migrations()
    pending = [m.name for m in migrations.pending(db)]
    if pending:
        migrations.apply(db)
    return pending


def pending_migrations(db: Database) -> list[str]:
    return [m.name for m in build_migrations().pending(db)]
