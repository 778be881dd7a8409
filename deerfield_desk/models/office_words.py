"""The wizard's field codes in the office's words, and the page each one is asked on.

Why: the store and the engine name fields by their keys (``parcel_number``, ``max_slope_pct``),
which is right for the CLI and for tests but not for a clerk: a message reading
"dish_diameter_in: required for satellite_dish" sends nobody anywhere. Every message the wizard
shows passes through :func:`plain_error`, which says the field's label as the form shows it and
the page to go back to.
"""

from __future__ import annotations

import re

from deerfield_desk.errors import InvalidInput
from deerfield_desk.models.plain_labels import column_label
from deerfield_desk.models.wizard_fields import QUESTIONS, WORK_LABELS

#: field key -> (label on the form, page it is on)
SITE_FIELDS = {
    "parcel_number": "Tax parcel number",
    "house_number": "House number",
    "street": "Street",
    "legal_description": "Legal description",
    "on_platted_lot": "On a platted lot",
    "fire_limits": "Inside the fire limits",
    "sensitive_area": "Floodplain, wetland, conservancy or environmental corridor",
    "zoning": "Zoning district",
    "parcel": "Parcel",
}
PARTY_FIELDS = {
    "owner": "Owner",
    "owner_uuid": "Owner",
    "applicant": "Applicant",
    "contractor": "Contractor",
    "electrical": "Electrical contractor",
    "plumbing": "Plumbing contractor",
    "hvac": "HVAC contractor",
    "credential_expires": "Credential expires",
    "name": "Name",
    "firm": "Firm",
    "phone": "Phone",
    "email": "Email",
    "mailing_address": "Mailing address",
    "credential_type": "State credential type",
    "credential_number": "State credential number",
}
WORK_FIELDS = {"work": "Kind of work", "description": "Description"}
PAGES = (("Site", SITE_FIELDS), ("Parties", PARTY_FIELDS), ("Work", WORK_FIELDS))
QUESTION_KEYS = frozenset(q.key for q in QUESTIONS)
ITEM = re.compile(r"(\w+)\[(\d+)\]\.(\w+)")  # defects[2].correction
#: Words of the engine's rules that are codes of a kind of work.
WORK_WORDS = {w.value: label.lower() for w, label in WORK_LABELS.items()}


def field_label(field: str) -> tuple[str, str]:
    """(label, page) for a field key; an unknown key is spelt out rather than shown raw."""
    for page, labels in PAGES:
        if field in labels:
            return labels[field], page
    question = next((q for q in QUESTIONS if q.key == field), None)
    if question is not None:
        return question.label, "Work"
    return field.replace("_", " ").capitalize(), "Work"


def plain_rule(rule: str) -> str:
    """The rule with any kind-of-work code in it said in words ("required for demolition")."""
    for code, words in WORK_WORDS.items():
        rule = rule.replace(f"for {code} ", f"for {words} ").replace(f"for {code}", f"for {words}")
    return rule


def plain_error(exc: InvalidInput, *, with_page: bool = True) -> str:
    """ "Dish diameter: required for satellite dish antenna (…) — on the Work page"."""
    label, page = field_label(exc.field)
    text = f"{label}: {plain_rule(exc.rule)}"
    return f"{text} — on the {page} page" if with_page else text


def say(exc: Exception) -> str:
    """Any error as the office reads it, for every screen: an ``InvalidInput`` names its field
    in words ("Amount: must be more than zero", "Defect 2, correction: …"), anything else is
    already a sentence. The CLI keeps printing ``field: rule`` for scripts."""
    if not isinstance(exc, InvalidInput):
        return str(exc)
    item = ITEM.fullmatch(exc.field)
    if item:
        label = (
            f"{column_label(item[1]).removesuffix('s')} {item[2]}, {column_label(item[3]).lower()}"
        )
    elif "." in exc.field:  # a part of a record: "responses.tracking_pad" → "Tracking pad"
        label = column_label(exc.field.rsplit(".", 1)[1])
    elif " " in exc.field:  # already words (a paper's own name)
        label = exc.field[:1].upper() + exc.field[1:]
    elif any(exc.field in labels for _page, labels in PAGES) or exc.field in QUESTION_KEYS:
        label = field_label(exc.field)[0]
    else:
        label = column_label(exc.field)
    return f"{label}: {plain_rule(exc.rule)}"
