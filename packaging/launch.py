"""The frozen app's entry script: the same `main()` as the `deerfield-desk` console command.

A separate script (not deerfield_desk/__main__.py) so PyInstaller does not put the package
folder itself on sys.path, where `config` or `cli` could be found as top-level modules.
"""

import multiprocessing
import sys

from deerfield_desk.cli import main

if __name__ == "__main__":
    # The year-end archive verifies its register snapshot in a spawned second process
    # (exports/verify_alongside.py): in a frozen app that child starts this very executable.
    multiprocessing.freeze_support()
    sys.exit(main())
