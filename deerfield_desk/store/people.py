"""People and firms on file: the directory, duplicate checks, labels and the owner of record.

Why: the counter had two identical "Maria Gonzalez" entries, one without an address, and a
stop-work order went to that one, because every picker showed only a name. Here a person is
always shown with address and phone (:func:`person_label`), a new person is checked against
the people on file by name, phone and address before a second record is made
(:func:`people_matching`), and a parcel's owner of record is found from the register rather
than retyped (:func:`owner_of_record`).

Comparisons fold ASCII case and spacing and compare phones by their digits only
("(608) 555-0100" is "608.555.0100"), the same on every engine: the SQL below folds with
``lower()`` and ``replace()``, which SQLite and PostgreSQL both have.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from deerfield_desk.store.applications import ASCII_LOWER, contains_pattern
from deerfield_desk.store.near_people import near_people
from deerfield_desk.store.phone_digits_sql import phone_digits_of
from deerfield_desk.store.register import Register

#: Folds a phone column to its digits in SQL (the punctuation clerks type), spelt as the
#: register's phone index is (``store.phone_digits_sql``): an index search, not a scan.
PHONE_DIGITS_SQL = phone_digits_of("{col}")


def phone_digits(phone: str | None) -> str:
    """The digits of a phone number, without a leading US country code."""
    digits = re.sub(r"\D", "", phone or "")
    return digits[1:] if len(digits) == 11 and digits.startswith("1") else digits


def folded(text: str | None) -> str:
    """Name or address as compared: ASCII case folded, punctuation dropped, spaces single."""
    plain = re.sub(r"[.,#]", " ", (text or "").translate(ASCII_LOWER))
    return " ".join(plain.split())


def _dash(value: Any) -> str:
    return str(value).strip() if value not in (None, "") else ""


def person_label(row: dict) -> str:
    """One line a clerk can tell two people apart by: name (firm) · address · phone. A
    missing address or phone is said, so the empty duplicate is recognisable."""
    name = _dash(row.get("name")) or "(no name)"
    firm = _dash(row.get("firm"))
    if firm and firm != name:
        name += f" ({firm})"
    address = _dash(row.get("mailing_address")).replace("\n", ", ") or "no address on file"
    phone = _dash(row.get("phone")) or "no phone on file"
    parts = [name, address, phone]
    if row.get("credential_number"):
        parts.append(f"credential {row['credential_number']}")
    return " · ".join(parts)


def credential_warning(row: dict, today: date) -> str | None:
    """ "Credential 1234567 expired on 2026-10-31" once the expiry has passed; None while it
    is in force or when no expiry is on file. The office warns, it does not refuse: the
    contractor may have renewed without telling the village."""
    expires = row.get("credential_expires")
    if not expires or expires >= today.isoformat():
        return None
    number = row.get("credential_number") or "on file"
    return f"Credential {number} expired on {expires}"


@dataclass
class PersonMatch:
    """A person on file who looks like the one being added, and why."""

    person: dict
    reasons: list[str] = field(default_factory=list)

    @property
    def label(self) -> str:
        return f"{person_label(self.person)}  (same {', '.join(self.reasons)})"


def people_matching(reg: Register, person: dict, limit: int = 10) -> list[PersonMatch]:
    """Active people on file with the same name, phone or mailing address as ``person``
    (a dict of the add-person form's fields), best match first. Empty when nothing matches."""
    name = folded(person.get("name"))
    phone = phone_digits(person.get("phone"))
    address = folded(person.get("mailing_address"))
    clauses, params = [], []
    if name:
        clauses.append("lower(trim(name)) = ?")
        params.append(name)
    if len(phone) >= 7:  # by the digits index: as typed, or with the country code
        clauses.append(f"{PHONE_DIGITS_SQL.format(col='phone')} IN (?, ?)")
        params += [phone, "1" + phone]
    if address:
        # The house number and street name narrow the lookup to a range of the folded-address
        # index; the exact (folded) comparison below decides.
        start = " ".join(address.split()[:2])
        clauses.append("(lower(trim(mailing_address)) >= ? AND lower(trim(mailing_address)) < ?)")
        params += [start, start + "\uffff"]
    if not clauses:
        return []
    rows = reg.query(
        f"SELECT * FROM people WHERE status = 'active' AND ({' OR '.join(clauses)}) "
        "ORDER BY id LIMIT 200",
        params,
    )
    matches = []
    for row in rows:
        reasons = []
        if name and folded(row["name"]) == name:
            reasons.append("name")
        if len(phone) >= 7 and phone_digits(row["phone"]) == phone:
            reasons.append("phone")
        if address and folded(row["mailing_address"]) == address:
            reasons.append("address")
        if reasons:
            matches.append(PersonMatch(row, reasons))
    matches.sort(key=lambda m: (-len(m.reasons), m.person["id"]))
    return matches[:limit]


def search_people(reg: Register, text: str = "", limit: int = 200) -> list[dict]:
    """The directory's search: name, firm, phone (by digits), address, e-mail or credential
    number contains ``text``; active people first by name, then the near misses of a name
    (``store.near_people``: "Jonsen" finds Johnson), marked ``near_match``."""
    like = contains_pattern(text)
    digits = phone_digits(text)
    phone_clause = ""
    params: list[Any] = [like] * 5
    if len(digits) >= 3:
        phone_clause = f" OR {PHONE_DIGITS_SQL.format(col='phone')} LIKE ?"
        params.append(f"%{digits}%")
    found = reg.query(
        "SELECT * FROM people WHERE status = 'active' AND (lower(name) LIKE ? ESCAPE '\\' "
        "OR lower(coalesce(firm, '')) LIKE ? ESCAPE '\\' "
        "OR lower(coalesce(mailing_address, '')) LIKE ? ESCAPE '\\' "
        "OR lower(coalesce(email, '')) LIKE ? ESCAPE '\\' "
        "OR lower(coalesce(credential_number, '')) LIKE ? ESCAPE '\\'"
        f"{phone_clause}) ORDER BY name, id LIMIT ?",
        [*params, limit],
    )
    if text.strip() and len(found) < limit:
        found += near_people(reg, text, {p["uuid"] for p in found}, limit - len(found))
    return found


def owner_of_record(reg: Register, parcel_uuid: str) -> dict | None:
    """Who owns the parcel as far as the register knows: the owner on its latest application;
    for parcels known only from imported permits, the person on file named as their owner
    (the one with an address, if there are several)."""
    parcel = reg.query_one("SELECT id FROM parcels WHERE uuid = ?", (parcel_uuid,))
    if parcel is None:
        return None
    owner = reg.query_one(
        "SELECT pe.* FROM applications a JOIN people pe ON pe.id = a.owner_id "
        "WHERE a.parcel_id = ? AND a.status != 'draft' AND pe.status = 'active' "
        "ORDER BY a.id DESC LIMIT 1",
        (parcel["id"],),
    )
    if owner:
        return owner
    linked = reg.query_one(  # an imported permit whose owner the clerk linked (m0022)
        "SELECT pe.* FROM permits p JOIN people pe ON pe.id = p.owner_id "
        "WHERE p.parcel_id = ? AND pe.status = 'active' ORDER BY p.id DESC LIMIT 1",
        (parcel["id"],),
    )
    if linked:
        return linked
    named = reg.query_one(
        "SELECT owner_name FROM permits WHERE parcel_id = ? AND owner_name IS NOT NULL "
        "ORDER BY id DESC LIMIT 1",
        (parcel["id"],),
    )
    if not named:
        return None
    return reg.query_one(
        "SELECT * FROM people WHERE name = ? AND status = 'active' "
        "ORDER BY mailing_address IS NULL, id LIMIT 1",
        (named["owner_name"],),
    )


def notice_recipients(reg: Register, *named: dict | None) -> list[dict]:
    """Whom a notice about a permit may be addressed to: the people the permit names (owner
    first, then contractor), each followed by anyone else on file with the same name, so a
    duplicate record is seen beside the right one, with its address and phone, not picked
    blind."""
    out: list[dict] = []
    seen: set[str] = set()
    for person in named:
        if not person:
            continue
        same_name = reg.query(
            "SELECT * FROM people WHERE status = 'active' AND lower(trim(name)) = ? "
            "ORDER BY mailing_address IS NULL, id LIMIT 20",
            (folded(person["name"]),),
        )
        for row in [person, *same_name]:
            if row["uuid"] not in seen:
                seen.add(row["uuid"])
                out.append(row)
    return out
