"""`python -m benchmarks.run`: run every ``benchmarks/bench_*.py`` module, print ONE JSON object.

Adding a benchmark: write ``benchmarks/bench_<yours>.py`` with ``run(context) -> dict``; the
keys you return are merged into the output (prefix them with your area). ``context`` offers
``demo_register(permits)`` (a cached, journaled demo register under ``.bench-cache/``, built on
first use) and, as attributes and as dict keys, ``python`` (this interpreter), ``root`` and
``cache_dir`` (paths), and ``env`` (an environment for subprocesses: offscreen Qt, an isolated
data folder).
Progress goes to stderr, so stdout stays one JSON object.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / ".bench-cache"
DEMO_SEED = 1


class Context(dict):
    """Both a dict (``context["cache_dir"]``, as bench modules that also run alone expect)
    and an object with ``demo_register()``."""

    def __init__(self) -> None:
        super().__init__()
        self.root = ROOT
        self.cache = CACHE
        self.python = sys.executable
        self.built: dict[str, float] = {}
        home = CACHE / "home"
        home.mkdir(parents=True, exist_ok=True)
        self.env = dict(
            os.environ,
            QT_QPA_PLATFORM="offscreen",
            DEERFIELD_DESK_HOME=str(home),
            XDG_CONFIG_HOME=str(CACHE / "xdg-config"),
            PYTHONPATH=str(ROOT),
        )
        self.update(root=ROOT, cache_dir=CACHE, python=self.python, env=self.env)

    def demo_register(self, permits: int = 1_000_000) -> Path:
        """The cached demo register of ``permits`` permits, built (and timed) when missing."""
        path = CACHE / f"register-{permits}-seed{DEMO_SEED}.sqlite"
        if path.exists():
            # A cached register from before a new migration: migrate it now, so the smoke
            # runs measure start-up, not a one-off index build.
            from deerfield_desk.store.register import Register

            Register.open(path, check=False).close()
            return path
        from deerfield_desk.demo import generate_demo

        log(f"building a {permits:,}-permit demo register at {path} (cached afterwards)…")
        started = time.perf_counter()
        for step in generate_demo(path, permits=permits, seed=DEMO_SEED):
            if step.done == step.total or step.done % 100_000 == 0:
                log(f"  {time.perf_counter() - started:6.1f} s  {step.label}")
        self.built[f"demo_build_{permits}_s"] = round(time.perf_counter() - started, 1)
        return path


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def bench_modules(only: str | None = None) -> list[str]:
    names = sorted(p.stem for p in Path(__file__).parent.glob("bench_*.py"))
    return [n for n in names if not only or only in n]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", help="run only the bench modules whose name contains this")
    args = parser.parse_args(argv)
    context = Context()
    results: dict = {}
    for name in bench_modules(args.only):
        log(f"running {name}…")
        results.update(importlib.import_module(f"benchmarks.{name}").run(context))
    results.update(context.built)
    print(json.dumps(results, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
