"""QR codes drawn as vector squares: crisp at any printer resolution and deterministic.

We encode with the ``qrcode`` package and draw the modules ourselves instead of going through
reportlab's graphics widget: that widget's renderer sets Helvetica as its starting font, which
would pull a non-embedded standard font into every permit card.
"""

from __future__ import annotations

import qrcode
from qrcode.constants import ERROR_CORRECT_M

QUIET_ZONE = 4  # modules of white around the code, as phone cameras expect
FIXED_MASK = 2


def qr_modules(value: str) -> list[list[bool]]:
    """The module matrix; error correction M survives a scuffed card on a job site.

    The mask pattern is fixed: every mask decodes, and searching the eight for the lowest
    penalty is most of the encoding time (the permit card has a 30 ms budget). Pattern 0
    would mean "search" to the library, so a fixed non-zero one is used."""
    code = qrcode.QRCode(error_correction=ERROR_CORRECT_M, border=0, mask_pattern=FIXED_MASK)
    code.add_data(value)
    code.make(fit=True)
    return [[bool(cell) for cell in row] for row in code.get_matrix()]


def draw_qr(canvas, value: str, x: float, y: float, size: float) -> None:
    """Draw the QR code for ``value`` with its lower-left corner at (x, y), ``size`` square."""
    modules = qr_modules(value)
    n = len(modules)
    cell = size / (n + 2 * QUIET_ZONE)
    canvas.saveState()
    canvas.setFillColorRGB(1, 1, 1)
    canvas.rect(x, y, size, size, stroke=0, fill=1)
    # Draw in module units (one unit = one module, y down from the top-left of the code):
    # the PDF then holds small integers, and the page stream stays short and fast to write.
    canvas.translate(x + QUIET_ZONE * cell, y + size - QUIET_ZONE * cell)
    canvas.scale(cell, -cell)
    canvas.setFillColorRGB(0, 0, 0)
    path = canvas.beginPath()
    for r, row in enumerate(modules):
        c = 0
        while c < n:  # one rectangle per horizontal run keeps the PDF small
            if row[c]:
                start = c
                while c < n and row[c]:
                    c += 1
                path.rect(start, r, c - start, 1)
            else:
                c += 1
    canvas.drawPath(path, stroke=0, fill=1)
    canvas.restoreState()
