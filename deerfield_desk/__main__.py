"""`python -m deerfield_desk` starts the same entry point as the `deerfield-desk` command."""

import sys

from deerfield_desk.cli import main

if __name__ == "__main__":
    sys.exit(main())
