"""ui layer: PySide6 lives only here.

Importing the package first protects the interpreter from PySide6 6.12's reference-count bug
(see ``refcount_guard``), before any screen calls into Qt.
"""

from deerfield_desk.ui.refcount_guard import make_singletons_immortal

make_singletons_immortal()
