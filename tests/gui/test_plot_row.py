"""Plots that give way to the zoom (issue 40): a row too narrow becomes a column, titles take two
lines between words before their type steps down, texts made at a zoom keep their size."""

from __future__ import annotations

import pytest


@pytest.fixture
def zoomed():
    from memviz.gui.kit.zoom import set_current

    yield set_current
    set_current(1.0)


def test_a_row_too_narrow_for_its_plots_becomes_a_column(app, zoomed):
    from memviz.gui.kit.plot_row import MIN_WIDTH_EMS, PlotRow
    from memviz.gui.kit.plots import make_plot

    plots = [(make_plot(), 1) for _ in range(3)]
    row = PlotRow(plots)
    row.resize(1260, 900)
    row.show()
    app.processEvents()
    for zoom, column in ((1.0, False), (1.25, True), (1.5, True)):
        zoomed(zoom)
        row.give_way()
        crowded = MIN_WIDTH_EMS * 12 * zoom > 1260 / 3  # a plot's third against 30 × 12 px × zoom
        assert row.is_column == column == crowded, zoom
    row.close()


def test_a_title_too_wide_takes_two_lines_between_words_at_its_full_type(app, zoomed):
    from memviz.gui.kit.plots import TITLE_PT, make_plot, scaled_pt, set_title

    zoomed(1.5)
    plot = make_plot()
    plot.resize(700, 300)
    plot.show()
    app.processEvents()
    text = "Paired differences: +10.4 [+6.3, +14.5], higher in all 2 runs"
    set_title(plot, text)
    label = plot.getPlotItem().titleLabel
    assert label.text == "Paired differences: +10.4<br>[+6.3, +14.5], higher in all 2 runs"  # not in brackets
    assert label.opts["size"] == scaled_pt(TITLE_PT)  # two lines fit at the full type
    assert label.toolTip() == text
    plot.resize(1600, 300)  # wide enough: one line again
    app.processEvents()
    assert plot.getPlotItem().titleLabel.text == text
    plot.close()


def test_a_text_made_zoomed_keeps_its_size_when_the_zoom_is_applied_again(app, zoomed):
    """A view built lazily at 150 % made its plot texts at 150 %; taken as made at 100 %, the
    next refresh grew them to 225 %."""
    import pyqtgraph as pg

    from memviz.gui.kit.plots import font, make_plot, rescale_text_items

    zoomed(1.5)
    plot = make_plot()
    text = pg.TextItem("mean")
    text.setFont(font(13))
    plot.addItem(text)
    rescale_text_items(plot)
    assert text.textItem.font().pixelSize() == round(13 * 96 / 72 * 1.5)  # 26, not 39
    zoomed(1.0)
    rescale_text_items(plot)
    assert text.textItem.font().pixelSize() == round(13 * 96 / 72)
