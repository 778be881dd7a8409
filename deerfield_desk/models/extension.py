"""Extending a permit (12.14(1)) and why an erosion permit cannot be (31.12(1)).

A building permit may be extended by 30, 90 or up to 180 days with the inspector's approval
and payment of the permit fee; an erosion control permit ends after one year and continuing
work needs a new application and review. Both rules live here once.
"""

from __future__ import annotations

from datetime import date, timedelta

from deerfield_desk.errors import InvalidInput, NotAllowed

EXTENSION_BASIS = "12.14(1)"
EXTENSION_PRESETS = (30, 90, 180)
MAX_EXTENSION_DAYS = 180
REAPPLY_BASIS = "31.12(1)"


def check_extension(validity_basis: str | None, days: object) -> int:
    """The number of days, or a refusal naming the rule."""
    if validity_basis == REAPPLY_BASIS:
        raise NotAllowed(
            "§31.12(1): an erosion control permit is not extended; work that continues past "
            "its year needs a new application and review."
        )
    if validity_basis != EXTENSION_BASIS:
        raise NotAllowed("§12.14(1): only a building permit with an expiry date is extended.")
    if isinstance(days, bool) or not isinstance(days, int):
        raise InvalidInput("days", "a whole number of days: 30, 90 or up to 180 (§12.14(1))")
    if not 1 <= days <= MAX_EXTENSION_DAYS:
        raise InvalidInput("days", "30, 90 or up to 180 days (§12.14(1))")
    return days


def check_extension_timing(expires: date, on: date, previous_extensions: int) -> None:
    """12.14(1) "may be extended for 30, 90, or up to 180 days": one extension, of a permit
    still alive. Readings: the list of lengths is read as a single extension (the sentence
    grants "extended", not "extended again"); a permit past its expiry no longer exists to be
    extended, so the work needs a new permit; and ``on`` may not be after the expiry, so the
    new expiry can never lie in the past."""
    if on > expires:
        raise NotAllowed(
            f"§12.14(1): the permit expired on {expires.isoformat()}; an expired permit is not "
            "extended — the remaining work needs a new permit."
        )
    if previous_extensions:
        raise NotAllowed(
            "§12.14(1): the permit was already extended once (30, 90 or up to 180 days); "
            "further work needs a new permit."
        )


def extended_expiry(expires: date, days: int) -> date:
    """The new expiry, counted from the current one: the extension adds to the permit's life."""
    return expires + timedelta(days=days)
