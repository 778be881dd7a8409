"""Grab the application wizard's screens offscreen for a person to look at (issue 16.4).

Run: QT_QPA_PLATFORM=offscreen PYTHONPATH=. python -m tests.wizard_screenshots OUT [WxH] [dark]
with QT_SCALE_FACTOR=1.5 or 2 for the scaled pictures. Not a test (no test_ prefix).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from PySide6.QtWidgets import QApplication, QMessageBox

from deerfield_desk.models.actor import Actor, Role
from deerfield_desk.models.office_words import field_label
from deerfield_desk.store.application_contractors import credential_doubts
from deerfield_desk.store.applications import add_person, site_parcel
from deerfield_desk.store.register import Register
from deerfield_desk.ui.wizard import ApplicationWizard
from tests.application_builders import TODAY, people
from tests.backup_screenshots import dark
from tests.lifecycle_fixtures import fill


def grab(widget, out: Path, name: str) -> None:
    QApplication.processEvents()
    widget.grab().save(str(out / f"wizard-{name}.png"))


def message_box(parent, title: str, text: str, info: str, buttons: list[str]) -> QMessageBox:
    """The question boxes as the wizard builds them (built, not executed, so they can be shot)."""
    box = QMessageBox(QMessageBox.Icon.Question, title, text, parent=parent)
    box.setInformativeText(info)
    for label in buttons:
        box.addButton(label, QMessageBox.ButtonRole.AcceptRole)
    return box


def main(out: Path, size: str = "1280x800", theme: str = "") -> None:
    app = QApplication.instance() or QApplication(sys.argv)
    if theme == "dark":
        dark(app)
    out.mkdir(parents=True, exist_ok=True)
    width, height = (int(n) for n in size.split("x"))
    reg = Register.create(Path(tempfile.mkdtemp()) / "register.sqlite",
                          Actor("Pat Clerk", Role.CLERK, "shot"))  # fmt: skip
    who = people(reg)
    sparks = add_person(reg, {"name": "Sam Sparks", "firm": "Sparks Electric",
                              "phone": "608-555-0131", "credential_type": "Master Electrician",
                              "credential_number": "E-2231", "credential_expires": "2027-06-30"},
                        contractor=True)  # fmt: skip
    air = add_person(reg, {"name": "Hal Air", "phone": "608-555-0132",
                           "credential_type": "HVAC Qualifier", "credential_number": "H-77002",
                           "credential_expires": "2026-10-31"}, contractor=True)  # fmt: skip
    lot = site_parcel(reg, {"parcel_number": "0812-054-1001-0", "house_number": "5",
                            "street": "Industrial Dr", "zoning": "LI"})  # fmt: skip
    wizard = ApplicationWizard(reg, today=TODAY)
    wizard.resize(width, height)
    wizard.show()
    fill(wizard, "site_parcel", lot["uuid"])
    grab(wizard, out, "1-site")
    wizard.next()
    fill(wizard, "party_owner", who["owner"]["uuid"])
    fill(wizard, "party_contractor", who["contractor"]["uuid"])
    fill(wizard, "party_electrical", sparks["uuid"])
    fill(wizard, "party_hvac", air["uuid"])
    fill(wizard, "person_email", "maria.gonzalez@")
    grab(wizard, out, "2-parties")
    wizard.next()
    fill(wizard, "work_kind", "new_building")
    fill(wizard, "work_description", "Two-storey house with attached garage")
    for key, value in {"structure": "dwelling", "dwelling_units": "", "area_sqft": "385,000",
                       "estimated_cost": "4", "disturbed_sqft": "9000", "earthwork_cuyd": "40",
                       "max_slope_pct": "2500"}.items():  # fmt: skip
        fill(wizard, f"q_{key}", value)
    wizard.validateCurrentPage()  # shows the unit count missing
    grab(wizard, out, "3-work-errors")
    fill(wizard, "q_dwelling_units", "1")
    doubts = wizard.work_page._asked_doubts(wizard.state["answers"])
    box = message_box(wizard, "Check these figures", "These look unusual. Keep them as typed?",
                      "\n".join(f"• {field_label(d.field)[0]}: {d.message}" for d in doubts),
                      ["Keep as typed", "Correct them"])  # fmt: skip
    box.show()
    grab(box, out, "3-unusual")
    box.close()
    for key, value in {"area_sqft": "1800", "estimated_cost": "250,000",
                       "max_slope_pct": "4"}.items():  # fmt: skip
        fill(wizard, f"q_{key}", value)
    wizard.next()
    grab(wizard, out, "4-items")
    wizard.next()
    grab(wizard, out, "5-summary")
    view = wizard.summary_page.view
    view.verticalScrollBar().setValue(view.verticalScrollBar().maximum())
    grab(wizard, out, "5-summary-entered")
    box = message_box(wizard, "Leave this application?", "This application has not been "
                      "submitted. Save it as a draft to finish later (Permits → Resume "
                      "draft…), or discard it?", "Discarding also voids the 1 person(s) added "
                      "on the Parties page that nothing else refers to.",
                      ["Save as draft", "Discard", "Keep editing"])  # fmt: skip
    box.show()
    grab(box, out, "6-leave")
    box.close()
    expired = credential_doubts(reg, wizard.state["parties"], TODAY)
    box = message_box(wizard, "Expired credentials", "These contractors' state credentials "
                      "have expired on file. They may have renewed: check the state's "
                      "credential lookup or ask the applicant. Submit anyway?",
                      "\n".join(f"• {line}" for line in expired),
                      ["Submit anyway", "Go back"])  # fmt: skip
    box.show()
    grab(box, out, "6-expired")


if __name__ == "__main__":
    main(Path(sys.argv[1]), *sys.argv[2:])
