"""The real thing: freeze, wrap, install and start the app (minutes: `make test-installer`).

Marked slow, so `make test` (addopts deselects `slow`) never runs it. On Linux it runs
`build_installer.py --smoke`, which builds the .tar.gz, installs it with its install.sh into a
throw-away home and has the frozen app answer --help, assess and deadline exactly as the
source tree does and open its window on a fresh demo register.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="each OS builds its own"),
]


def test_build_installer_smoke_passes_and_the_window_gets_ready():
    pytest.importorskip("PyInstaller", reason="pip install -e '.[installer]' (make test-installer)")
    result = subprocess.run(
        [sys.executable, "build_installer.py", "--smoke"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=1200,
    )
    said = f"stdout:\n{result.stdout[-4000:]}\nstderr:\n{result.stderr[-4000:]}"
    assert result.returncode == 0, said
    assert re.search(r"^ok   window \(offscreen\): ready_ms=\d+ rows=\d+", result.stdout, re.M), (
        said
    )
    assert re.search(r"^smoke passed in [\d.]+ s: ready_ms=\d+ rows=\d+$", result.stdout, re.M)
    archives = list((ROOT / "dist").glob("deerfield-desk-*-linux-*.tar.gz"))
    assert archives, "the .tar.gz a village downloads is in dist/"
