"""Every section the lifecycle cites on its own (checklists, deposits, fees, extension) exists
in the ordinance text, checked with the engine's citation checker."""

from __future__ import annotations

import re

import pytest

from deerfield_desk.models import deposits, extension, fee_schedule
from deerfield_desk.models.application_items import item_lists
from deerfield_desk.models.citations import citation_exists


def lifecycle_citations() -> set[str]:
    found = {item.section for lst in item_lists().values() for item in lst.items}
    found |= {basis for _label, basis in deposits.DEPOSIT_KINDS.values()}
    found |= {basis for causes in deposits.FORFEIT_CAUSES.values() for _t, basis in causes.values()}
    found |= {basis for _permit, basis in fee_schedule.KNOWN_CODES.values()}
    found |= {extension.EXTENSION_BASIS, extension.REAPPLY_BASIS}
    return found


@pytest.mark.parametrize("citation", sorted(lifecycle_citations()))
def test_citation_exists(citation):
    # 31.09(1)(A)1 names a numbered line inside (A); the checker knows lettered parts only
    assert citation_exists(re.sub(r"\d+$", "", citation) if ")" in citation else citation)


def test_demolition_list_covers_a_to_i_once_each():
    sections = [item.section for item in item_lists()["demolition"].items]
    assert sections == [f"12.18(2)({c})" for c in "abcdefghi"]
