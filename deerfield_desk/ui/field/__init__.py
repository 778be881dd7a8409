"""Field mode: the inspector's day on a laptop in the truck, with no network.

``today`` lists the day's stops in route order; ``result_dialog``, ``checklist_dialog`` and
``photo_actions`` record what is found, one tap each. ``install`` plugs them into the main
window (a "Today" tab and the Inspections menu). Everything is local: the screens read and
write the register through ``store.inspections``, ``store.erosion_checks`` and
``store.photos``.
"""
