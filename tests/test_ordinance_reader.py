"""The ordinance inside the app: the shipped text, the reader, and citations as links."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from deerfield_desk.models.ordinance_text import passage
from deerfield_desk.ui import citation_links
from deerfield_desk.ui.ordinance_reader import OrdinanceReader, linkify


def test_passage_marks_the_cited_subdivision_inside_its_section():
    p = passage("12.10(2)(f)")
    assert p.heading.startswith("12.10 SPECIAL FIRE LIMITS DISTRICT")
    assert p.lines[p.first].startswith("(f) Small outbuildings")
    assert p.last == p.first + 1  # (g) starts the next line
    assert (p.previous, p.following) == ("12.09", "12.11")
    assert passage("12.99") is None and passage("31.06(1)(Z)") is None


def test_reader_opens_at_the_section_with_the_text_around_it(qtbot):
    reader = OrdinanceReader(None, "31.06(1)(G)")
    qtbot.addWidget(reader)
    html = reader.text.toHtml()
    assert "alteration to any watercourse" in html  # the cited part
    assert "4,000 square feet" in html  # and the rest of 31.06 around it
    assert "31.06 EROSION AND RUNOFF CONTROLS REQUIRED" in reader.title.text()
    reader.following.click()
    assert reader.passage.heading.startswith("31.07")


def test_a_citation_on_any_screen_becomes_a_link_to_the_reader(qtbot, monkeypatch):
    opened = []
    monkeypatch.setattr(citation_links, "open_reader", lambda w, c: opened.append(c))
    citation_links.install()
    window = QWidget()
    qtbot.addWidget(window)
    label = QLabel("§12.19(4)  Walk the route with the inspector")
    QVBoxLayout(window).addWidget(label)
    window.show()  # the application-wide filter links labels as their window appears
    assert '<a href="cite:12.19(4)">§12.19(4)</a>' in label.text()
    label.linkActivated.emit("cite:12.19(4)")
    assert opened == ["12.19(4)"]


def test_linkify_leaves_state_statutes_alone():
    assert "href" not in linkify("§66.05(5), Wis. Stats.")
    assert linkify("§12.17") == '<a href="cite:12.17">§12.17</a>'


def test_a_table_cell_that_cites_a_section_opens_the_reader(qtbot, monkeypatch):
    from PySide6.QtWidgets import QListWidget

    opened = []
    monkeypatch.setattr(citation_links, "open_reader", lambda w, c: opened.append(c))
    window = QWidget()
    qtbot.addWidget(window)
    items = QListWidget()
    items.addItems(["Completion deposit: not recorded (§12.15)", "no citation here"])
    QVBoxLayout(window).addWidget(items)
    citation_links.install(window)
    items.doubleClicked.emit(items.model().index(1, 0))
    items.doubleClicked.emit(items.model().index(0, 0))
    assert opened == ["12.15"]


def test_permit_detail_links_its_citations(qtbot, monkeypatch):
    from PySide6.QtCore import QUrl

    from deerfield_desk.ui.permit_detail import PermitDetailPane

    opened = []
    monkeypatch.setattr(citation_links, "open_reader", lambda w, c: opened.append(c))
    pane = PermitDetailPane()
    qtbot.addWidget(pane)
    pane.setHtml(linkify("Stop work order · served · §12.24"))
    assert 'href="cite:12.24"' in pane.toHtml()
    pane.anchorClicked.emit(QUrl("cite:12.24"))
    assert opened == ["12.24"]
