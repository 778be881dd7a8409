"""The house rule: the domain, store, documents and exports never import Qt (ARCHITECTURE.md).

Checked two ways: no import statement in the source, and importing every module of those
layers in a fresh interpreter does not pull PySide6 into sys.modules.
"""

import ast
import pathlib
import subprocess
import sys

import pytest

PACKAGE = pathlib.Path(__file__).resolve().parent.parent / "deerfield_desk"
HEADLESS_LAYERS = ("models", "store", "documents", "exports", "importing", "demo")
QT_ROOTS = {"PySide6", "shiboken6", "pytestqt"}


def headless_modules():
    for layer in HEADLESS_LAYERS:
        yield from sorted((PACKAGE / layer).rglob("*.py"))


@pytest.mark.parametrize(
    "path", list(headless_modules()), ids=lambda p: str(p.relative_to(PACKAGE))
)
def test_no_qt_import_statement(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        names = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module]
        for name in names:
            assert name.split(".")[0] not in QT_ROOTS, f"{path.name} imports {name}"


def test_importing_headless_layers_does_not_load_qt():
    modules = []
    for path in headless_modules():
        rel = path.relative_to(PACKAGE.parent).with_suffix("")
        parts = list(rel.parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        modules.append(".".join(parts))
    code = (
        "import importlib, sys\n"
        f"for m in {modules!r}: importlib.import_module(m)\n"
        "leaked = sorted(m for m in sys.modules if m.split('.')[0] in "
        f"{sorted(QT_ROOTS)!r})\n"
        "print(','.join(leaked))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "", f"Qt loaded by headless layers: {out.stdout.strip()}"
