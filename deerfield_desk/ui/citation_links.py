"""Every citation on a screen is a link to the ordinance reader.

Why one filter and not a change in every screen: screens show sections in labels written by
many hands ("§12.19(4)  Walk the route…"). An application-wide event filter turns the
"§NN.NN(..)" in each label into a link when its window is shown, so a new screen gets links
without remembering to. Screens that render HTML themselves (the wizard summary, the checklist
heading) call :func:`link_browser` / :func:`link_label` directly, since their text changes
after the window is shown. In tables and lists a cell that cites a section opens the reader on
double-click or Enter.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QLabel,
    QTextBrowser,
    QWidget,
    QWizardPage,
)

from deerfield_desk.models.ordinance_text import citations_in
from deerfield_desk.ui.ordinance_reader import citation_of, linkify, open_reader

LINKED = "citations_linked"


def link_label(label: QLabel, text: str | None = None) -> None:
    """Show ``text`` (or the label's own) with its citations as reader links."""
    raw = label.text() if text is None else text
    if "§" not in raw or "href=" in raw:
        if text is not None:
            label.setText(raw)
        return
    rich = label.textFormat() == Qt.TextFormat.RichText or ("<" in raw and ">" in raw)
    label.setTextFormat(Qt.TextFormat.RichText)
    label.setText(linkify(raw if rich else escape(raw)))
    if not label.property(LINKED):
        label.setProperty(LINKED, True)
        label.setOpenExternalLinks(False)
        label.setTextInteractionFlags(
            label.textInteractionFlags() | Qt.TextInteractionFlag.LinksAccessibleByMouse
            | Qt.TextInteractionFlag.LinksAccessibleByKeyboard
        )  # fmt: skip
        label.linkActivated.connect(lambda href, w=label: _open(w, href))


def link_browser(browser: QTextBrowser) -> None:
    """Open ``cite:`` anchors of a browser in the reader (its HTML uses :func:`linkify`)."""
    if browser.property(LINKED):
        return
    browser.setProperty(LINKED, True)
    browser.setOpenLinks(False)
    browser.anchorClicked.connect(lambda url, w=browser: _open(w, url.toString()))


def _open(widget: QWidget, href: str) -> None:
    citation = citation_of(href)
    if citation:
        open_reader(widget, citation)


class CitationLinker(QObject):
    """Links the labels of every window as it is shown, and puts its button rows in reading
    order for Tab (issue 19: a plain QDialog's button box tabbed Cancel before Save; this is
    the one place every window passes when shown, so no dialog has to remember)."""

    def eventFilter(self, watched, event):  # noqa: N802 (Qt's name)
        # Cheap first test: every event of the application passes here.
        if event.type() != SHOW:
            return False
        if isinstance(watched, QWidget) and (watched.isWindow() or _is_page(watched)):
            link_all(watched)
            if watched.isWindow():
                from deerfield_desk.ui.a11y.tab_order import order_rows

                order_rows(watched)
        return False


SHOW = QEvent.Type.Show


def _is_page(widget: QWidget) -> bool:
    """Wizard pages and tab pages are shown inside a window already on screen."""
    return isinstance(widget, QWizardPage)


def link_view(view: QAbstractItemView) -> None:
    """Tables and lists: double-clicking (or Enter on) a cell that cites a section opens the
    reader there; a cell without a citation is left to the view's own action."""
    if view.property(LINKED):
        return
    view.setProperty(LINKED, True)

    def activated(index) -> None:
        found = citations_in(str(index.data() or ""))
        if found:
            open_reader(view, found[0])

    view.activated.connect(activated)
    view.doubleClicked.connect(activated)


def link_all(window: QWidget) -> None:
    for label in window.findChildren(QLabel):
        if "§" in label.text():
            link_label(label)
    for view in window.findChildren(QAbstractItemView):
        link_view(view)


def install(window=None) -> CitationLinker:
    """Install the filter once per application (a feature module: ``install(window)``)."""
    app = QApplication.instance()
    linker = getattr(app, "_citation_linker", None)
    if linker is None:
        linker = CitationLinker(app)
        app.installEventFilter(linker)
        app._citation_linker = linker
    if window is not None:
        link_all(window)
    return linker
