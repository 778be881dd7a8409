"""The command line and the documents package import only what a command needs (issue 18).

Every ``deerfield-desk`` command line builds every command's parser, and the year-end export
starts two processes that each print one or two kinds of document: importing all fourteen
renderers, reportlab and the store for each of them cost ~0.4 s a process. These tests run a
fresh interpreter, so a module-level import slipped back in fails them.
"""

from __future__ import annotations

import json
import subprocess
import sys

from deerfield_desk import documents
from deerfield_desk.store.document_records import KINDS


def _imported_after(code: str, watch: list[str]) -> list[str]:
    probe = (
        f"import json, sys\n{code}\nprint(json.dumps([m for m in {watch!r} if m in sys.modules]))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=120
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


HEAVY = [
    "reportlab",
    "sqlite_utils",
    "deerfield_desk.store.register",
    "deerfield_desk.store.document_records",
    "deerfield_desk.models.assessment",
    "deerfield_desk.documents.permit_card",
]


def test_every_command_parser_builds_without_the_heavy_modules():
    code = (
        "from deerfield_desk.cli import build_parser\nparser = build_parser()\nparser.format_help()"
    )
    assert _imported_after(code, HEAVY) == []


def test_a_notice_imports_its_renderer_only():
    renderers = sorted(
        {f"deerfield_desk.documents.{module}" for module, _ in documents.WHERE.values()}
    )
    code = "from deerfield_desk import documents\nf = documents.RENDERERS['violation']"
    assert _imported_after(code, renderers) == ["deerfield_desk.documents.violation"]


def test_printing_imports_no_network_modules():
    """``xml.sax.saxutils`` (the old escape) imports urllib, http and ssl: ~30 ms a process."""
    code = (
        "from deerfield_desk.documents import RENDERERS\n"
        "RENDERERS['violation'], RENDERERS['annual-report']"
    )
    assert _imported_after(code, ["urllib.request", "http.client", "ssl"]) == []


def test_renderers_are_the_modules_own_functions_for_every_kind():
    from deerfield_desk.documents import placard, violation

    assert sorted(documents.RENDERERS) == KINDS  # the render command's kinds, both ways
    assert len(documents.RENDERERS) == len(KINDS)
    for kind, (module, name) in documents.WHERE.items():
        renderer = documents.RENDERERS[kind]
        assert renderer.__name__ == name and renderer.__module__.endswith(f".{module}")
    assert documents.RENDERERS["raze-order"] is violation.render_raze_order
    assert documents.render_placards is placard.render_placards
    try:
        documents.render_nothing  # noqa: B018 - the attribute access is the test
    except AttributeError as exc:
        assert "render_nothing" in str(exc)
    else:
        raise AssertionError("an unknown renderer name must raise AttributeError")


def test_opening_a_register_scans_no_sqlite_utils_plugins(register, db_path):
    """Every process that opens a register (the export starts three) used to scan every
    installed package's entry points for sqlite-utils plugins (~30 ms), and any such plugin
    would have hooked the register's connection."""
    probe = (
        "from pathlib import Path\n"
        "import sqlite_utils.plugins\n"
        "from deerfield_desk.store.register import Register\n"
        f"reg = Register.open_read_only(Path({str(db_path)!r}))\n"
        "print(reg.execute('SELECT count(*) FROM sqlite_master').fetchone()[0] > 0, "
        "sqlite_utils.plugins._plugins_loaded)\n"
        "reg.close()"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=120
    )
    assert out.stdout.split() == ["True", "False"]  # read the register, loaded no plugins
