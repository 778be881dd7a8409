"""Screenshots of the permit window, the directory and their dialogs (issue 16.1-2):
``QT_QPA_PLATFORM=offscreen PYTHONPATH=. python -m tests.permit_window_screenshots OUT_DIR
[--dark] [--size 1366x768]``; run with QT_SCALE_FACTOR=1.5 or 2 for the larger scales.
The data is built with the store's own functions: a filed house, a payment, a voided one,
an electrician whose credential has expired, a corrected phone."""

from __future__ import annotations

import sys
import tempfile
from datetime import date
from pathlib import Path

from PySide6.QtWidgets import QApplication

from deerfield_desk.config import register_paths
from deerfield_desk.models.actor import Actor
from deerfield_desk.store import ledger
from deerfield_desk.store.people import people_matching
from deerfield_desk.store.permit_contractors import name_contractor
from deerfield_desk.store.permit_corrections import correct_person, void_payment
from deerfield_desk.store.register import Register
from deerfield_desk.ui.main_window import MainWindow
from deerfield_desk.ui.notice_dialogs import DraftNoticeDialog
from deerfield_desk.ui.permit_window.contractor_dialog import NameContractorDialog
from deerfield_desk.ui.permit_window.correct_dialog import PersonCorrectionDialog
from deerfield_desk.ui.permit_window.directory import PeopleDirectory
from deerfield_desk.ui.permit_window.owner_dialog import OwnerLinkDialog
from deerfield_desk.ui.permit_window.window import PermitWindow
from deerfield_desk.ui.person_picker import OnFileDialog
from tests.notice_dialog_screenshots import dark
from tests.people_builders import builder, file_for, maria_twice

TODAY = date(2026, 11, 30)


def build(reg: Register) -> dict:
    full, empty = maria_twice(reg)
    bo = builder(reg)
    permit = file_for(reg, full, bo, description="Two-storey house with attached garage")[0]
    fees = ledger.fees_for_permit(reg, permit["id"])
    wrong = ledger.record_payment(reg, fees[0]["uuid"], fees[0]["balance_cents"], "check",
                                  "R-1041", TODAY)  # fmt: skip
    void_payment(reg, wrong["uuid"], "keyed against the wrong permit")
    ledger.record_payment(reg, fees[0]["uuid"], fees[0]["balance_cents"], "check", "R-1042", TODAY)
    sparks = builder(reg, "Sam Sparks", "E-2231", credential_expires="2026-06-30")
    name_contractor(reg, permit["uuid"], "electrical", sparks["uuid"])
    name_contractor(reg, permit["uuid"], "plumbing", builder(reg, "Pia Pipes", "P-118")["uuid"])
    correct_person(reg, full["uuid"], {"phone": "608-555-0177"}, "owner called with new number")
    imported = reg.insert("permits", {"permit_number": "2019-0007", "kind": "building",
                                      "status": "finaled", "address_text": "27 Liberty St",
                                      "owner_name": "Maria Gonzalez",
                                      "description": "Deck (from the old register)"})  # fmt: skip
    return {"permit": permit, "owner": full, "empty": empty, "imported": imported}


def grab(widget, path: Path, size: tuple[int, int]) -> None:
    widget.resize(*size)
    widget.show()
    QApplication.processEvents()
    widget.grab().save(str(path))


def main(out: str, is_dark: bool, size: tuple[int, int]) -> None:
    app = QApplication.instance() or QApplication(sys.argv)
    if is_dark:
        dark(app)
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp())
    reg = Register.create(tmp / "r.sqlite", Actor("Pat Clerk", "clerk"))
    ids = build(reg)
    window = MainWindow(reg, register_paths(tmp / "r.sqlite"))
    window.backups_enabled = False
    pw = PermitWindow(window, ids["permit"]["uuid"], TODAY)
    for index in range(pw.tabs.count()):
        pw.tabs.setCurrentIndex(index)
        name = pw.tabs.tabText(index).replace("&", "").split()[0].lower()
        grab(pw, folder / f"permit-window-{name}.png", size)
    old = PermitWindow(window, ids["imported"]["uuid"], TODAY)
    old.tabs.setCurrentIndex(1)
    grab(old, folder / "permit-window-imported-owner.png", size)
    pw.tabs.setCurrentIndex(1)
    dialogs = {
        "owner-link": OwnerLinkDialog(old, reg, ids["imported"]["uuid"]),
        "correct-person": PersonCorrectionDialog(pw, reg, ids["owner"]["uuid"], "Owner"),
        "name-contractor": NameContractorDialog(
            pw, reg, ids["permit"]["uuid"], trade="electrical", today=TODAY
        ),  # fmt: skip
        "directory": PeopleDirectory(window, TODAY),
        "on-file": OnFileDialog(
            window, people_matching(reg, {"name": "Maria Gonzalez"}), "Maria Gonzalez"
        ),  # fmt: skip
        "notice-recipient": DraftNoticeDialog(
            window, reg, reg.get("permits", ids["permit"]["uuid"])
        ),  # fmt: skip
    }
    dialogs["correct-person"].edits["mailing_address"].setText("31 Liberty St, Deerfield")
    sparks = reg.query_one("SELECT uuid FROM people WHERE name = 'Sam Sparks'")
    person = dialogs["name-contractor"].person
    person.setCurrentIndex(person.findData(sparks["uuid"]))
    dialogs["directory"].resize(1180, 620)
    for name, dialog in dialogs.items():
        hint = dialog.size() if name == "directory" else dialog.sizeHint()
        grab(dialog, folder / f"{name}.png", (min(max(hint.width(), 640), size[0]),
                                              min(max(hint.height(), 300), size[1])))  # fmt: skip
    reg.close()


if __name__ == "__main__":
    args = sys.argv[1:]
    size = (1366, 768)
    if "--size" in args:
        w, h = args[args.index("--size") + 1].split("x")
        size = (int(w), int(h))
    main(args[0], "--dark" in args, size)
