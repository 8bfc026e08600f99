"""Draw the app icons (our own design: three fanned cards on a green table) as SVG and PNG, standard library only.

Run once after changing the design: ``python tools/make_icons.py``; the outputs in web/icons/ are committed.
"""

from __future__ import annotations

import math
import struct
import zlib
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "web" / "icons"
BG = (20, 83, 45)
CARD = (250, 248, 240)
EDGE = (30, 41, 59)
COLORS = [(37, 99, 235), (22, 163, 74), (220, 38, 38)]
# Cards in a 512 unit square: centre x, centre y, rotation (degrees), pip colour.
CARDS = [(196, 280, -16, COLORS[0]), (256, 262, 0, COLORS[1]), (316, 280, 16, COLORS[2])]
CW, CH, CR = 150, 216, 20


def _rounded_rect_inside(x: float, y: float, w: float, h: float, r: float) -> bool:
    """Point (x, y) relative to the rect centre inside a w x h rect with corner radius r."""
    dx, dy = abs(x) - (w / 2 - r), abs(y) - (h / 2 - r)
    if dx <= 0 or dy <= 0:
        return abs(x) <= w / 2 and abs(y) <= h / 2
    return dx * dx + dy * dy <= r * r


def _pixel(px: float, py: float, full_bleed: bool) -> tuple[int, int, int, int]:
    inset = 0 if full_bleed else 0
    if not full_bleed and not _rounded_rect_inside(px - 256, py - 256, 512 - inset, 512 - inset, 96):
        return (0, 0, 0, 0)
    colour = BG
    scale = 0.82 if full_bleed else 1.0  # maskable icons keep the art inside the safe zone
    for cx, cy, rot, pip in CARDS:
        a = math.radians(-rot)
        x, y = (px - 256) / scale + 256 - cx, (py - 256) / scale + 256 - cy
        x, y = x * math.cos(a) - y * math.sin(a), x * math.sin(a) + y * math.cos(a)
        if _rounded_rect_inside(x, y, CW + 8, CH + 8, CR + 4):
            colour = EDGE
            if _rounded_rect_inside(x, y, CW, CH, CR):
                colour = CARD
                if (x / 46) ** 2 + (y / 70) ** 2 <= 1:
                    colour = pip
                elif _rounded_rect_inside(x + 50, y + 82, 22, 22, 6) or _rounded_rect_inside(x - 50, y - 82, 22, 22, 6):
                    colour = pip
    return (*colour, 255)


def png(size: int, full_bleed: bool = False, samples: int = 3) -> bytes:
    """An RGBA PNG of the icon at ``size`` pixels, supersampled ``samples``^2 times."""
    rows = []
    step = 512 / size
    for j in range(size):
        row = bytearray([0])
        for i in range(size):
            acc = [0, 0, 0, 0]
            for sj in range(samples):
                for si in range(samples):
                    r, g, b, a = _pixel((i + (si + 0.5) / samples) * step, (j + (sj + 0.5) / samples) * step,
                                        full_bleed)
                    acc[0] += r * a
                    acc[1] += g * a
                    acc[2] += b * a
                    acc[3] += a
            alpha = acc[3] / samples**2
            row += bytes([round(acc[0] / acc[3]) if acc[3] else 0, round(acc[1] / acc[3]) if acc[3] else 0,
                          round(acc[2] / acc[3]) if acc[3] else 0, round(alpha)])
        rows.append(bytes(row))

    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"".join(rows), 9))
            + chunk(b"IEND", b""))


def svg() -> str:
    """The same design as a scalable SVG."""
    hexc = "#{:02x}{:02x}{:02x}".format
    parts = [f'<rect width="512" height="512" rx="96" fill="{hexc(*BG)}"/>']
    for cx, cy, rot, pip in CARDS:
        parts.append(
            f'<g transform="translate({cx} {cy}) rotate({rot})">'
            f'<rect x="{-(CW + 8) / 2}" y="{-(CH + 8) / 2}" width="{CW + 8}" height="{CH + 8}" rx="{CR + 4}" '
            f'fill="{hexc(*EDGE)}"/>'
            f'<rect x="{-CW / 2}" y="{-CH / 2}" width="{CW}" height="{CH}" rx="{CR}" fill="{hexc(*CARD)}"/>'
            f'<ellipse rx="46" ry="70" fill="{hexc(*pip)}"/>'
            f'<rect x="-61" y="-93" width="22" height="22" rx="6" fill="{hexc(*pip)}"/>'
            f'<rect x="39" y="71" width="22" height="22" rx="6" fill="{hexc(*pip)}"/></g>'
        )
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">' + "".join(parts) + "</svg>\n")


def main() -> None:
    """Write every icon file."""
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "icon.svg").write_text(svg())
    (OUT / "icon-192.png").write_bytes(png(192))
    (OUT / "icon-512.png").write_bytes(png(512, samples=2))
    (OUT / "icon-maskable-512.png").write_bytes(png(512, full_bleed=True, samples=2))
    print(f"icons written to {OUT}")


if __name__ == "__main__":
    main()
