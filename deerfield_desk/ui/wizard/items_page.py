"""Page 4, what the application must carry for its kind: the demolition items of
12.18(2)(a)–(i), the moving papers of 12.19(8)(b),(e), the dish application of 12.28(2)–(3),
the erosion plan contents of 31.09 — ticked off as they are received at the counter.

The lists come from ``resources/checklists/application_items.toml``; which ones show depends on the
work and on the erosion class the engine finds. Other papers the engine requires (plans,
plot plan, placard, insurance) are ticked here too.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QScrollArea,
    QVBoxLayout,
    QWidget,
    QWizardPage,
)

from deerfield_desk.errors import InvalidInput
from deerfield_desk.models.money import decimal_to_cents, format_cents
from deerfield_desk.models.office_words import plain_error
from deerfield_desk.models.received_items import received_groups
from deerfield_desk.store.applications import preview
from deerfield_desk.ui.wizard.fields import (
    error_text,
    hint_label,
    tab_only_to_fields,
    with_error,
)


class ItemsPage(QWizardPage):
    def __init__(self, wizard):
        super().__init__()
        self.setTitle("Application items received")
        self.setSubTitle("Tick what the applicant has handed in. Anything missing holds up "
                         "issuance and is listed there; you can tick it later.")  # fmt: skip
        self.w = wizard
        layout = QVBoxLayout(self)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        self.holder = QWidget()
        self.body = QVBoxLayout(self.holder)
        scroll.setWidget(self.holder)
        layout.addWidget(scroll)
        self.checks: dict[str, QCheckBox] = {}

    def initializePage(self) -> None:
        binder = self.w.binder
        binder.unbind_prefix(("received",))
        while self.body.count():
            item = self.body.takeAt(0)
            if item.widget():
                item.widget().deleteLater()
        self.checks.clear()
        try:
            result = preview(self.w.register, self.w.state, self.w.today)
        except InvalidInput as exc:
            self.body.addWidget(error_text(plain_error(exc)))
            return
        groups = received_groups(result.assessment, self.w.state.get("work"))
        for title, items in groups:
            group = QGroupBox(title)
            form = QVBoxLayout(group)
            for item in items:
                optional = "  (only where it applies)" if item.optional else ""
                if item.minimum is not None:
                    self._amount(form, item)
                    continue
                self._check(form, item.key, f"§{item.section}  {item.text}{optional}")
            self.body.addWidget(group)
        if not groups:
            self.body.addWidget(hint_label("Nothing to collect for this kind of work."))
        self.body.addStretch(1)
        tab_only_to_fields(self)  # each § opens the ordinance reader on a click

    def _amount(self, form, item) -> None:
        """12.19(7) coverages are amounts on the certificate, checked against the minimum."""
        minimum = format_cents(decimal_to_cents(item.minimum))
        form.addWidget(QLabel(f"§{item.section}  {item.text} — at least {minimum}"))
        edit = QLineEdit()
        edit.setObjectName(f"recv_{item.key}")
        edit.setPlaceholderText("amount on the insurance certificate")
        box, error = with_error(edit, "$")
        form.addWidget(box)
        self.w.binder.bind(("received", item.key), edit, item.text.lower(), "money", error)

    def _check(self, form, key: str, text: str) -> None:
        check = QCheckBox(text)
        check.setObjectName(f"recv_{key}")
        form.addWidget(check)
        self.w.binder.bind(("received", key), check, text)
        self.checks[key] = check
