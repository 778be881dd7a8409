"""Every section the app can cite must exist in the ordinance text it ships and the clerk reads.

The scan covers every module of the package (models, store, documents, exports, ui, cli) and
every data file (checklists/*.toml), not only the rules: a citation typed on a screen or in a
checklist is as visible to the applicant as one in the engine. The texts ship inside the
package, so nothing here is skipped on a plain clone.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from deerfield_desk.config import asset_path
from deerfield_desk.models import citations
from deerfield_desk.models.citations import CHAPTER_FILES, citation_exists, ordinance_dir
from deerfield_desk.models.deadlines import EVENTS

MODELS = Path(citations.__file__).resolve().parent
PACKAGE = MODELS.parent
REPO = PACKAGE.parent
# A citation as a string literal: "12.18(2)", "31.06(1)(C)", "12.24" ...
# Only the village's chapters 12 and 31: "66.05(5)" is a state statute (Wis. Stats.).
CITED = re.compile(r"""["']((?:12|31)\.\d\d(?:\([0-9A-Za-z]+\))*)["']""")
# ... or written in running text for a screen: "§31.06(1)(C)", "(§12.19(8)(e))".
SECTION_SIGN = re.compile(r"§\s?((?:12|31)\.\d\d(?:\([0-9A-Za-z]+\))*)")


def scanned_files() -> list[Path]:
    """Every module of the package and every data file it ships (checklists as TOML)."""
    return sorted(PACKAGE.rglob("*.py")) + sorted((PACKAGE / "resources").rglob("*.toml"))


def cited_in(path: Path) -> set[str]:
    text = path.read_text(encoding="utf-8")
    return set(CITED.findall(text)) | set(SECTION_SIGN.findall(text))


def cited_in_source() -> dict[str, str]:
    """Each citation with the first file it was found in (for the failure message)."""
    found: dict[str, str] = {}
    for path in scanned_files():
        for citation in cited_in(path):
            found.setdefault(citation, str(path.relative_to(REPO)))
    return found


def test_the_texts_ship_inside_the_package():
    assert ordinance_dir() == citations.SHIPPED_DIR
    for name in citations.CHAPTER_FILES.values():
        text = (citations.SHIPPED_DIR / name).read_text(encoding="utf-8")
        assert len(text) > 40_000
    assert "[O98-06, 9/28/98]" in (
        citations.SHIPPED_DIR / "chapter-12-building-code.txt"
    ).read_text(encoding="utf-8")  # the adoption note travels with the text


def test_source_cites_many_sections_from_every_layer():
    # Guard the scanner itself: if the pattern broke, the test below would pass vacuously.
    found = cited_in_source()
    assert len(found) > 80
    layers = {Path(where).parts[1] for where in found.values()}
    assert {"models", "store", "documents", "ui", "resources"} <= layers


@pytest.mark.parametrize("citation", sorted(cited_in_source()))
def test_every_citation_in_the_app_exists(citation):
    where = cited_in_source()[citation]
    assert citation_exists(citation), f"{citation} (cited in {where}) is not in the ordinance"


@pytest.mark.parametrize("event", sorted(EVENTS))
def test_every_deadline_rests_on_an_existing_section(event):
    assert citation_exists(EVENTS[event].basis)


@pytest.mark.parametrize(
    "citation", ["31.06(1)(I)", "12.18(2)(j)", "12.24(1)", "12.99", "31.02(37)", "13.01", "12.7"]
)
def test_checker_rejects_sections_that_do_not_exist(citation):
    assert not citation_exists(citation)


def test_checker_looks_for_a_subdivision_only_inside_its_parent():
    assert citation_exists("31.14(2)(C)")
    assert not citation_exists("31.14(1)(C)")  # (C) belongs to (2), not to (1)
    assert citation_exists("12.18(2)(i)") and not citation_exists("12.18(1)(a)")


def test_checker_is_false_without_the_texts(tmp_path):
    assert not citation_exists("12.24", folder=tmp_path / "missing")


def test_models_never_import_qt():
    for path in MODELS.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"^\s*(from|import)\s+(PySide6|PyQt|shiboken)", text, re.M), path


def test_the_ordinance_read_is_the_copy_shipped_in_the_package():
    """A plain clone or an installed wheel checks citations against the same texts, with the
    adoption notes they were enacted under."""
    folder = ordinance_dir()
    assert folder == asset_path("ordinance")
    assert folder.is_relative_to(Path(citations.__file__).resolve().parents[1])
    chapter_12 = (folder / CHAPTER_FILES["12"]).read_text(encoding="utf-8")
    chapter_31 = (folder / CHAPTER_FILES["31"]).read_text(encoding="utf-8")
    assert chapter_12.startswith("[O98-06, 9/28/98]")
    assert chapter_31.startswith("31.01 INTRODUCTION - O-95-08")
    assert "Licence" in (folder / "README.md").read_text(encoding="utf-8")
