"""See a permit's photos in the app: one strip of thumbnails per visit, the chosen photo large
with zoom, its caption, and arrows and circles drawn on a copy (issue 17).

Why: photos went into the register and were never seen again until a report was printed.
The strips show thumbnails only (256 px files, read scaled by ``QImageReader``); the large
view shows the 2,048 px display copy; the original is never decoded here. Saving marks
makes a new photo (``store.photo_edits.annotate``); the original stays byte-identical.
Adding photos imports them in the background with progress (``photo_actions``).
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QIcon, QImageReader, QKeySequence, QPixmap, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QButtonGroup,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListView,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from deerfield_desk.errors import InvalidInput, NotAllowed, RecordNotFound
from deerfield_desk.models.office_words import say
from deerfield_desk.store import photo_edits
from deerfield_desk.ui.a11y.announce import show_error
from deerfield_desk.ui.a11y.fit import DeskDialog
from deerfield_desk.ui.a11y.tab_order import put_after
from deerfield_desk.ui.field import photo_actions
from deerfield_desk.ui.field.photo_canvas import ZOOM_STEP, PhotoCanvas

THUMB = 112
UUID_ROLE = Qt.ItemDataRole.UserRole


def thumbnail(path: str, side: int = THUMB) -> QIcon:
    """A small icon read at its shown size (never a full decode)."""
    reader = QImageReader(path)
    size = reader.size()
    if size.isValid() and max(size.width(), size.height()) > side:
        size.scale(side, side, Qt.AspectRatioMode.KeepAspectRatio)
        reader.setScaledSize(size)
    image = reader.read()
    return QIcon(QPixmap.fromImage(image)) if not image.isNull() else QIcon()


def _button(text: str, name: str, tip: str | None = None) -> QPushButton:
    button = QPushButton(text)
    button.setObjectName(name)
    button.setMinimumHeight(44)
    # No default button: Return in the caption saves the caption; it must never also press
    # whichever button Qt picks as the dialog's default (Add photos… opened a file dialog)
    button.setAutoDefault(False)
    button.setAccessibleName(tip or text.replace("&", ""))
    if tip:
        button.setToolTip(tip)
    return button


class PhotoViewer(DeskDialog):
    """Photos of one permit. ``add_to`` = (owner table, owner uuid) enables "Add photos"."""

    def __init__(self, window, permit_uuid: str, add_to: tuple[str, str] | None = None,
                 parent=None):  # fmt: skip
        super().__init__(parent)
        self.window_ = window
        self.register = window.register
        self.permit = self.register.get("permits", permit_uuid)
        self.add_to = add_to
        self.current: dict | None = None
        self.rows: dict[str, dict] = {}
        self.strips: list[QListWidget] = []
        self.setWindowTitle(f"Photos: permit {self.permit['permit_number'] or 'not yet issued'}")
        self.resize(1200, 720)
        # At 200 % on a 1366x768 screen the dialog has 683x384 logical pixels, less than the
        # body needs: DeskDialog scrolls the body then, Add photos and Close stay in view.
        layout = QVBoxLayout(self)
        heading = QLabel(f"{self.permit['address_text']} · photos by visit")
        heading.setObjectName("viewerHeading")
        font = heading.font()
        font.setPointSizeF(font.pointSizeF() * 1.3)
        font.setBold(True)
        heading.setFont(font)
        heading.setWordWrap(True)
        layout.addWidget(heading)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        layout.addWidget(splitter, 1)
        self.strip_area = QScrollArea()
        self.strip_area.setWidgetResizable(True)
        self.strip_area.setMinimumWidth(THUMB + 60)
        splitter.addWidget(self.strip_area)
        splitter.addWidget(self._photo_side())
        splitter.setStretchFactor(1, 1)
        self.status = QLabel()
        self.status.setObjectName("viewerStatus")
        self.status.setWordWrap(True)
        layout.addWidget(self.status)
        bottom = QHBoxLayout()
        self.add_button = _button("&Add photos…", "addPhotos", "Add photos to this visit")
        self.add_button.setVisible(add_to is not None)
        self.add_button.clicked.connect(self.add_photos)
        bottom.addWidget(self.add_button)
        bottom.addStretch(1)
        close = _button("Close", "closeViewer")
        close.clicked.connect(self.reject)
        bottom.addWidget(close)
        layout.addLayout(bottom)
        for keys, handler in (
            (QKeySequence.StandardKey.ZoomIn, lambda: self.canvas.zoom_by(ZOOM_STEP)),
            (QKeySequence.StandardKey.ZoomOut, lambda: self.canvas.zoom_by(1 / ZOOM_STEP)),
            ("Ctrl+0", self.canvas.fit),
            (QKeySequence.StandardKey.Undo, self.canvas.undo_mark),
        ):
            QShortcut(QKeySequence(keys), self, activated=handler)
        self.reload()

    def _photo_side(self) -> QWidget:
        side = QWidget()
        column = QVBoxLayout(side)
        column.setContentsMargins(0, 0, 0, 0)
        self.canvas = PhotoCanvas()
        self.canvas.setMinimumSize(320, 200)
        self.canvas.zoom_changed.connect(lambda z: self.zoom_label.setText(f"{z:.0%}"))
        self.canvas.marks_changed.connect(self._marks_changed)
        column.addWidget(self.canvas, 1)
        tools = QGridLayout()
        zoom_out = _button("−", "zoomOut", "Zoom out (Ctrl+minus)")
        zoom_out.clicked.connect(lambda: self.canvas.zoom_by(1 / ZOOM_STEP))
        self.zoom_label = QLabel("—")
        self.zoom_label.setAccessibleName("Zoom level")
        self.zoom_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        zoom_in = _button("+", "zoomIn", "Zoom in (Ctrl+plus)")
        zoom_in.clicked.connect(lambda: self.canvas.zoom_by(ZOOM_STEP))
        fit = _button("&Fit", "zoomFit", "Fit the photo to the window (Ctrl+0)")
        fit.clicked.connect(self.canvas.fit)
        actual = _button("1:1", "zoomActual", "Show at actual size")
        actual.clicked.connect(lambda: self.canvas.set_zoom(1.0))
        for column_at, widget in enumerate((zoom_out, self.zoom_label, zoom_in, fit, actual)):
            tools.addWidget(widget, 0, column_at)
        self.tool_group = QButtonGroup(self)
        self.tool_group.setExclusive(False)
        self.tool_buttons: dict[str, QPushButton] = {}
        for column_at, (tool, text) in enumerate((("arrow", "A&rrow"), ("circle", "C&ircle"))):
            button = _button(text, f"{tool}Tool", f"Draw {'an' if tool == 'arrow' else 'a'} "
                             f"{tool} on a copy of the photo")  # fmt: skip
            button.setCheckable(True)
            button.toggled.connect(lambda on, t=tool: self._choose_tool(t, on))
            self.tool_buttons[tool] = button
            tools.addWidget(button, 1, column_at)
        self.colour = QComboBox()
        self.colour.setAccessibleName("Colour of the marks")
        self.colour.setMinimumHeight(44)
        for name in photo_edits.MARK_COLOURS:
            self.colour.addItem(name.capitalize(), name)
        self.colour.currentIndexChanged.connect(
            lambda _i: setattr(self.canvas, "colour", self.colour.currentData())
        )
        tools.addWidget(self.colour, 1, 2)
        self.undo_button = _button("&Undo mark", "undoMark", "Remove the last mark (Ctrl+Z)")
        self.undo_button.clicked.connect(self.canvas.undo_mark)
        tools.addWidget(self.undo_button, 1, 3)
        self.save_marks = _button("Save &marked copy", "saveMarked",
                                  "Save a marked copy; the original stays as taken")  # fmt: skip
        self.save_marks.clicked.connect(self.save_marked_copy)
        tools.addWidget(self.save_marks, 1, 4)
        column.addLayout(tools)
        form = QFormLayout()
        caption_row = QHBoxLayout()
        self.caption = QLineEdit()
        self.caption.setObjectName("caption")
        self.caption.setMaxLength(photo_edits.CAPTION_MAX)
        self.caption.setPlaceholderText("What the photo shows (printed under it)")
        self.caption.setMinimumHeight(40)
        self.caption.returnPressed.connect(self.save_caption)
        caption_row.addWidget(self.caption, 1)
        self.caption_button = _button("Save ca&ption", "saveCaption", "Save the caption")
        self.caption_button.clicked.connect(self.save_caption)
        caption_row.addWidget(self.caption_button)
        caption_label = QLabel("&Caption:")
        caption_label.setBuddy(self.caption)
        form.addRow(caption_label, caption_row)
        self.info = QLabel()
        self.info.setObjectName("photoInfo")
        self.info.setWordWrap(True)
        form.addRow(self.info)
        column.addLayout(form)
        self._marks_changed()
        return side

    # -- strips ---------------------------------------------------------------------------
    def reload(self, select: str | None = None) -> None:
        """Rebuild the strips from the register (after an import or a marked copy)."""
        strips = photo_edits.photos_by_visit(self.register, self.permit["uuid"])
        body = QWidget()
        column = QVBoxLayout(body)
        self.strips, self.rows = [], {}
        folder = self.window_.paths.photos
        for strip in strips:
            title = QLabel(f"{strip.label}\n{strip.when.replace('T', ' ')}")
            title.setWordWrap(True)
            column.addWidget(title)
            view = QListWidget()
            view.setObjectName("photoStrip")
            view.setAccessibleName(f"Photos of {strip.label}, {strip.when.replace('T', ' ')}")
            view.setViewMode(QListView.ViewMode.IconMode)
            view.setFlow(QListView.Flow.LeftToRight)
            view.setWrapping(True)
            view.setResizeMode(QListView.ResizeMode.Adjust)
            view.setIconSize(QSize(THUMB, THUMB))
            view.setMovement(QListView.Movement.Static)
            view.setGridSize(QSize(THUMB + 16, THUMB + view.fontMetrics().height() * 2))
            view.setTextElideMode(Qt.TextElideMode.ElideMiddle)
            view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
            rows_needed = (len(strip.photos) + 1) // 2
            view.setMinimumHeight(min(2, rows_needed) * view.gridSize().height() + 8)
            for photo in strip.photos:
                self.rows[photo["uuid"]] = photo
                text = photo.get("caption") or photo["filename"]
                icon = thumbnail(str(folder / (photo["thumb_path"] or "")))
                item = QListWidgetItem(icon, photo["filename"])
                item.setData(UUID_ROLE, photo["uuid"])
                item.setToolTip(text)
                item.setData(Qt.ItemDataRole.AccessibleTextRole, text)
                view.addItem(item)
            view.currentItemChanged.connect(
                lambda item, _old, v=view: self._chosen(v, item) if item else None
            )
            column.addWidget(view)
            self.strips.append(view)
        if not strips:
            column.addWidget(QLabel("No photos on this permit yet."))
        column.addStretch(1)
        self.strip_area.setWidget(body)
        put_after(self.strip_area, self.strips)  # read first (on the left), not after Close
        wanted = select or (self.current or {}).get("uuid")
        if wanted not in self.rows:
            wanted = next(iter(self.rows), None)
        if wanted:
            self.select(wanted)
        else:
            self.show_photo(None)

    def select(self, photo_uuid: str) -> None:
        for view in self.strips:
            for index in range(view.count()):
                if view.item(index).data(UUID_ROLE) == photo_uuid:
                    view.setCurrentRow(index)
                    self.show_photo(self.rows[photo_uuid])
                    return

    def _chosen(self, view: QListWidget, item: QListWidgetItem) -> None:
        for other in self.strips:
            if other is not view:
                other.blockSignals(True)
                other.clearSelection()
                other.setCurrentRow(-1)
                other.blockSignals(False)
        self.show_photo(self.rows[item.data(UUID_ROLE)])

    # -- one photo ------------------------------------------------------------------------
    def show_photo(self, photo: dict | None) -> None:
        self.current = photo
        for widget in (self.caption, self.caption_button, self.colour, *self.tool_buttons.values()):
            widget.setEnabled(photo is not None)
        if photo is None:
            self.canvas.scene().clear()
            self.caption.clear()
            self.info.setText("")
            return
        path = self.window_.paths.photos / (photo["display_path"] or photo["original_path"])
        shown = self.canvas.show_image(str(path))
        self.caption.setText(photo.get("caption") or "")
        facts = [photo["filename"]]
        if photo.get("taken_at"):
            facts.append(f"taken {photo['taken_at'].replace('T', ' ')}")
        if photo.get("derived_from"):
            source = self.rows.get(photo["derived_from"])
            facts.append(f"marked copy of {source['filename'] if source else 'an earlier photo'}")
        if not shown:
            facts.append("the display copy is missing: attach the photo again to rebuild it")
        self.info.setText(" · ".join(facts))

    def _choose_tool(self, tool: str, on: bool) -> None:
        if on:
            for name, button in self.tool_buttons.items():
                if name != tool:
                    button.setChecked(False)
            self.canvas.set_tool(tool)
        elif self.canvas.tool == tool:
            self.canvas.set_tool(None)

    def _marks_changed(self) -> None:
        count = len(self.canvas.marks)
        self.undo_button.setEnabled(count > 0)
        self.save_marks.setEnabled(count > 0)
        if count:
            self.status.setText(f"{count} mark(s) drawn; not saved yet: Save marked copy")

    def save_caption(self) -> None:
        if self.current is None:
            return
        try:
            row = photo_edits.set_caption(self.register, self.current["uuid"], self.caption.text())
        except (InvalidInput, NotAllowed, RecordNotFound) as exc:
            show_error(self, self.status, say(exc))
            return
        self.rows[row["uuid"]] = self.current = row
        self.status.setText(f"Caption saved for {row['filename']}.")

    def save_marked_copy(self) -> None:
        if self.current is None:
            return
        try:
            row = photo_edits.annotate(
                self.register, self.window_.paths, self.current["uuid"], list(self.canvas.marks),
                self.caption.text(),
            )  # fmt: skip
        except (InvalidInput, NotAllowed, RecordNotFound) as exc:
            show_error(self, self.status, say(exc))
            return
        for button in self.tool_buttons.values():
            button.setChecked(False)
        self.reload(select=row["uuid"])
        self.status.setText(
            f"Saved {row['filename']}, a marked copy; the original photo is unchanged."
        )

    def add_photos(self) -> None:
        if self.add_to is None:
            return
        table, owner = self.add_to

        def done(rows: list[dict]) -> None:
            self.reload(select=rows[-1]["uuid"] if rows else None)
            self.status.setText(f"{len(rows)} photo(s) added.")

        photo_actions.attach_photos(self.window_, table, owner, done, parent=self)
