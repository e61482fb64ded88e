"""The graph's camera: the wheel zooms about the pointer, a drag pans, a double click shows the
whole site, and while zoomed in the agent stays in view (issues 14 and 15)."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QGraphicsView

from memviz.core.engine import RunConfig
from memviz.gui.explore.graph_camera import MAX_ZOOM, ZOOM_STEP

CONFIG = RunConfig(strategy="frontier", capacity=3, policy="fifo")


def _wheel(view, at: QPoint, notches: int) -> None:
    event = QWheelEvent(
        QPointF(at),
        QPointF(view.viewport().mapToGlobal(at)),
        QPoint(0, 0),
        QPoint(0, 120 * notches),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(view.viewport(), event)


def test_the_wheel_zooms_about_the_pointer(make_window):
    graph = make_window(CONFIG).explore.graph
    home = graph.center_of(0)
    at = graph.mapFromScene(home)
    before = graph.mapFromScene(graph.center_of(1)) - at
    _wheel(graph, at, 2)
    assert graph.camera.zoom == ZOOM_STEP**2
    assert (graph.mapFromScene(home) - at).manhattanLength() <= 2  # the page under the pointer stays
    after = graph.mapFromScene(graph.center_of(1)) - graph.mapFromScene(home)
    assert abs(after.x()) >= abs(before.x()) * 1.5 - 2  # and the picture grew around it
    assert graph.dragMode() == QGraphicsView.DragMode.ScrollHandDrag
    assert graph.camera.badge.isVisible() and "%" in graph.camera.badge.text()


def test_zoom_stays_between_the_whole_site_and_its_limit(make_window):
    graph = make_window(CONFIG).explore.graph
    _wheel(graph, graph.viewport().rect().center(), -3)
    assert graph.camera.zoom == 1.0 and graph.transform().isIdentity()
    for _ in range(20):
        _wheel(graph, graph.viewport().rect().center(), 1)
    assert graph.camera.zoom == MAX_ZOOM
    QTest.mouseDClick(graph.viewport(), Qt.MouseButton.LeftButton)
    assert graph.camera.zoom == 1.0
    assert graph.dragMode() == QGraphicsView.DragMode.NoDrag
    assert not graph.camera.badge.isVisible()
    visible = graph.camera.visible_scene_rect()
    for item in graph.pages:  # the whole site is in view again
        assert visible.contains(item.sceneBoundingRect().center())


def test_a_drag_pans_when_zoomed_in(make_window):
    graph = make_window(CONFIG).explore.graph
    graph.camera.zoom_to(3.0)
    before = graph.camera.visible_scene_rect()
    start = graph.viewport().rect().center()
    QTest.mousePress(graph.viewport(), Qt.MouseButton.LeftButton, pos=start)
    QTest.mouseMove(graph.viewport(), start + QPoint(60, 0))
    QTest.mouseMove(graph.viewport(), start + QPoint(120, 0))
    QTest.mouseRelease(graph.viewport(), Qt.MouseButton.LeftButton, pos=start + QPoint(120, 0))
    after = graph.camera.visible_scene_rect()
    assert after.left() < before.left() - 10  # dragged right: the view moved left over the scene


def test_following_keeps_the_agent_in_view_and_f_turns_it_off(make_window):
    window = make_window(CONFIG, lang="en")
    graph, model = window.explore.graph, window.explore.model
    graph.camera.zoom_to(4.0)
    for _ in range(model.total):
        model.step()
        page = model.exploration.page
        assert graph.camera.visible_scene_rect().contains(graph.center_of(page)), model.position
    # F works whatever has the focus on the Explore tab, a number field included
    window.explore.config_bar.seed.setFocus()
    QTest.keyClick(window, Qt.Key.Key_F)
    assert not graph.camera.follow and "off" in graph.camera.badge.text()
    model.reset()
    shown = graph.camera.visible_scene_rect()
    for _ in range(10):
        model.step()
    assert graph.camera.visible_scene_rect() == shown  # not following: the camera stays put
