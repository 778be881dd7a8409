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
