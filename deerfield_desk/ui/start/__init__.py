"""Start-up and the register the window works on: opening one (at start or from File), the
first-run setup, and switching the window to another register."""
