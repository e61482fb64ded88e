"""Compare at a teacher's window sizes and zooms (issue 40): at 100, 125 and 150 %, at 1280×720,
1366×768 and 1920×1080, zh and en, light and projector, no lane graph prints a page over another
(its circles apart, each number inside its own circle) and no frame table prints a number over
another or past its cell, its band or its column's head (the texts' ink, as the widgets place
them; nothing is compared with pixels). Before, at 720p and 150 % the lane graphs' circles lay
over each other (the numbers of rows 2 and 3 overprinted) and the bands' numbers spilled out of
their bands under the current column."""

from __future__ import annotations

import itertools
import math

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QApplication

from memviz.core.engine import RunConfig
from memviz.gui.compare.text_ink import overprinting_pairs
from memviz.gui.kit import zoom as zoom_steps

SIZES = ((1280, 720), (1366, 768), (1920, 1080))
ZOOMS = (1.0, 1.25, 1.5)
POSITIONS = (9, 17, 30)  # memory filling, the README's step, the run's end
SLACK = 0.5  # a half pixel: where Qt rounds a text's line onto the pixel grid


def inside(inner: QRectF, outer: QRectF) -> bool:
    return (
        inner.left() >= outer.left() - SLACK
        and inner.right() <= outer.right() + SLACK
        and inner.top() >= outer.top() - SLACK
        and inner.bottom() <= outer.bottom() + SLACK
    )


def overprinting(texts: list[tuple[str, QRectF]]) -> list[tuple[str, str]]:
    """The pairs of texts whose ink meets (by more than SLACK)."""
    return overprinting_pairs(texts, SLACK)


def graph_problems(graph) -> list[str]:
    """Pages whose circles (with their edge's pen) meet, numbers wider or taller than their circle
    or over one another, or cut by the graph's edge."""
    problems = []
    discs = graph.page_discs()
    for (a, ca, ra), (b, cb, rb) in itertools.combinations(discs, 2):
        if math.hypot(ca.x() - cb.x(), ca.y() - cb.y()) < ra + rb - SLACK:
            problems.append(f"pages {a} and {b} meet")
    r = graph._radius()
    bounds = QRectF(graph.rect())
    numbers = graph.number_texts()
    for page, ink in numbers:
        centre = graph.centre(int(page))
        if not inside(ink, QRectF(centre.x() - r, centre.y() - r, 2 * r, 2 * r)):
            problems.append(f"page {page}'s number runs out of its circle")
        if not inside(ink, bounds):
            problems.append(f"page {page}'s number is cut by the graph's edge")
    problems += [f"numbers {a} and {b} overprint" for a, b in overprinting(numbers)]
    return problems


def table_problems(table) -> list[str]:
    """Texts past their room (a cell, a band, a column's head, the row names' column), past the
    table's edge, or over one another."""
    problems = []
    bounds = QRectF(table.rect())
    texts = table.drawn_texts()
    for text, ink, room in texts:
        if not inside(ink, room):
            problems.append(f"{text!r} runs out of its place ({ink} in {room})")
        if not inside(ink, bounds):
            problems.append(f"{text!r} is cut by the table's edge")
    problems += [
        f"{a!r} and {b!r} overprint" for a, b in overprinting([(text, ink) for text, ink, _ in texts])
    ]
    return problems


@pytest.mark.parametrize("zoom", ZOOMS, ids=[f"{z:.0%}" for z in ZOOMS])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_no_lane_prints_a_page_or_a_number_over_another_at_any_zoom(screen_window, size, zoom):
    """Every zoom a class uses, in each language and theme, at three steps of the run: the lane
    graphs' pages and the frame tables' numbers are each whole, in their place, over nothing else."""
    window = screen_window(RunConfig(seed=1000, budget=30), size=size, lang="zh", zoom=zoom)
    window.select_view("compare")
    view = window.current_view()
    view = getattr(view, "view", view)
    QApplication.processEvents()
    problems, texts = [], 0
    for lang, theme in itertools.product(("zh", "en"), ("light", "projector")):
        window.language.set_code(lang)
        window.set_theme(theme)
        QApplication.processEvents()
        assert zoom_steps.least_text_px() == pytest.approx(12 * zoom)
        for position in POSITIONS:
            view.model.jump(position)
            QApplication.processEvents()
            for i, lane in enumerate(view.lanes):
                where = f"{lang} {theme} step {position} lane {i + 1}"
                problems += [f"{where} graph: {p}" for p in graph_problems(lane.graph)]
                problems += [f"{where} table: {p}" for p in table_problems(lane.table)]
                texts += len(lane.table.drawn_texts())
                assert len(lane.graph.number_texts()) == len(lane.graph.page_discs()) == 24
    assert texts > 300  # the tables were measured: step numbers, pages, slots, bands, row names
    assert problems == []
