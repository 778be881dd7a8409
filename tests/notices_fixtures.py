"""A register with two issued permits and no notices, and helpers that drive the Notices
screen's dialogs the way a clerk fills them (no dialog ever blocks a test)."""

from __future__ import annotations

from datetime import date, datetime, timedelta


def build_permits(reg) -> dict:
    """Two issued permits, far from expiry: nothing on them needs action until a notice does.
    The village's office is set in Settings, so official documents may print."""
    from deerfield_desk.documents.village import save_village_settings
    from tests.documents_fixtures import SETTINGS

    save_village_settings(reg, SETTINGS)
    out = {}
    for n, (house, street) in enumerate((("412", "Liberty Street"), ("9", "Oak Court")), 1):
        parcel = reg.insert(
            "parcels",
            {
                "parcel_number": f"0711-123-000{n}",
                "house_number": house,
                "street": street,
                "address_text": f"{house} {street}, Deerfield, WI 53531",
            },
        )
        owner = reg.insert(
            "people", {"name": f"Owner {n}", "mailing_address": f"{house} {street}, Deerfield"}
        )
        app = reg.insert(
            "applications",
            {
                "application_number": f"A-2026-000{n}",
                "parcel_id": parcel["id"],
                "owner_id": owner["id"],
                "created_at": "2026-01-05T09:00",
                "project_json": "{}",
            },
        )
        out[f"permit{n}"] = reg.insert(
            "permits",
            {
                "application_id": app["id"],
                "permit_number": f"2026-00{40 + n}",
                "kind": "building",
                "status": "issued",
                "parcel_id": parcel["id"],
                "address_text": parcel["address_text"],
                "owner_name": f"Owner {n}",
                "applied_date": "2026-01-05",
                "issued_date": "2026-01-20",
                "expires_date": (date.today() + timedelta(days=400)).isoformat(),
            },
        )
    return out


def days_ago(days: int, hour: int = 9) -> datetime:
    moment = datetime.now() - timedelta(days=days)
    return moment.replace(hour=hour, minute=0, second=0, microsecond=0)


def filler(**values):
    """A replacement for ``notice_dialogs.run``: set the dialog's fields, press its button."""
    seen = []

    def run(dialog) -> bool:
        seen.append(dialog)
        for name, value in values.items():
            widget = getattr(dialog, name)
            if name == "kind":
                dialog.set_kind(value)
            elif name == "method":
                dialog.set_method(value)
            elif hasattr(widget, "setDate"):
                widget.setDate(value)
            elif hasattr(widget, "setPlainText"):
                widget.setPlainText(value)
            else:
                widget.setText(value)
        return dialog.submit()

    run.seen = seen
    return run
