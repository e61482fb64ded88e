"""A Compare lane's live numbers on one line: coverage, repeats, forgotten revisits, evictions, bugs
and tokens, each a muted name and a bold value, painted (a step changes them without a relayout).

One line, because a second costs the frame table below a row (three lanes at 1280×720). Each
number has one name in every size and language (:func:`memviz.wording.lane_numbers`: "forgotten
revisits", never "misses" at one size and the full words at another, issue 22). Where they do not
all fit beside the lane's title (English at 720p), the numbers that say least in a comparison give
way, as few as needed (tokens, then repeats: much the same in every lane), and the strip's tooltip
gives every number. The fit is worked out for the numbers at their widest in the run (its end:
they only grow), so the strip does not change as the run plays; the Compare view gives every lane
the fit its narrowest lane needs. Only when even that does not fit (the window's least size) do
the numbers wrap onto a second line.
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
    give_way: int = 0  # when a narrow strip leaves it out: 1 first, 2 next…; 0 never (the tooltip has all)


class NumbersStrip(QWidget):
    fit_changed = Signal()  # how many numbers this strip leaves out may have changed

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("lane_numbers")
        self.items: list[Number] = []
        self.widest: list[Number] = []  # the same numbers at their widest in the run
        self.left_out = 0  # how many numbers give way (in their give_way order)
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
                self.left_out = self.fit()
                self.fit_changed.emit()
            self._fit_height()
            self.update()

    def set_left_out(self, left_out: int) -> None:
        """Leave this many optional numbers out (the Compare view gives every lane the same fit)."""
        if left_out != self.left_out:
            self.left_out = left_out
            self._fit_height()
            self.update()

    def text(self) -> str:
        return "  ".join(f"{n.label} {n.value}" for n in self.shown())

    # -- fitting ----------------------------------------------------------------------------------------

    def _fonts(self):
        return style.ui_font(scale=0.9), style.ui_font(scale=1.05, bold=True)

    def _gap(self) -> float:
        return style.app_pixel_size() * GAP_EM

    def _order(self) -> list[int]:
        """The numbers that may be left out, in the order they give way."""
        numbers = self.widest or self.items
        return sorted((i for i, n in enumerate(numbers) if n.give_way), key=lambda i: numbers[i].give_way)

    def shown(self, left_out: int | None = None) -> list[Number]:
        """The numbers shown with ``left_out`` of the optional ones left out (the strip's own by default)."""
        left_out = self.left_out if left_out is None else left_out
        out = set(self._order()[:left_out])
        return [n for i, n in enumerate(self.items) if i not in out]

    def labels(self, left_out: int | None = None) -> list[str]:
        """The names shown (each a number's one name)."""
        return [n.label for n in self.shown(left_out)]

    def fit(self, width: float | None = None) -> int:
        """The fewest numbers left out that put the rest, at their widest, on the fewest lines."""
        width = self.width() if width is None else width
        numbers = self.widest or self.items
        order = self._order()
        best = None
        for left_out in range(len(order) + 1):
            out = set(order[:left_out])
            kept = [n for i, n in enumerate(numbers) if i not in out]
            n_lines = len(self._wrap(kept, [n.label for n in kept], width))
            if best is None or n_lines < best[0]:
                best = (n_lines, left_out)
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
        shown = self.shown()
        labels = [n.label for n in shown]
        out = set(self._order()[: self.left_out])
        widest = self.widest if len(self.widest) == len(self.items) else self.items
        widest = [n for i, n in enumerate(widest) if i not in out]
        label_m, value_m = (QFontMetricsF(f) for f in self._fonts())
        placed = [
            (
                n.label,
                n.value,
                n.alarming,
                label_m.horizontalAdvance(n.label + " "),
                value_m.horizontalAdvance(n.value),
            )
            for n in shown
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
        numbers = iter(self.shown())
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
            self.left_out = self.fit()
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
        self.left_out = self.fit()
        self.fit_changed.emit()
        self._fit_height()
        self.update()

    def _on_theme_change(self) -> None:
        self.update()
