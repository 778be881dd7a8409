"""Meaning colours from the theme (issue 19.4): the status bar's calendar reminder (amber)
and the wizard summary's refusal red were fixed colours that fell below 4.5:1 on the dark
and high-contrast palettes; now they are shaded by ``theme.ink`` and measured here against
the background they are drawn on."""

from __future__ import annotations

import re
from datetime import date

import pytest

from deerfield_desk.ui.a11y import contrast, theme
from deerfield_desk.ui.wizard import summary_page


@pytest.fixture
def themed(qapp):
    palette, style_name = qapp.palette(), qapp.style().name()
    yield qapp
    qapp.setStyle(style_name)
    qapp.setPalette(palette)
    qapp.setProperty("deskTheme", None)


def _colour(sheet: str, selector: str = "") -> str:
    found = re.search(re.escape(selector) + r"[^}]*?color:\s*(#[0-9a-fA-F]{6})", sheet)
    assert found, sheet
    return found[1]


@pytest.mark.parametrize("name", theme.THEMES)
def test_the_calendar_reminder_reads_on_every_palette(name, themed, window):
    from deerfield_desk.ui import calendar_actions

    theme.apply(name)
    calendar_actions.install(window, today=date(2026, 12, 2))  # December: the reminder shows
    button = window.calendar_reminder
    assert button.isVisibleTo(window) and "2027" in button.text()
    ink = _colour(button.styleSheet())
    assert contrast.ratio(ink, theme.colour("Window")) >= theme.minimum_for(name)


@pytest.mark.parametrize("name", theme.THEMES)
def test_the_summary_refusal_reads_on_every_palette(name, themed):
    theme.apply(name)
    red = _colour(summary_page.style(), ".refusal")
    assert contrast.ratio(red, theme.colour("Base")) >= theme.minimum_for(name)
    if name != "light":
        assert red != summary_page.REFUSAL  # the fixed red was shaded, not kept
