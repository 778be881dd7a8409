"""One palette module (issue 19.4, 17.4): every palette's text reaches 4.5:1 (7:1 in high
contrast), the focus ring 3:1; on the dark and high-contrast palettes the field dialogs'
headings, checklist titles and the Today cards stay legible; field fonts follow the
application font."""

from __future__ import annotations

from datetime import date, datetime

import pytest
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication, QLabel

from deerfield_desk.store import inspections
from deerfield_desk.ui.a11y import contrast, theme
from deerfield_desk.ui.field import style
from tests.inspections_fixtures import make_permit


@pytest.fixture
def themed(qapp):
    """Leave the session's application as it was: palette, style, font, theme."""
    palette, style_name, font = qapp.palette(), qapp.style().name(), qapp.font()
    yield qapp
    qapp.setStyle(style_name)
    qapp.setPalette(palette)
    qapp.setFont(font)
    qapp.setProperty("deskTheme", None)


@pytest.mark.parametrize("name", theme.THEMES)
def test_every_palette_pair_reaches_its_contrast(name):
    assert theme.failing_pairs(name) == []


def test_the_check_fails_on_the_old_selection_colour(monkeypatch):
    """Fusion's default highlight (#308cc6 under white, 3.69:1) is what issue 19 measured."""
    light = dict(theme.PALETTES["light"], Highlight="#308cc6")
    monkeypatch.setitem(theme.PALETTES, "light", light)
    assert theme.failing_pairs("light") == ["light: HighlightedText on Highlight 3.69:1"]


def test_readable_keeps_the_hue_and_reaches_the_ratio():
    dark_ground = "#202124"
    assert contrast.ratio("#a40000", dark_ground) < 2  # the alert red vanished on dark
    lighter = contrast.readable("#a40000", dark_ground)
    assert contrast.ratio(lighter, dark_ground) >= contrast.TEXT
    red, green, blue = contrast.rgb(lighter)
    assert red > green and red > blue  # still red
    assert contrast.readable("#a40000", "#ffffff") == "#a40000"  # already fine: unchanged


def _label_ratios(root) -> list[tuple[float, str]]:
    found = []
    for label in root.findChildren(QLabel):
        if not label.isVisibleTo(root) or not label.text().strip():
            continue
        fg = label.palette().color(QPalette.ColorRole.WindowText).name()
        ground = label
        while ground.parentWidget() is not None and not ground.autoFillBackground():
            ground = ground.parentWidget()
        bg = ground.palette().color(QPalette.ColorRole.Window).name()
        found.append((contrast.ratio(fg, bg), label.text()[:40]))
    return found


@pytest.mark.parametrize("name", ["dark", "high-contrast"])
def test_field_screens_stay_legible(name, themed, qtbot, window, inspector, register):
    theme.apply(name)
    permit = make_permit(register, kind="erosion_control", structure=None, work=None,
                         permit_class="minor")  # fmt: skip
    visit = inspections.request_inspection(
        register, permit["uuid"], "erosion_control", requested_by="Owner",
        requested_at=datetime(2026, 11, 20, 8), scheduled_for=datetime(2026, 12, 1, 9),
    )  # fmt: skip
    from deerfield_desk.ui.field.checklist_dialog import ChecklistDialog
    from deerfield_desk.ui.field.result_dialog import ResultDialog
    from deerfield_desk.ui.field.today import TodayScreen

    screens = [
        ResultDialog(register, visit["uuid"]),
        ChecklistDialog(window, permit["uuid"], visit["uuid"]),
        TodayScreen(window, date(2026, 12, 1)),
    ]
    minimum = theme.minimum_for(name) if name == "high-contrast" else contrast.TEXT
    for screen in screens:
        qtbot.addWidget(screen)
        screen.show()
        qtbot.waitExposed(screen)
        ratios = _label_ratios(screen)
        assert len(ratios) >= 3
        poor = [(round(r, 2), text) for r, text in ratios if r < minimum]
        assert poor == [], f"{type(screen).__name__} on {name}"


def test_field_fonts_grow_with_the_application_font(themed):
    before = style.sized_font(15).pointSizeF()
    font = QApplication.font()
    font.setPointSizeF(font.pointSizeF() * 2)
    QApplication.setFont(font)
    assert style.sized_font(15).pointSizeF() == pytest.approx(before * 2)
    assert f"{style.relative_pt(20):.1f}pt" in style.card_style()


def test_appearance_menu_switches_and_remembers(themed, window):
    from PySide6.QtCore import QSettings

    window.appearance_actions["high-contrast"].trigger()
    assert theme.current() == "high-contrast"
    assert QApplication.palette().color(QPalette.ColorRole.Window).name() == "#000000"
    assert isinstance(QApplication.style(), theme.FocusStyle)
    assert QSettings().value(theme.SETTING) == "high-contrast"
    window.appearance_actions["light"].trigger()
    assert theme.current() == "light"
