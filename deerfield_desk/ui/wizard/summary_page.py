"""Page 5, what the project needs: permits and class, papers, deposits and securities, fees,
refusals, review body and deadline, validity — each line with its § and our one-line reason.
Everything here comes from ``assess_project`` via ``models.project_summary``; the fee and
deposit amounts the village sets by resolution come from the fee schedule."""

from __future__ import annotations

from html import escape

from PySide6.QtWidgets import QLabel, QTextBrowser, QVBoxLayout, QWizardPage

from deerfield_desk.errors import InvalidInput
from deerfield_desk.models.fee_lines import required_deposits
from deerfield_desk.models.money import format_cents
from deerfield_desk.models.office_words import plain_error
from deerfield_desk.models.project_summary import GROUPS, summarize
from deerfield_desk.models.received_items import received_groups
from deerfield_desk.store.applications import preview
from deerfield_desk.store.entered_values import entered_values
from deerfield_desk.store.ledger import fee_schedule
from deerfield_desk.store.village_calendar import village_calendar
from deerfield_desk.ui.a11y import theme
from deerfield_desk.ui.citation_links import link_browser
from deerfield_desk.ui.ordinance_reader import linkify
from deerfield_desk.ui.wizard.fields import error_label

REFUSAL, PENDING = "#b00020", "#8a4b00"


def style() -> str:
    """The summary's sheet with the refusal red shaded for the current palette (a fixed
    #b00020 was 2.4:1 on the dark palette's field background)."""
    return (
        "<style>h3{margin:10px 0 2px 0;} h4{margin:8px 0 2px 0;} p{margin:0 0 2px 12px;}"
        f" .refusal{{color:{theme.ink(REFUSAL)};font-weight:bold;}}"
        f" .muted{{color:{theme.colour('Muted')};}}</style>"
    )


class SummaryPage(QWizardPage):
    def __init__(self, wizard):
        super().__init__()
        self.setTitle("What the project needs")
        self.w = wizard
        layout = QVBoxLayout(self)
        self.headline = QLabel()
        self.headline.setWordWrap(True)
        self.headline.setObjectName("summary_headline")
        layout.addWidget(self.headline)
        self.error = error_label()
        layout.addWidget(self.error)
        self.view = QTextBrowser()
        self.view.setObjectName("summary_view")
        link_browser(self.view)  # every § in the summary opens the ordinance reader
        layout.addWidget(self.view, 1)
        self.lines = []
        self.result = None

    def initializePage(self) -> None:
        self.view.clear()
        self.error.setVisible(False)
        try:
            self.result = preview(self.w.register, self.w.state, self.w.today)
        except InvalidInput as exc:
            self.result = None
            self.show_error(plain_error(exc))
            return
        a = self.result.assessment
        cal = village_calendar(self.w.register)
        self.lines = summarize(a, received_on=self.w.today, calendar=cal)
        if not a.permits:
            self.headline.setText("<b>No permit is needed for this work.</b> Finish records "
                                  "that the counter found no permit required.")  # fmt: skip
        elif a.undetermined:
            names = ", ".join(ln.text for ln in self.lines if ln.group == "undetermined")
            self.headline.setText(
                f"<b style='color:{theme.ink(PENDING)}'>Still to determine before filing:</b> "
                f"{escape(names)}. Unknown is not zero — go back and enter a figure (0 if none)."
            )
        elif a.refusals:
            self.headline.setText(
                f"<b style='color:{theme.ink(REFUSAL)}'>The ordinance refuses this project as "
                "described.</b> It can be filed, but not issued."
            )
        else:
            kinds = ", ".join(ln.text for ln in self.lines if ln.group == "permits")
            self.headline.setText(f"<b>Needed:</b> {escape(kinds)}")
        self.view.setHtml(self.render_html())
        self.completeChanged.emit()

    def show_error(self, text: str) -> None:
        """An error in the office's words, above the summary, before any confirmation."""
        self.error.setText(text)
        self.error.setVisible(True)

    def isComplete(self) -> bool:  # noqa: N802 (Qt's name)
        """Submit stays disabled while a figure a rule needs is missing (unknown is not zero);
        the store refuses it too, so this only saves the clerk a refused click."""
        return self.result is None or not self.result.assessment.undetermined

    def render_html(self) -> str:
        """Headings and one paragraph per line, no HTML table: Qt reads a table to a screen
        reader as one block strewn with cell markers (U+FDD0/U+FDD1)."""
        deposits = required_deposits(fee_schedule(self.w.register), self.w.today)
        rows = []
        for group, title in GROUPS:
            if group == "fees":
                lines = [
                    (f.description, f.basis,
                     format_cents(f.amount_cents) + (f" — {f.note}" if f.note else ""))
                    for f in self.result.fees
                ]  # fmt: skip
            else:
                lines = []
                for ln in self.lines:
                    if ln.group != group:
                        continue
                    detail = ln.detail
                    if ln.code in deposits:
                        detail = f"{format_cents(deposits[ln.code])} (village fee schedule)"
                    lines.append((ln.text, ln.basis, detail))
            if not lines:
                continue
            rows.append(f"<h3>{escape(title)}</h3>")
            css = " class=refusal" if group == "refusals" else ""
            for text, basis, detail in lines:
                sec = ", ".join(linkify("§" + escape(b)) for b in basis.split(", "))
                why = f" — {escape(detail)}" if detail else ""
                rows.append(f"<p><span{css}>{escape(text)}</span> · {sec}{why}</p>")
        return f"{style()}{''.join(rows)}{self.entered_html()}"

    def entered_html(self) -> str:
        """Every value entered, page by page, so a value in the wrong field is seen here."""
        groups = received_groups(self.result.assessment, self.w.state.get("work"))
        labels = {item.key: item.text for _title, items in groups for item in items}
        rows = []
        for page, entries in entered_values(self.w.register, self.w.state, labels):
            rows.append(f"<h4>{escape(page)} (as entered)</h4>")
            rows += [f"<p><span class=muted>{escape(label)}:</span> {escape(value)}</p>"
                     for label, value in entries]  # fmt: skip
        return f"<h3>What was entered</h3>{''.join(rows)}"
