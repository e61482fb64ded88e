"""What a step marks on the site graph, worked out from its event: the cards it can change, the
cards that glow, where a bug's texts fit, and room in Qt's cache for the cards' pictures."""

from __future__ import annotations

from memviz.core.engine import StepEvent
from memviz.gui.explore.card_sheet import items_in
from memviz.gui.explore.graph_items import PageItem
from memviz.gui.kit import style
from memviz.gui.qt import QColor, QPixmapCache, QRectF

# Qt keeps item pictures in a 10 MB pixmap cache by default: a few hundred cards. Past that every
# step repaints thousands of evicted card pictures (92 -> 23 ms a step at 2,000 pages when raised).
PIXMAP_CACHE_FLOOR_KB = 10 * 1024


def pages_a_step_touched(event: StepEvent, glowing: set[int]) -> set[int]:
    """Every page whose card one step can change: where the agent was and went, what memory wrote,
    touched, evicted or dropped, and the cards that glowed for the step before (``glowing``)."""
    pages = {event.from_page, *event.memory_dropped, *glowing}
    for page in (event.to_page, event.memory_written, event.memory_touched, event.memory_evicted):
        if page is not None:
            pages.add(page)
    return pages


def step_glows(event: StepEvent | None, c: style.ExploreColors) -> dict[int, QColor]:
    """The cards this step lights up, and in which colour: the evicted one, a bug found or reported again."""
    glows: dict[int, QColor] = {}
    if event is None:
        return glows
    if event.memory_evicted is not None:
        glows[event.memory_evicted] = c.evict
    if event.duplicate_report:
        glows[event.to_page] = c.duplicate
    elif event.bug_found:
        glows[event.to_page] = c.bug
    return glows


def place_bug_labels(pages: list[PageItem], bug_pages, current: int, view: QRectF) -> None:
    """A bug's name and duplicate count show under its card where they fit: over no other card or
    label, inside ``view``. Elsewhere (a small view) they are left to the card's tooltip and the
    narration; the page the agent is on (``current``) is placed first, so a bug just found is named."""
    taken: list[QRectF] = []
    for page in sorted(bug_pages, key=lambda p: (p != current, p)):
        item = pages[page]
        item.set_labels_shown(True)
        rects = [item.mapRectToScene(r) for r in item.label_rects()]
        fits = all(view.contains(r) for r in rects) and not any(r.intersects(t) for r in rects for t in taken)
        for rect in rects if fits else ():
            for other in items_in(item.scene(), rect):
                if (
                    isinstance(other, PageItem)
                    and other is not item
                    and (
                        other.mapRectToScene(other.card_rect()).intersects(rect)
                        # or the visit count on its corner, by the label's words (150 %, 720p)
                        or any(
                            _overprints(other.mapRectToScene(box), rect.adjusted(5, 1, -5, -1))
                            for box in _visit_badges(other)
                        )
                    )
                ):
                    fits = False
                    break
        item.set_labels_shown(fits)
        if fits:
            taken += rects


def _overprints(a: QRectF, b: QRectF) -> bool:
    """Whether two texts' boxes share more than a sliver (a badge's rounded corner may touch)."""
    common = a.intersected(b)
    return common.width() > 4 and common.height() > 4


def _visit_badges(item: PageItem) -> list[QRectF]:
    """The box of the visit count a card prints on its corner (none before a visit)."""
    return [box for text, box in item.drawn_texts() if item.visits > 0 and text == str(item.visits)][:1]


def reserve_card_pictures(cards: int, card_rect: QRectF, ratio: float) -> None:
    """Room in Qt's pixmap cache for every card picture twice over (a card has a glow state);
    ``ratio``: device pixels per scene unit."""
    card_kb = card_rect.width() * ratio * card_rect.height() * ratio * 4 / 1024  # 32-bit ARGB
    needed = int(PIXMAP_CACHE_FLOOR_KB + 2 * cards * card_kb)
    QPixmapCache.setCacheLimit(max(QPixmapCache.cacheLimit(), needed))
