"""What the clerk and the inspector read on paper: each document's text carries its fields and
the computed dates; fonts are embedded; pages fit letter paper; output is byte-for-byte
repeatable; the permit card's QR code and number size work in the field."""

from __future__ import annotations

from io import BytesIO

import pytest
from pypdf import PdfReader
from pypdf.generic import IndirectObject

from deerfield_desk.documents import RENDERERS
from deerfield_desk.documents.village import load_village_settings
from deerfield_desk.store.document_records import load_document
from deerfield_desk.store.village_calendar import village_calendar
from tests.documents_fixtures import SETTINGS, build_register, pdf_text, zbar_decode

STANDARD_14 = {
    "Courier",
    "Courier-Bold",
    "Courier-Oblique",
    "Courier-BoldOblique",
    "Helvetica",
    "Helvetica-Bold",
    "Helvetica-Oblique",
    "Helvetica-BoldOblique",
    "Times-Roman",
    "Times-Bold",
    "Times-Italic",
    "Times-BoldItalic",
    "Symbol",
    "ZapfDingbats",
}

DOCUMENTS = [
    ("permit-card", "2026-0042"),
    ("placard", "2026-0042"),
    ("occupancy", "2026-0042"),
    ("decision", "2026-0043"),
    ("decision", "A-2026-0008"),
    ("inspection-report", "2026-0042"),
    ("checklist-report", "2026-0043"),
    ("stop-work", "N-2026-0001"),
    ("stop-work", "N-2026-0002"),
    ("stop-work", "N-2026-0003"),
    ("stop-work", "N-2026-0004"),
    ("violation", "N-2026-0005"),
    ("house-number", "N-2026-0006"),
    ("raze-order", "N-2026-0007"),
]


@pytest.fixture
def filled(register, tmp_path):
    build_register(register, tmp_path)
    return register


def render(reg, kind, ref) -> bytes:
    request = load_document(reg, kind, ref)
    return RENDERERS[kind](
        request.record, load_village_settings(reg), calendar=village_calendar(reg)
    )


def fonts_of(reader: PdfReader):
    for page in reader.pages:
        resources = page["/Resources"]
        fonts = resources.get("/Font", {})
        for ref in fonts.values():
            font = ref.get_object() if isinstance(ref, IndirectObject) else ref
            yield font


@pytest.mark.parametrize("kind,ref", DOCUMENTS)
def test_every_document_embeds_its_fonts_fits_letter_and_repeats_exactly(filled, kind, ref):
    first = render(filled, kind, ref)
    assert first == render(filled, kind, ref), "two renders differ: output is not deterministic"
    reader = PdfReader(BytesIO(first))
    for font in fonts_of(reader):
        name = str(font["/BaseFont"]).lstrip("/").split("+")[-1]
        assert name not in STANDARD_14, f"{kind} uses the non-embedded font {name}"
        descendant = font.get("/DescendantFonts")
        desc = (descendant[0].get_object() if descendant else font)["/FontDescriptor"]
        assert "/FontFile2" in desc.get_object(), f"{kind}: font {name} is not embedded"
    for page in reader.pages:
        w, h = float(page.mediabox.width), float(page.mediabox.height)
        assert sorted((round(w), round(h))) == [612, 792], f"{kind}: page is {w}x{h}, not letter"
    assert "Village of Deerfield".upper() in pdf_text(first).upper()


def test_permit_card_shows_what_the_street_needs_to_read(filled, tmp_path):
    pdf = render(filled, "permit-card", "2026-0042")
    text = pdf_text(pdf)
    for expected in (
        "2026-0042",
        "Building Permit",
        "123 Main Street",
        "Jane Smith & Sons <Trust>",
        "Badger Builders LLC",
        "New single-family dwelling",
        "November 16, 2026",
        "November 16, 2028",
        "Silt fence on the east line before digging",
        "Footing",
        "Erosion control",
        "Inspector's initials",
        "(608) 555-0142",
        "48 hours",
        "§12.12(5)",
    ):
        assert expected in text, f"permit card lacks {expected!r}"
    assert len(PdfReader(BytesIO(pdf)).pages) == 1, "the permit card must be one sheet"
    # make setup installs pdftoppm and zbarimg; without them this fails rather than skips
    assert zbar_decode(pdf, tmp_path) == "2026-0042"


def test_permit_number_glyphs_are_over_an_inch_tall(filled):
    """Read from the PDF itself: the font size and text matrix of the number's run."""
    pdf = render(filled, "permit-card", "2026-0042")
    sizes = []

    def visit(text, cm, tm, font, size):
        if "2026-0042" in text:
            sizes.append(size * tm[3])

    PdfReader(BytesIO(pdf)).pages[0].extract_text(visitor_text=visit)
    digit_height_in = max(sizes) * 0.729 / 72  # DejaVu Sans Bold digits are 0.729 em tall
    assert digit_height_in >= 1.0


def test_placard_digits_far_taller_than_the_minimum(filled):
    from deerfield_desk.documents.placard import digit_height

    pdf = render(filled, "placard", "2026-0042")
    text = pdf_text(pdf)
    assert "123" in text and "MAIN STREET" in text and "2026-0042" in text
    assert digit_height("123") / 72 >= 3.9
    assert digit_height("10452") / 72 >= 3.25  # long numbers squeezed, still > 2½ in
    assert digit_height("1045299") / 72 > 2.5


def test_stop_work_order_gives_plan_commission_appeal_dates_across_thanksgiving(filled):
    text = pdf_text(render(filled, "stop-work", "N-2026-0001"))
    assert "Stop Work Order" in text and "Effective immediately" in text
    # served Friday 20 Nov 2026; 10 business days skip Thanksgiving and the Friday after
    assert "December 8, 2026" in text
    assert "Plan Commission" in text and "10 business days" in text
    assert "December 22, 2026" in text  # hearing, if appealed on the last day
    assert "$50 to $5,000" in text and "§12.24" in text


def test_erosion_stop_work_counts_24_hours_and_names_zoning_board(filled):
    text = pdf_text(render(filled, "stop-work", "N-2026-0002"))
    assert "November 21, 2026, 2:30 PM" in text  # 24 h after issue: revocation possible
    assert "Zoning Board of Appeals" in text and "January 4, 2027" in text  # 45 days
    assert "$300" in text  # major land disturbing appeal fee, 31.15(1)(A)
    assert "$200 to $2,000" in text  # major erosion forfeiture, 31.14(3)
    assert "§31.14(2)(C)" in text


def test_erosion_follow_ons(filled):
    revocation = pdf_text(render(filled, "stop-work", "N-2026-0003"))
    assert "Revocation of Erosion Control Permit" in revocation and "24 hours" in revocation
    intent = pdf_text(render(filled, "stop-work", "N-2026-0004"))
    assert "Notice of Intent to Perform Work" in intent and "special assessment" in intent


def test_violation_notice_30_days_from_mailing_and_forfeiture(filled):
    text = pdf_text(render(filled, "violation", "N-2026-0005"))
    assert "December 4, 2026" in text  # mailed 2 Nov, delivered 4 Nov + 30 days
    assert "first-class mail" in text and "$50 to $5,000" in text and "§12.23(2)" in text
    assert "Tar paper left as exterior finish." in text and "§12.20" in text


def test_house_number_notice_counts_from_mailing(filled):
    text = pdf_text(render(filled, "house-number", "N-2026-0006"))
    assert "November 25, 2026" in text  # mailed 10 Nov + 15 days
    assert "citation" in text and "$10 to $50" in text and "2½ inches" in text


def test_raze_order_and_occupancy(filled):
    raze = pdf_text(render(filled, "raze-order", "N-2026-0007"))
    assert "January 15, 2027" in raze and "§66.05(5)" in raze
    occ = pdf_text(render(filled, "occupancy", "2026-0042"))
    # temporary occupancy issued 24 Nov: 30 days → 24 Dec, Christmas Eve. A term ends on its
    # calendar day even when the office is closed (12.16; only filing deadlines roll).
    assert "Temporary Occupancy Permit" in occ and "Valid until December 24, 2026" in occ
    assert "§12.15" in occ


def test_decision_letters(filled):
    conditional = pdf_text(render(filled, "decision", "2026-0043"))
    assert "Approved with conditions" in conditional
    assert "Stabilize stockpiles within 7 days" in conditional and "Village Engineer" in conditional
    assert "January 4, 2027" in conditional  # 45 days from 20 Nov
    rejected = pdf_text(render(filled, "decision", "A-2026-0008"))
    assert "Rejected" in rejected and "Dish placed in the front yard" in rejected
    assert "Plan Commission" in rejected and "December 14, 2026" in rejected  # 24 Nov + 20 d


def test_reports_carry_results_defects_and_photos(filled):
    report = render(filled, "inspection-report", "2026-0042")
    text = pdf_text(report)
    assert "Failed" in text and "Footing depth 36 in, 48 in required" in text
    assert "Photos (1)" in text and "footing.jpg" in text
    assert b"/Subtype /Image" in report
    checklist = pdf_text(render(filled, "checklist-report", "2026-0043"))
    assert "1 of 2 items meet; 0 not applicable; 1 deficient" in checklist
    assert "Silt fence installed and trenched: Down on the east side" in checklist


def test_photo_paths_kept_relative_to_the_photos_folder_are_found(register, db_path, tmp_path):
    """The photo store keeps paths relative to the register's photos folder (USB sticks)."""
    from deerfield_desk.store.document_sources import photos_of
    from tests.documents_fixtures import make_photo

    folder = db_path.parent / "photos" / "display" / "ab"
    folder.mkdir(parents=True)
    make_photo(folder / "abc.jpg")
    insp_owner = "11111111-2222-3333-4444-555555555555"
    register.insert(
        "attachments",
        {
            "owner_table": "inspections",
            "owner_uuid": insp_owner,
            "filename": "abc.jpg",
            "sha256": "1" * 64,
            "original_path": "originals/ab/abc.jpg",
            "display_path": "display/ab/abc.jpg",
            "added_at": "2026-11-18T10:40",
        },
    )
    (photo,) = photos_of(register, "inspections", [insp_owner])
    assert photo["display_path"] == str(folder / "abc.jpg")


def test_a_card_with_many_conditions_still_fits_one_sheet():
    from deerfield_desk.documents.permit_card import render_permit_card

    conditions = [
        f"Condition {n}: keep the silt fence trenched and staked along the whole "
        "east and south lot lines until the lawn is established"
        for n in range(1, 9)
    ]
    pdf = render_permit_card(
        {"permit_number": "2026-0101", "kind": "building", "conditions": conditions}, SETTINGS
    )
    assert len(PdfReader(BytesIO(pdf)).pages) == 1
    text = pdf_text(pdf)
    assert all(f"Condition {n}:" in text for n in range(1, 9)) and "Erosion control" in text
