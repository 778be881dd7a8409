"""The ordinance inside the app: a small reader opened from any citation on a screen.

Why: a screen says "§12.10(2)(f)" and a one-line reason in our words; the clerk or the owner at
the counter must be able to read the law itself. The reader shows the whole section with the
cited subdivision marked, and steps to the sections before and after. The text is the one the
package ships (``models.ordinance_text``), the same the tests check every citation against.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QUrl
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from deerfield_desk.models.ordinance_text import CITATION_IN_TEXT, passage
from deerfield_desk.ui.a11y.fit import DeskDialog

SCHEME = "cite"
MARK = "background:#fff1a8;color:#1a1a1a"


def linkify(html: str) -> str:
    """Turn every ``§NN.NN(..)`` of already-escaped text or HTML into a reader link."""
    return CITATION_IN_TEXT.sub(lambda m: f'<a href="{SCHEME}:{m[1]}">§{m[1]}</a>', html)


def citation_of(url: QUrl | str) -> str | None:
    text = url.toString() if isinstance(url, QUrl) else str(url)
    return text[len(SCHEME) + 1 :] if text.startswith(f"{SCHEME}:") else None


class OrdinanceReader(DeskDialog):
    def __init__(self, parent: QWidget | None, citation: str):
        super().__init__(parent)
        self.setObjectName("ordinance_reader")
        self.resize(760, 560)
        layout = QVBoxLayout(self)
        self.title = QLabel()
        self.title.setObjectName("reader_title")
        self.title.setWordWrap(True)
        layout.addWidget(self.title)
        self.text = QTextBrowser()
        self.text.setObjectName("reader_text")
        self.text.setOpenLinks(False)
        self.text.anchorClicked.connect(lambda url: self.show_citation(citation_of(url) or ""))
        layout.addWidget(self.text, 1)
        row = QHBoxLayout()
        self.previous = QPushButton("◀ Previous section")
        self.previous.setObjectName("reader_previous")
        self.following = QPushButton("Next section ▶")
        self.following.setObjectName("reader_next")
        close = QPushButton("Close")
        close.clicked.connect(self.close)
        row.addWidget(self.previous)
        row.addWidget(self.following)
        row.addStretch(1)
        row.addWidget(close)
        layout.addLayout(row)
        self.previous.clicked.connect(lambda: self._step(self.passage.previous))
        self.following.clicked.connect(lambda: self._step(self.passage.following))
        self.show_citation(citation)

    def _step(self, section: str | None) -> None:
        if section:
            self.show_citation(section)

    def show_citation(self, citation: str) -> None:
        found = passage(citation)
        self.passage = found
        if found is None:
            self.setWindowTitle("Ordinance")
            self.title.setText(f"<b>§{escape(citation)}</b> is not in the shipped ordinance text.")
            self.text.setHtml("")
            self.previous.setEnabled(False)
            self.following.setEnabled(False)
            return
        self.setWindowTitle(f"§{citation} — Village of Deerfield ordinance")
        self.title.setText(f"<b>{escape(found.heading)}</b> &nbsp; (showing §{escape(citation)})")
        parts = []
        for i, line in enumerate(found.lines):
            body = escape(line)
            if found.first <= i < found.last and (found.first, found.last) != (
                0,
                len(found.lines),
            ):
                anchor = "<a name='cited'></a>" if i == found.first else ""
                parts.append(f"<p style='{MARK}'>{anchor}{body}</p>")
            else:
                parts.append(f"<p>{body}</p>")
        self.text.setHtml("".join(parts))
        self.text.scrollToAnchor("cited")
        self.previous.setEnabled(found.previous is not None)
        self.following.setEnabled(found.following is not None)


def open_reader(parent: QWidget | None, citation: str) -> OrdinanceReader:
    """Open (or reuse) the reader of ``parent``'s window at ``citation``; never modal, so the
    clerk keeps the screen she was on."""
    owner = parent.window() if parent is not None else None
    reader = getattr(owner, "_ordinance_reader", None) if owner is not None else None
    if reader is None:
        reader = OrdinanceReader(owner, citation)
        if owner is not None:
            owner._ordinance_reader = reader
    else:
        reader.show_citation(citation)
    reader.show()
    reader.raise_()
    return reader
