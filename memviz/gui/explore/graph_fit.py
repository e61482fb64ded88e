"""Where the site graph's cards go for a view's size: the largest type at which every row of pages
fits (crowded rows zig-zag over a few lines), room kept for the bug names, the caption and the
legend; else a canvas a few times the view's size, shown shrunk. A part of :class:`SiteGraphView`
(``graph_view.py``), which lays the cards out where this puts them."""

from __future__ import annotations

from memviz.gui.explore.graph_items import (
    BEETLE_OUT,
    LEGEND_SCALE,
    MAX_LINES,
    MAX_SCALE,
    REFERENCE_PX,
    VIEW_SHARE_H,
    VIEW_SHARE_W,
    card_size,
    min_px,
    min_small_px,
    side_margin,
)
from memviz.gui.kit import style
from memviz.gui.qt import QFontMetricsF
from memviz.presentation.graph_layout import LINE_OFFSET, centre_span, row_positions

# Up to this many pages one rectangle around a step's changes repaints fastest (measured); above it
# Qt's smart mode repaints only the changed cards, which a big site's far-apart cards need.
SMALL_SITE_PAGES = 300
# A big site's row of pages may zig-zag over this many lines (a small site's over MAX_LINES).
BIG_SITE_MAX_LINES = 48
# A site too big for the view is laid out on a canvas this many times its size, the first that fits.
MAGNIFICATIONS = (1.25, 1.5, 1.75, 2.0, 3.0, 4.0, 6.0, 8.0, 12.0, 16.0)


class GraphFit:
    """The fit of :class:`SiteGraphView`: its type size, canvas and card positions for a view size.
    Uses the view's model, language, layout (rows), caption and legend."""

    def _placement(self, names: list[str], vw: float, vh: float):
        """(placement, magnify, px, room_for_labels): what :meth:`_fit` gave at the type size and
        canvas chosen, the canvas's magnification, the type size, and whether bug names have room."""
        site = self.model.site
        # The largest type at which every row fits (staggering crowded rows), within readable bounds.
        # First with room for bug names under the cards; if nothing fits, the names are drawn over
        # whatever lies below them, on a white label, and only the cards must not collide.
        body_px = style.app_pixel_size()
        view_px = min(vh / VIEW_SHARE_H, vw / VIEW_SHARE_W) * body_px / REFERENCE_PX
        top_px = max(min_px(), min(max(view_px, body_px), body_px * MAX_SCALE))
        self._label_px = 0.0  # the legend is set anew: its language or strategy may have changed
        placement, magnify, px, room_for_labels = None, 1.0, min_px(), False
        big = site.n_pages > SMALL_SITE_PAGES
        # A big site that crowds at the smallest type crowds at every larger one: skip the search.
        if not big or self._fit(names, min_px(), vw, vh, room_for_labels=False) is not None:
            for room_for_labels in (True, False):
                placement, px = self._largest_fit(names, top_px, vw, vh, room_for_labels)
                if placement is not None:
                    break
        if placement is None:
            # Too many pages for the view at the smallest type (a 60-page site at 720p, any big
            # site): lay them out on a canvas a few times the view's size and show it whole, the
            # cards apart (names too small to read are left off: zoom in or hover to read them).
            # The legend and caption keep their size.
            for magnify in MAGNIFICATIONS:
                placement = self._fit(names, px, vw * magnify, vh * magnify, False, magnify=magnify)
                if placement is not None:
                    break
        if placement is None:  # even the smallest type crowds: use the most lines and accept overlaps
            placement = self._fit(names, px, vw * magnify, vh * magnify, False, True, magnify=magnify)
        return placement, magnify, px, room_for_labels

    def _largest_fit(self, names: list[str], top_px: float, vw: float, vh: float, room_for_labels: bool):
        """(placement, px): :meth:`_fit` at the largest type of the ladder ``top_px``, ``top_px`` - 0.5,
        ... down to :func:`min_px`, at which the cards fit; (None, the least type) if at none.

        The cards fit at every type below one at which they fit (smaller cards, wider margins, more
        room between the rows), so the ladder is searched by halves: at 1600×960 the blog's cards fit
        7 rungs down, found in 4 fits instead of 8, each measuring every page name in a new type (the
        8 were a fifth of the graph's first paint, issue 41). tests/gui/test_graph_fit.py holds the
        answer to the first rung that fits, and the premise on every rung, for many view sizes.
        """
        ladder = [top_px]
        while ladder[-1] > min_px():
            ladder.append(max(min_px(), ladder[-1] - 0.5))

        def fit(rung: int):
            return self._fit(names, ladder[rung], vw, vh, room_for_labels=room_for_labels)

        placement = fit(0)
        if placement is not None or len(ladder) == 1:
            return placement, ladder[0]
        # A rung known not to fit, and the least rung, taken to fit until the halving has to try it:
        # the sites a window opens on fit well above it (tried first, it was a fifth of the search).
        fails, fits, tried = 0, len(ladder) - 1, None
        while fits - fails > 1:
            tried = (fails + fits) // 2
            found = fit(tried)
            if found is None:
                fails = tried
            else:
                fits, placement = tried, found
        if placement is None:  # no rung above the least fits: it is the answer if anything is
            return fit(fits), ladder[fits]
        if tried != fits:  # a fit sets the legend's type for its rung: the chosen rung's, last
            placement = fit(fits)
        return placement, ladder[fits]

    def _legend_height(self) -> float:
        return self._legend.boundingRect().height() + self._label_px * 0.9

    def _fit(
        self,
        names: list[str],
        px: float,
        vw: float,
        vh: float,
        room_for_labels: bool = True,
        force: bool = False,
        magnify: float = 1.0,
    ):
        """Positions (unit square) and the pixel box they map to, or None if the cards would collide.

        ``magnify``: the canvas is that many times the view, shown shrunk; the caption and legend
        keep their size on screen, so they take that many times the room on the canvas."""
        # The legend and caption take part in the fit. They are UI text, but never larger than the
        # picture's own captions: when the view is short of room, page names come first.
        label_px = max(min_small_px(), min(style.app_pixel_size() * LEGEND_SCALE, px * 0.8))
        self._px = px  # the legend's width depends on it
        if label_px != self._label_px:
            self._label_px = label_px
            self._set_texts()
        metrics = QFontMetricsF(style.ui_font(px, bold=True))
        small = QFontMetricsF(style.ui_font(max(min_small_px(), px * 0.8)))
        sizes = [card_size(name, metrics) for name in names]
        widths = [w for w, _ in sizes]
        # A bug's name shows under its card once found: keep room for it from the start, so the
        # picture does not move during a run.
        site, lang = self.model.site, self.language.code
        card_h = sizes[0][1] if sizes else px * 2
        for p in site.bug_by_page:
            widths[p] = max(widths[p], small.horizontalAdvance(site.bug_name(p, lang)) + 12)
        # A bug page's beetle sticks out of its card's left edge, towards the neighbour on its left.
        beetle = {p: card_h * BEETLE_OUT for p in site.bug_by_page}
        max_w = max(widths, default=px * 6)
        caption_h = (
            self._caption.boundingRect().height() + self._label_px * 0.5 if self._layout.nav_bar else 0
        ) * magnify
        legend_h = self._legend_height() * magnify
        rows = self._layout.rows
        left = side_margin(rows, widths, vw, px * 0.8) if rows else max_w / 2 + px * 0.8
        top = caption_h + card_h * 0.9
        # Room under the last row for a bug's name and its duplicate count, if a bug can be found there.
        last_has_bug = not rows or any(p in site.bug_by_page for p in rows[-1])
        bottom = legend_h + card_h * 0.5 + (2.4 if last_has_bug else 0.6) * max(min_small_px(), px * 0.8)
        inner_w, inner_h = max(vw - 2 * left, 10.0), max(vh - top - bottom, 10.0)
        box = (left, top, inner_w, inner_h)
        if not rows:  # positions stored in the site file
            return self._layout.positions, box
        gap = px * 0.6
        # A big site's long rows may zig-zag over many lines; a small site's over at most MAX_LINES.
        max_lines = BIG_SITE_MAX_LINES if site.n_pages > SMALL_SITE_PAGES else MAX_LINES
        lines = []
        for row in rows:
            slot = inner_w / len(row)
            w = [widths[p] for p in row]
            fewest = max(1, int((min(w) + gap) / slot))  # no fewer lines can part two cards
            for k in range(min(fewest, max_lines), max_lines + 1):
                if all(
                    k * slot >= (w[i] + w[i + k]) / 2 + beetle.get(row[i + k], 0.0) + gap
                    for i in range(len(w) - k)
                ):
                    lines.append(k)
                    break
            else:
                if not force:
                    return None
                lines.append(max_lines)
        unit = inner_h / max(centre_span(lines, self._layout.nav_bar), 1.0)
        # Under a bug's card: its name once found, and "duplicate reports ×n" when the run can
        # report a bug again (no bug list); room for both from the start, so nothing moves later.
        label_lines = 2 if not self.model.config.keeps_bug_list else 1
        label_h = 4 + label_lines * (small.height() + 2) if room_for_labels else 0.0  # as PageItem sets them
        need = (card_h + label_h + px * 0.3) / (LINE_OFFSET if max(lines) > 1 else 1.0)
        if not force and unit < need:
            return None
        return row_positions(rows, lines, self._layout.nav_bar), box
