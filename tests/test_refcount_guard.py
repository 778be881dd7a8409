"""A long session must not crash: PySide6 6.12 over-releases None on Python 3.11."""

import subprocess
import sys
import textwrap

SESSION = textwrap.dedent(
    """
    import os
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    import deerfield_desk.ui  # applies the guard, as the app does
    from PySide6.QtWidgets import QApplication, QCheckBox, QLineEdit
    app = QApplication([])
    field, box = QLineEdit(), QCheckBox()
    for i in range(60_000):  # a busy afternoon of typing and ticking
        field.setText(str(i))
        box.setChecked(i % 2 == 0)
    print("still here")
    """
)


def test_a_long_session_of_qt_calls_does_not_abort_the_app():
    done = subprocess.run(
        [sys.executable, "-c", SESSION], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-500:]
    assert "still here" in done.stdout
