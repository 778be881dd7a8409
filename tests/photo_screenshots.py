"""Screenshots of issue 17's field screens: the photo viewer (with marks), the signature pad
and the erosion checklist. One run per look:
``QT_QPA_PLATFORM=offscreen [QT_SCALE_FACTOR=1.5] PYTHONPATH=. python -m tests.photo_screenshots
OUTDIR SUFFIX [dark]`` (the committed ones are docs/screenshots/photos-*.png)."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QApplication

from deerfield_desk.config import register_paths
from deerfield_desk.models.actor import Actor, Role
from deerfield_desk.store import inspections, photo_edits, photos
from deerfield_desk.store.register import Register
from deerfield_desk.ui.field.photo_viewer import PhotoViewer
from deerfield_desk.ui.main_window import MainWindow
from tests.field_screenshots import dark
from tests.inspections_fixtures import NOW, make_permit
from tests.photo_fixtures import site_photo

SIZE = (1366, 768)


def grab(widget, out: Path, name: str, suffix: str) -> None:
    """At 1366x768 physical: at 200 % scaling the dialog has 683x384 logical pixels."""
    scale = float(os.environ.get("QT_SCALE_FACTOR", "1") or 1)
    widget.resize(int(SIZE[0] / scale), int(SIZE[1] / scale) - 40)  # a task bar
    widget.show()
    QApplication.processEvents()
    widget.grab().save(str(out / f"{name}{suffix}.png"))
    if hasattr(widget, "autosave"):  # the checklist: closing it would ask about its answers
        widget.done(0)
    else:
        widget.close()


def main(out_dir: str, suffix: str, theme: str = "") -> None:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    if theme == "dark":
        dark(app)
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp())
    reg = Register.create(tmp / "r.sqlite", Actor("Sam Inspector", Role.INSPECTOR, "laptop"))
    paths = register_paths(tmp / "r.sqlite")
    permit = make_permit(reg)
    stops = [
        inspections.request_inspection(
            reg, permit["uuid"], stage, requested_by="Dana", requested_at=NOW, now=NOW
        )  # fmt: skip
        for stage in ("footing", "foundation")
    ]
    for number in range(5):
        source = tmp / f"IMG_{number:04}.jpg"
        site_photo((1600, 1200), number).save(source, "JPEG", quality=85)
        row = photos.import_photo(reg, paths, source, "inspections", stops[number % 2]["uuid"])
        if number == 0:
            photo_edits.set_caption(reg, row["uuid"], "Footing form at the NE corner")
    window = MainWindow(reg, paths)
    window.backups_enabled = False
    viewer = PhotoViewer(window, permit["uuid"], ("inspections", stops[0]["uuid"]))
    viewer.show()
    viewer.canvas.fit()
    viewer.tool_buttons["arrow"].setChecked(True)
    viewer.canvas.add_mark("arrow", QPointF(300, 200), QPointF(700, 500))
    viewer.canvas.add_mark("circle", QPointF(800, 500), QPointF(1100, 800))
    grab(viewer, out, "photos-viewer", suffix)

    from PySide6.QtCore import QPoint

    from deerfield_desk.documents.village import save_village_settings
    from deerfield_desk.ui.field.defect_library_dialog import DefectLibraryDialog
    from deerfield_desk.ui.field.signature_pad import SignatureDialog
    from tests.documents_fixtures import SETTINGS

    save_village_settings(reg, SETTINGS)
    defects = [{"section": "12.12(5)(a)", "description": "footing too shallow",
                "correction": "dig to 48 in", "minor": False}]  # fmt: skip
    inspections.record_result(reg, stops[0]["uuid"], "failed", defects=defects, inspected_at=NOW,
                              order_reason="erosion control seen on the same visit")  # fmt: skip
    dialog = SignatureDialog(reg, stops[0]["uuid"])
    dialog.name.setText("Dana Builder")
    points = [(30, 120), (90, 50), (150, 140), (230, 60), (320, 150), (420, 80), (520, 120)]
    dialog.pad.begin(QPoint(*points[0]).toPointF())
    for x, y in points[1:]:
        dialog.pad.extend(QPoint(x, y).toPointF())
    dialog.pad.end()
    grab(dialog, out, "photos-signature", suffix)
    library = DefectLibraryDialog(reg)
    library.search.setText("fence")
    grab(library, out, "photos-defect-library", suffix)

    from deerfield_desk.ui.field.checklist_dialog import ChecklistDialog

    site = make_permit(reg, kind="erosion_control", permit_class="major", work=None,
                       number="2026-0002", address="40 Oak Ave")  # fmt: skip
    erosion = inspections.request_inspection(
        reg, site["uuid"], "erosion_control", requested_by="Ann", requested_at=NOW, now=NOW
    )
    checklist = ChecklistDialog(window, site["uuid"], erosion["uuid"])
    checklist.answer("tracking_pad", "deficient", "mud on Oak Ave")
    checklist.answer("dewatering", "meets")
    checklist.site_class.setCurrentIndex(checklist.site_class.findData("larger"))
    grab(checklist, out, "photos-checklist", suffix)
    reg.close()


if __name__ == "__main__":
    main(*sys.argv[1:])
