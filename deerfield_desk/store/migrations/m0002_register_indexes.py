"""Indexes the register window sorts and filters by, so a million permits stay quick.

Why each one (m0001 already indexes status, applied/issued/expiry dates, address, owner,
contractor; the permit number is UNIQUE and so indexed):
- ``permits_kind_sort(kind)``: m0001's ``(kind, status)`` orders rows by status within a kind,
  so "sort by kind" would sort every building permit before showing the first page; ``(kind)``
  alone keeps id order within a kind, which is the register's tie-break.
- ``permits_status_expires(status, expires_date)``: the "needs action" filter (issued or
  extended permits past their expiry) and the "next action" column's order.
- ``permits_parcel_number(parcel_number)``: a parcel number being typed is searched as a
  range on this index (store/register_queries.py explains why not through FTS).
"""

from sqlite_utils import Database


def migrate(db: Database) -> None:
    db.execute("CREATE INDEX IF NOT EXISTS permits_kind_sort ON permits(kind)")
    db.execute("CREATE INDEX IF NOT EXISTS permits_status_expires ON permits(status, expires_date)")
    db.execute("CREATE INDEX IF NOT EXISTS permits_parcel_number ON permits(parcel_number)")
