"""Each page of a screen's tab widgets in turn, for the checks that must see them all.

A hidden tab page is invisible to a screen reader and to Tab until chosen, but a user will
choose it: the accessibility audit (``audit.audit_every_tab``) and the tab-order walk
(``tab_order.check``) both look at the screen as shown and then with each other page shown.
"""

from __future__ import annotations

from collections.abc import Iterator

from PySide6.QtWidgets import QTabWidget, QWidget


def each_tab_page(root: QWidget) -> Iterator[str | None]:
    """Yield None for ``root`` as shown, then, with each other enabled page of each visible
    tab widget made current, that page's label; the page first shown is put back."""
    yield None
    for tabs in root.findChildren(QTabWidget):
        if not tabs.isVisibleTo(root):
            continue
        start = tabs.currentIndex()
        try:
            for index in range(tabs.count()):
                if index == start or not tabs.isTabEnabled(index):
                    continue
                tabs.setCurrentIndex(index)
                yield tabs.tabText(index).replace("&", "")
        finally:
            tabs.setCurrentIndex(start)
