"""Draw memviz's icon and write it in each desktop's format: resources/icons/memviz.png (the window's
icon, Linux), memviz.ico (Windows: memviz.exe) and memviz.icns (macOS: memviz.app).

    QT_QPA_PLATFORM=offscreen python tools/make_icons.py

The picture is the app's idea in small: pages as dots joined by links, the agent's page in orange,
the pages it remembers in blue, one it forgot hollow. ICO and ICNS are written by hand (both hold PNG
images in a small header), so no image library is needed; the same code gives the same bytes.
"""

from __future__ import annotations

import struct
import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QGuiApplication, QImage, QPainter, QPen

OUT = Path(__file__).resolve().parent.parent / "resources" / "icons"
# (x, y) on a 0..1 square, and the links between them.
PAGES = [(0.27, 0.30), (0.70, 0.24), (0.50, 0.52), (0.24, 0.74), (0.76, 0.72)]
LINKS = [(0, 1), (0, 2), (1, 2), (2, 3), (2, 4), (3, 4), (1, 4)]
AGENT, FORGOTTEN = 2, 4
BACKGROUND, LINK, REMEMBERED, AGENT_COLOUR = "#1f3a5f", "#9db4d0", "#4f9be8", "#f28e2b"


def draw(size: int) -> bytes:
    """The icon at ``size`` pixels square, as PNG bytes."""
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    margin = size * 0.04
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(BACKGROUND))
    painter.drawRoundedRect(
        QRectF(margin, margin, size - 2 * margin, size - 2 * margin), size * 0.18, size * 0.18
    )
    points = [QPointF(x * size, y * size) for x, y in PAGES]
    painter.setPen(QPen(QColor(LINK), max(1.0, size * 0.035), Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    for a, b in LINKS:
        painter.drawLine(points[a], points[b])
    radius = size * 0.095
    for index, point in enumerate(points):
        if index == FORGOTTEN:
            painter.setPen(QPen(QColor(REMEMBERED), max(1.0, size * 0.03)))
            painter.setBrush(QColor(BACKGROUND))
        else:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(AGENT_COLOUR if index == AGENT else REMEMBERED))
        r = radius * (1.3 if index == AGENT else 1.0)
        painter.drawEllipse(point, r, r)
    painter.end()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"{size}.png"
        image.save(str(path), "PNG")
        return path.read_bytes()


def ico(images: dict[int, bytes]) -> bytes:
    """A Windows .ico holding PNG images (Vista and later read them), largest last."""
    sizes = sorted(images)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = 6 + 16 * len(sizes)
    entries, blobs = b"", b""
    for size in sizes:
        blob = images[size]
        side = 0 if size >= 256 else size  # 0 means 256 in an ICONDIRENTRY
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(blob), offset + len(blobs))
        blobs += blob
    return header + entries + blobs


# ICNS element types that hold a PNG, by pixel size (Apple's "icp4"… and "ic07"… types).
ICNS_TYPES = {16: b"icp4", 32: b"icp5", 64: b"icp6", 128: b"ic07", 256: b"ic08", 512: b"ic09", 1024: b"ic10"}


def icns(images: dict[int, bytes]) -> bytes:
    body = b"".join(ICNS_TYPES[s] + struct.pack(">I", 8 + len(images[s])) + images[s] for s in sorted(images))
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main() -> int:
    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])  # noqa: F841 - QImage text needs it
    OUT.mkdir(parents=True, exist_ok=True)
    images = {size: draw(size) for size in (16, 32, 48, 64, 128, 256, 512, 1024)}
    (OUT / "memviz.png").write_bytes(images[256])
    (OUT / "memviz.ico").write_bytes(ico({s: images[s] for s in (16, 32, 48, 64, 128, 256)}))
    (OUT / "memviz.icns").write_bytes(icns({s: images[s] for s in ICNS_TYPES}))
    for name in ("memviz.png", "memviz.ico", "memviz.icns"):
        print(f"{OUT / name}  ({(OUT / name).stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
