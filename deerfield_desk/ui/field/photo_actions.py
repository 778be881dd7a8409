"""Attaching photos from the field screens: pick files or a camera folder, import them.

The file choosers are module functions (``ask_photo_files``, ``ask_camera_folder``) so tests
replace them instead of facing a blocking dialog. Every import runs in the background
(``ui.worker``) with progress and cancel, on the worker's own register connection: nine phone
photos imported on the GUI thread froze the window for 19.6 s (issue 17). Refused files are
listed afterwards, each with its reason; the window reads the new rows back from the journal.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from deerfield_desk.store import photos
from deerfield_desk.store.register import Register
from deerfield_desk.ui.worker import Job, run_with_progress

PATTERNS = ("jpg", "jpeg", "heic", "heif", "mpo", "png", "tif", "tiff")
PHOTO_FILTER = "Photos ({})".format(" ".join(f"*.{p} *.{p.upper()}" for p in PATTERNS))


def ask_photo_files(parent: QWidget) -> list[str]:
    files, _ = QFileDialog.getOpenFileNames(parent, "Attach photos", "", PHOTO_FILTER)
    return files


def ask_camera_folder(parent: QWidget) -> str:
    return QFileDialog.getExistingDirectory(parent, "Camera or card folder (DCIM)")


def show_refusals(parent: QWidget, refusals: list[str]) -> None:
    if refusals:
        QMessageBox.warning(parent, "Some photos were not attached", "\n".join(refusals))


def _files_job(db_path, actor, paths, files, owner_table, owner_uuid):
    register = Register.open(db_path, actor)  # the worker thread's own connection
    try:
        return (yield from photos.import_files(register, paths, files, owner_table, owner_uuid))
    finally:
        register.close()


def attach_files(
    window,
    owner_table: str,
    owner_uuid: str,
    files: list[str],
    on_done: Callable[[list[dict]], None] | None = None,
    parent: QWidget | None = None,
) -> Job | None:
    """Import ``files`` in the background behind a progress dialog (over ``parent``, else
    the main window); ``on_done(rows)`` when they are in."""
    if not files:
        return None

    def done(result) -> None:
        rows, refusals = result
        window.catch_up()  # written on the worker's connection: read back from the journal
        show_refusals(parent or window, refusals)
        if on_done:
            on_done(rows)

    return run_with_progress(
        parent or window,
        "Importing photos",
        partial(
            _files_job,
            window.paths.db,
            window.register.actor,
            window.paths,
            list(files),
            owner_table,
            owner_uuid,
        ),
        done,
    )


def attach_photos(
    window, owner_table: str, owner_uuid: str, on_done=None, parent: QWidget | None = None
) -> Job | None:
    files = ask_photo_files(parent or window)
    return attach_files(window, owner_table, owner_uuid, files, on_done, parent)


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
        window.catch_up()  # written on the worker's connection: read back from the journal

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
