"""Page 1, the site: which parcel, and the site facts the ordinance turns on (platted lot
31.06(1)(B), fire limits 12.10, sensitive areas 31.06(4), zoning district 12.30)."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QFrame,
    QLineEdit,
    QScrollArea,
    QVBoxLayout,
    QWidget,
    QWizardPage,
)

from deerfield_desk.errors import InvalidInput
from deerfield_desk.models.zoning_codes import DISTRICT_LABELS
from deerfield_desk.store.applications import check_site, find_parcels
from deerfield_desk.store.zoning_table import district_for, zoning_table
from deerfield_desk.ui.wizard.fields import hint_label, tab_only_to_fields, with_error

FLAGS = (
    ("on_platted_lot", "On a platted lot (subdivision or CSM lot)", "§31.06(1)(B)",
     "a new building on a platted lot comes under erosion control"),
    ("fire_limits", "Inside the fire limits", "§12.10",
     "frame buildings are restricted and roofs must be incombustible"),
    ("sensitive_area", "Floodplain, wetland, conservancy or environmental corridor", "§31.06(4)",
     "extra erosion protection may be ordered"),
)  # fmt: skip
PARCEL_FIELDS = ("parcel_number", "house_number", "street", "legal_description")


class SitePage(QWizardPage):
    def __init__(self, wizard):
        super().__init__()
        self.setTitle("Site")
        self.setSubTitle("Where is the work? Pick a parcel on file or enter a new one.")
        self.w = wizard
        # a scrollable body, so the page fits a 1366x768 screen at 200 % (issue 19)
        holder = QWidget()
        form = QFormLayout(holder)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(holder)
        QVBoxLayout(self).addWidget(scroll)
        self.parcel = QComboBox()
        self.parcel.addItem("— a parcel not yet on file —", None)
        for row in find_parcels(wizard.register, "", limit=500):
            self.parcel.addItem(f"{row['address_text']}  ·  {row['parcel_number']}", row["uuid"])
        self.parcel.setObjectName("site_parcel")
        form.addRow("Parcel on file", self.parcel)
        wizard.binder.bind(("site", "parcel_uuid"), self.parcel, "parcel")
        self.parcel.currentIndexChanged.connect(self._fill_from_parcel)
        labels = {"parcel_number": "Tax parcel number", "house_number": "House number",
                  "street": "Street", "legal_description": "Legal description"}  # fmt: skip
        self.edits: dict[str, QLineEdit] = {}
        for key in PARCEL_FIELDS:
            edit = QLineEdit()
            edit.setObjectName(f"site_{key}")
            box, error = with_error(edit)
            form.addRow(labels[key], box)
            wizard.binder.bind(("site", key), edit, labels[key].lower(), error=error)
            self.edits[key] = edit
        for key, text, section, why in FLAGS:
            check = QCheckBox(f"{text}   {section}")
            check.setObjectName(f"site_{key}")
            check.setToolTip(why)
            form.addRow("", check)
            form.addRow("", hint_label(f"{section}: {why}"))
            wizard.binder.bind(("site", key), check, text.lower())
        self.zoning = QComboBox()
        self.zoning.setObjectName("site_zoning")
        self._fill_zoning()
        box, error = with_error(self.zoning)
        form.addRow("Zoning district", box)
        wizard.binder.bind(("site", "zoning"), self.zoning, "zoning", error=error)
        tab_only_to_fields(self)

    def _fill_zoning(self) -> None:
        """The village's codes from its zoning table (what parcels carry), then the four kinds
        of district for a site whose code is not known; a draft's code missing from the table
        is shown as such rather than silently becoming "not known"."""
        self.zoning.addItem("— not known —", None)
        for z in zoning_table(self.w.register):
            name = f" {z.name}" if z.name else ""
            self.zoning.addItem(f"{z.code} —{name} ({z.district.value})", z.code)
        for district, label in DISTRICT_LABELS.items():
            self.zoning.addItem(f"{label} district (code not known)", district.value)
        self._ensure_zoning_choice((self.w.state.get("site") or {}).get("zoning"))

    def _ensure_zoning_choice(self, code: str | None) -> None:
        if code and self.zoning.findData(code) < 0:
            self.zoning.addItem(f"{code} — not in the zoning table", code)

    def _fill_from_parcel(self) -> None:
        """Picking a parcel on file copies its address and site facts (each step undoable)."""
        uuid = self.parcel.currentData()
        if not uuid:
            return
        row = self.w.register.get("parcels", uuid)
        stack = self.w.undo_stack
        stack.beginMacro("choose parcel")
        for key in PARCEL_FIELDS:
            self.w.binder.edit(("site", key), row[key] or "", key)
        self.w.binder.edit(("site", "on_platted_lot"), bool(row["platted_lot"]), "platted")
        self.w.binder.edit(("site", "fire_limits"), bool(row["fire_limits"]), "fire limits")
        self.w.binder.edit(("site", "sensitive_area"), bool(row["sensitive_area"]), "area")
        self._ensure_zoning_choice(row["zoning"])
        self.w.binder.edit(("site", "zoning"), row["zoning"], "zoning")
        stack.endMacro()

    def validatePage(self) -> bool:
        for key in PARCEL_FIELDS:  # take what is typed even if Enter was never pressed
            self.edits[key].editingFinished.emit()
        site = self.w.state.get("site") or {}
        try:
            check_site(site)
            district_for(self.w.register, site.get("zoning"))
        except InvalidInput as exc:
            self.w.binder.error_for_field(exc.field, exc.rule)
            return False
        return True
