"""Walk a window's accessibility tree as a screen reader does, and list what it cannot use.

Orca (AT-SPI), NVDA and Narrator read Qt's ``QAccessibleInterface`` tree, not the widgets, so
the audit reads that tree too: a control whose interface has no name is silent to them whatever
the screen shows. Three problems are reported, the ones issue 19 found:

- ``unnamed``: an interactive control (button, field, list, table…) with no accessible name;
- ``repeated``: two visible controls of one role with the same name in one window ("Result"
  on every Today card): a listener hears the same word with nothing to tell them apart;
- ``trap``: an item view with tab-key navigation on, so Tab walks its cells forever;
- ``access key``: one Alt+letter on two visible things (a button and a menu), so it picks
  neither;
- ``toggle choice``: a checkable push button in an exclusive group: one answer of several,
  but a screen reader says "toggle button, pressed" and nothing of the others. Exclusive
  choices are radio buttons (``ui/a11y/choices.py``).

Hidden controls are skipped (a screen reader skips them too); the insides of tables, lists and
combo boxes are skipped (their cells are data, named by their headers).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field

from PySide6.QtGui import QAccessible, QAccessibleInterface
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QComboBox,
    QLabel,
    QPushButton,
    QToolButton,
    QWidget,
)

from deerfield_desk.ui.a11y.keys import access_key_clashes
from deerfield_desk.ui.a11y.tab_pages import each_tab_page

Role = QAccessible.Role

#: Roles a user acts on: each must have a name.
INTERACTIVE = frozenset(
    {
        Role.Button,
        Role.CheckBox,
        Role.RadioButton,
        Role.ComboBox,
        Role.EditableText,
        Role.SpinBox,
        Role.Slider,
        Role.Dial,
        Role.Table,
        Role.Tree,
        Role.List,
        Role.PageTab,
        Role.Link,
        Role.ButtonMenu,
        Role.ButtonDropDown,
        Role.HotkeyField,
    }
)
#: Roles whose children are data (cells, items), not controls of their own.
OPAQUE = frozenset({Role.Table, Role.Tree, Role.List, Role.ComboBox, Role.SpinBox})
#: Roles where the same name twice is a problem (a listener cannot tell the two apart).
REPEAT_CHECKED = frozenset(
    {Role.Button, Role.CheckBox, Role.RadioButton, Role.ButtonMenu, Role.ButtonDropDown,
     Role.EditableText, Role.ComboBox, Role.SpinBox, Role.Link}
)  # fmt: skip


@dataclass(frozen=True)
class Problem:
    kind: str  # "unnamed" | "repeated" | "trap" | "access key" | "toggle choice"
    role: str
    name: str
    widget: str  # class and object name, to find it in the code
    ident: int = field(default=0, repr=False)  # which object (two alike are two problems)

    def __str__(self) -> str:
        return f"{self.kind}: {self.role} {self.name!r} ({self.widget})"


def _describe(obj) -> str:
    if obj is None:
        return "?"
    name = obj.objectName() if hasattr(obj, "objectName") else ""
    parent = obj.parent() if hasattr(obj, "parent") else None
    where = type(parent).__name__ if parent is not None else ""
    return f"{type(obj).__name__}{'#' + name if name else ''} in {where}"


def controls(root: QWidget) -> Iterator[tuple[QAccessibleInterface, str]]:
    """Every visible interactive control under ``root`` with its accessible name."""
    top = QAccessible.queryAccessibleInterface(root)
    if top is None:
        return
    stack = [top]
    seen = 0
    while stack:
        iface = stack.pop()
        seen += 1
        if seen > 20000 or not iface.isValid():
            continue
        state = iface.state()
        if state.invisible:
            continue
        role = iface.role()
        if role in INTERACTIVE:
            yield iface, iface.text(QAccessible.Text.Name).strip()
        if role in OPAQUE:
            continue
        for i in range(iface.childCount() - 1, -1, -1):
            child = iface.child(i)
            if child is not None:
                stack.append(child)


def is_toggle_choice(obj) -> bool:
    """A push or tool button that is checkable and exclusive with others: a radio button
    drawn as a toggle."""
    if not isinstance(obj, QPushButton | QToolButton) or not obj.isCheckable():
        return False
    group = obj.group() if isinstance(obj, QAbstractButton) else None
    return (group is not None and group.exclusive()) or obj.autoExclusive()


def _combo_name(combo, buddies: dict[int, str]) -> str:
    """A combo box's name as Orca hears it on Linux: Qt reports its current choice as the
    Name there and the label through the labelled-by relation, so the choice is not a name;
    the explicit accessible name or the label whose buddy it is, is."""
    return combo.accessibleName().strip() or buddies.get(id(combo), "")


def audit(root: QWidget) -> list[Problem]:
    """The problems of what ``root`` shows now (one state of one screen)."""
    problems: list[Problem] = []
    named: list[tuple[Role, str, object]] = []
    buddies = {
        id(label.buddy()): label.text().replace("&", "").strip()
        for label in root.findChildren(QLabel)
        if label.buddy() is not None
    }
    for iface, name in controls(root):
        role = iface.role()
        obj = iface.object()
        if role == Role.ComboBox and isinstance(obj, QComboBox):
            name = _combo_name(obj, buddies)
        if not name:
            problems.append(Problem("unnamed", role.name, "", _describe(obj), id(obj)))
        elif role in REPEAT_CHECKED:
            named.append((role, name, obj))
        if isinstance(obj, QAbstractItemView) and obj.tabKeyNavigation():
            problems.append(Problem("trap", role.name, name, _describe(obj), id(obj)))
        if is_toggle_choice(obj):
            problems.append(Problem("toggle choice", role.name, name, _describe(obj), id(obj)))
    for clash in access_key_clashes(root):
        problems.append(Problem("access key", "", clash, _describe(root), hash(clash)))
    counts = Counter((role, name) for role, name, _ in named)
    for role, name, obj in named:
        if counts[(role, name)] > 1:
            problems.append(Problem("repeated", role.name, name, _describe(obj), id(obj)))
    return problems


def audit_every_tab(root: QWidget) -> list[Problem]:
    """:func:`audit` with each page of each tab widget shown in turn (hidden pages are
    invisible to a screen reader until chosen, but a user will choose them)."""
    found: dict[tuple, Problem] = {}
    for _page in each_tab_page(root):
        for problem in audit(root):
            found.setdefault((problem.kind, problem.ident), problem)
    return list(found.values())
