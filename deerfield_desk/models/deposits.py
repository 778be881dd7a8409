"""Deposits and securities the village holds, and why one may be kept (forfeited).

The kinds and their sections: 12.15 completion deposit, 12.19(6)(a) moving deposit,
12.19(8)(e) exterior alteration deposit for a moved building, 31.12(2)(A) erosion security.
Forfeiture causes are listed with the section that allows them; refunds need a written reason.
"""

from __future__ import annotations

from deerfield_desk.models.codes import DepositKind, PaymentMethod

D = DepositKind
DEPOSIT_KINDS = {
    D.COMPLETION_DEPOSIT: ("Completion deposit", "12.15"),
    D.MOVING_DEPOSIT: ("Moving cash deposit", "12.19(6)(a)"),
    D.MOVING_ALTERATION_DEPOSIT: ("Moved building exterior deposit", "12.19(8)(e)"),
    D.EROSION_SECURITY: ("Erosion control security", "31.12(2)(A)"),
}

FORFEIT_CAUSES = {
    D.COMPLETION_DEPOSIT: {
        "occupied_before_final": ("Occupied before the final inspection", "12.15"),
        "temporary_occupancy_overrun": (
            "Occupied after the temporary occupancy permit ran out",
            "12.15",
        ),
        "exterior_unfinished": ("Exterior not finished within 2 years of issue", "12.15"),
    },
    D.MOVING_DEPOSIT: {
        "move_damage": ("Costs or damage from the move charged to the deposit", "12.19(6)(a)"),
        "excavation_unsecured": ("Old excavation not barricaded or filled", "12.19(6)(b)"),
    },
    D.MOVING_ALTERATION_DEPOSIT: {
        "exterior_not_as_approved": ("Exterior not done as approved or on time", "12.19(8)(e)"),
    },
    D.EROSION_SECURITY: {
        "drawn_for_compliance": ("Village drew on it to bring the site into line", "31.12(2)(A)"),
    },
}

PAYMENT_METHODS = {method: method.label for method in PaymentMethod}

#: What must be on record before a deposit or security may be refunded, with its section.
#: Checked by ``store.ledger.refund_deposit`` (``store.deposit_release`` reads the register).
RELEASE_RULES = {
    # 12.15: "refunded after the project is completed and the Building Inspector has found
    # that the building complies": the final inspection passed, or an occupancy permit (not a
    # temporary one, which 12.16 grants to a building that does not yet comply) issued.
    "completion_deposit": ("final_or_occupancy", "12.15"),
    # 31.12(2)(A): the security "shall remain in full force until released by the Village
    # Board, and only after an inspection by the Village Engineer" finds the measures done.
    "erosion_security": ("board_after_engineer", "31.12(2)(A)"),
    # 12.19(8)(e): refunded after the exterior alterations are completed and found to comply.
    "moving_alteration_deposit": ("exterior_final", "12.19(8)(e)"),
}
