"""A logical tab order on every screen (issue 19): Tab from the first control reaches every
control a keyboard user can act on, each once, in reading order, and comes back round.

Why a walk with real key presses and not a look at ``nextInFocusChain``: the chain is only
what Qt would try; a control that eats Tab (a table with tab-key navigation, a text box that
types a tab, a browser that steps through its links) stops the walk where a user is stopped.
Reading order is top to bottom and, within a row, left to right; a step up is allowed only
into a new column to the right (a form beside a list reads the list first, then the form).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QApplication,
    QButtonGroup,
    QDialogButtonBox,
    QHBoxLayout,
    QRadioButton,
    QScrollArea,
    QWidget,
)

from deerfield_desk.ui.a11y.tab_pages import each_tab_page

#: Controls of one row rarely line up to the pixel: a step this small is not "back".
TOLERANCE = 12
#: Presses one control may take before it counts as holding the keyboard (links in a pane).
HOLD_LIMIT = 60


@dataclass(frozen=True)
class Fault:
    kind: str  # "tab trap" | "tab unreached" | "tab twice" | "tab order"
    what: str

    def __str__(self) -> str:
        return f"{self.kind}: {self.what}"


def _name(widget: QWidget) -> str:
    text = widget.accessibleName() or (widget.text() if isinstance(widget, QAbstractButton)
                                       else "")  # fmt: skip
    name = widget.objectName()
    return f"{type(widget).__name__}{'#' + name if name else ''} {text.replace('&', '')!r}"


def _group(widget: QWidget) -> object:
    """One Tab stop per exclusive choice: Qt stops on one radio of a group (arrows move)."""
    if isinstance(widget, QAbstractButton):
        group = widget.group()
        if isinstance(group, QButtonGroup) and group.exclusive():
            return group
        if isinstance(widget, QRadioButton) and widget.autoExclusive():
            return ("auto", widget.parentWidget())
    return widget


def _inside_item_view(widget: QWidget, root: QWidget) -> bool:
    parent = widget.parentWidget()
    while parent is not None and parent is not root:
        if isinstance(parent, QAbstractItemView):
            return True
        parent = parent.parentWidget()
    return False


def _is_stop(widget: QWidget) -> bool:
    policy = widget.focusPolicy()
    return policy & Qt.FocusPolicy.TabFocus == Qt.FocusPolicy.TabFocus


def _holds_stops(widget: QWidget) -> bool:
    """A container with Tab stops of its own (a spin box's inner edit hands its focus to the
    box, and a combo box's popup is another window: neither counts)."""
    window = QWidget.window(widget)
    return any(
        _is_stop(child) and child.focusProxy() is None and QWidget.window(child) is window
        for child in widget.findChildren(QWidget)
    )


def stops(root: QWidget) -> list[QWidget]:
    """The controls Tab should reach on what ``root`` shows now."""
    found = []
    for widget in root.findChildren(QWidget):
        if (
            QWidget.window(widget) is root
            and widget.isVisibleTo(root)
            and widget.isEnabled()
            and _is_stop(widget)
            and widget.focusProxy() is None
            and not _inside_item_view(widget, root)
        ):
            found.append(widget)
    return found


def _areas(widget: QWidget, root: QWidget) -> list[QWidget]:
    """The scroll areas ``widget`` sits in, outermost first."""
    found = []
    parent = widget.parentWidget()
    while parent is not None and parent is not root:
        if isinstance(parent, QScrollArea) and parent.widget() is not None:
            found.append(parent)
        parent = parent.parentWidget()
    return found[::-1]


def _rect(widget: QWidget, frame: QWidget) -> QRect:
    return QRect(widget.mapTo(frame, QPoint(0, 0)), widget.size())


def _places(a: QWidget, b: QWidget, root: QWidget) -> tuple[QRect, QRect]:
    """Where ``a`` and ``b`` are, compared in the frame they share: inside one scroll area,
    in its content (scrolled or not); across its edge, the area stands for what is in it
    (the last item of a long list is not "below" the buttons under the list)."""
    areas_a, areas_b = _areas(a, root), _areas(b, root)
    shared = 0
    while shared < min(len(areas_a), len(areas_b)) and areas_a[shared] is areas_b[shared]:
        shared += 1
    frame = areas_a[shared - 1].widget() if shared else root
    stand_a = areas_a[shared] if len(areas_a) > shared else a
    stand_b = areas_b[shared] if len(areas_b) > shared else b
    return _rect(stand_a, frame), _rect(stand_b, frame)


def out_of_order(a: QRect, b: QRect) -> bool:
    """Is a step from ``a`` to ``b`` against reading order?"""
    overlap = min(a.bottom(), b.bottom()) - max(a.top(), b.top())
    same_row = overlap > TOLERANCE or (a.center().y() - b.center().y()) ** 2 <= TOLERANCE**2
    if same_row:
        return b.center().x() < a.center().x() - TOLERANCE and b.right() < a.left() + TOLERANCE
    if b.center().y() < a.center().y():  # upwards: only into a new column to the right
        return b.left() < a.right() - TOLERANCE
    return False


def walk(root: QWidget) -> tuple[list[QWidget], list[Fault]]:
    """Press Tab from the first control until focus comes back to it; the visited controls
    and what was wrong."""
    expected = stops(root)
    if len(expected) < 2:  # nothing to order; Tab rightly stays on a lone control
        return expected, []
    first = min(expected, key=lambda w: (_rect(w, root).top(), _rect(w, root).left()))
    first.setFocus(Qt.FocusReason.TabFocusReason)
    QApplication.processEvents()
    visited: list[QWidget] = [first]
    faults: list[Fault] = []
    held = 0
    for _ in range(3 * len(expected) + 10):
        current = root.focusWidget() or first
        QTest.keyClick(current, Qt.Key.Key_Tab)
        QApplication.processEvents()
        now = root.focusWidget()
        if now is None or QWidget.window(now) is not root:
            faults.append(Fault("tab trap", f"Tab left the window from {_name(current)}"))
            break
        if now is first and len(visited) > 1:
            break
        if now is visited[-1]:
            held += 1
            if held > HOLD_LIMIT:
                faults.append(Fault("tab trap", f"Tab stays in {_name(now)}"))
                break
            continue
        held = 0
        visited.append(now)
    else:
        faults.append(Fault("tab trap", f"Tab never came back to {_name(first)}"))
    seen: set[object] = set()
    for widget in visited:
        key = _group(widget)
        if key in seen:
            faults.append(Fault("tab twice", _name(widget)))
        seen.add(key)
    for widget in expected:
        if _group(widget) not in seen:
            faults.append(Fault("tab unreached", _name(widget)))
    for before, after in zip(visited, visited[1:], strict=False):
        if out_of_order(*_places(before, after, root)):
            faults.append(Fault("tab order", f"{_name(before)} → {_name(after)}"))
    return visited, list(dict.fromkeys(faults))


def check(root: QWidget) -> list[Fault]:
    """:func:`walk`'s faults for ``root`` and each page of its tab widgets."""
    faults: list[Fault] = []
    for page in each_tab_page(root):
        for fault in walk(root)[1]:
            if page is not None:
                fault = Fault(fault.kind, f"{fault.what} (tab {page!r})")
            if fault not in faults:
                faults.append(fault)
    return faults


def order_rows(root: QWidget) -> None:
    """Make Tab cross each row of buttons left to right, as it is read.

    A ``QDialogButtonBox`` lays its buttons out in the platform's order (Save before Cancel
    here), not in the order they were added, and Tab followed the order of adding: from
    Cancel back to Save. A row laid out by hand (``QHBoxLayout``) had the same fault where a
    button was inserted before one made earlier."""
    rows: list[list[QWidget]] = []
    for box in root.findChildren(QDialogButtonBox):
        rows.append(list(box.buttons()))
    for layout in root.findChildren(QHBoxLayout):
        rows.append([layout.itemAt(i).widget() for i in range(layout.count())])
    for row in rows:
        controls = [w for w in row if w is not None and _is_stop(w) and not _holds_stops(w)]
        if len(controls) < 2:
            continue
        controls.sort(key=lambda w: w.mapTo(root, QPoint(0, 0)).x())
        for before, after in zip(controls, controls[1:], strict=False):
            QWidget.setTabOrder(before, after)
    order_cells(root)


def order_cells(root: QWidget) -> None:
    """Controls placed in a table's cells (a combo box per row) come right after the table,
    row by row: made after the buttons under the table, they were reached after them."""
    for view in root.findChildren(QAbstractItemView):
        cells = [
            w for w in view.viewport().findChildren(QWidget)
            if _is_stop(w) and w.focusProxy() is None and QWidget.window(w) is QWidget.window(view)
        ]  # fmt: skip
        cells.sort(key=lambda w: (w.mapTo(view, QPoint(0, 0)).y(), w.mapTo(view, QPoint(0, 0)).x()))
        chain = [view, *cells]
        for before, after in zip(chain, chain[1:], strict=False):
            QWidget.setTabOrder(before, after)


def focus_chain(root: QWidget) -> list[QWidget]:
    """The Tab stops of ``root`` in the order Qt's focus chain holds them."""
    wanted = {id(w) for w in stops(root)}
    found, widget = [], root.nextInFocusChain()
    while widget is not None and widget is not root and len(found) < len(wanted):
        if id(widget) in wanted:
            found.append(widget)
        widget = widget.nextInFocusChain()
    return found


def put_after(anchor: QWidget, widgets: list[QWidget]) -> None:
    """Make ``widgets`` the Tab stops right after ``anchor``, in the order given: for a part
    rebuilt later (the photo viewer's strips, on its left) that otherwise joins the chain
    after the buttons at the bottom."""
    chain = [anchor, *widgets]
    for before, after in zip(chain, chain[1:], strict=False):
        QWidget.setTabOrder(before, after)
