"""Attaching photos from the field screens: pick files or a camera folder, import them.

The file choosers are module functions (``ask_photo_files``, ``ask_camera_folder``) so tests
replace them instead of facing a blocking dialog. A camera folder imports in the background
with progress and cancel; refused files are listed afterwards, each with its reason.
"""

from __future__ import annotations

from functools import partial

from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from deerfield_desk.errors import InvalidInput, RecordNotFound
from deerfield_desk.store import photos
from deerfield_desk.store.register import Register
from deerfield_desk.ui.worker import run_with_progress

PHOTO_FILTER = "Photos (*.jpg *.jpeg *.png *.tif *.tiff *.JPG *.JPEG *.PNG *.TIF *.TIFF)"


def ask_photo_files(parent: QWidget) -> list[str]:
    files, _ = QFileDialog.getOpenFileNames(parent, "Attach photos", "", PHOTO_FILTER)
    return files


def ask_camera_folder(parent: QWidget) -> str:
    return QFileDialog.getExistingDirectory(parent, "Camera or card folder (DCIM)")


def show_refusals(parent: QWidget, refusals: list[str]) -> None:
    if refusals:
        QMessageBox.warning(parent, "Some photos were not attached", "\n".join(refusals))


def attach_files(window, owner_table: str, owner_uuid: str, files: list[str]) -> list[dict]:
    """Import the given files now (a few photos: fast enough on the GUI thread)."""
    rows, refusals = [], []
    for path in files:
        try:
            rows.append(
                photos.import_photo(window.register, window.paths, path, owner_table, owner_uuid)
            )
        except (InvalidInput, RecordNotFound) as exc:
            refusals.append(str(exc))
    show_refusals(window, refusals)
    if rows:
        window.notify_changed("attachments")
    return rows


def attach_photos(window, owner_table: str, owner_uuid: str) -> list[dict]:
    return attach_files(window, owner_table, owner_uuid, ask_photo_files(window))


def _camera_job(db_path, actor, paths, folder, owner_table, owner_uuid):
    register = Register.open(db_path, actor)  # the worker thread's own connection
    try:
        return (
            yield from photos.import_camera_folder(register, paths, folder, owner_table, owner_uuid)
        )
    finally:
        register.close()


def attach_camera_folder(window, owner_table: str, owner_uuid: str) -> None:
    folder = ask_camera_folder(window)
    if not folder:
        return

    def done(result) -> None:
        rows, refusals = result
        show_refusals(window, refusals)
        window.notify_changed("attachments")

    run_with_progress(
        window,
        "Importing photos",
        partial(
            _camera_job,
            window.paths.db,
            window.register.actor,
            window.paths,
            folder,
            owner_table,
            owner_uuid,
        ),
        done,
    )
