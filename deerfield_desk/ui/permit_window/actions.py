"""What the permit window's buttons do: each one runs an action the app already has (the
Permits, Inspections and Documents menus' functions and dialogs) with this permit in scope,
or one of the corrections only this window offers (a person, a contractor, a payment voided).

:func:`run` shows a dialog modally; tests replace it to fill the fields and press the button
(the pattern of ``ui.notice_dialogs``)."""

from __future__ import annotations

import importlib
from contextlib import contextmanager

from PySide6.QtWidgets import QDialog

from deerfield_desk.models.notices import kind_rule
from deerfield_desk.models.status import PermitStatus as S
from deerfield_desk.store.owner_on_file import can_link_owner
from deerfield_desk.store.people import person_label
from deerfield_desk.store.permit_contractors import remove_contractor as store_remove
from deerfield_desk.store.permit_corrections import void_payment as store_void_payment
from deerfield_desk.ui import confirm
from deerfield_desk.ui.permit_window.tables import current_key, money

#: More actions: (label, the lifecycle function's module and name, statuses it applies to).
MORE_ACTIONS = (
    ("Mark expired…", "lifecycle_actions", "expire", (S.ISSUED, S.EXTENDED)),
    ("Resubmit rejected…", "lifecycle_actions", "resubmit_rejected", (S.REJECTED,)),
    ("Record inspector's finding…", "finding_actions", "record_finding",
     (S.SUBMITTED, S.UNDER_REVIEW, S.APPROVED, S.CONDITIONALLY_APPROVED)),
    ("Review queue", "lifecycle_actions", "open_review_queue", tuple(S)),
    ("Void permit…", "lifecycle_actions", "void",
     tuple(s for s in S if s not in (S.FINALED, S.REVOKED, S.VOIDED))),
)  # fmt: skip
ISSUABLE = (S.APPROVED, S.CONDITIONALLY_APPROVED, S.UNDER_REVIEW, S.REJECTED)
EXTENDABLE = (S.ISSUED, S.EXTENDED, S.EXPIRED)
#: The take-payment dialog of the cashiering work, when it is installed (issue 16.3).
#: It takes the permit from ``window.current_permit_uuid()``, which the scope answers.
CASHIER_DIALOGS = (("deerfield_desk.ui.cashier.install", "open_take_payment"),)


def run(dialog: QDialog) -> bool:
    """Show ``dialog`` modally; True when it did its work. Tests replace this."""
    return dialog.exec() == QDialog.DialogCode.Accepted


@contextmanager
def scoped(pw):
    """Menu actions ask the main window which permit they apply to: this one, while it runs."""
    main = pw.main
    saved, main.permit_scope = main.permit_scope, pw.permit_uuid
    try:
        yield main
    finally:
        main.permit_scope = saved


#: Actions that work on the main window itself (a tab of it), not in a dialog of their own.
ON_MAIN = frozenset({"open_review_queue"})


def _call(pw, module: str, name: str):
    """Run the app's own action for this permit. Its dialogs are parented to the permit window
    (which answers ``register``, ``current_permit_uuid`` … as the main window would), so they
    open in front of it; an action that shows a tab of the main window gets the main window."""
    function = getattr(importlib.import_module(f"deerfield_desk.ui.{module}"), name)
    with scoped(pw) as main:
        return function(main if name in ON_MAIN else pw)


def issue(pw):
    return _call(pw, "lifecycle_actions", "open_issue")


def extend(pw):
    return _call(pw, "lifecycle_actions", "open_extend")


def take_payment(pw):
    for module, name in CASHIER_DIALOGS:
        try:
            function = getattr(importlib.import_module(module), name)
        except (ImportError, AttributeError):
            continue
        with scoped(pw):
            return function(pw)
    return _call(pw, "lifecycle_actions", "open_money")


def deposits(pw):
    """Deposits and securities: the fees dialog's own tab (record, refund with a reason,
    forfeit for a cause), opened on this permit."""
    from deerfield_desk.ui.money_dialog import MoneyDialog

    dialog = MoneyDialog(pw, pw.permit_uuid, pw.today)
    dialog.tabs.setCurrentIndex(1)
    dialog.open()
    return dialog


def inspections(pw):
    from deerfield_desk.ui.field.install import open_permit_inspections

    return open_permit_inspections(pw, pw.permit_uuid)


def record_result(pw):
    """The inspector's result for the chosen visit (the Today screen's own dialog)."""
    from deerfield_desk.ui.field.install import open_result

    uuid = current_key(pw.inspections)
    if uuid is None:
        confirm.inform(pw, "Record result", "Choose the inspection in the list first.")
        return None
    return open_result(pw, uuid)


def attach_photos(pw):
    from deerfield_desk.ui.field.install import open_photos

    uuid = current_key(pw.inspections)
    if uuid is None:
        confirm.inform(pw, "Attach photos", "Choose the inspection in the list first.")
        return None
    return open_photos(pw, uuid)


def show_on_notices_screen(pw):
    """Serving, lifting, appeals and withdrawals live on the Notices screen: go there with
    the chosen notice selected."""
    view = getattr(pw.main, "notices_view", None)
    uuid = current_key(pw.notices)
    if view is None or uuid is None:
        confirm.inform(pw, "Notices", "Choose a notice in the list first.")
        return None
    view.refresh()
    view.select(uuid)
    pw.main.tabs.setCurrentWidget(view)
    pw.main.raise_()
    pw.main.activateWindow()
    return view


def _selected_party(pw):
    index = current_key(pw.parties)
    return pw.party_keys[index] if index is not None else None


def correct_party(pw):
    from deerfield_desk.ui.permit_window.correct_dialog import PersonCorrectionDialog

    key = _selected_party(pw)
    if key is None:
        confirm.inform(pw, "Correct person", "Choose a person in the list first.")
        return None
    if key[0] == "person" and key[2] == "Owner" and can_link_owner(pw.file.permit):
        party = next(p for p in pw.file.detail.parties if p["role"] == "Owner")
        if not party.get("on_file"):  # a typed name: link or add the owner on file
            return correct_owner(pw)
    if not key[1]:
        confirm.inform(pw, "Correct person", "This name has no person on file to correct.")
        return None
    dialog = PersonCorrectionDialog(pw, pw.register, key[1], key[2])
    return dialog.correction if run(dialog) else None


def correct_owner(pw):
    """An imported permit's owner, typed in the old register: link a person on file or add
    one (``store.owner_on_file``)."""
    from deerfield_desk.ui.permit_window.owner_dialog import OwnerLinkDialog

    dialog = OwnerLinkDialog(pw, pw.register, pw.permit_uuid)
    return dialog.link if run(dialog) else None


def name_contractor(pw):
    from deerfield_desk.ui.permit_window.contractor_dialog import NameContractorDialog

    key = _selected_party(pw)
    trade = key[2] if key and key[0] == "contractor" else "general"
    dialog = NameContractorDialog(pw, pw.register, pw.permit_uuid, trade=trade, today=pw.today)
    return dialog.result_row if run(dialog) else None


def remove_contractor(pw):
    from deerfield_desk.ui.permit_window.correct_dialog import ReasonDialog

    key = _selected_party(pw)
    if not key or key[0] != "contractor" or not key[3]:
        confirm.inform(pw, "Remove contractor", "Choose a contractor named on the permit "
                       "(the application's own contractor is replaced, not removed).")  # fmt: skip
        return None
    register = pw.register
    dialog = ReasonDialog(pw, "Remove contractor",
                          f"Remove {register.get('people', key[1])['name']} from this permit? "
                          "The record stays, marked removed, with your reason.",
                          lambda reason: store_remove(register, key[3], reason))  # fmt: skip
    return dialog.result_row if run(dialog) else None


def void_payment(pw):
    """Void a mis-keyed payment with a reason. A payment on a numbered receipt (cashiering)
    voids its receipt, every line of it, as the cashier's own void does."""
    from deerfield_desk.ui.permit_window.correct_dialog import ReasonDialog

    uuid = current_key(pw.payments)
    if uuid is None:
        confirm.inform(pw, "Void payment", "Choose the payment to void in the list first.")
        return None
    register = pw.register
    payment = register.get("payments", uuid)
    if payment["status"] != "recorded":
        confirm.inform(pw, "Void payment", f"Receipt {payment['receipt_number']} is already "
                       f"voided: {payment['void_reason']}")  # fmt: skip
        return None
    what = (f"receipt {payment['receipt_number']} — {money(payment['amount_cents'])} by "
            f"{payment['method'].replace('_', ' ')} on {payment['paid_at'][:10]}")  # fmt: skip
    apply = _receipt_void(register, payment) if payment.get("receipt_id") else None
    if apply is None:
        question = (
            f"Void {what}? A payment is never edited: it stays in the register marked "
            "voided and the fee is owed again. Record the right amount afterwards."
        )
        apply = (question, lambda reason: store_void_payment(register, uuid, reason))
    dialog = ReasonDialog(pw, "Void payment", apply[0].replace("{what}", what), apply[1])
    return dialog.result_row if run(dialog) else None


def _receipt_void(register, payment):
    """(question, action) voiding the payment's whole receipt through the cashier's store."""
    from datetime import datetime

    try:
        from deerfield_desk.store import cashier
    except ImportError:  # pragma: no cover - receipts come with the cashier
        return None
    receipt = register.get_by_id("receipts", payment["receipt_id"])
    lines = cashier.payments_on_receipt(register, receipt["id"])
    said = " ".join(cashier.void_consequences(register, receipt["uuid"]))
    question = (f"Void {{what}}? It is on receipt {receipt['receipt_number']}, which covers "
                f"{len(lines)} fee line(s): the whole receipt is voided and each line is owed "
                f"again. {said}").strip()  # fmt: skip
    return question, lambda reason: cashier.void_receipt(register, receipt["uuid"], reason,
                                                         datetime.now())  # fmt: skip


def draft_notice(pw):
    from deerfield_desk.ui import notice_dialogs

    dialog = notice_dialogs.DraftNoticeDialog(pw, pw.register, pw.file.permit)
    return dialog.result_row if notice_dialogs.run(dialog) else None


def print_notice(pw):
    from deerfield_desk.ui.documents_actions import preview_document

    uuid = current_key(pw.notices)
    notice = pw.register.get("notices", uuid) if uuid else None
    if notice is None or not notice["notice_number"]:
        confirm.inform(pw, "Print notice", "Choose an issued notice in the list (a draft has "
                       "no number yet: issue it on the Notices screen).")  # fmt: skip
        return None
    return preview_document(pw, kind_rule(notice["kind"]).cli_kind, notice["notice_number"])


def recipient_names(pw) -> dict[int, str]:
    ids = {n["recipient_id"] for n in pw.file.detail.notices if n["recipient_id"]}
    return {i: person_label(pw.register.get_by_id("people", i)) for i in ids}


def printable(pw) -> list[tuple[str, str]]:
    """(kind, label) of the permit documents this permit's status allows."""
    from deerfield_desk.ui.documents_actions import ACTIONS, PERMIT_STATUSES

    status = pw.file.permit["status"]
    return [(kind, label.replace("&", "").rstrip("…"))
            for kind, label, _shortcut in ACTIONS
            if kind in PERMIT_STATUSES and status in PERMIT_STATUSES[kind]]  # fmt: skip


def document_rows(pw) -> tuple[list[list], list]:
    rows, keys = [], []
    for kind, label in printable(pw):
        rows.append([label, "printed from the register as it stands"])
        keys.append(("doc", kind))
    for n in pw.file.detail.notices:
        if n["notice_number"]:
            rows.append([f"Notice {n['notice_number']} ({n['kind'].replace('_', ' ')})",
                         "printed from the register as issued"])  # fmt: skip
            keys.append(("notice", n["uuid"]))
    for a in pw.file.attachments:
        rows.append([f"{a['kind'].capitalize()}: {a['filename']}", f"added {a['added_at'][:16]}"])
        keys.append(("file", a["uuid"]))
    return rows, keys


def open_document(pw):
    from deerfield_desk.ui.documents_actions import preview_document

    key = current_key(pw.documents)
    if key is None:
        confirm.inform(pw, "Open document", "Choose a document in the list first.")
        return None
    what, ref = key
    permit = pw.file.permit
    if what == "doc":
        return preview_document(pw, ref, permit["permit_number"] or permit["uuid"])
    if what == "notice":
        notice = pw.register.get("notices", ref)
        return preview_document(pw, kind_rule(notice["kind"]).cli_kind,
                                notice["notice_number"])  # fmt: skip
    attachment = pw.register.get("attachments", ref)
    confirm.inform(pw, "Attachment", f"{attachment['filename']} is kept at "
                   f"{attachment['original_path']}")  # fmt: skip
    return attachment


def enable(pw) -> None:
    """Buttons and menu entries only where the permit's status allows the action."""
    status = pw.file.permit["status"]
    pw.issue_button.setEnabled(status in ISSUABLE)
    pw.extend_button.setEnabled(status in EXTENDABLE)
    pw.more_menu.clear()
    for label, module, name, statuses in MORE_ACTIONS:
        action = pw.more_menu.addAction(label)
        action.setEnabled(status in statuses)
        action.triggered.connect(lambda _=False, m=module, n=name: _call(pw, m, n))
    pw.print_menu.clear()
    from deerfield_desk.ui.documents_actions import preview_document

    number = pw.file.permit["permit_number"]
    for kind, label in printable(pw):
        action = pw.print_menu.addAction(label + "…")
        action.triggered.connect(lambda _=False, k=kind: preview_document(pw, k, number))
    pw.print_button.setEnabled(bool(printable(pw)) and bool(number))
    has_payments = bool(pw.file.payments)
    pw.void_payment_button.setEnabled(has_payments)
    pw.print_notice_button.setEnabled(any(n["notice_number"] for n in pw.file.detail.notices))
    pw.notices_screen_button.setEnabled(bool(pw.file.detail.notices))
    has_visits = bool(pw.file.detail.inspections)
    pw.result_button.setEnabled(has_visits)
    pw.photos_button.setEnabled(has_visits)
