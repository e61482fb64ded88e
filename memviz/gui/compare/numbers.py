"""A Compare lane's live numbers on one line: coverage, repeats, forgotten revisits, evictions, bugs
and tokens, each a muted name and a bold value, painted (a step changes them without a relayout).

One line, because a second costs the frame table below a row (three lanes at 1280×720). Where the
names do not fit beside the lane's title in full (English at 720p), the longest give way to short
forms from :func:`memviz.wording.lane_numbers` ("misses" for "forgotten revisits"), as few as
needed, and the strip's tooltip spells every name out. The fit is worked out for the numbers at
their widest in the run (its end: they only grow), so the words do not change as the run plays;
the Compare view gives every lane the words its narrowest lane needs. Only when even the short
names do not fit (the window's least size) do the numbers wrap onto a second line.
"""

from __future__ import annotations

from dataclasses import dataclass

from memviz.gui.kit import style
from memviz.gui.qt import QFontMetricsF, QPainter, QRectF, QSizePolicy, Qt, QWidget, Signal

GAP_EM = 0.8  # between one number and the next name, in the app's type size
MARGIN = 4.0  # pixels before the first name


@dataclass(frozen=True)
class Number:
    label: str  # its name, in full
    value: str
    alarming: bool = False
    short: str = ""  # a shorter name for a narrow strip ("": none)


class NumbersStrip(QWidget):
    fit_changed = Signal()  # the number of short names this strip needs may have changed

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("lane_numbers")
        self.items: list[Number] = []
        self.widest: list[Number] = []  # the same numbers at their widest in the run
        self.shortened = 0  # how many names show their short form (the longest first)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setMinimumWidth(1)  # the header's buttons keep their room; the numbers give way instead
        style.follow_presentation(self)
        self._on_app_font_change()

    # -- the numbers ------------------------------------------------------------------------------------

    def set_items(self, items: list[Number], widest: list[Number] | None = None) -> None:
        widest = list(items) if widest is None else widest
        refit = widest != self.widest
        if items != self.items or refit:
            self.items, self.widest = list(items), widest
            self.setToolTip("\n".join(f"{n.label}: {n.value}" for n in items))
            if refit:
                self.shortened = self.fit()
                self.fit_changed.emit()
            self._fit_height()
            self.update()

    def set_shortened(self, shortened: int) -> None:
        """Show this many short names (the Compare view gives every lane the same words)."""
        if shortened != self.shortened:
            self.shortened = shortened
            self._fit_height()
            self.update()

    def text(self) -> str:
        return "  ".join(f"{label} {n.value}" for n, label in zip(self.items, self.labels(), strict=True))

    # -- fitting ----------------------------------------------------------------------------------------

    def _fonts(self):
        return style.ui_font(scale=0.9), style.ui_font(scale=1.05, bold=True)

    def _gap(self) -> float:
        return style.app_pixel_size() * GAP_EM

    def _order(self) -> list[int]:
        """The names that have a short form, the most room saved first."""
        label_m = QFontMetricsF(self._fonts()[0])
        saved = {
            i: label_m.horizontalAdvance(n.label) - label_m.horizontalAdvance(n.short)
            for i, n in enumerate(self.widest or self.items)
            if n.short and n.short != n.label
        }
        return sorted(saved, key=lambda i: (-saved[i], i))

    def labels(self, shortened: int | None = None) -> list[str]:
        """The names shown with ``shortened`` short forms (the strip's own by default)."""
        shortened = self.shortened if shortened is None else shortened
        short = set(self._order()[:shortened])
        return [n.short if i in short else n.label for i, n in enumerate(self.items)]

    def fit(self, width: float | None = None) -> int:
        """The fewest short names that put the numbers, at their widest, on the fewest lines."""
        width = self.width() if width is None else width
        numbers = self.widest or self.items
        order = self._order()
        best = None
        for shortened in range(len(order) + 1):
            short = set(order[:shortened])
            labels = [n.short if i in short else n.label for i, n in enumerate(numbers)]
            n_lines = len(self._wrap(numbers, labels, width))
            if best is None or n_lines < best[0]:
                best = (n_lines, shortened)
            if n_lines == 1:
                break
        return best[1]

    def _wrap(self, numbers: list[Number], labels: list[str], width: float) -> list[int]:
        """How many numbers go on each line (a line as full as ``width`` allows)."""
        label_m, value_m = (QFontMetricsF(f) for f in self._fonts())
        gap = self._gap()
        counts = [0]
        x = MARGIN
        for n, label in zip(numbers, labels, strict=True):
            lw, vw = label_m.horizontalAdvance(label + " "), value_m.horizontalAdvance(n.value)
            if counts[-1] and x + lw + vw > width:
                counts.append(0)
                x = MARGIN
            counts[-1] += 1
            x += lw + vw + gap
        return counts

    def lines(self, width: float | None = None) -> list[list[tuple[str, str, bool, float, float]]]:
        """The numbers as placed: lines of (name shown, value, alarming, name width, value width).
        The lines break where the numbers at their widest break them: the strip keeps its height
        all through the run (a step never lays the lane out again)."""
        width = self.width() if width is None else width
        labels = self.labels()
        widest = self.widest if len(self.widest) == len(self.items) else self.items
        label_m, value_m = (QFontMetricsF(f) for f in self._fonts())
        placed = [
            (
                label,
                n.value,
                n.alarming,
                label_m.horizontalAdvance(label + " "),
                value_m.horizontalAdvance(n.value),
            )
            for n, label in zip(self.items, labels, strict=True)
        ]
        lines, start = [], 0
        for count in self._wrap(widest, labels, width):
            lines.append(placed[start : start + count])
            start += count
        return lines

    def boxes(self) -> list[tuple[Number, str, QRectF, QRectF]]:
        """Each number as painted: (number, name shown, the name's box, the value's box)."""
        h = self._line_height()
        gap = self._gap()
        out = []
        numbers = iter(self.items)
        for row, line in enumerate(self.lines()):
            x, y = MARGIN, row * h
            for label, _value, _alarming, lw, vw in line:
                out.append((next(numbers), label, QRectF(x, y, lw, h), QRectF(x + lw, y, vw, h)))
                x += lw + vw + gap
        return out

    def _line_height(self) -> float:
        return style.app_pixel_size() * 1.6

    def _fit_height(self) -> None:
        n = len(self.lines())
        self.setFixedHeight(round(self._line_height() * n + style.app_pixel_size() * 0.2))

    # -- Qt -----------------------------------------------------------------------------------------------

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self.shortened = self.fit()
            self.fit_changed.emit()
        self._fit_height()

    def paintEvent(self, _event) -> None:
        p = QPainter(self)
        c = style.colors()
        p.fillRect(self.rect(), c.paper)
        label_font, value_font = self._fonts()
        flags = Qt.AlignmentFlag.AlignVCenter | Qt.TextFlag.TextDontClip  # a glyph's overhang is kept
        for number, label, label_box, value_box in self.boxes():
            p.setFont(label_font)
            p.setPen(c.muted)
            p.drawText(label_box, flags, label)
            p.setFont(value_font)
            p.setPen(c.evict_text if number.alarming else c.ink)
            p.drawText(value_box, flags, number.value)
        p.end()

    def _on_app_font_change(self) -> None:
        self.shortened = self.fit()
        self.fit_changed.emit()
        self._fit_height()
        self.update()

    def _on_theme_change(self) -> None:
        self.update()
