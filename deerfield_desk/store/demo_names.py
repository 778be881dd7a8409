"""Word lists for the demo register: Deerfield-like streets, names, firms and projects.

Made up, but shaped like the village: a small Dane County village east of Madison, its
Norwegian and German family names, local trades, and the projects a village inspector sees.
"""

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
PROJECTS = {
    "building": (
        ("New single-family dwelling with attached garage", "new_building", (220_000, 480_000)),
        ("New two-family dwelling", "new_building", (380_000, 620_000)),
        ("Detached garage 24 x 24 ft", "new_building", (28_000, 65_000)),
        ("Deck addition at rear", "addition", (6_000, 24_000)),
        ("Screened porch addition", "addition", (18_000, 55_000)),
        ("Bedroom addition", "addition", (60_000, 140_000)),
        ("Basement finish with bathroom", "interior_finish", (25_000, 70_000)),
        ("Reroof, tear-off and new shingles", "reroof", (9_000, 28_000)),
        ("Residing and window replacement", "reside", (12_000, 45_000)),
        ("Kitchen remodel, wall removal", "alteration", (30_000, 90_000)),
        ("Furnace and water heater replacement", "equipment_replacement", (5_000, 14_000)),
        ("Electrical service upgrade to 200 A", "system_alteration", (3_000, 9_000)),
        ("Storage shed 10 x 12 ft", "new_building", (3_000, 9_000)),
        ("Commercial tenant build-out", "alteration", (45_000, 260_000)),
    ),
    "erosion_control": (
        ("Land disturbance for new dwelling", "minor", (2_000, 6_000)),
        ("Driveway and grading, 4,500 sq ft", "minor", (1_500, 4_000)),
        ("Pond and swale grading", "minor", (3_000, 9_000)),
        ("Subdivision grading, 6.4 acres", "major", (40_000, 160_000)),
        ("Commercial site development, 1.8 acres", "major", (25_000, 90_000)),
    ),
    "demolition": (
        ("Demolish detached garage", None, (4_000, 12_000)),
        ("Demolish fire-damaged dwelling", None, (15_000, 40_000)),
        ("Demolish farm outbuilding", None, (3_000, 10_000)),
    ),
    "moving": (("Move dwelling onto new foundation", None, (30_000, 80_000)),),
    "satellite_dish": (("Satellite dish over 18 in on rear roof", None, (300, 1_500)),),
}

INSPECTION_STAGES = {
    "building": ("footing", "foundation", "rough", "insulation", "final"),
    "erosion_control": ("erosion_initial", "erosion_final"),
    "demolition": ("demolition_final",),
    "moving": ("moving_route", "final"),
    "satellite_dish": ("final",),
}

NOTICE_KINDS = (
    ("stop_work_order", "Work without required inspection", "12.24"),
    ("violation_notice", "Erosion controls not maintained", "31.14(1)"),
    ("violation_notice", "Occupancy before final inspection", "12.16"),
    ("expiry_notice", "Permit expired before final inspection", "12.14(1)"),
)
