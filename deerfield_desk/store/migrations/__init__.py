"""Numbered schema migrations, applied at start-up with ``sqlite_utils.Migrations``.

Each migration lives in its own module ``mNNNN_<what>.py`` with a function ``migrate(db)``;
a module that sets ``TRANSACTIONAL = False`` runs outside sqlite-utils' transaction and
manages its own (a table rebuild must switch foreign keys off between transactions).
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
    "m0005_coded_values",
    "m0006_register_identity",
    "m0007_notices_enforce",
    "m0008_ordinance",
    "m0009_field_exchange",
    "m0014_verify",
    "m0010_backups",
    "m0020_journal_head_register",
    "m0015_cashiering",
    "m0018_dwelling_units",
    "m0017_field_photos",
    "m0012_inspection_schedule",
    "m0011_people_on_file",
    "m0022_permit_owner_on_file",
    "m0023_one_phone_index",
    "m0021_field_rules",
]

SET_NAME = "deerfield_desk"


def build_migrations() -> Migrations:
    migrations = Migrations(SET_NAME)
    for module_name in MIGRATION_MODULES:
        module = importlib.import_module(f"{__name__}.{module_name}")
        transactional = getattr(module, "TRANSACTIONAL", True)
        migrations(name=module_name, transactional=transactional)(module.migrate)
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
