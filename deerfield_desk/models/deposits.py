"""Deposits and securities the village holds, and why one may be kept (forfeited).

The kinds and their sections: 12.15 completion deposit, 12.19(6)(a) moving deposit,
12.19(8)(e) exterior alteration deposit for a moved building, 31.12(2)(A) erosion security.
Forfeiture causes are listed with the section that allows them; refunds need a written reason.
"""

from __future__ import annotations

DEPOSIT_KINDS = {
    "completion_deposit": ("Completion deposit", "12.15"),
    "moving_deposit": ("Moving cash deposit", "12.19(6)(a)"),
    "moving_alteration_deposit": ("Moved building exterior deposit", "12.19(8)(e)"),
    "erosion_security": ("Erosion control security", "31.12(2)(A)"),
}

FORFEIT_CAUSES = {
    "completion_deposit": {
        "occupied_before_final": ("Occupied before the final inspection", "12.15"),
        "temporary_occupancy_overrun": (
            "Occupied after the temporary occupancy permit ran out",
            "12.15",
        ),
        "exterior_unfinished": ("Exterior not finished within 2 years of issue", "12.15"),
    },
    "moving_deposit": {
        "move_damage": ("Costs or damage from the move charged to the deposit", "12.19(6)(a)"),
        "excavation_unsecured": ("Old excavation not barricaded or filled", "12.19(6)(b)"),
    },
    "moving_alteration_deposit": {
        "exterior_not_as_approved": ("Exterior not done as approved or on time", "12.19(8)(e)"),
    },
    "erosion_security": {
        "drawn_for_compliance": ("Village drew on it to bring the site into line", "31.12(2)(A)"),
    },
}

PAYMENT_METHODS = {"cash": "Cash", "check": "Check", "card": "Card", "money_order": "Money order"}
