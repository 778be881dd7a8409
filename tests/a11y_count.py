"""Count accessibility problems over every screen (the before/after numbers of issue 19):
``QT_QPA_PLATFORM=offscreen PYTHONPATH=. .venv/bin/python -m tests.a11y_count [-v]``.
Not a test: it prints a table for a person; the walk test fails on any problem."""

from __future__ import annotations

import os
import sys
import tempfile
from collections import Counter
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import deerfield_desk.ui  # noqa: E402,F401
from deerfield_desk.config import register_paths  # noqa: E402
from deerfield_desk.models.actor import Actor, Role  # noqa: E402
from deerfield_desk.store.register import Register  # noqa: E402
from deerfield_desk.ui.a11y import tab_order, theme  # noqa: E402
from deerfield_desk.ui.a11y.audit import audit_every_tab, controls  # noqa: E402
from tests.a11y_screens import SCREENS, build_desk  # noqa: E402

KINDS = ("unnamed", "repeated", "trap", "access key", "toggle choice", "tab order")


def main(verbose: bool) -> None:
    from PySide6.QtWidgets import QApplication

    from deerfield_desk.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])
    tmp = Path(tempfile.mkdtemp())
    os.environ["DEERFIELD_DESK_HOME"] = str(tmp / "home")
    register = Register.create(tmp / "r.sqlite", Actor("Pat Clerk", Role.CLERK, "pc"))

    def make_window(reg):
        win = MainWindow(reg, register_paths(reg.path))
        win.backups_enabled = False
        return win

    desk = build_desk(register, tmp, make_window)
    totals: Counter = Counter()
    control_count = 0
    for name, screen in SCREENS.items():
        try:
            states = list(_states(screen, desk, app))
        except Exception as exc:  # a screen that cannot open is a finding too
            print(f"{name:20s} FAILED TO OPEN: {exc!r}")
            continue
        problems = {}
        for problems_of_state, count in states:
            control_count += count
            for problem in problems_of_state:
                problems[(problem.kind, problem.ident)] = problem
        kinds = Counter(p.kind for p in problems.values())
        totals.update(kinds)
        print(f"{name:20s} " + " ".join(f"{k}={kinds[k]}" for k in KINDS))
        if verbose:
            for problem in problems.values():
                print("      ", problem)
    print(f"TOTAL controls={control_count} " + " ".join(f"{k}={totals[k]}" for k in KINDS))
    pairs = sum(len(theme.TEXT_PAIRS) + len(theme.FOCUS_PAIRS) for _ in theme.THEMES)
    failing = [line for name in theme.THEMES for line in theme.failing_pairs(name)]
    print(f"contrast pairs={pairs} failing={len(failing)}")
    for line in failing:
        print("      ", line)


def _states(screen, desk, app):
    for widget in screen(desk):
        app.processEvents()
        count = sum(1 for _ in controls(widget))
        found = audit_every_tab(widget)
        for fault in tab_order.check(widget):  # each fault counted once, as "tab order"
            found.append(_as_problem(fault))
        yield found, count
    for kept in desk.keep:  # a dialog left open would join the next screen's access keys
        kept.hide()


def _as_problem(fault):
    from deerfield_desk.ui.a11y.audit import Problem

    return Problem("tab order", fault.kind, fault.what, "", hash(fault))


if __name__ == "__main__":
    main("-v" in sys.argv)
    sys.stdout.flush()
    os._exit(0)
