"""Word lists for the demo register: Deerfield-like streets, names, firms and projects.

Made up, but shaped like the village: a small Dane County village east of Madison, its
Norwegian and German family names, local trades, and the projects a village inspector sees.
"""

from deerfield_desk.models.notices import NoticeKind

STREETS = (
    "Main St", "Liberty St", "Deerfield Pkwy", "Hickory Ln", "Prairie View Dr", "Mill St",
    "Church St", "Water St", "Pleasant St", "Oak St", "Elm St", "Maple St", "Spring St",
    "Nelson St", "Fremont St", "Walnut St", "Cherry Ln", "Koshkonong Ct", "Yorktown Rd",
    "Vineyard Dr", "Meadowview Ln", "Wildflower Dr", "Bluebird Ct", "Red Fox Run",
    "Railroad St", "Industrial Dr", "Schneider Dr", "Quarry Rd", "Heritage Way", "Lake Dr",
    "Sunrise Ct", "Hillside Ave", "Deer Trail", "Birch Ln", "Pine St", "North St",
)  # fmt: skip

SUBDIVISIONS = (
    "Original Plat", "Prairie View Addition", "Deerfield Heights", "Hickory Hills",
    "Liberty Crossing", "Meadowview Estates", "Mill Pond Plat", "Wildflower Ridge",
)  # fmt: skip

FIRST_NAMES = (
    "Anna", "Brian", "Carol", "David", "Erik", "Frances", "Greta", "Henry", "Ingrid", "James",
    "Karen", "Lars", "Maria", "Nils", "Olivia", "Paul", "Ruth", "Steven", "Tom", "Ursula",
    "Victor", "Wendy", "Pat", "Lee", "Jordan", "Kristin", "Michael", "Sarah", "Dale", "Joan",
)  # fmt: skip

LAST_NAMES = (
    "Olson", "Johnson", "Anderson", "Hanson", "Nelson", "Larson", "Peterson", "Schmidt",
    "Mueller", "Weber", "Wagner", "Becker", "Hoffman", "Koch", "Schultz", "Kittleson",
    "Thompson", "Erickson", "Lund", "Haugen", "Skaar", "Brekke", "Rue", "Fjelstad", "Krueger",
    "Meyer", "Zimmerman", "Braun", "Halverson", "Moe", "Quam", "Sveum", "Tollefson", "Vick",
)  # fmt: skip

FIRM_PLACES = (
    "Badger State", "Koshkonong", "Deerfield", "Capitol", "Cambridge", "Lake Ripley",
    "Dane County", "Prairie", "Liberty", "Rock River", "Four Lakes", "Maunesha", "Driftless",
)  # fmt: skip

FIRM_TRADES = (
    "Builders", "Construction", "Roofing", "Excavating", "Homes", "Electric", "Plumbing",
    "Remodeling", "Concrete", "Heating & Cooling", "Earthworks", "Decks & Fences",
)  # fmt: skip

FIRM_SUFFIXES = ("LLC", "Inc.", "Co.", "& Sons", "Ltd.")

#: (description, permit_class, estimated cost range in dollars) by kind.
# (description, the engine's work kind, structure, erosion class, cost range in dollars).
# The work and structure pick the inspection stages from checklists/inspection_sequence.toml,
# the one place the 12.12(5) sequence lives.
PROJECTS = {
    "building": (
        (
            "New single-family dwelling with attached garage",
            "new_building",
            "dwelling",
            None,
            (220_000, 480_000),
        ),
        ("New two-family dwelling", "new_building", "dwelling", None, (380_000, 620_000)),
        ("Detached garage 24 x 24 ft", "new_building", "detached_garage", None, (28_000, 65_000)),
        ("Deck addition at rear", "addition", "deck", None, (6_000, 24_000)),
        ("Screened porch addition", "addition", "dwelling", None, (18_000, 55_000)),
        ("Bedroom addition", "addition", "dwelling", None, (60_000, 140_000)),
        ("Basement finish with bathroom", "interior_finish", "dwelling", None, (25_000, 70_000)),
        ("Reroof, tear-off and new shingles", "reroof", "dwelling", None, (9_000, 28_000)),
        ("Residing and window replacement", "reside", "dwelling", None, (12_000, 45_000)),
        ("Kitchen remodel, wall removal", "alteration", "dwelling", None, (30_000, 90_000)),
        (
            "Furnace and water heater replacement",
            "equipment_replacement",
            "dwelling",
            None,
            (5_000, 14_000),
        ),
        (
            "Electrical service upgrade to 200 A",
            "system_alteration",
            "dwelling",
            None,
            (3_000, 9_000),
        ),
        ("Storage shed 10 x 12 ft", "new_building", "accessory_building", None, (3_000, 9_000)),
        ("Commercial tenant build-out", "alteration", "commercial", None, (45_000, 260_000)),
        (
            "New four-unit apartment building",
            "new_building",
            "multifamily",
            None,
            (700_000, 1_100_000),
        ),
    ),
    "erosion_control": (
        ("Land disturbance for new dwelling", "land_disturbance", None, "minor", (2_000, 6_000)),
        ("Driveway and grading, 4,500 sq ft", "land_disturbance", None, "minor", (1_500, 4_000)),
        ("Pond and swale grading", "land_disturbance", None, "minor", (3_000, 9_000)),
        ("Subdivision grading, 6.4 acres", "land_disturbance", None, "major", (40_000, 160_000)),
        (
            "Commercial site development, 1.8 acres",
            "land_disturbance",
            None,
            "major",
            (25_000, 90_000),
        ),
    ),
    "demolition": (
        ("Demolish detached garage", "demolition", "detached_garage", None, (4_000, 12_000)),
        ("Demolish fire-damaged dwelling", "demolition", "dwelling", None, (15_000, 40_000)),
        ("Demolish farm outbuilding", "demolition", "agricultural_building", None, (3_000, 10_000)),
    ),
    "moving": (
        ("Move dwelling onto new foundation", "move_building", "dwelling", None, (30_000, 80_000)),
    ),
    "satellite_dish": (
        ("Satellite dish over 18 in on rear roof", "satellite_dish", None, None, (300, 1_500)),
    ),
}

#: (notice kind, facts, sections) the demo serves; kinds are the app's own (NoticeKind), so
#: every demo notice opens, prints and archives like a real one.
NOTICE_KINDS = (
    (NoticeKind.BUILDING_STOP_WORK, "Work covered before the required inspection", "12.24"),
    (NoticeKind.EROSION_STOP_WORK, "Erosion controls not installed or maintained", "31.14(2)(A)"),
    (NoticeKind.VIOLATION, "Building occupied before the final inspection", "12.16, 12.23(3)"),
    (NoticeKind.VIOLATION, "Permit expired before the final inspection", "12.14(1), 12.23(3)"),
)
