"""The number of dwelling units, asked for dwellings and kept on the application.

Why: the Census Bureau's monthly C-404 survey and the state's report of new one- and two-family
dwellings count *housing units*, and the annual report classes new buildings by them
(``store/year_counts.py``). Without the count a new house was assumed single-family and a new
apartment building left unclassified. A new dwelling must say how many units it has; the
number must fit the structure chosen, which the building code's classes depend on (a "one- or
two-family dwelling" with 6 units is a multifamily building).
"""

from __future__ import annotations

from deerfield_desk.errors import InvalidInput
from deerfield_desk.models.project import Structure, Work

#: Work that creates the building whose units are counted as new housing.
NEW_HOUSING_WORK = frozenset({Work.NEW_BUILDING})


def check_dwelling_units(work: str | None, answers: dict, *, required: bool = True) -> int | None:
    """The unit count to store (None when the structure has none); raises ``InvalidInput``
    naming ``dwelling_units`` when a new dwelling lacks it (``required``: the wizard asks; a
    script filing an older draft may leave it out) or it does not fit the structure."""
    structure = answers.get("structure")
    if structure not in (Structure.DWELLING, Structure.MULTIFAMILY):
        return None
    units = answers.get("dwelling_units")
    if units is None:
        if required and work in NEW_HOUSING_WORK:
            raise InvalidInput("dwelling_units", "say how many dwelling units the new building "
                               "will have (the Census and state reports count them)")  # fmt: skip
        return None
    if not isinstance(units, int) or isinstance(units, bool) or units < 1:
        raise InvalidInput("dwelling_units", "a whole number of units, 1 or more")
    if structure == Structure.DWELLING and units > 2:
        raise InvalidInput("dwelling_units", "a one- or two-family dwelling has 1 or 2 "
                           "units; for 3 or more choose “Multifamily building”")  # fmt: skip
    if structure == Structure.MULTIFAMILY and units < 3:
        raise InvalidInput("dwelling_units", "a multifamily building has 3 or more units; for "
                           "1 or 2 choose “One- or two-family dwelling”")  # fmt: skip
    return units


def housing_units(work: str | None, permit_type: str, units: int | None) -> int:
    """What a permit row records as new housing (``permits.housing_units``): the units of a
    new building on its building permit, 0 otherwise (an addition adds no new building)."""
    if work in NEW_HOUSING_WORK and permit_type == "building" and units:
        return units
    return 0
