"""The Compare view's labels, measured as drawn on a classroom screen (1280×720 and 1920×1080, the
window's least size 960×600 where it matters), zh and en, light and projector themes: no label
over a page, a ring or another label, none cut off (issues 12 and 15).

One window per screen size and language (and lanes, where the lanes cost a computation): the
themes, and for the numbers strip the lanes, are switched in that window as a user switches them,
and every check is made again under each (issue 24: 56 windows became 24, the same checks)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QFontMetricsF
from PySide6.QtWidgets import QApplication

from memviz.core.engine import RunConfig
from tests.hypothesis_budget import examples

SIZES = {"720p": (1280, 720), "1080p": (1920, 1080)}
THEMES = ("light", "projector")
POLICY_LANES = ["frontier/12/fifo", "frontier/12/lru", "frontier/12/random"]


@pytest.fixture
def compare_at(screen_window):
    """The Compare view in a main window of a screen's size, that screen's type, a theme and lanes."""

    def open_(size, lang, configs=None):
        window = screen_window(RunConfig(seed=1000, budget=30), size=size, lang=lang)
        window.select_view("compare")
        view = window.current_view()
        view = getattr(view, "view", view)  # a tab built on first show
        if configs:
            view.model.set_config_texts(configs)
        QApplication.processEvents()
        return view

    return open_


def screen_params(sizes=SIZES):
    return pytest.mark.parametrize(
        "size,lang",
        [(size, lang) for size in sizes.values() for lang in ("en", "zh")],
        ids=[f"{name}-{lang}" for name in sizes for lang in ("en", "zh")],
    )


def each_theme(view):
    """Switch ``view``'s window to each theme in turn (as its menu does), yielding the theme."""
    for theme in THEMES:
        view.window().set_theme(theme)
        QApplication.processEvents()
        yield theme


# -- 1. the lane graph's "forgotten at step N" --------------------------------------------------------


def covers(rect: QRectF, centre: QPointF, radius: float) -> bool:
    x = min(max(centre.x(), rect.left()), rect.right())
    y = min(max(centre.y(), rect.top()), rect.bottom())
    return (x - centre.x()) ** 2 + (y - centre.y()) ** 2 < radius**2


def painted_rounds(graph) -> list[tuple[str, QPointF, float]]:
    """What the graph draws as rounds, by the look of it: every page's dot (radius r and its edge),
    the agent's ring (1.45 r, pen 0.5 r) and the clicked miss's ring (1.9 r, pen 0.35 r)."""
    r = graph._radius()
    lane = graph.lane
    out = [(f"page {page}", graph.centre(page), r + 1.0) for page in range(len(lane.page_states(0)))]
    here = lane.path[lane.moves_until(graph.position)]
    out.append(("agent", graph.centre(here), r * (1.45 + 0.25)))
    page, _at = graph.highlight
    out.append(("miss ring", graph.centre(page), r * (1.9 + 0.175)))
    return out


def ink_in(image, rect: QRectF, ratio: float, colour: QColor) -> int:
    """Pixels inside ``rect`` (widget pixels) close to ``colour``."""
    n = 0
    for y in range(int(rect.top() * ratio), int(rect.bottom() * ratio)):
        for x in range(int(rect.left() * ratio), int(rect.right() * ratio)):
            c = QColor(image.pixel(x, y))
            if (
                abs(c.red() - colour.red()) + abs(c.green() - colour.green()) + abs(c.blue() - colour.blue())
                < 90
            ):
                n += 1
    return n


@screen_params()
@pytest.mark.parametrize("lanes", [None, POLICY_LANES], ids=["default-lanes", "fifo-lru-random"])
def test_a_clicked_miss_says_when_its_page_was_forgotten_over_no_page(compare_at, size, lang, lanes):
    """Every miss of every lane clicked in turn, in each theme: its "forgotten at step N" over no
    page, no ring, inside the graph, its text whole in its box and drawn there, no smaller than the
    page numbers (and as big as the app's type where that fits); where nothing fits, the graph's
    tooltip says it."""
    view = compare_at(size, lang, lanes)
    for theme in each_theme(view):
        check_callouts(view, theme)


def check_callouts(view, theme: str) -> None:
    from memviz.gui.kit import style

    shown = legible = 0
    for i, lane in enumerate(view.lanes):
        graph = lane.graph
        for k, column in enumerate(lane.table.columns):
            if not column.miss:
                continue
            view.model.jump(k)
            view.model.select_regret(i, k)
            QApplication.processEvents()
            at = column.evicted_at
            assert graph.highlight == (column.page, at)
            assert str(at) in graph.toolTip()  # the words, whether or not they fit on the graph
            callout = graph.callout()
            if callout is None:
                continue
            shown += 1
            legible += callout.font.pixelSize() >= round(style.app_pixel_size())
            rect = callout.rect
            assert QRectF(graph.rect()).contains(rect), (theme, k, rect)
            for name, centre, radius in painted_rounds(graph):
                assert not covers(rect, centre, radius), (theme, k, callout.text, name)
            metrics = QFontMetricsF(callout.font)
            assert metrics.horizontalAdvance(callout.text) <= rect.width() + 0.5
            assert metrics.height() <= rect.height() + 0.5
            assert str(at) in callout.text
            assert callout.font.pixelSize() >= max(8, round(graph._radius() * 0.95))
            image = graph.grab().toImage()
            assert ink_in(image, rect, image.width() / graph.width(), style.colors().evict_text) >= 10
    assert shown, theme  # the words are on the graph where there is room: not always left to the tooltip
    assert legible, theme  # in the app's type size where that fits, not always the pages' smaller one


def test_a_callout_goes_beside_its_ring_else_the_nearest_free_place_else_nowhere():
    from memviz.gui.compare.callout import covers as placer_covers
    from memviz.gui.compare.callout import place

    bounds = QRectF(0, 0, 200, 100)
    ring = QPointF(100, 50)
    # an empty graph: the whole words, beside the ring
    placed = place([(60, 14), (30, 14)], ring, 10, [(ring, 10)], bounds)
    assert placed.form == 0 and placed.beside
    assert not placed.rect.intersects(QRectF(90, 40, 20, 20)) and bounds.contains(placed.rect)
    # pages packed round the ring: the nearest free place, away from it
    packed = [(QPointF(x, y), 9.0) for x in range(60, 141, 20) for y in range(10, 91, 20)]
    placed = place([(40, 14)], ring, 10, [(ring, 10), *packed], bounds)
    assert not placed.beside and bounds.contains(placed.rect)
    assert not any(placer_covers(placed.rect, disc) for disc in packed)
    assert not any(covers(placed.rect, centre, radius) for centre, radius in packed)
    # the long words fit nowhere, the short ones do
    placed = place([(150, 14), (40, 14)], ring, 10, [(ring, 10), *packed], bounds)
    assert placed.form == 1
    # nothing fits: nowhere (the tooltip has the words)
    everywhere = [(QPointF(x, y), 12.0) for x in range(0, 201, 10) for y in range(0, 101, 10)]
    assert place([(40, 14)], ring, 10, everywhere, bounds) is None


discs_st = st.lists(
    st.tuples(st.floats(0, 200), st.floats(0, 100), st.floats(1, 20)), min_size=0, max_size=30
)


@settings(max_examples=examples(150), deadline=None)
@given(
    discs=discs_st,
    ring=st.tuples(st.floats(10, 190), st.floats(10, 90), st.floats(2, 15)),
    sizes=st.lists(st.tuples(st.floats(4, 120), st.floats(4, 30)), min_size=1, max_size=3),
)
def test_the_placer_takes_the_first_free_place_beside_else_one_over_no_disc(discs, ring, sizes):
    """The placer, all boxes against all discs at once, against a box and a disc at a time: the
    first box beside the ring that covers no disc and stays inside, in the first size that has one;
    else a place over no disc inside the bounds; else nowhere only where no beside box is free."""
    from memviz.gui.compare.callout import beside, place
    from memviz.gui.compare.callout import covers as placer_covers

    bounds = QRectF(0, 0, 200, 100)
    anchor, reach = QPointF(ring[0], ring[1]), ring[2]
    all_discs = [(anchor, reach)] + [(QPointF(x, y), r) for x, y, r in discs]

    def free(rect):
        return bounds.contains(rect) and not any(placer_covers(rect, disc) for disc in all_discs)

    first = next(
        (
            (form, rect)
            for form, (w, h) in enumerate(sizes)
            for rect in beside(anchor, reach, w, h)
            if free(rect)
        ),
        None,
    )
    placed = place(sizes, anchor, reach, all_discs, bounds)
    if first is not None:
        assert placed is not None and placed.beside and (placed.form, placed.rect) == first
    elif placed is not None:
        assert not placed.beside and free(placed.rect)


# -- 3. a lane's numbers on one line ----------------------------------------------------------------


@screen_params()
def test_each_lanes_numbers_fit_on_one_line_whole_in_the_same_words(compare_at, size, lang):
    """Three lanes at 1280×720 and 1920×1080 (the default lanes, then FIFO, LRU and random), in
    each theme: each lane's live numbers on one line (a second line costs the frame table a row),
    every label and value whole in its box, none over the next or the lane's buttons, in type no
    smaller than before; each number has its one name (never a short form), the lanes show the
    same numbers, and one left out of a narrow strip is in its tooltip."""
    view = compare_at(size, lang)
    for lanes in (None, POLICY_LANES):
        if lanes:
            view.model.set_config_texts(lanes)
            QApplication.processEvents()
        for theme in each_theme(view):
            check_numbers(view, (lanes, theme))


def check_numbers(view, case) -> None:
    from memviz.gui.kit import style

    for position in (0, 17, view.model.total):
        view.model.jump(position)
        QApplication.processEvents()
        words = set()
        for lane in view.lanes:
            strip = lane.numbers
            lines = strip.lines()
            assert len(lines) == 1, (case, position, lane.title.text(), strip.text())
            assert strip.height() < 1.5 * strip._line_height()
            boxes = strip.boxes()
            assert [number for number, *_ in boxes] == strip.shown()
            for number in strip.items:  # one left out of a narrow strip is in its tooltip, and optional
                assert f"{number.label}: {number.value}" in strip.toolTip()
                assert number in strip.shown() or number.give_way
            label_font, value_font = strip._fonts()
            assert label_font.pixelSize() >= 0.85 * style.app_pixel_size()
            assert value_font.pixelSize() >= style.app_pixel_size()
            label_m, value_m = QFontMetricsF(label_font), QFontMetricsF(value_font)
            inside = QRectF(strip.rect())
            for number, shown, label_box, value_box in boxes:
                assert label_m.horizontalAdvance(shown) <= label_box.width() + 0.5, shown
                assert value_m.horizontalAdvance(number.value) <= value_box.width() + 0.5, number.value
                assert max(label_m.height(), value_m.height()) <= value_box.height() + 0.5
                assert inside.contains(label_box) and inside.contains(value_box), (shown, number.value)
                assert shown == number.label  # one name in every size (issue 22)
            rects = [r for _n, _s, label_box, value_box in boxes for r in (label_box, value_box)]
            for a, b in itertools.pairwise(rects):
                assert a.right() <= b.left() + 0.5 or a.top() >= b.bottom() - 0.5  # side by side
            assert strip.geometry().right() < lane.edit.geometry().left()  # left of the buttons
            words.add(tuple(shown for _n, shown, *_ in boxes))
        assert len(words) == 1, (case, words)  # every lane says it the same way


# -- 2. the side panel's plots and key ------------------------------------------------------------------


def text_box(item, plot) -> QRectF:
    """A text item's text (its document's margin left out), in the plot widget's pixels."""
    m = item.document().documentMargin()
    scene = item.mapRectToScene(item.boundingRect().adjusted(m, m, -m, -m))
    return QRectF(plot.mapFromScene(scene).boundingRect())


def in_view(item, plot) -> QRectF:
    return QRectF(plot.mapFromScene(item.mapRectToScene(item.boundingRect())).boundingRect())


def entry_lines(label) -> list[set[int]]:
    """The lines each entry of a key (a rich-text QLabel, entries starting "━━") is laid out on."""
    from PySide6.QtGui import QTextDocument

    doc = QTextDocument()
    doc.setDefaultFont(label.font())
    doc.setDocumentMargin(0)
    doc.setHtml(label.text())
    doc.setTextWidth(label.contentsRect().width())
    doc.documentLayout()  # lays it out
    text = doc.toPlainText()
    starts = [
        i
        for i in range(len(text))
        if text.startswith("━━", i) and not text.startswith("━", i - 1 if i else len(text))
    ]
    out = []
    for start, end in zip(starts, [*starts[1:], len(text)], strict=True):
        end = len(text[:end].rstrip())
        lines = set()
        for pos in (start, end - 1):
            block = doc.findBlock(pos)
            lines.add(
                (block.blockNumber(), block.layout().lineForTextPosition(pos - block.position()).lineNumber())
            )
        out.append(lines)
    return out


SIDE_SIZES = {"600p": (960, 600), **SIZES}
FOUR_LANES = ["frontier/12/fifo", "frontier/12/lru", "frontier/12/random", "frontier/12/opt"]


@screen_params(SIDE_SIZES)
@pytest.mark.parametrize("lanes", [None, FOUR_LANES], ids=["default-lanes", "four-lanes"])
def test_the_side_panels_labels_stand_clear_of_each_other_and_whole(compare_at, size, lang, lanes):
    """The cost over many seeds, down to the window's least size, in each theme: each bar's value
    over no other value and no bar, inside the plot (or, where it has no room, in the bar's
    tooltip); the axis names whole beside their axes; each entry of the histogram's key on one
    line."""
    view = compare_at(size, lang, lanes)
    view.compute_blocking()
    QApplication.processEvents()
    for theme in each_theme(view):
        check_side_panel(view, lanes, theme)


def check_side_panel(view, lanes, theme: str) -> None:
    import pyqtgraph as pg

    panel = view.regret
    assert panel.results is not None and len(panel.results) == len(view.lanes)
    counts = panel.counts
    items = counts.getPlotItem().items
    bars = [item for item in items if isinstance(item, pg.BarGraphItem)]
    values = [item for item in items if isinstance(item, pg.TextItem) and item.isVisible()]
    assert len(bars) == 2 * len(view.lanes)
    box = in_view(counts.getPlotItem().getViewBox(), counts)
    placed = [(text_box(item.textItem, counts), item) for item in values]
    for rect, item in placed:
        assert box.adjusted(-1, -1, 1, 1).contains(rect), (theme, item.toPlainText(), rect, box)
        for bar in bars:
            assert not rect.intersects(in_view(bar, counts)), (item.toPlainText(), bar.opts["height"])
    for (a, item_a), (b, item_b) in itertools.combinations(placed, 2):
        assert not a.intersects(b), (item_a.toPlainText(), item_b.toPlainText())
    shown = [item.toPlainText() for item in values]
    heights = [bar.opts["height"][0] for bar in bars]
    assert all(any(text in (f"{h:.1f}", f"{h:.0f}") for h in heights) for text in shown), shown
    for bar, h in zip(bars, heights, strict=True):
        assert f"{h:.1f}" in bar.toolTip()  # every value to the tenth, on hovering its bar
    if lanes is None:
        assert len(values) == len(bars)  # three lanes: every value in view, even at 960×600
    for plot in (panel.counts, panel.histogram):
        whole = QRectF(plot.rect())
        for side in ("left", "bottom"):
            axis = plot.getPlotItem().getAxis(side)
            if not (axis.isVisible() and axis.label.isVisible()):
                continue
            rect = text_box(axis.label, plot)
            assert whole.adjusted(-1, -1, 1, 1).contains(rect), (
                plot.objectName(),
                side,
                rect,
                whole,
            )  # pixels rounded
            span = in_view(axis, plot)
            if side == "left":  # beside its axis, not over the key above or the ticks below
                assert span.top() - 0.5 <= rect.top() and rect.bottom() <= span.bottom() + 0.5, (rect, span)
    key = panel.histogram_key
    assert key.heightForWidth(key.width()) <= key.height()
    entries = entry_lines(key)
    assert len(entries) == len(view.lanes)
    for lines in entries:
        assert len(lines) == 1, (theme, key.text())  # "3." on one line and "Clairvoyant · 12" on the next
