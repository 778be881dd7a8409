"""Unknown is not zero: the measurements a project must state before it can be filed.

Why: an empty "land disturbed" used to read as 0 sq ft, so a new house with no answer got "no
erosion control permit" (31.06(1)(C)), and an empty cost got "no completion deposit" (12.15).
For the work that moves soil or builds, each missing measurement is an ``Undetermined``
finding, which blocks submission until the clerk enters a figure (0 is a figure).

Reading of "estimated cost" for grading alone: 12.15 asks the cost of a building project; for
land disturbance the cost a rule depends on is that of the control measures (31.12(2)(A)), and
only on a major site, so that is the cost asked there.
"""

from __future__ import annotations

from collections.abc import Iterator

from deerfield_desk.models.findings import Item, Undetermined
from deerfield_desk.models.project import Project, Structure, Work
from deerfield_desk.models.rules_erosion import is_major

#: Work that disturbs land and whose erosion coverage turns on measured size.
MEASURED_WORK = {Work.NEW_BUILDING, Work.ADDITION, Work.DEMOLITION, Work.LAND_DISTURBANCE}
SOIL_FIELDS = (
    ("disturbed_sqft", "31.06(1)(C)"),
    ("earthwork_cuyd", "31.06(1)(D)"),
)


def assess(p: Project) -> Iterator[Item]:
    if p.work not in MEASURED_WORK:
        return
    for name, basis in SOIL_FIELDS:
        if getattr(p, name) is None:
            yield Undetermined(name, basis)
    if p.work is Work.LAND_DISTURBANCE:
        if is_major(p) and p.control_measures_cost is None and not p.village_project:
            yield Undetermined("control_measures_cost", "31.12(2)(A)")
    elif p.estimated_cost is None and p.structure is not Structure.PLAY_STRUCTURE:
        yield Undetermined("estimated_cost", "12.15")
