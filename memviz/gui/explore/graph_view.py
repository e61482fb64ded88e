"""The site graph: pages as cards, their links, and the agent walking between them.

Everything drawn comes from the model: page states from the Exploration's live state (visits,
memory, reported bugs), the walk, trail, plan, flashes and evictions from the step events. Sizes
follow the view, so page names stay readable whether the window fills a projector or a laptop.
"""

from __future__ import annotations

import math

from memviz.core.engine import StepEvent
from memviz.core.strategies import HOW_PLAN, STRATEGIES, uses_memory
from memviz.gui.explore.card_sheet import CardSheet
from memviz.gui.explore.graph_camera import GraphCamera
from memviz.gui.explore.graph_fit import BIG_SITE_MAX_LINES, MAGNIFICATIONS, SMALL_SITE_PAGES, GraphFit  # noqa: F401
from memviz.gui.explore.graph_items import (  # noqa: F401 - tests and callers name them here too
    _PLAN_SHARE,
    AGENT,
    BEETLE_OUT,
    FORGOTTEN,
    LEGEND_SCALE,
    MAX_LINES,
    MAX_SCALE,
    NAMED,
    REFERENCE_PX,
    REMEMBERED,
    TRAIL_LENGTH,
    TRAIL_WIDTH,
    UNVISITED,
    VIEW_SHARE_H,
    VIEW_SHARE_W,
    VISITED,
    AgentItem,
    HaloItem,
    PageItem,
    PathsItem,
    TextItem,
    _paint_swatch,
    _state_colors,
    card_size,
    faint_link_opacity,
    min_px,
    min_small_px,
    side_margin,
)
from memviz.gui.explore.graph_links import CurrentLinks, LinkShapes, Trail, link_pen, site_link_strokes
from memviz.gui.explore.graph_marks import (
    pages_a_step_touched,
    place_bug_labels,
    reserve_card_pictures,
    step_glows,
)
from memviz.gui.explore.revisit_badge import RevisitBadge
from memviz.gui.kit import easing, fonts, style
from memviz.gui.kit import zoom as zoom_steps
from memviz.gui.kit.language import Language
from memviz.gui.kit.paint_cache import ShapeCache, StaticTexts
from memviz.gui.kit.progress_animation import ProgressAnimation
from memviz.gui.kit.viewport import graphics_viewport
from memviz.gui.qt import (
    QFont,
    QFrame,
    QGraphicsItem,
    QGraphicsScene,
    QGraphicsView,
    QPainter,
    QPainterPath,
    QPen,
    QPointF,
    QRectF,
    Qt,
    QTimer,
)
from memviz.models.explore import ExploreModel
from memviz.presentation.graph_layout import (
    GraphLayout,
    site_layout,
)
from memviz.wording import context as context_words
from memviz.wording import explore as explore_words


class SiteGraphView(GraphFit, QGraphicsView):
    """The site as a graph of page cards, redrawn from the model on every step."""

    def __init__(self, model: ExploreModel, language: Language, parent=None) -> None:
        super().__init__(parent)
        graphics_viewport(self)  # not Qt's own: PySide would set up every widget class (issue 41)
        self.setObjectName("explore_graph")
        style.follow_presentation(self)
        self.model = model
        self.language = language
        self.show_nav_edges = False
        self.setScene(QGraphicsScene(self))
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setBackgroundBrush(style.colors().backdrop)
        # One rectangle around what a step changed: painting clipped to a many-rectangle region costs
        # more than painting the little extra (measured: benchmarks/bench_explore_step.py).
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.BoundingRectViewportUpdate)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMinimumSize(360, 260)

        self._site = None
        self._layout: GraphLayout | None = None
        self._glowing: set[int] = set()  # the pages whose cards glow for the step shown
        self._centers: dict[int, QPointF] = {}
        self._links = LinkShapes()
        self.pages: list[PageItem] = []
        self._card_pictures = ShapeCache()  # shared by the cards; cleared when type or theme change
        self._card_texts = StaticTexts()
        self._nav_band = PathsItem(-10)
        self._nav_edges = PathsItem(-6)
        self._local_edges = PathsItem(-5)
        self._current_links = CurrentLinks()  # strong over the faint links of a big site shown whole
        # The nav bar and the links never change during a run: they are the view's background, drawn
        # once per layout into Qt's background cache and copied, not re-stroked, on every repaint;
        # the cards and texts are cached as pictures too. From the first step on (_cache_from_now_on):
        # the first picture has nothing to copy yet, and made through the caches it filled a
        # picture the viewport's size and one per card first (3.3 MB, 840 page faults, ~4 ms of
        # the window's first paint, issue 41).
        self._caching = False
        # The background covers the viewport: Qt need not paint the frame underneath first.
        self.viewport().setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        self._trail = Trail()
        self._plan = PathsItem(-2)
        self._agent = AgentItem()
        self._agent.setVisible(False)
        self._revisit = RevisitBadge()  # "↺ forgotten at step N" on the card a forgotten revisit reached
        self._caption = TextItem()
        self._legend = TextItem()
        self._plan_key: tuple | None = None  # what the plan item shows, to skip redrawing it unchanged
        self._laid_out_for: str | None = None  # the strategy whose legend the layout made room for
        self._relayout_soon = QTimer(self, singleShot=True, interval=0)
        self._relayout_soon.timeout.connect(self._relayout_if_settled)
        self._relayout_on_show = False  # asked for while hidden: done once, as the view is shown
        self._sheet: CardSheet | None = None  # a big site's plain cards (card_sheet.py)
        for item in (
            *self._trail.items, self._plan, self._current_links,
            self._agent, self._caption, self._legend, self._revisit,
        ):  # fmt: skip
            self.scene().addItem(item)

        self._px = 15.0
        self._label_px = min_small_px()
        self.magnify = 1.0  # the canvas's size over the view's (a big site's is bigger, shown shrunk)
        self._walk_event: StepEvent | None = None
        self._walk = ProgressAnimation(self, self._on_walk_progress, self._on_walk_finish)

        self.camera = GraphCamera(self, language)
        self.camera.on_scale = self._sync_current_links
        self._rebuild_site()
        model.stepped.connect(self._on_model_step)
        model.replayed.connect(self._on_model_replay)
        model.restarted.connect(self._on_model_restart)
        language.changed.connect(self._on_language_change)

    # -- public ---------------------------------------------------------------------------------------

    def set_show_nav_edges(self, show: bool) -> None:
        self.show_nav_edges = show
        self._nav_edges.setVisible(show)
        self.resetCachedContent()
        self.viewport().update()

    def drawBackground(self, painter: QPainter, rect: QRectF) -> None:
        style.fill(painter, rect, style.colors().backdrop)
        for item in (self._nav_band, self._nav_edges, self._local_edges):
            if item.isVisible():
                item.paint(painter, None)

    def page_texts(self) -> list[str]:
        """Every text drawn in the graph, for tests of the language switch."""
        texts = [item.name for item in self.pages]
        texts += [item.bug_label for item in self.pages if item.bug_found]
        return texts + self._caption.texts() + self._legend.texts()

    def trail(self) -> list[tuple[int, int, float]]:
        """(from page, to page, opacity) of each move drawn in the trail, the newest first."""
        return self._trail.shown()

    def legend_font(self) -> QFont:
        """The type of the legend and the nav bar's caption."""
        return QFont(self._legend.font)

    def center_of(self, page: int) -> QPointF:
        self.finish_layout()
        return QPointF(self._centers[page])

    @property
    def agent_position(self) -> QPointF:
        return self._agent.pos()

    @property
    def walking(self) -> bool:
        return self._walk.running

    # -- building -------------------------------------------------------------------------------------

    def _rebuild_site(self) -> None:
        site = self.model.site
        self._site = site
        self._layout = site_layout(site)
        scene = self.scene()
        for item in self.pages:
            for part in (item, item.halo):  # a sheet's card is out of the scene, its halo in it
                if part.scene() is scene:
                    scene.removeItem(part)
        if self._sheet is not None:
            scene.removeItem(self._sheet)
            self._sheet = None
        self.pages = [PageItem(p) for p in range(site.n_pages)]
        # On a small site one rectangle around a step's changes paints fastest (measured); on a big
        # one that rectangle spans far-apart cards and repaints hundreds between them.
        self.setViewportUpdateMode(
            QGraphicsView.ViewportUpdateMode.BoundingRectViewportUpdate
            if site.n_pages <= SMALL_SITE_PAGES
            else QGraphicsView.ViewportUpdateMode.SmartViewportUpdate
        )
        for item in self.pages:
            if self._caching:
                item.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
            item.pictures, item.texts = self._card_pictures, self._card_texts
            item.has_bug = p_has_bug = item.page in site.bug_by_page
            item.setZValue(0.5 if p_has_bug else 0)
        if site.n_pages > SMALL_SITE_PAGES:
            # The plain cards on one sheet (card_sheet.py): a step's repaint copies it, not thousands
            # of cards; a bug's card stays an item, above them.
            self._sheet = CardSheet()
            scene.addItem(self._sheet)
            self._sheet.set_cards([item for item in self.pages if not item.has_bug], scene)
        for item in self.pages:
            if item.sheet is None:
                scene.addItem(item)
        self._relayout_once_settled()
        self._sync_pages()
        self._sync_trail()

    def _relayout(self) -> None:
        """Place everything for the viewport's size: type scales with the view, not the scene."""
        if self._layout is None:
            return
        self._relayout_soon.stop()
        self._relayout_on_show = False
        self._laid_out_for = self.model.config.strategy
        vw, vh = max(self.viewport().width(), 200), max(self.viewport().height(), 150)
        lang = self.language.code
        site = self.model.site
        names = [site.page_name(p, lang) for p in range(site.n_pages)]
        placement, magnify, px, room_for_labels = self._placement(names, vw, vh)
        self.scene().setSceneRect(0, 0, vw * magnify, vh * magnify)
        self.magnify = magnify
        for item in (self._caption, self._legend):
            item.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, magnify > 1)
        for item in self.pages:
            item.setZValue(2 if item.has_bug and not room_for_labels else 0.5 if item.has_bug else 0)
        self._px = px
        self._card_pictures.clear()
        self._card_texts.clear()
        font = style.ui_font(px)
        bold = style.ui_font(px, bold=True)
        small = style.ui_font(max(min_small_px(), px * 0.8))
        if self._sheet is not None:
            self._sheet.holding = True  # the whole sheet is drawn again once the cards are placed
        for item in self.pages:
            item.set_fonts(font, bold, small)
            item.set_name(names[item.page])

        positions, (left, top, inner_w, inner_h) = placement
        card_h = self.pages[0].height if self.pages else px * 2
        self._centers = {p: QPointF(left + x * inner_w, top + y * inner_h) for p, (x, y) in positions.items()}
        for item in self.pages:
            item.setPos(self._centers[item.page])
        if self._sheet is not None:
            self._sheet.holding = False
            self._sheet.relaid_out()
        # The bugs' texts are fitted where the cards now are, in their new type: fitted before the
        # cards moved, a label was kept or hidden for where the cards had been (after a theme and a
        # zoom switch, a label stayed hidden on a 1080p screen with room for it, now and then).
        self._set_bug_labels()
        self._size_pixmap_cache()
        self._links.set_layout(self._centers, self.pages)

        self._agent.radius = card_h * 0.32
        band = QPainterPath()
        if self._layout.nav_bar and site.nav:
            ys = [self._centers[p].y() for p in site.nav]
            band_rect = QRectF(px * 0.4, min(ys) - card_h * 0.85, vw * magnify - px * 0.8, card_h * 1.7)
            band.addRoundedRect(band_rect, px * 0.6, px * 0.6)
            c = style.colors()
            pen = QPen(c.nav_bar_edge, 1.2 * style.line_width())
            self._nav_band.set_strokes([(band, pen, style.solid_brush(c.nav_bar))])
            self._caption.setPos(
                band_rect.left() + px * 0.4,
                band_rect.top() - (self._caption.boundingRect().bottom() + 3) * magnify,
            )
        else:
            self._nav_band.set_strokes([])
        legend_bottom = self._legend.boundingRect().bottom() + self._label_px * 0.45
        self._legend.setPos(px * 0.6 * magnify, (vh - legend_bottom) * magnify)
        self._draw_edges()
        self._trail.forget()  # the moves are drawn again at the new size
        self._sync_trail()
        self._plan_key = None  # positions or colours changed: the plan is drawn again
        self._sync_plan(self.model.last_event)
        self.camera.relaid_out(1.0 / magnify)
        zoomed_ui = zoom_steps.current() > 1.0
        to_read = magnify > 1 and zoomed_ui and site.n_pages <= SMALL_SITE_PAGES
        if to_read and self.camera.zoom < magnify:
            # Zoomed (View menu), a small site that no longer fits the view at the least type (a
            # 720p window at 150 %): shown at its type, the camera following the agent, rather than
            # whole and too small to read (issue 40). At 100 %, and a big site always, it is shown
            # whole first.
            self.camera.follow = True
            self.camera.zoom_to(magnify)
            self._camera_zoomed_to_read = True
        elif not to_read and getattr(self, "_camera_zoomed_to_read", False):
            self.camera.zoom_to(1.0)  # the site fits again (zoomed back out): shown whole, as before
            self._camera_zoomed_to_read = False
        self._keep_agent_in_view()
        if not self.walking:
            self._agent.setVisible(False)

    def _size_pixmap_cache(self) -> None:
        if self.pages:  # a big site's cards are shown shrunk
            reserve_card_pictures(
                len(self.pages), self.pages[0].boundingRect(), self.devicePixelRatioF() / self.magnify
            )

    def _set_texts(self) -> None:
        tr = self.language.tr
        small = style.ui_font(self._label_px)
        if self._layout is not None and self._layout.nav_bar:
            self._caption.set_entries(
                [(tr(explore_words.NAV_BAR_ON_TOP_OF_EVERY), None)],
                small, self.viewport().width(),
            )  # fmt: skip
        else:
            self._caption.set_entries([], small, 100)
        strategy = self.model.config.strategy
        entries: list[tuple[str, object]] = [(tr(explore_words.NOT_VISITED), UNVISITED)]
        if self.model.config.context is not None and STRATEGIES.get(strategy).reads_context:
            entries.append((tr(context_words.LEGEND_LINKED), REMEMBERED))  # issue 38: what the context knows
            entries.append((tr(context_words.LEGEND_NAMED), NAMED))
            entries.append((tr(context_words.LEGEND_LOST), FORGOTTEN))
        elif not uses_memory(strategy):
            entries.append((tr(explore_words.VISITED_NOT_REMEMBERED), VISITED))
        else:
            entries.append((tr(explore_words.IN_MEMORY), REMEMBERED))
            entries.append((tr(explore_words.VISITED_THEN_FORGOTTEN), FORGOTTEN))
        entries.append((tr(explore_words.AGENT_IS_HERE), AGENT))
        entries.append((tr(explore_words.LAST_MOVES), "trail"))
        if STRATEGIES.get(strategy).plans:
            entries.append((tr(explore_words.ROUTE_PLANNED_FROM_MEMORY), "plan"))
        if uses_memory(strategy) and self.model.config.capacity is not None:
            entries.append((tr(explore_words.JUST_FORGOTTEN), "halo"))
        entries.append((tr(explore_words.HIDES_A_BUG_FILLED_FOUND), "bug"))
        entries.append((tr(explore_words.BADGE_VISITS), None))
        self._legend.set_entries(entries, small, self.viewport().width() - self._px)

    def _set_bug_labels(self) -> None:
        lang = self.language.code
        site = self.model.site
        for page in site.bug_by_page:  # the few cards with a bug, not every card
            item = self.pages[page]
            bug = site.bug_name(item.page, lang) if item.bug_found else ""
            dup = (
                self.language.tr(explore_words.DUPLICATE_REPORTS_N, duplicates=item.duplicates)
                if item.duplicates
                else ""
            )
            item.set_bug_text(bug, dup)
        if self._centers:  # where they fit under their cards, else on hover
            place_bug_labels(self.pages, site.bug_by_page, self.model.exploration.page, self.sceneRect())

    # -- links --------------------------------------------------------------------------------------

    def _arrow_size(self) -> float:
        return self._px * 0.62

    def _draw_edges(self) -> None:
        site, nav_bar, c = self.model.site, self._layout is not None and self._layout.nav_bar, style.colors()
        self._local_edges.set_strokes(
            site_link_strokes(site, nav_bar, self._links, self._px, self._arrow_size())
        )
        nav = QPainterPath()
        if nav_bar:
            for p, q in site.nav_edges():
                if p not in site.nav:
                    nav.moveTo(self._centers[p])
                    nav.lineTo(self._centers[q])
        self._nav_edges.set_strokes([(nav, QPen(c.nav_edge, 1.2 * style.line_width()), None)])
        self._nav_edges.setVisible(self.show_nav_edges)
        self.resetCachedContent()

    # -- state ----------------------------------------------------------------------------------------

    def _sync_pages(self, pages: set[int] | None = None) -> None:
        """Set cards from the engine's page states; only cards that change repaint.

        ``pages``: the only pages that can have changed (a step's: ``graph_marks.pages_a_step_touched``),
        so a step costs the same on a 24-page site and a 10,000-page one; None: every page."""
        exploration = self.model.exploration
        current = exploration.page
        c = style.colors()
        color = c.agent
        glows = step_glows(self.model.last_event, c)
        if pages is None:
            states = exploration.page_states()
            items = self.pages
        else:
            states = {p: exploration.page_state(p) for p in pages}
            items = [self.pages[p] for p in pages]
        self._glowing = set(glows)
        for item in items:
            p = item.page
            state, visits, bug_found, duplicates = states[p]
            changed = (
                state != item.state
                or visits != item.visits
                or (p == current) != item.current
                or bug_found != item.bug_found
                or duplicates != item.duplicates
                or item.agent_color != color
            )
            if changed:
                item.state, item.visits, item.current = state, visits, p == current
                item.bug_found, item.duplicates, item.agent_color = bug_found, duplicates, color
                item.update()
            item.set_glow(glows.get(p))
        self._set_bug_labels()

    def _sync_trail(self) -> None:
        if not self.layout_pending:
            colors = style.colors()
            self._trail.sync(
                self.model.events, self._links, self._px * TRAIL_WIDTH, colors.trail, colors.evict
            )
            self._local_edges.fade_type_px = self._px
            self._local_edges.faint = faint_link_opacity(style.colors(), style.line_width())
            self._sync_current_links()

    def _sync_current_links(self) -> None:
        """The links out of the agent's page: strong while the rest fade (after a step or a zoom)."""
        if not self.layout_pending:
            self._current_links.show_links(
                self.model.site, self.model.exploration.page, self._links, link_pen(self._px),
                self._arrow_size(), self._layout is not None and self._layout.nav_bar,
                self._local_edges.opacity_at_scale(self.transform().m11()) < 1.0,
            )  # fmt: skip

    def _sync_plan(self, event: StepEvent | None, reveal: float = 1.0) -> None:
        if self.layout_pending:
            return
        if reveal >= 1.0:  # the step's end state: the badge of a forgotten revisit with it
            self._revisit.show_for(event, self.pages, self.sceneRect(), self._label_px, self.language.code)
        if event is None or event.how != HOW_PLAN or not event.planned_path:
            if self._plan_key is not None:
                self._plan_key = None
                self._plan.set_strokes([])
            return
        hops = list(zip(event.planned_path, event.planned_path[1:], strict=False))
        shown = len(hops) if reveal >= 1.0 else sum(1 for i in range(len(hops)) if i < reveal * len(hops))
        key = (tuple(event.planned_path), shown, reveal >= 1.0)
        if key == self._plan_key:
            return
        self._plan_key = key
        route = QPainterPath()
        for a, b in hops[:shown]:  # during the reveal, the route is drawn hop by hop
            route.addPath(self._links.path(a, b))
        c = style.colors()
        width = self._px * 0.3
        pen = QPen(c.plan, width, Qt.PenStyle.DashLine, Qt.PenCapStyle.FlatCap)
        pen.setDashPattern([2.2, 1.2])
        casing = QPen(c.paper, width * 1.9, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
        heads = QPainterPath()
        if reveal >= 1.0:
            heads.addPath(
                self._links.arrow_head(self._links.path(*hops[-1]), hops[-1][1], self._arrow_size())
            )
        # A paper-coloured casing under the dashes keeps the route apart from the links it runs on.
        self._plan.set_strokes(
            [(route, casing, None), (route, pen, None), (heads, QPen(c.plan, 1), style.solid_brush(c.plan))]
        )

    # -- model events ---------------------------------------------------------------------------------

    def _keep_agent_in_view(self) -> None:
        """Zoomed in and following: the page the agent is on stays in view (the walk to it is
        drawn from there)."""
        if not self.layout_pending and self._centers:
            self.camera.keep_in_view(self.pages[self.model.exploration.page].sceneBoundingRect())

    @property
    def caching(self) -> bool:
        """Whether the background and the items are cached as pictures (from the first step on)."""
        return self._caching

    def _cache_from_now_on(self) -> None:
        """Cache the background and the cards, plan and texts as pictures for the repaints to come
        (a step repaints a few cards and copies the rest). The repaint after this one fills them."""
        if self._caching:
            return
        self._caching = True
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)
        for item in (*self.pages, self._plan, self._caption, self._legend):
            item.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def _on_model_step(self, event: StepEvent) -> None:
        self._cache_from_now_on()
        self._walk.stop()
        # A step while the last one still walks (→ pressed quickly): that walk ends here, its cards
        # as the engine has them. Stopped without this, its start card stayed lit as the agent's,
        # a second agent on the graph, as the new step touches only its own cards.
        self._arrive()
        self._revisit.setVisible(False)  # the last step's, until this one's end
        # a compaction can change what the agent knows of many pages at once (issue 38)
        compacted = event.context is not None and event.context.compaction is not None
        self._sync_pages(None if compacted else pages_a_step_touched(event, self._glowing))
        self._sync_trail()
        self._keep_agent_in_view()
        duration = self.model.animation_ms
        if duration <= 0 or not event.moved or self.layout_pending:
            self._sync_plan(event)
            self._agent.setVisible(False)
            return
        # Animate: the plan appears, then the dot walks the link; the cards keep their end state, but
        # the agent's card is lit only on arrival.
        self._walk_event = event
        self.pages[event.to_page].current = False
        self.pages[event.from_page].current = True
        self.pages[event.to_page].update()
        self.pages[event.from_page].update()
        self._agent.color = style.colors().agent
        self._agent.setPos(self._centers[event.from_page])
        self._agent.setVisible(True)
        self._walk.start(duration)

    def _on_walk_progress(self, value) -> None:
        event = self._walk_event
        if event is None:
            return
        t = float(value)
        planning = event.how == HOW_PLAN and bool(event.planned_path)
        if planning:
            self._sync_plan(event, reveal=min(1.0, t / _PLAN_SHARE))
            t = max(0.0, (t - _PLAN_SHARE) / (1 - _PLAN_SHARE))
        eased = easing.in_out_quad(t)
        self._agent.setPos(self._links.path(event.from_page, event.to_page).pointAtPercent(eased))
        if t >= 1.0:
            self._arrive()
        # Glows pulse twice, then settle at a steady mark for the rest of the step.
        pulse = 0.5 + 0.5 * math.cos(float(value) * 4 * math.pi)
        for page in self._glowing:
            self.pages[page].set_glow_strength(0.45 + 0.55 * pulse if float(value) < 1.0 else 1.0)

    def _on_walk_finish(self) -> None:
        self._arrive()

    def _arrive(self) -> None:
        event = self._walk_event
        if event is None:
            return
        self._walk_event = None
        self._agent.setVisible(False)
        self._sync_plan(event)
        for page in {event.from_page, event.to_page, *self._glowing}:  # the cards the walk changed
            item = self.pages[page]
            current = item.page == self.model.exploration.page
            if item.current != current:
                item.current = current
                item.update()
            item.set_glow_strength(1.0)

    def _on_model_replay(self) -> None:
        self._cache_from_now_on()
        self._walk.stop()
        self._walk_event = None
        self._agent.setVisible(False)
        self._sync_pages()
        self._sync_trail()
        self._sync_plan(self.model.last_event)
        self._keep_agent_in_view()

    def _on_model_restart(self) -> None:
        if self.model.site is not self._site:
            self._rebuild_site()
        elif self.model.config.strategy != self._laid_out_for:
            self._relayout()  # the legend depends on the strategy
        # (A new seed, budget or memory keeps the picture: its cards, links and cached pictures.)
        self._on_model_replay()

    def _on_language_change(self, _code: str) -> None:
        lang = self.language.code
        for item in self.pages:
            item.set_name(self.model.site.page_name(item.page, lang))
        self._relayout()
        self._sync_pages()

    def _on_app_font_change(self) -> None:
        # The type size follows the app's. A big site's layout waits with the size: the views around
        # it re-lay out in the new type and change this view's size once more.
        self._relayout_once_settled()

    def _on_theme_change(self) -> None:
        self.setBackgroundBrush(style.colors().backdrop)
        self._relayout()  # the background's lines and the plan are stroked in the theme's colours
        self._sync_pages()
        for item in (*self.pages, self._caption, self._legend):
            item.update()  # cached as pixmaps, painted in the theme's colours
        self.resetCachedContent()
        self.viewport().update()

    def wheelEvent(self, event) -> None:
        steps = event.angleDelta().y() / 120
        if steps:
            self.camera.wheel(steps, event.position())
            event.accept()
        else:
            super().wheelEvent(event)

    def mouseDoubleClickEvent(self, event) -> None:
        self.camera.show_all()
        event.accept()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._relayout_once_settled()

    @property
    def layout_pending(self) -> bool:
        """A layout is asked for and not made yet: a big site's waits for the view's size to settle,
        a hidden view's for its first show (the trail, links and plan wait with it: a snapshot of
        another tab replayed Explore's run onto positions from before its layout)."""
        return self._relayout_soon.isActive() or self._relayout_on_show

    def finish_layout(self) -> None:
        """Lay out now if a layout is pending (before a picture is taken or a position read)."""
        if self.layout_pending or self._relayout_on_show:
            self._relayout()

    def showEvent(self, event) -> None:
        if self._relayout_on_show:
            self.viewport().update()  # laid out as it is painted (paintEvent)
        super().showEvent(event)

    def paintEvent(self, event) -> None:
        # A layout asked for while hidden is made here, as the view is first painted, not as it is
        # shown: a window being shown resizes this view four more times in the same turn of the
        # event loop (its layouts, then the type fitted to its size), each a layout nobody saw (a
        # tenth of the first paint). The painter is set up after it, with the new scene and camera.
        if self._relayout_on_show:
            self._relayout_on_show = False
            self._relayout_once_settled()  # a small site's now; a big site's once the sizes settle
        super().paintEvent(event)

    def _relayout_if_settled(self) -> None:
        """A big site's layout once the window's size has settled, and its type with it.

        A window fits its type to its size once a resize settles, and the new type reaches the views
        as posted font changes and layouts that resize this one again, a few pixels a turn: laid out
        before those, the big site was laid out three times for one resize across a type size."""
        if fonts.type_settling(self):
            self._relayout_soon.start()
            return
        fonts.deliver_size_changes()
        if not self._relayout_soon.isActive():  # else they resized this view: wait for the rest
            self._relayout()

    def _relayout_once_settled(self) -> None:
        if not self.isVisible() or self._relayout_on_show:
            # A window being built resizes its views several times before it is shown, each size a
            # layout nobody sees (five on opening, a fifth of the first paint): lay out once, as it
            # is first painted after being shown (paintEvent).
            self._relayout_on_show = True
        elif self._site is not None and self._site.n_pages > SMALL_SITE_PAGES:
            # A big site's layout takes seconds: lay it out once the sizes settle. A window opening
            # resizes the view several times in one turn of the event loop, a dragged splitter many.
            # Until then its links, trail and plan wait; the relayout draws them.
            self._relayout_soon.start()
        else:
            self._relayout()
