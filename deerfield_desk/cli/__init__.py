"""Command-line entry point: the GUI by default, sub-commands for headless work.

Each sub-command lives in its own module under ``deerfield_desk.cli`` and exposes
``register(subparsers)``, which adds its parser and sets ``func`` to a callable taking the
parsed arguments and returning the exit code. New commands are added to ``COMMAND_MODULES``.

Exit codes: 0 all good, 1 the check/operation found a problem, 2 bad input (argparse's own
convention), with a one-line message on stderr.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from deerfield_desk.errors import DeskError

# One line per command module; keep sorted by name.
COMMAND_MODULES = [
    "deerfield_desk.cli.assess_cmd",
    "deerfield_desk.cli.backup_cmd",
    "deerfield_desk.cli.deadline_cmd",
    "deerfield_desk.cli.demo_cmd",
    "deerfield_desk.cli.export_cmd",
    "deerfield_desk.cli.field_cmd",
    "deerfield_desk.cli.init_cmd",
    "deerfield_desk.cli.inspections_cmd",
    "deerfield_desk.cli.render_cmd",
    "deerfield_desk.cli.verify_cmd",
]


def build_parser(with_commands: bool = True) -> argparse.ArgumentParser:
    """The parser; without ``with_commands`` only the window's own options (the command
    modules import what their commands need, documents and exports among them: seconds that
    opening the window must not wait for)."""
    from deerfield_desk import __version__

    parser = argparse.ArgumentParser(
        prog="deerfield-desk",
        description="Village of Deerfield permit and inspection register.",
    )
    parser.add_argument("--version", action="version", version=f"deerfield-desk {__version__}")
    add_db_option(parser)
    parser.add_argument(
        "--smoke",
        action="store_true",
        help="start the main window, wait for the first rows, print ready_ms=… rows=… and exit",
    )
    parser.add_argument("--demo", action="store_true", help="open the demo register")
    if not with_commands:
        parser.set_defaults(command=None)
        return parser
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(sub)
    return parser


def add_db_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--db",
        metavar="PATH",
        default=argparse.SUPPRESS,
        help="the register file (default: the register in the data folder)",
    )


def names_a_command(argv: list[str]) -> bool:
    """Whether the arguments name a sub-command (or ask for help, which lists them): only
    then are the command modules imported."""
    skip_value = False
    for token in argv:
        if skip_value:
            skip_value = False
        elif token == "--db":
            skip_value = True
        elif token in ("-h", "--help") or not token.startswith("-"):
            return True
    return False


def main(argv: list[str] | None = None) -> int:
    """The program (``argv`` None: the real command line), or a call with arguments (tests)."""
    program = argv is None
    argv = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser(with_commands=names_a_command(argv))
    args = parser.parse_args(argv)
    if not hasattr(args, "db"):
        args.db = None
    from deerfield_desk import logs

    logs.setup()
    try:
        if args.command is None:
            from deerfield_desk.ui.app import run_gui

            code = run_gui(args)
            if program:  # the window has closed: end now (ui/start/shutdown.py)
                from deerfield_desk.ui.start.shutdown import end_process

                end_process(code)
            return code
        return int(args.func(args) or 0)
    except DeskError as exc:  # bad input or a refusal: the message, never a traceback
        print(f"deerfield-desk: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("deerfield-desk: interrupted; nothing half-done was kept", file=sys.stderr)
        return 130
    except Exception as exc:  # never a traceback to the user: one line, the rest in the log
        print(f"deerfield-desk: {failure_line(exc, args)}", file=sys.stderr)
        logs.get("cli").exception("deerfield-desk %s failed", args.command or "(window)")
        return 1


def failure_line(exc: Exception, args) -> str:
    """One line for an unexpected failure: what, which register, where the details are."""
    import sqlite3

    from deerfield_desk import logs
    from deerfield_desk.config import register_paths

    db = register_paths(getattr(args, "db", None)).db
    details = f"details in {logs.log_file()}"
    if isinstance(exc, sqlite3.OperationalError) and "locked" in str(exc).lower():
        from deerfield_desk.store.register_lock import RegisterLock

        holder = RegisterLock(db).holder()
        who = holder.describe() if holder else "another program"
        return f"the register {db} is busy: {who} is writing to it; try again when it is done"
    if isinstance(exc, sqlite3.DatabaseError):
        return (
            f"the register {db} could not be read ({exc}); nothing was written. Run "
            f"`deerfield-desk verify --db {db}` and restore the newest good backup ({details})"
        )
    if isinstance(exc, OSError):
        where = f"{exc.filename}: " if exc.filename else ""
        return f"{where}{exc.strerror or exc} ({details})"
    return f"unexpected error: {type(exc).__name__}: {exc} ({details})"
