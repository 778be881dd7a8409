"""``deerfield-desk assess [FILE|-]``: assess a project description, print JSON.

The same ``assess_project`` the wizard uses; this command only reads, checks and prints.
"""

from __future__ import annotations

import argparse
import json
import sys

from deerfield_desk.errors import InvalidInput


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "assess",
        help="list the permits, requirements, fees and reviews a project needs",
        description="Read a JSON project description and print its assessment as JSON, "
        "each finding with the ordinance section it rests on.",
    )
    parser.add_argument(
        "file", nargs="?", default="-", metavar="FILE", help="JSON file, or - for stdin"
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    # imported here, not with the module: every command line builds every command's parser
    from deerfield_desk.models.assessment import assess_project
    from deerfield_desk.models.project import parse_project

    text = _read(args.file)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InvalidInput("input", f"not valid JSON (line {exc.lineno}: {exc.msg})") from None
    project = parse_project(data)
    json.dump(assess_project(project).to_json(), sys.stdout, indent=2)
    sys.stdout.write("\n")
    return 0


def _read(name: str) -> str:
    if name == "-":
        return sys.stdin.read()
    try:
        with open(name, encoding="utf-8") as fh:
            return fh.read()
    except FileNotFoundError:
        raise InvalidInput("FILE", f"no such file: {name}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InvalidInput("FILE", f"cannot read {name}: {exc}") from None
