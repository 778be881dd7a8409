"""Draw the app icon (deerfield_desk/resources/icons/: deerfield-desk.png, .ico) with Pillow.

Run once after changing the design: `python packaging/make_icon.py`. The shapes are the same
as in deerfield-desk.svg (a 256-unit grid): a village-green tile, a white house (the building
permit) and a gold seal with a check (the inspection passed). Drawn 4x larger and scaled down
so the edges are smooth.
"""

from pathlib import Path

from PIL import Image, ImageDraw

ICONS = Path(__file__).resolve().parent.parent / "deerfield_desk" / "resources" / "icons"
GREEN, WHITE, GOLD, DARK = "#2e6b3f", "#ffffff", "#e8b21c", "#1d4429"
SCALE = 4


def draw(size: int = 256) -> Image.Image:
    s = SCALE
    image = Image.new("RGBA", (256 * s, 256 * s), (0, 0, 0, 0))
    d = ImageDraw.Draw(image)
    d.rounded_rectangle((8 * s, 8 * s, 248 * s, 248 * s), radius=40 * s, fill=GREEN)
    # The house: roof, walls, door.
    d.polygon([(128 * s, 40 * s), (216 * s, 116 * s), (40 * s, 116 * s)], fill=WHITE)
    d.rectangle((60 * s, 112 * s, 196 * s, 204 * s), fill=WHITE)
    d.rectangle((112 * s, 148 * s, 144 * s, 204 * s), fill=GREEN)
    # The seal with its check mark.
    d.ellipse((150 * s, 150 * s, 238 * s, 238 * s), fill=GOLD, outline=DARK, width=6 * s)
    d.line(
        [(172 * s, 194 * s), (189 * s, 211 * s), (218 * s, 174 * s)],
        fill=DARK,
        width=12 * s,
        joint="curve",
    )
    return image.resize((size, size), Image.Resampling.LANCZOS)


if __name__ == "__main__":
    ICONS.mkdir(parents=True, exist_ok=True)
    icon = draw(256)
    icon.save(ICONS / "deerfield-desk.png", optimize=True)
    icon.save(ICONS / "deerfield-desk.ico", sizes=[(16, 16), (32, 32), (48, 48), (256, 256)])
