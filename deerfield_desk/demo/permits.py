"""Demo permits with their inspections, fees and notices, one batch at a time.

Rows are dicts holding only the fields they set: the journal records exactly those.
"""

from __future__ import annotations

import random
from datetime import date

from deerfield_desk.demo import names
from deerfield_desk.demo.rows import (
    INSPECTORS,
    KINDS,
    STATUSES,
    Places,
    Plan,
    iso,
    new_uuid,
    new_uuids,
)
from deerfield_desk.models.codes import NoticeStatus, PermitKind
from deerfield_desk.models.inspection_rules import Result
from deerfield_desk.models.inspection_sequence import stages_for
from deerfield_desk.models.notice_deadlines import notice_deadlines
from deerfield_desk.models.notices import ServiceMethod
from deerfield_desk.models.status import PermitStatus

PERMIT_COLS = (
    "id", "uuid", "permit_number", "kind", "permit_class", "status", "structure", "description",
    "estimated_cost_cents", "housing_units", "parcel_id", "address_text", "parcel_number",
    "owner_name", "contractor_name", "applied_date", "issued_date", "expires_date",
    "finaled_date", "review_due", "conditions", "decision_reason", "status_before_hold",
    "void_reason", "updated_at",
)  # fmt: skip
INSPECTION_COLS = ("id", "uuid", "permit_id", "stage", "requested_at", "scheduled_for",
                   "inspected_at", "inspector", "result", "notes")  # fmt: skip
FEE_COLS = ("id", "uuid", "permit_id", "code", "description", "amount_cents", "basis", "status",
            "created_at")  # fmt: skip
NOTICE_COLS = ("id", "uuid", "notice_number", "kind", "permit_id", "parcel_id", "status",
               "facts", "sections", "remedy", "issued_at", "served_at", "service_method",
               "due_date")  # fmt: skip
TODAY_STOPS = 12
S = PermitStatus
ISSUED_PATH = {S.ISSUED, S.EXTENDED, S.FINALED, S.EXPIRED, S.REVOKED, S.STOP_WORK}
FEE_LABELS = {"building": "Building permit fee", "erosion_control": "Erosion control permit fee",
              "demolition": "Razing permit fee", "moving": "Moving permit fee",
              "satellite_dish": "Satellite dish permit fee"}  # fmt: skip
FAILED_NOTES = (
    "Anchor bolts missing at rear wall",
    "Silt fence down along the east lot line",
    "Guardrail under 36 in on deck stair",
    "Missing smoke alarm in bedroom 2",
)


class PermitMaker:
    def __init__(self, rng: random.Random, plan: Plan, places: Places, today: date):
        self.rng, self.plan, self.places = rng, plan, places
        self.end = today.toordinal()
        self.ids = {"inspections": 0, "fees": 0, "notices": 0}
        self.notice_last: dict[int, int] = {}
        self.route_load: dict[int, int] = {}
        self.stage_cache: dict[tuple, tuple[str, ...]] = {}
        big = len(plan.applied) > 50_000
        self.recent = self.end - 3 * 365 if big else 0
        self.sample = 0.1 if big else 1.0

    def _next(self, table: str) -> int:
        self.ids[table] += 1
        return self.ids[table]

    def batch(self, start: int, stop: int) -> dict:
        permits, inspections, fees, notices = [], [], [], []
        uuids = new_uuids(self.rng, stop - start)
        for i in range(start, stop):
            permit, work = self._permit(i, uuids[i - start])
            permits.append(permit)
            st = permit["status"]
            # Older permits carry their dates but, in a big demo, not every inspection and
            # fee record: that keeps a million permits buildable in about two minutes.
            full = self.plan.applied[i] >= self.recent or self.rng.random() < self.sample
            if full and st in ISSUED_PATH and st != PermitStatus.REVOKED:
                inspections += self._inspections(i, permit, work)
            if full and (
                st in ISSUED_PATH
                or st in (PermitStatus.APPROVED, PermitStatus.CONDITIONALLY_APPROVED)
            ):
                fees.append(self._fee(permit))
            notice = self._notice(i, permit)
            if notice:
                notices.append(notice)
        return {"permits": (PERMIT_COLS, permits), "inspections": (INSPECTION_COLS, inspections),
                "fees": (FEE_COLS, fees), "notices": (NOTICE_COLS, notices)}  # fmt: skip

    def _permit(self, i: int, uuid: str) -> tuple[dict, str]:
        """One permit row, and the kind of work it is for (which picks its stages)."""
        rng, plan = self.rng, self.plan
        kind = KINDS[plan.kind[i]]
        description, work, structure, permit_class, (low, high) = rng.choice(names.PROJECTS[kind])
        k = rng.randrange(len(self.places.parcels))
        parcel, owner = self.places.parcels[k], self.places.people[k]
        st = STATUSES[plan.status[i]]
        p = {
            "id": i + 1, "uuid": uuid, "kind": kind, "status": st,
            "description": description, "estimated_cost_cents": rng.randint(low, high) * 100,
            "parcel_id": parcel["id"], "address_text": parcel["address_text"],
            "parcel_number": parcel["parcel_number"], "owner_name": owner["name"],
            "applied_date": iso(plan.applied[i]),
        }  # fmt: skip
        if permit_class:
            p["permit_class"] = permit_class
        if structure:
            p["structure"] = structure
        new_home = work == "new_building" and structure in ("dwelling", "multifamily")
        units = 4 if structure == "multifamily" else 2 if "two-family" in description else 1
        p["housing_units"] = units if new_home else 0
        if kind != PermitKind.SATELLITE_DISH and rng.random() < 0.8:
            p["contractor_name"] = rng.choice(self.places.contractors)
        if plan.issued[i]:
            year = date.fromordinal(plan.issued[i]).year
            p["permit_number"] = f"{year}-{plan.number[i]:04d}"
            p["issued_date"] = iso(plan.issued[i])
            p["expires_date"] = iso(plan.expires[i])
        if plan.finaled[i]:
            p["finaled_date"] = iso(plan.finaled[i])
        if st == PermitStatus.UNDER_REVIEW:
            p["review_due"] = iso(plan.applied[i] + 30)
        elif st == PermitStatus.CONDITIONALLY_APPROVED:
            p["conditions"] = "Erosion controls in place before the footing inspection"
        elif st == PermitStatus.REJECTED:
            p["decision_reason"] = "Plans do not show the required setbacks; resubmit"
        elif st == PermitStatus.STOP_WORK:
            p["status_before_hold"] = "issued"
        elif st == PermitStatus.VOIDED:
            p["void_reason"] = "Entered twice; the other permit stands"
        last = plan.finaled[i] or plan.issued[i] or plan.applied[i]
        p["updated_at"] = f"{iso(min(last, self.end))}T15:30:00"
        return p, work

    def _inspections(self, i: int, p: dict, work: str) -> list[dict]:
        rng, plan = self.rng, self.plan
        stages = self._stages(p["kind"], p.get("structure"), work)
        if not stages:  # e.g. a satellite dish: the sequence asks for none
            return []
        issued, finaled = plan.issued[i], plan.finaled[i]
        out = []
        # One inspection a permit keeps a million-permit register buildable in two minutes;
        # the stage is the one the office would look at first.
        if finaled:
            out.append(self._inspection(p, stages[-1], finaled, "passed"))
        elif issued + 5 < self.end:  # the first inspection happened, before today
            failed = rng.random() < 0.08
            day = issued + rng.randint(3, min(40, self.end - issued - 1))
            out.append(self._inspection(p, stages[0], day, "failed" if failed else "passed"))
        else:
            out.append(self._inspection(p, stages[0], self._route_day(), "requested"))
        return out

    def _stages(self, kind: str, structure: str | None, work: str) -> tuple[str, ...]:
        key = (kind, structure, work)
        if key not in self.stage_cache:
            self.stage_cache[key] = tuple(s.code for s in stages_for(kind, structure, work))
        return self.stage_cache[key]

    def _route_day(self) -> int | None:
        """A day for a requested inspection: today or one of the next seven days while that
        day's route has room (a real inspector's day, about a dozen stops); when the week is
        full the request waits unscheduled, as it would at the office. Without the cap a
        million-permit demo put over a hundred stops on every day of the coming week."""
        for _ in range(4):
            day = self.end if self.rng.random() < 0.5 else self.end + self.rng.randint(1, 7)
            weekend = date.fromordinal(day).weekday() >= 5
            if not weekend and self.route_load.get(day, 0) < TODAY_STOPS:
                self.route_load[day] = self.route_load.get(day, 0) + 1
                return day
        return None

    def _inspection(self, p: dict, stage: str, day: int | None, result: str) -> dict:
        asked = day if day is not None else self.end - 1
        row = {"id": self._next("inspections"), "uuid": new_uuid(self.rng), "permit_id": p["id"],
               "stage": stage, "requested_at": f"{iso(asked - 2)}T09:00:00",
               "scheduled_for": iso(day) if day is not None else None,
               "result": result}  # fmt: skip
        if result != Result.REQUESTED:
            row["inspected_at"] = f"{iso(day)}T10:30:00"
            row["inspector"] = INSPECTORS[asked % 2]
        if result == Result.FAILED:
            row["notes"] = self.rng.choice(FAILED_NOTES)
        return row

    def _fee(self, p: dict) -> dict:
        cost = p["estimated_cost_cents"] // 100
        amount = 75 + (cost // 1000) * 4 if p["kind"] == PermitKind.BUILDING else 150
        return {"id": self._next("fees"), "uuid": new_uuid(self.rng), "permit_id": p["id"],
                "code": f"{p['kind']}_permit", "description": FEE_LABELS[p["kind"]],
                "amount_cents": amount * 100, "basis": "demo fee schedule",
                "status": "paid" if "issued_date" in p else "due",
                "created_at": p.get("issued_date") or p["applied_date"]}  # fmt: skip

    def _notice(self, i: int, p: dict) -> dict | None:
        """A served notice of one of the app's own kinds, its due date from the ordinance
        engine as the Notices tab would compute it (the demo once invented kinds no screen
        knew, and they broke the tab, printing and the archive)."""
        st, rng = p["status"], self.rng
        erosion = p["kind"] == PermitKind.EROSION_CONTROL
        if st == PermitStatus.STOP_WORK:
            kind, facts, section = names.NOTICE_KINDS[1 if erosion else 0]
        elif st == PermitStatus.ISSUED and p["expires_date"] < iso(self.end) and rng.random() < 0.3:
            kind, facts, section = names.NOTICE_KINDS[3]
        elif st in (PermitStatus.ISSUED, PermitStatus.EXTENDED) and rng.random() < 0.004:
            kind, facts, section = names.NOTICE_KINDS[1 if erosion else 2]
        else:
            return None
        day = min(self.end, max(self.plan.issued[i], self.end - rng.randint(1, 60)))
        year = date.fromordinal(day).year
        self.notice_last[year] = n = self.notice_last.get(year, 0) + 1
        row = {"id": self._next("notices"), "uuid": new_uuid(rng),
               "notice_number": f"N-{year}-{n:04d}", "kind": kind, "permit_id": p["id"],
               "parcel_id": p["parcel_id"], "status": NoticeStatus.SERVED, "facts": facts,
               "sections": section, "remedy": "Correct and call for reinspection",
               "issued_at": f"{iso(day)}T09:00", "served_at": iso(day),
               "service_method": ServiceMethod.POSTED}  # fmt: skip
        due = notice_deadlines(row).register_due
        row["due_date"] = due.isoformat() if due else None
        return row
