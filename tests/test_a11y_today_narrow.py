"""The Today card on a narrow screen (issue 19.5, 17.4): at 200 % on a 1366×768 laptop the
screen is 683 logical pixels wide; the card's buttons go under its text and every one stays
inside the card (beside the text they pushed the card wider than the screen)."""

from __future__ import annotations

from datetime import date, datetime

from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QPushButton

from deerfield_desk.store import inspections
from deerfield_desk.ui.field.today import StopCard, TodayScreen
from tests.inspections_fixtures import make_permit


def _screen(window, register, qtbot) -> TodayScreen:
    permit = make_permit(register, number="2026-0011")
    inspections.request_inspection(
        register, permit["uuid"], "footing", requested_by="Owner",
        requested_at=datetime(2026, 11, 20, 8), scheduled_for=datetime(2026, 12, 1, 9),
    )  # fmt: skip
    screen = TodayScreen(window, date(2026, 12, 1))
    qtbot.addWidget(screen)
    screen.show()
    qtbot.waitExposed(screen)
    return screen


def _layout_of(screen, width: int, qtbot) -> tuple[StopCard, list[QPushButton]]:
    screen.resize(width, 700)
    card = screen.findChildren(StopCard)[0]
    qtbot.waitUntil(lambda: card.width() <= width)
    card.layout().activate()
    buttons = [b for b in card.findChildren(QPushButton) if b.isVisibleTo(card)]
    return card, buttons


def test_card_buttons_go_under_the_text_when_narrow_and_stay_in_view(window, register, qtbot):
    screen = _screen(window, register, qtbot)
    card, buttons = _layout_of(screen, 1366, qtbot)
    assert not card.narrow
    result = next(b for b in buttons if b.objectName() == "resultButton")
    assert result.mapTo(card, QPoint(0, 0)).y() < card.height() // 2  # beside the address

    card, buttons = _layout_of(screen, 683, qtbot)
    assert card.narrow
    qtbot.waitUntil(lambda: result.mapTo(card, QPoint(0, 0)).y() > card.height() // 2)
    for button in buttons:  # every button inside the card, none cut off at the right
        left = button.mapTo(card, QPoint(0, 0)).x()
        assert left >= 0 and left + button.width() <= card.width(), button.accessibleName()

    card, _buttons = _layout_of(screen, 1366, qtbot)
    assert not card.narrow  # and back beside the text when there is room again


def test_the_day_bar_keeps_day_before_and_day_after_whole_at_200_percent(window, register, qtbot):
    """At 683 logical pixels the bar was wider than the screen and "◀ Day before" / "Day
    after ▶" were cut by a few pixels: the stop count now goes on a line below."""
    screen = _screen(window, register, qtbot)
    for width, wrapped in ((683, True), (1366, False), (683, True)):
        screen.resize(width, 700)
        qtbot.waitUntil(lambda w=width: screen.width() == w)
        screen.layout().activate()
        assert screen.bar_wrapped is wrapped
        for button in (screen.previous, screen.next):  # whole: its full text, inside the screen
            left = button.mapTo(screen, QPoint(0, 0)).x()
            assert button.width() >= button.sizeHint().width(), button.text()
            assert left >= 0 and left + button.width() <= screen.width(), button.text()
        count = screen.summary.mapTo(screen, QPoint(0, 0))
        below = count.y() >= screen.next.mapTo(screen, QPoint(0, 0)).y() + screen.next.height()
        assert below is wrapped  # the count under the bar only when it has no room beside it
        assert count.x() + screen.summary.sizeHint().width() <= screen.width()
        assert screen.summary.text() == "1 stop · 0 recorded"
