"""The result of assessing a project, and ``assess_project`` which builds it.

Why a flat list per kind: the wizard shows permits, requirements, fees, refusals, reviews and
validity periods as separate panels, the documents print them as separate blocks, and the CLI
prints the same structure as JSON. Every item carries the section it rests on.

``exemptions`` is an addition to the issue's output: when a permit is *not* needed the clerk
still has to say why (12.07(3)(a), 12.04 ...), so that decision cites its section too.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from deerfield_desk.models import rules_building, rules_erosion, rules_special, rules_unknowns
from deerfield_desk.models.findings import (
    Exemption,
    Fee,
    Finding,
    Item,
    Permit,
    Refusal,
    Requirement,
    Review,
    Undetermined,
    Validity,
)
from deerfield_desk.models.project import Project


@dataclass
class Assessment:
    permits: list[Permit] = field(default_factory=list)
    requirements: list[Requirement] = field(default_factory=list)
    fees: list[Fee] = field(default_factory=list)
    refusals: list[Refusal] = field(default_factory=list)
    reviews: list[Review] = field(default_factory=list)
    validity: list[Validity] = field(default_factory=list)
    exemptions: list[Exemption] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    undetermined: list[Undetermined] = field(default_factory=list)

    def add(self, items: Iterable[Item]) -> None:
        lists = {
            Permit: self.permits,
            Requirement: self.requirements,
            Fee: self.fees,
            Refusal: self.refusals,
            Review: self.reviews,
            Validity: self.validity,
            Exemption: self.exemptions,
            Finding: self.findings,
            Undetermined: self.undetermined,
        }
        for item in items:
            lists[type(item)].append(item)

    def permit(self, type_: str) -> Permit | None:
        return next((p for p in self.permits if p.type == type_), None)

    def permit_types(self) -> set[str]:
        return {p.type for p in self.permits}

    def codes(self) -> set[str]:
        """Every requirement, fee, refusal and exemption code: handy for screens and tests."""
        groups = (self.requirements, self.fees, self.refusals, self.exemptions, self.findings)
        return {item.code for group in groups for item in group}

    def citations(self) -> set[str]:
        """Every section this assessment rests on."""
        out = {b for p in self.permits for b in p.basis}
        for group in (
            self.requirements,
            self.fees,
            self.refusals,
            self.reviews,
            self.validity,
            self.exemptions,
            self.findings,
            self.undetermined,
        ):
            out.update(item.basis for item in group)
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "permits": [
                {"type": p.type, "class": p.permit_class, "basis": list(p.basis)}
                for p in self.permits
            ],
            "requirements": [
                {"code": r.code, "basis": r.basis, "amount": _money(r.amount)}
                for r in self.requirements
            ],
            "fees": [
                {"code": f.code, "amount": _money(f.amount), "basis": f.basis, "note": f.note}
                for f in self.fees
            ],
            "refusals": [
                {"code": r.code, "basis": r.basis, "liftable_by": r.liftable_by}
                for r in self.refusals
            ],
            "reviews": [
                {
                    "permit": r.permit,
                    "by": r.by,
                    "days": r.days,
                    "working_days": r.working_days,
                    "basis": r.basis,
                }
                for r in self.reviews
            ],
            "validity": [
                {"permit": v.permit, "years": v.years, "basis": v.basis} for v in self.validity
            ],
            "exemptions": [{"code": e.code, "basis": e.basis} for e in self.exemptions],
            "findings": [
                {"code": f.code, "basis": f.basis, "reason": f.reason, "by": f.by}
                for f in self.findings
            ],
            "undetermined": [{"field": u.field, "basis": u.basis} for u in self.undetermined],
        }


def _money(amount: Decimal | None) -> float | None:
    """Dollars as JSON numbers (20.0), cents kept; None stays null."""
    if amount is None:
        return None
    return float(amount.quantize(Decimal("0.01")))


def assess_project(project: Project) -> Assessment:
    """Every permit, requirement, fee, refusal, review and validity period for ``project``.

    The order matters only where one rule depends on another: the minor erosion fee is waived
    when a building permit fee is paid for the same work (31.11(2)), so building rules run first.
    """
    assessment = Assessment()
    assessment.add(rules_building.assess(project))
    assessment.add(rules_special.assess(project))
    assessment.add(
        rules_erosion.assess(project, building_permit=assessment.permit("building") is not None)
    )
    assessment.add(rules_unknowns.assess(project))
    if project.exception_finding:
        lift_refusals(assessment, project.exception_finding)
    return assessment


def lift_refusals(
    assessment: Assessment, reason: str, by: str = "building_inspector", code: str | None = None
) -> list[Finding]:
    """Turn the refusals ``by`` may lift (``code`` only, when given) into findings with
    ``reason``; refusals the text allows no exception to stay. Returns the new findings."""
    lifted = []
    for refusal in list(assessment.refusals):
        if refusal.liftable_by != by or (code is not None and refusal.code != code):
            continue
        assessment.refusals.remove(refusal)
        lifted.append(Finding(refusal.code, refusal.basis, reason, by))
    assessment.findings.extend(lifted)
    return lifted
