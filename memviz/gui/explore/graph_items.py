"""What the site graph is drawn with: page cards, their halos, the link paths, the agent, texts.

Each item paints from cached pictures (paint_cache) and is told what to show by SiteGraphView; none
reads the engine. The sizes and limits here are shared with the view.
"""

from __future__ import annotations

import math

from memviz.core import engine
from memviz.gui.kit import plain_text, style
from memviz.gui.kit.paint_cache import ShapeCache, StaticTexts
from memviz.gui.kit.zoom import least_text_px
from memviz.gui.qt import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QGraphicsItem,
    QGraphicsRectItem,
    QGraphicsScene,
    QPainter,
    QPainterPath,
    QPen,
    QPointF,
    QRectF,
    Qt,
)


def min_px() -> float:
    """Page names never go below this, in pixels: the least type at the zoom in force."""
    return least_text_px()


MIN_LEGIBLE_PX = 6.0  # a card's name shown smaller than this (zoomed out) is left off
# Ordinary links fade as the cards shrink on screen (a big site shown whole): thousands of full-strength
# links there are a grey haze over the trail and the route. Measured in the cards' type size on screen:
FULL_LINKS_PX = 9.0  # at least this (the 24-page blog at 720p is 12 px and more): full strength
FAINT_LINKS_PX = 4.0  # at most this: a faint texture
FAINT_LINK_OPACITY = 0.2


def link_opacity(type_px_on_screen: float, faint: float = FAINT_LINK_OPACITY) -> float:
    """How strongly ordinary links are drawn when the cards' type is this big on screen (``faint``:
    the least, the theme's: :func:`faint_link_opacity`)."""
    if type_px_on_screen >= FULL_LINKS_PX:
        return 1.0
    if type_px_on_screen <= FAINT_LINKS_PX:
        return faint
    share = (type_px_on_screen - FAINT_LINKS_PX) / (FULL_LINKS_PX - FAINT_LINKS_PX)
    return faint ** (1.0 - share)  # by equal ratios: a faint start stays faint longer


def faint_link_opacity(colors: style.ExploreColors, line_width: float) -> float:
    """The faint links' opacity in a theme: as much ink as the light theme's grey links at
    FAINT_LINK_OPACITY. (The projector's links are black and 1.6 times as wide: at 20 % they were
    three times as dark, still a haze.)"""

    def ink(c: style.ExploreColors) -> float:
        return abs(c.edge.lightnessF() - c.backdrop.lightnessF())

    return min(
        FAINT_LINK_OPACITY, FAINT_LINK_OPACITY * ink(style.LIGHT) / max(ink(colors) * line_width, 1e-3)
    )


def min_small_px() -> float:
    """Captions, the legend and badges never go below this (the least type at the zoom in force)."""
    return least_text_px()


# Page names are set between the UI's body size and MAX_SCALE times it (the zoom scales both), as
# large as the view allows: VIEW_SHARE_H and VIEW_SHARE_W give the size a view of that height and
# width affords at the type size REFERENCE_PX (12 pt, the app's type on a 1080p screen).
MAX_SCALE = 1.375
LEGEND_SCALE = 0.9  # the legend and the nav bar's caption are UI text, a little under the body size
VIEW_SHARE_H, VIEW_SHARE_W = 30.0, 58.0
REFERENCE_PX = 16.0
MAX_LINES = 3  # a crowded row zig-zags over at most this many lines
BEETLE_OUT = 0.33  # how far a bug's beetle reaches left of its card, in card heights
TRAIL_LENGTH = 5  # moves drawn behind the agent, fading with age


def trail_opacity(age: int) -> float:
    """How opaque the trail draws a move ``age`` steps old (0: the latest)."""
    return 0.75 * (1 - age / TRAIL_LENGTH) + 0.06


TRAIL_WIDTH = 0.38  # a trail stroke's width, in type sizes

# A page's state as the engine reports it (Exploration.page_state).
UNVISITED, VISITED, REMEMBERED, FORGOTTEN, NAMED = (
    engine.UNVISITED,
    engine.VISITED,
    engine.REMEMBERED,
    engine.FORGOTTEN,
    engine.NAMED,
)

AGENT = "agent"  # the legend's swatch for the agent's card

# Share of a step's animation spent revealing a frontier plan before the walk starts.
_PLAN_SHARE = 0.3


def card_size(name: str, bold_metrics: QFontMetricsF) -> tuple[float, float]:
    """A page card's width and height for its name at the graph's type size."""
    height = bold_metrics.height() * 1.75
    return max(bold_metrics.horizontalAdvance(name) + 1.5 * bold_metrics.height(), height * 2.2), height


def side_margin(rows: list[list[int]], widths: list[float], view_width: float, margin: float) -> float:
    """The margin left and right of the rows' box that keeps every card ``margin`` inside the view.

    Card i of a row of n sits at (i + 0.5) / n across the box, so only wide cards near either end
    need the box narrower than the view.
    """
    left = margin
    for row in rows:
        n = len(row)
        for i, p in enumerate(row):
            j = min(i, n - 1 - i)  # slots from the nearer end
            if 2 * j + 1 < n:  # (a row's middle card sits at the centre whatever the margin)
                need = (margin + widths[p] / 2 - (j + 0.5) * view_width / n) / (1 - (2 * j + 1) / n)
                left = max(left, need)
    return min(left, view_width / 2 - 5)


class PageItem(QGraphicsRectItem):
    """One page: a card with its name, visit count, bug marker and memory state.

    A rectangle item for its bounds only (``rect``, no pen, no brush: ``paint`` draws the card): the
    scene asks every card in a repainted area for its bounds, and Qt's own answer is many times
    cheaper than a call into Python (2,000 calls a step on a 2,000-page site shown whole)."""

    def __init__(self, page: int) -> None:
        super().__init__()
        self.setPen(QPen(Qt.PenStyle.NoPen))
        self.page = page
        self.name = ""
        self.state = UNVISITED
        self.visits = 0
        self.current = False
        self.agent_color = QColor()  # the strategy's colour, set with the state
        self.has_bug = False
        self.bug_found = False
        self.bug_label = ""
        self.duplicates = 0
        self.duplicate_label = ""
        self.labels_shown = True  # the view turns them off where they would cover another card
        self.legible = True  # whether the last paint printed the texts (not when shown too small)
        self.glow: QColor | None = None  # this step's highlight: bug, duplicate report or eviction
        self.font = QFont()
        self.bold_font = QFont()
        self.small_font = QFont()
        self.width = 80.0
        self.height = 30.0
        self.pictures = ShapeCache()  # the view's: shared by its cards, cleared with the type or theme
        self.texts = StaticTexts()
        # This step's highlight is an item of its own behind the card: it pulses by its opacity,
        # and comes and goes, without the card being drawn again.
        self.halo = HaloItem(self)
        self.setZValue(0)
        self.setAcceptHoverEvents(False)
        self.sheet = None  # the CardSheet that paints this card, on a big site (card_sheet.py)

    def update(self, *rect) -> None:
        if self.sheet is not None:  # drawn on a sheet, not in the scene: its part of the sheet
            self.sheet.refresh(self)
        else:
            super().update(*rect)

    def set_fonts(self, font: QFont, bold_font: QFont, small_font: QFont) -> None:
        self.font, self.bold_font, self.small_font = font, bold_font, small_font
        self._measure()

    def set_name(self, name: str) -> None:
        self.name = name
        self._set_tooltip()
        self._measure()

    def set_bug_text(self, bug_label: str, duplicate_label: str) -> None:
        if (bug_label, duplicate_label) != (self.bug_label, self.duplicate_label):
            self.bug_label, self.duplicate_label = bug_label, duplicate_label
            self._set_tooltip()
            self._measure()

    def _set_tooltip(self) -> None:
        """The name and the texts under the card, on hover: readable when the card is shown too
        small to print its name, or its texts do not fit under it."""
        self.setToolTip(
            plain_text.tooltip("\n".join(t for t in (self.name, self.bug_label, self.duplicate_label) if t))
        )

    def set_labels_shown(self, shown: bool) -> None:
        if shown != self.labels_shown:
            self.labels_shown = shown
            self._measure()

    def card_rect(self) -> QRectF:
        return QRectF(-self.width / 2, -self.height / 2, self.width, self.height)

    def label_rects(self) -> list[QRectF]:
        """Where the texts under the card go, in the card's coordinates, top first."""
        small = QFontMetricsF(self.small_font)
        y = self.card_rect().bottom() + 4
        rects = []
        for text, _ in self._label_lines():
            w = small.horizontalAdvance(text) + 10
            rects.append(QRectF(-w / 2, y, w, small.height() + 2))
            y += small.height() + 2
        return rects

    def drawn_texts(self) -> list[tuple[str, QRectF]]:
        """What the card prints, each text with its box in the card's coordinates: the name, the
        visit count's badge, the texts under it (for the tests that look for cut or overprinted
        text; none while the card is shown too small to print them)."""
        if not self.legible:
            return []
        rect = self.card_rect()
        font = self.bold_font if self.current or self.state != UNVISITED else self.font
        metrics = QFontMetricsF(font)
        w, h = metrics.horizontalAdvance(self.name), metrics.height()
        texts = [(self.name, QRectF(rect.center().x() - w / 2, rect.center().y() - h / 2, w, h))]
        if self.visits > 0:
            texts.append((str(self.visits), self._badge_box(QPointF(rect.right() - 1, rect.top() + 1))))
        small = QFontMetricsF(self.small_font)
        for (text, _), box in zip(self._label_lines(), self.label_rects(), strict=True):
            w = small.horizontalAdvance(text)
            texts.append((text, QRectF(box.center().x() - w / 2, box.top() + 1, w, small.height())))
        return texts

    def _label_lines(self) -> list[tuple[str, str]]:
        """The texts under the card, each with its colour's name in style.ExploreColors (none while
        they do not fit: then the card's tooltip says them)."""
        lines = []
        if not self.labels_shown:
            return lines
        if self.bug_found and self.bug_label:
            lines.append((self.bug_label, "bug_text"))
        if self.duplicates and self.duplicate_label:
            lines.append((self.duplicate_label, "duplicate_text"))
        return lines

    def _measure(self) -> None:
        self.width, self.height = card_size(self.name, QFontMetricsF(self.bold_font))
        small = QFontMetricsF(self.small_font)
        label_w = max((small.horizontalAdvance(text) for text, _ in self._label_lines()), default=0.0) + 12
        rect = self.card_rect()
        below = len(self._label_lines()) * (small.height() + 2) + 6
        margin = self.height * 0.5  # the badge sticks out of the card
        half_w = max(rect.width() / 2, label_w / 2) + margin
        self.setRect(QRectF(-half_w, rect.top() - margin, 2 * half_w, rect.height() + 2 * margin + below))
        self.halo.set_card(rect, self.height * 0.28)
        self.update()

    def set_glow(self, glow: QColor | None, strength: float = 1.0) -> None:
        """Highlight the card (a bug found, a duplicate report, an eviction) or not."""
        if glow != self.glow:
            self.glow = glow
            self.halo.set_color(glow)
        self.set_glow_strength(strength)

    def set_glow_strength(self, strength: float) -> None:
        if self.halo.opacity() != strength:
            self.halo.setOpacity(strength)

    def paint(self, painter: QPainter, _option, _widget=None) -> None:
        # Every part is a picture from the view's cache (a step changes a few cards, and drawing a
        # card's antialiased shapes and text afresh costs most of a millisecond).
        pictures = self.pictures
        rect = self.card_rect()
        radius = self.height * 0.28
        c = style.colors()
        lw = style.line_width()
        # Pictures are made at the pixels they land on: the screen's ratio times the graph's zoom.
        world = painter.worldTransform()
        zoom = round(math.hypot(world.m11(), world.m12()), 3)
        ratio = painter.device().devicePixelRatioF() * zoom
        # A big site shown whole shrinks its cards: names too small to read are left off (zoom in,
        # or hover for the tooltip).
        legible = self.bold_font.pixelSize() * zoom >= MIN_LEGIBLE_PX
        self.legible = legible
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)

        fill, edge, dashed = _state_colors(c, self.state)
        text_color = c.muted if self.state in (UNVISITED, FORGOTTEN) else c.ink
        pen = QPen(edge, lw * max(1.5, self.height * (0.07 if self.state != UNVISITED else 0.045)))
        if dashed:
            pen.setStyle(Qt.PenStyle.DashLine)
        if self.current:
            # The agent's card: dark (light in the dark theme), a lightness no page state has, so it
            # reads under any colour-vision deficiency; its ring keeps the page's memory state.
            fill, text_color = c.agent, c.agent_text
            pen = QPen(edge if self.state != UNVISITED else c.paper, lw * max(2.5, self.height * 0.1))
        hatched = self.state == FORGOTTEN and not self.current

        def paint_card(p: QPainter, box: QRectF) -> None:
            p.setPen(pen)
            p.setBrush(style.solid_brush(fill))
            p.drawRoundedRect(box, radius, radius)
            if hatched:
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(
                    QBrush(style.with_alpha(c.forgotten_edge, c.hatch_alpha), Qt.BrushStyle.BDiagPattern)
                )
                p.drawRoundedRect(box, radius, radius)

        key = ("card", self.state, self.current, fill.rgba(), pen.color().rgba(), pen.widthF(), radius)
        pictures.draw(painter, rect, key, paint_card, pen.widthF() + 1, ratio)

        font = self.bold_font if self.current or self.state != UNVISITED else self.font
        if legible:
            painter.setFont(font)
            painter.setPen(text_color)
            self.texts.draw_centered(painter, rect, self.name, font)

        if self.has_bug:
            r = self.height * 0.3
            found = self.bug_found

            def paint_bug(p: QPainter, box: QRectF) -> None:
                self._paint_bug(p, QPointF(box.left() + 1.1 * r, box.top() + 1.3 * r), r, found, c)

            bug_box = QRectF(rect.left() + 1 - 1.1 * r, rect.top() + 1 - 1.3 * r, 2.2 * r, 2.2 * r)
            pictures.draw(painter, bug_box, ("bug", found, r), paint_bug, 2, ratio)
        if not legible:
            return
        if self.visits > 0:
            self._paint_badge(painter, QPointF(rect.right() - 1, rect.top() + 1), c, ratio)

        for (text, color_name), box in zip(self._label_lines(), self.label_rects(), strict=True):
            color = getattr(c, color_name)

            def paint_label(p: QPainter, box: QRectF, text: str = text, color: QColor = color) -> None:
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(c.paper)
                p.drawRoundedRect(box, 4, 4)
                p.setFont(self.small_font)
                p.setPen(color)
                p.drawText(box, Qt.AlignmentFlag.AlignCenter, text)

            pictures.draw(painter, box, ("label", text, color.rgba()), paint_label, 1, ratio)

    @staticmethod
    def _paint_bug(painter: QPainter, center: QPointF, r: float, found: bool, c: style.ExploreColors) -> None:
        """A small beetle: filled once the bug is found, an outline while it still hides."""
        painter.save()
        painter.translate(center)
        leg_pen = QPen(c.bug, max(1.2, r * 0.16))
        painter.setPen(leg_pen)
        for dy in (-0.45, 0.0, 0.45):
            painter.drawLine(QPointF(-r * 1.05, dy * r - 0.15 * r), QPointF(r * 1.05, dy * r - 0.15 * r))
        painter.setPen(QPen(c.bug, max(1.2, r * 0.18)))
        painter.setBrush(c.bug if found else c.paper)
        painter.drawEllipse(QRectF(-r * 0.62, -r * 0.8, r * 1.24, r * 1.6))
        painter.drawEllipse(QRectF(-r * 0.38, -r * 1.22, r * 0.76, r * 0.56))
        if found:
            painter.setPen(QPen(c.paper, max(1.0, r * 0.12)))
            painter.drawLine(QPointF(0, -r * 0.7), QPointF(0, r * 0.75))
        painter.restore()

    def _badge_box(self, center: QPointF) -> QRectF:
        """The visit count's badge, centred on ``center`` (the card's top right corner)."""
        metrics = QFontMetricsF(self.small_font)
        h = metrics.height() * 1.05
        w = max(h, metrics.horizontalAdvance(str(self.visits)) + h * 0.5)
        return QRectF(center.x() - w / 2, center.y() - h / 2, w, h)

    def _paint_badge(self, painter: QPainter, center: QPointF, c: style.ExploreColors, ratio: float) -> None:
        text = str(self.visits)
        box = self._badge_box(center)
        h = box.height()

        def paint_badge(p: QPainter, box: QRectF) -> None:
            p.setPen(QPen(c.paper, 1.5))
            p.setBrush(c.badge)
            p.drawRoundedRect(box, h / 2, h / 2)
            p.setFont(self.small_font)
            p.setPen(c.badge_text)
            p.drawText(box, Qt.AlignmentFlag.AlignCenter, text)

        self.pictures.draw(painter, box, ("badge", text), paint_badge, 1, ratio)


class HaloItem(QGraphicsItem):
    """A soft ring around a page card, drawn behind it: the step's highlight."""

    def __init__(self, card: QGraphicsItem) -> None:
        super().__init__(card)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemStacksBehindParent)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setVisible(False)
        self.color: QColor | None = None
        # A card on a big site's sheet is not in the scene: its halo is, only while it glows
        # (thousands of hidden halos cost every repaint a look at each); ``home`` is that scene.
        self.home: QGraphicsScene | None = None
        self._rect = QRectF()
        self._radius = 0.0

    def set_card(self, card: QRectF, radius: float) -> None:
        grow = card.height() * 0.24
        self.prepareGeometryChange()
        self._rect = card.adjusted(-grow, -grow, grow, grow)
        self._radius = radius + grow
        self.update()

    def set_color(self, color: QColor | None) -> None:
        self.color = color
        if self.home is not None and (color is not None) != (self.scene() is self.home):
            if color is None:
                self.home.removeItem(self)
            else:
                self.home.addItem(self)
        self.setVisible(color is not None)
        self.update()

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-1, -1, 1, 1)

    def paint(self, painter: QPainter, _option, _widget=None) -> None:
        if self.color is None:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(style.with_alpha(self.color, 0.5))
        painter.drawRoundedRect(self._rect, self._radius, self._radius)


class PathsItem(QGraphicsItem):
    """Many paths in one item (edges, trail, plan): one paint call, however many lines."""

    def __init__(self, z: float) -> None:
        super().__init__()
        self.setZValue(z)
        self._strokes: list[tuple[QPainterPath, QPen, QBrush | None]] = []
        self._bounds = QRectF()
        # Set for ordinary links: the cards' type size in scene units; the paths then fade by
        # link_opacity of that size on screen.
        self.fade_type_px: float | None = None
        self.faint = FAINT_LINK_OPACITY  # the least they fade to (the theme's)

    def opacity_at(self, painter: QPainter) -> float:
        world = painter.worldTransform()
        return self.opacity_at_scale(math.hypot(world.m11(), world.m12()))

    def opacity_at_scale(self, scale: float) -> float:
        """How strongly the paths are drawn at ``scale`` device pixels per scene unit."""
        if self.fade_type_px is None:
            return 1.0
        return link_opacity(self.fade_type_px * scale, self.faint)

    def set_strokes(self, strokes: list[tuple[QPainterPath, QPen, QBrush | None]]) -> None:
        self.prepareGeometryChange()
        self._strokes = strokes
        bounds = QRectF()
        for path, pen, _ in strokes:
            w = pen.widthF()
            bounds = bounds.united(path.controlPointRect().adjusted(-w, -w, w, w))
        self._bounds = bounds
        self.update()

    def set_stroke(self, stroke: tuple[QPainterPath, QPen, QBrush | None] | None) -> None:
        """One path (or none); unchanged, it is not repainted."""
        strokes = [] if stroke is None else [stroke]
        if len(strokes) == len(self._strokes) and all(
            a[0] is b[0] and a[1] == b[1] and a[2] == b[2]
            for a, b in zip(strokes, self._strokes, strict=True)
        ):
            return
        self.set_strokes(strokes)

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, painter: QPainter, _option, _widget=None) -> None:
        opacity = self.opacity_at(painter)
        if opacity < 1.0:  # faded links: the painter may paint the background's other parts next
            painter.save()
            painter.setOpacity(painter.opacity() * opacity)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        for path, pen, brush in self._strokes:
            painter.setPen(pen)
            painter.setBrush(brush if brush is not None else Qt.BrushStyle.NoBrush)
            painter.drawPath(path)
        if opacity < 1.0:
            painter.restore()


class AgentItem(QGraphicsItem):
    """The dot that walks along the clicked link; at rest the current page's card shows the agent."""

    def __init__(self) -> None:
        super().__init__()
        self.radius = 10.0
        self.color = QColor()  # the strategy's colour, set before each walk
        # Above the links and the plan, under the cards: it leaves one card and enters the next
        # without ever covering a page's name (over the cards it hid "我的收藏" mid-step).
        self.setZValue(-1)

    def boundingRect(self) -> QRectF:
        r = self.radius + 3
        return QRectF(-r, -r, 2 * r, 2 * r)

    def paint(self, painter: QPainter, _option, _widget=None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(style.colors().paper, 3))
        painter.setBrush(self.color)
        painter.drawEllipse(QPointF(0, 0), self.radius, self.radius)


class TextItem(QGraphicsItem):
    """A caption or legend entry: plain text with an optional swatch painter, cheap to re-set."""

    def __init__(self, z: float = 1) -> None:
        super().__init__()
        self.setZValue(z)
        self.entries: list[tuple[str, object]] = []  # (text, swatch kind or None)
        self.font = QFont()
        self._bounds = QRectF()
        self._layout: list[tuple[QRectF, QRectF | None, str, object]] = []

    def set_entries(self, entries: list[tuple[str, object]], font: QFont, max_width: float) -> None:
        self.entries, self.font = entries, font
        metrics = QFontMetricsF(font)
        h = metrics.height()
        sw = h * 1.7
        x = y = 0.0
        layout = []
        for text, swatch in entries:
            w = metrics.horizontalAdvance(text) + (sw + h * 0.4 if swatch else 0)
            if x > 0 and x + w > max_width:
                x, y = 0.0, y + h * 1.5
            swatch_rect = QRectF(x, y + h * 0.1, sw, h * 0.8) if swatch else None
            text_x = x + (sw + h * 0.4 if swatch else 0)
            layout.append((QRectF(text_x, y, w, h), swatch_rect, text, swatch))
            x += w + h * 1.1
        self.prepareGeometryChange()
        self._layout = layout
        bounds = QRectF()
        for rect, swatch_rect, _, _ in layout:
            bounds = bounds.united(rect)
            if swatch_rect is not None:
                bounds = bounds.united(swatch_rect)
        self._bounds = bounds.adjusted(-2, -2, 2, 2)
        self.update()

    def texts(self) -> list[str]:
        return [text for text, _ in self.entries]

    def drawn_texts(self) -> list[tuple[str, QRectF]]:
        """Each entry's text with its box, in the item's coordinates (for the cut-text tests)."""
        metrics = QFontMetricsF(self.font)
        return [
            (text, QRectF(rect.left(), rect.top(), metrics.horizontalAdvance(text), rect.height()))
            for rect, _, text, _ in self._layout
        ]

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, painter: QPainter, _option, _widget=None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setFont(self.font)
        c = style.colors()
        for rect, swatch_rect, text, swatch in self._layout:
            if swatch_rect is not None:
                _paint_swatch(painter, swatch_rect, swatch, c)
            painter.setPen(c.muted)
            painter.drawText(rect, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, text)


def _state_colors(c: style.ExploreColors, state: str) -> tuple[QColor, QColor, bool]:
    """A page state's card fill, edge, and whether the edge is dashed."""
    if state == VISITED:
        return c.visited_fill, c.visited_edge, False
    if state == REMEMBERED:
        return c.remembered_fill, c.remembered_edge, False
    if state == FORGOTTEN:
        return c.forgotten_fill, c.forgotten_edge, True
    if state == NAMED:  # known by name only (issue 38): memory's colour, its edge dashed, no links
        return c.remembered_fill, c.remembered_edge, True
    return c.unvisited_fill, c.unvisited_edge, False


def _paint_plan_line(painter: QPainter, a: QPointF, b: QPointF, width: float, c: style.ExploreColors) -> None:
    """The plan's look, for the legend: green dashes on a paper casing."""
    painter.setPen(QPen(c.paper, width * 1.9, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    painter.drawLine(a, b)
    pen = QPen(c.plan, width, Qt.PenStyle.DashLine, Qt.PenCapStyle.FlatCap)
    pen.setDashPattern([2.2, 1.2])
    painter.setPen(pen)
    painter.drawLine(a, b)


def _paint_swatch(painter: QPainter, rect: QRectF, kind, c: style.ExploreColors) -> None:
    r = rect.height() * 0.3
    lw = style.line_width()
    mid_left, mid_right = QPointF(rect.left(), rect.center().y()), QPointF(rect.right(), rect.center().y())
    if kind == AGENT:
        painter.setPen(QPen(c.paper, 2 * lw))
        painter.setBrush(c.agent)
        painter.drawRoundedRect(rect, r, r)
        return
    if kind == "plan":
        _paint_plan_line(painter, mid_left, mid_right, rect.height() * 0.3, c)
        return
    if kind == "trail":  # the trail's moves side by side, each as opaque as it is drawn, older to the left
        # (in steps, as the trail fades: a QLinearGradient made PySide6 build QGradient's enum types,
        # 180 presets among them, before the first paint)
        width = rect.width() / TRAIL_LENGTH
        for age in range(TRAIL_LENGTH):
            left = rect.right() - (age + 1) * width
            painter.setPen(
                QPen(
                    style.with_alpha(c.trail, trail_opacity(age)),
                    rect.height() * 0.38,
                    Qt.PenStyle.SolidLine,
                    Qt.PenCapStyle.FlatCap,
                )
            )
            painter.drawLine(QPointF(left, mid_left.y()), QPointF(left + width, mid_left.y()))
        return
    if kind == "halo":  # the ring a just-forgotten card wears for its step
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(style.with_alpha(c.evict, 0.5))
        painter.drawRoundedRect(rect.adjusted(-2, -2, 2, 2), r + 2, r + 2)
        painter.setPen(QPen(c.forgotten_edge, 1.5 * lw, Qt.PenStyle.DashLine))
        painter.setBrush(c.forgotten_fill)
        painter.drawRoundedRect(rect.adjusted(3, 2.5, -3, -2.5), r * 0.6, r * 0.6)
        return
    if kind == "bug":
        PageItem._paint_bug(
            painter, rect.center() + QPointF(0, rect.height() * 0.12), rect.height() * 0.42, True, c
        )
        return
    fill, edge, dashed = _state_colors(c, kind)
    pen = QPen(edge, 2 * lw)
    if dashed:
        pen.setStyle(Qt.PenStyle.DashLine)
    painter.setPen(pen)
    painter.setBrush(fill)
    painter.drawRoundedRect(rect, r, r)
    if kind == FORGOTTEN:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(
            QBrush(style.with_alpha(c.forgotten_edge, c.hatch_alpha + 0.08), Qt.BrushStyle.BDiagPattern)
        )
        painter.drawRoundedRect(rect, r, r)
