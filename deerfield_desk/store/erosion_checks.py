"""Exhibit A site visits and the permittee's erosion log (31.10(2), 31.12(2)(G)/(3)(E)).

A visit stores one response per item that applies to the site's class, all in one
transaction: a half-answered checklist is refused, never half-written. The log records the
permittee's own inspections; :func:`log_gaps` flags each week without one and each rain of
0.5 in or more not followed by one (on the day or the next).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta

from deerfield_desk.errors import InvalidInput
from deerfield_desk.models.codes import PermitClass, VisitPurpose
from deerfield_desk.models.exhibit_a import (
    RAIN_TRIGGER_INCHES,
    RESPONSES,
    SITE_CLASSES,
    VISIT_CHOICES,
    WEEK_DAYS,
    checklist_for,
    items_for,
    site_choice,
)
from deerfield_desk.store.register import Register, decision

# A site visit, or the review of a minor control plan statement within 3 working days
# (31.10(2)); the engine's ``minor_plan_review`` deadline times the latter.
VISIT_PURPOSES = tuple(VisitPurpose)


def site_class_of(reg: Register, permit_uuid: str) -> str:
    """The checklist choice (``VISIT_CHOICES``) from the erosion permit of the permit's
    application (its class, 31.02(16)/(17)) and whether the engine found a larger site
    (31.06(3)); a 6-acre CSM disturbing under an acre is a larger minor site."""
    permit = reg.get("permits", permit_uuid)
    erosion = permit if permit["kind"] == "erosion_control" else None
    if erosion is None and permit.get("application_id"):
        erosion = reg.query_one(
            "SELECT permit_class FROM permits WHERE application_id = ? "
            "AND kind = 'erosion_control' ORDER BY id LIMIT 1",
            (permit["application_id"],),
        )
    larger = False
    if permit.get("application_id"):
        row = reg.query_one(
            "SELECT assessment_json FROM applications WHERE id = ?", (permit["application_id"],)
        )
        larger = '"larger_site_standards"' in ((row or {}).get("assessment_json") or "")
    return site_choice(erosion["permit_class"] if erosion else None, larger)


@decision
def record_visit(
    reg: Register,
    permit_uuid: str,
    site_class: str,
    responses: dict[str, tuple[str, str | None]],
    *,
    purpose: str = "site_visit",
    inspection_uuid: str | None = None,
    notes: str | None = None,
    visited_at: datetime | None = None,
) -> tuple[dict, list[dict]]:
    """Store a checklist: ``responses`` maps item code → (response, note).

    ``site_class`` is a stored class (minor, major, larger) or a screen choice of
    ``VISIT_CHOICES`` ("larger_minor": Exhibit A plus the larger-site standards)."""
    if site_class not in VISIT_CHOICES:
        raise InvalidInput("site_class", f"one of {', '.join(VISIT_CHOICES)}")
    site_class, larger_site = VISIT_CHOICES[site_class]
    if site_class not in SITE_CLASSES:  # pragma: no cover - VISIT_CHOICES maps onto them
        raise InvalidInput("site_class", f"one of {', '.join(SITE_CLASSES)}")
    if purpose not in VISIT_PURPOSES:
        raise InvalidInput("purpose", "a site visit or a control plan statement review")
    items = items_for(site_class, larger_site)
    codes = {i.code for i in items}
    extra = sorted(set(responses) - codes)
    if extra:
        raise InvalidInput("responses", f"{extra[0]} is not an Exhibit A item for a {site_class}")
    for item in items:
        if item.code not in responses:
            raise InvalidInput(f"responses.{item.code}", f"answer {item.section} before saving")
        answer, note = responses[item.code]
        if answer not in RESPONSES:
            raise InvalidInput(f"responses.{item.code}", "meets, deficient or not applicable")
        if answer == "deficient" and not (note or "").strip():
            raise InvalidInput(f"responses.{item.code}", "say what is deficient in a note")
    permit = reg.get("permits", permit_uuid)
    inspection_id = reg.get("inspections", inspection_uuid)["id"] if inspection_uuid else None
    with reg.transaction():
        visit = reg.insert(
            "checklist_visits",
            {
                "permit_id": permit["id"],
                "inspection_id": inspection_id,
                "site_class": site_class,
                "purpose": purpose,
                "visited_at": (visited_at or datetime.now()).strftime("%Y-%m-%dT%H:%M"),
                "inspector": reg.actor.name,
                "notes": (notes or "").strip() or None,
                "checklist_version": checklist_for(site_class).version,
                "larger_site": int(larger_site),
            },
        )
        rows = [
            {
                "visit_id": visit["id"],
                "item_code": item.code,
                "section": item.section,
                "response": responses[item.code][0],
                "note": (responses[item.code][1] or "").strip() or None,
            }
            for item in items
        ]
        reg.insert_many("checklist_responses", rows)
    return visit, visit_responses(reg, visit["uuid"])


def visit_responses(reg: Register, visit_uuid: str) -> list[dict]:
    visit = reg.get("checklist_visits", visit_uuid)
    return reg.query(
        "SELECT * FROM checklist_responses WHERE visit_id = ? AND status = 'active' ORDER BY id",
        (visit["id"],),
    )


@decision
def log_inspection(
    reg: Register,
    permit_uuid: str,
    inspected_on: date,
    trigger: str,
    inspected_by: str,
    *,
    rain_inches: float | None = None,
    repairs: str | None = None,
) -> dict:
    """Record one of the permittee's own inspections of the erosion controls."""
    if trigger not in ("rain", "weekly"):
        raise InvalidInput("trigger", "an erosion log entry follows a rain or is the weekly one")
    if trigger == "rain" and (rain_inches is None or rain_inches < RAIN_TRIGGER_INCHES):
        raise InvalidInput("rain_inches", f"a rain inspection follows {RAIN_TRIGGER_INCHES} in+")
    if not inspected_by or not inspected_by.strip():
        raise InvalidInput("inspected_by", "say who inspected the controls")
    permit = reg.get("permits", permit_uuid)
    return reg.insert(
        "erosion_log",
        {
            "permit_id": permit["id"],
            "inspected_on": inspected_on.isoformat(),
            "trigger": trigger,
            "rain_inches": rain_inches,
            "inspected_by": inspected_by.strip(),
            "repairs": (repairs or "").strip() or None,
            "recorded_by": reg.actor.name,
        },
    )


@decision
def record_rain(reg: Register, fell_on: date, inches: float, source: str | None = None) -> dict:
    if inches < 0:
        raise InvalidInput("inches", "rainfall cannot be negative")
    return reg.insert(
        "rainfall", {"fell_on": fell_on.isoformat(), "inches": inches, "source": source}
    )


@dataclass(frozen=True)
class LogGap:
    kind: str  # "week" or "rain"
    start: date
    end: date
    basis: str
    message: str


def log_entries(reg: Register, permit_id: int) -> list[dict]:
    """The permittee's erosion log for one permit, newest first."""
    return reg.query(
        "SELECT * FROM erosion_log WHERE permit_id = ? AND status = 'active' "
        "ORDER BY inspected_on DESC",
        (permit_id,),
    )


def log_gaps(reg: Register, permit_uuid: str, start: date, end: date) -> list[LogGap]:
    """Weeks from ``start`` (7-day blocks up to ``end``) with no log entry, and rains of
    0.5 in or more with no entry that day or the next."""
    permit = reg.get("permits", permit_uuid)
    basis = "31.12(2)(G)" if permit["permit_class"] == PermitClass.MAJOR else "31.12(3)(E)"
    days = {
        date.fromisoformat(r["inspected_on"])
        for r in reg.query(
            "SELECT inspected_on FROM erosion_log WHERE permit_id = ? AND status = 'active' "
            "AND inspected_on BETWEEN ? AND ?",
            (permit["id"], start.isoformat(), (end + timedelta(days=1)).isoformat()),
        )
    }
    gaps = []
    block = start
    while block + timedelta(days=WEEK_DAYS - 1) <= end:
        last = block + timedelta(days=WEEK_DAYS - 1)
        if not any(block <= d <= last for d in days):
            gaps.append(
                LogGap("week", block, last, basis, f"no inspection logged {block} to {last}")
            )
        block = last + timedelta(days=1)
    rains = reg.query(
        "SELECT fell_on, inches FROM rainfall WHERE status = 'active' AND inches >= ? "
        "AND fell_on BETWEEN ? AND ? ORDER BY fell_on",
        (RAIN_TRIGGER_INCHES, start.isoformat(), end.isoformat()),
    )
    for rain in rains:
        fell = date.fromisoformat(rain["fell_on"])
        if fell not in days and fell + timedelta(days=1) not in days:
            gaps.append(
                LogGap(
                    "rain",
                    fell,
                    fell + timedelta(days=1),
                    basis,
                    f"{rain['inches']:.2f} in of rain on {fell} with no inspection after it",
                )
            )
    return gaps
