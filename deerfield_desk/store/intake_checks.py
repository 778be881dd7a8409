"""Everything that would refuse a submission, checked before the clerk is asked to confirm it.

Why: submitting is an official act (it numbers the application and files the permits), so the
wizard asks "are you sure?" first. A refusal that came *after* that question — the owner
missing, a figure still to determine — made the confirmation a lie. ``check_submission`` runs
the same checks ``submit_application`` runs, in the same order, without writing anything, so
the wizard can show every error first and confirm only what will go through.
"""

from __future__ import annotations

from datetime import date

from deerfield_desk.models.dwelling_units import check_dwelling_units
from deerfield_desk.store.application_contractors import check_trades
from deerfield_desk.store.applications import (
    Preview,
    check_determined,
    check_parties,
    check_site,
    preview,
)
from deerfield_desk.store.register import Register


def check_submission(reg: Register, state: dict, on: date) -> Preview:
    """The assessment the submission would file; raises ``InvalidInput`` as submission would."""
    check_site(state.get("site") or {})
    result = preview(reg, state, on)
    check_determined(result.assessment)
    check_dwelling_units(state.get("work"), state.get("answers") or {})
    if result.assessment.permits:  # "no permit needed" is recorded without parties
        check_parties(state.get("parties") or {})
        check_trades(reg, state.get("parties") or {})
    return result
