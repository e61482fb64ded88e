"""Zoom, pan and follow-the-agent for the site graph.

The graph is laid out to fill the view (zoom 1: the whole site). On a big site or a small screen
the cards get small, so the wheel zooms in about the pointer, a drag pans, a double click shows the
whole site again, and F turns "follow the agent" on or off: while zoomed in and following, every
step keeps the page the agent walks to in view. The zoom is the view's transform only; the layout,
the cards and their cached pictures are not redone.
"""

from __future__ import annotations

from collections.abc import Callable

from memviz.gui.kit import style
from memviz.gui.kit.language import Language
from memviz.gui.qt import QGraphicsView, QLabel, QPointF, QRectF, Qt, QTransform
from memviz.wording import explore as explore_words

ZOOM_STEP = 1.25  # one notch of the wheel
MAX_ZOOM = 8.0


class GraphCamera:
    """What part of the graph's scene its view shows. Owned by the view, which passes on its events."""

    def __init__(self, view: QGraphicsView, language: Language) -> None:
        self.view = view
        self.language = language
        self.zoom = 1.0  # over the whole site
        self.fit_scale = 1.0  # the scale that shows the whole site (under 1 for a big site's canvas)
        self.follow = True
        self.on_scale: Callable[[], None] | None = None  # told after the view's scale is set
        # Where the camera stands, said in the graph's corner while zoomed in: a label on the view,
        # not scene text and not on the viewport, whose children scroll with the picture.
        self.badge = QLabel(view)
        self.badge.setObjectName("graph_zoom_badge")
        self.badge.setTextFormat(Qt.TextFormat.PlainText)
        self.badge.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.badge.hide()
        language.changed.connect(self._on_language_change)  # a lambda kept the camera (and its view) alive

    # -- the user's hands ---------------------------------------------------------------------------

    def wheel(self, steps: float, anchor: QPointF) -> None:
        """Zoom by ``steps`` wheel notches (up: in), keeping the scene point under ``anchor`` there."""
        self.zoom_to(self.zoom * ZOOM_STEP**steps, anchor)

    def zoom_to(self, zoom: float, anchor: QPointF | None = None) -> None:
        zoom = min(self.max_zoom, max(1.0, zoom))
        if zoom == self.zoom:
            return
        view = self.view
        if anchor is None:
            anchor = QPointF(view.viewport().rect().center())
        under = view.mapToScene(anchor.toPoint())
        self.zoom = zoom
        self._apply()
        # Put the scene point that was under the anchor back under it.
        moved = view.mapToScene(anchor.toPoint()) - under
        view.centerOn(view.mapToScene(view.viewport().rect().center()) - moved)
        view.setDragMode(
            QGraphicsView.DragMode.ScrollHandDrag if zoom > 1.0 else QGraphicsView.DragMode.NoDrag
        )
        self._show_badge()

    @property
    def max_zoom(self) -> float:
        """Close enough to read any name: MAX_ZOOM over the laid-out size."""
        return MAX_ZOOM / self.fit_scale

    def _apply(self) -> None:
        scale = self.fit_scale * self.zoom
        self.view.setTransform(QTransform.fromScale(scale, scale))
        if self.on_scale is not None:
            self.on_scale()

    def show_all(self) -> None:
        self.zoom_to(1.0)

    def toggle_follow(self) -> None:
        self.follow = not self.follow
        self._show_badge()

    # -- the run ------------------------------------------------------------------------------------

    def keep_in_view(self, area: QRectF) -> None:
        """Following and zoomed in: scroll, if needed, so ``area`` (scene) is in view with a margin."""
        if self.zoom <= 1.0 or not self.follow:
            return
        margin = int(min(self.view.viewport().width(), self.view.viewport().height()) * 0.15)
        self.view.ensureVisible(area, margin, margin)

    def visible_scene_rect(self) -> QRectF:
        return self.view.mapToScene(self.view.viewport().rect()).boundingRect()

    def relaid_out(self, fit_scale: float) -> None:
        """The layout changed (a resize, a site): keep the zoom, and the badge in its corner."""
        self.fit_scale = fit_scale
        self.zoom = min(self.zoom, self.max_zoom)
        self._apply()
        self._show_badge()

    def _on_language_change(self, _code: str) -> None:
        self._show_badge()

    def _show_badge(self) -> None:
        if self.zoom <= 1.0:
            self.badge.hide()
            return
        tr = self.language.tr
        follow = tr(explore_words.FOLLOW_THE_AGENT_ON) if self.follow else tr(explore_words.FOLLOW_OFF)
        self.badge.setText(tr(explore_words.DRAG_TO_PAN_DOUBLE_CLICK_WHOLE_N, zoom=self.zoom, follow=follow))
        c = style.colors()  # the theme's, read when shown
        self.badge.setStyleSheet(
            f"QLabel#graph_zoom_badge {{ background: {c.paper.name()}; color: {c.ink.name()};"
            f" border: 1px solid {c.muted.name()}; border-radius: 4px; padding: 2px 6px; }}"
        )
        area = self.view.viewport().geometry()
        # Wider than the graph (720p at 150 %) it wraps between words: it began cut at the left
        room = max(area.width() - 16, 40)
        natural = self.badge.fontMetrics().horizontalAdvance(self.badge.text()) + 18  # padding, border
        self.badge.setWordWrap(natural > room)
        self.badge.setMaximumWidth(room)
        self.badge.adjustSize()
        if self.badge.wordWrap():
            self.badge.resize(room, self.badge.heightForWidth(room))
        self.badge.move(area.right() - self.badge.width() - 8, area.top() + 8)
        self.badge.show()
        self.badge.raise_()
