"""Accessibility in one place (issue 19): naming, keyboard, palette, screen fit, announcements.

Screens use these helpers instead of each solving it again: ``naming.prepare(widget)`` attaches
form labels to the fields themselves and turns off table tab traps, ``theme`` holds the one
palette and focus style, ``fit`` sizes dialogs to the available screen, ``announce`` speaks
status and errors to a screen reader. ``audit`` walks the accessibility tree the way a screen
reader does; the accessibility walk test (tests/test_a11y_walk.py) runs it over every screen.
"""
