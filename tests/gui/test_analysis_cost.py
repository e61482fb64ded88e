"""Cost view: steps and tokens to find every bug per strategy, the chapter's ratio, curves from the core."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QPointF, Qt

from memviz.core.engine import RunConfig
from memviz.core.experiments import cost_to_find_all_bugs
from memviz.core.site import load_site
from memviz.core.stats import pct
from memviz.gui.analysis import CostView
from memviz.gui.analysis.cost_view import cost_strategies
from memviz.gui.kit.language import Language
from memviz.gui.kit.palette import strategy_dash
from memviz.models.settings import RunSettings

SITE = load_site()


@pytest.fixture
def make_view(keep_analysis_view):
    def make(lang: str = "zh", runs: int = 200, **changes) -> CostView:
        view = keep_analysis_view(
            CostView(RunSettings(SITE, RunConfig(**changes)), Language(lang), auto_run=False)
        )
        view.runs_spin.setValue(runs)
        return view

    return make


@pytest.fixture(scope="module")
def chapter_cost():
    return {s: cost_to_find_all_bugs(SITE, RunConfig(strategy=s)) for s in cost_strategies()}


def table(view: CostView) -> dict[tuple[str, str], str]:
    t = view.table
    return {
        (t.verticalHeaderItem(r).text(), t.horizontalHeaderItem(c).text().replace("\n", " ")): t.item(
            r, c
        ).text()
        for r in range(t.rowCount())
        for c in range(t.columnCount())
    }


def test_the_chapters_ratio_and_every_strategys_cost(make_view, chapter_cost):
    view = make_view()
    view.compute_blocking()
    assert "5.8%" in view.headline.text()  # frontier needs about 5.8% of no memory's tokens
    assert "每步贵 17.8%" in view.headline.text()  # the chapter's "每步贵约 18%"
    cells = table(view)
    assert cells["无记忆", "平均 token"] == "1,921,095"
    assert cells["已访问集合 + 链接表", "平均 token"] == "112,130"
    assert cells["已访问集合 + 链接表", "token 占无记忆"] == "5.8%"
    for name, strategy in (
        ("无记忆", "random"),
        ("已访问集合", "visited"),
        ("已访问集合 + 链接表", "frontier"),
    ):
        core = chapter_cost[strategy]
        assert view.result.costs[strategy].runs == core.runs
        assert cells[name, "平均步数"] == f"{core.steps:,.1f}"
        assert cells[name, "每个 Bug 的 token"] == f"{int(core.tokens_per_bug + 0.5):,}"
        assert cells[name, "找全的次数"] == f"{core.all_found} / 200"


def test_the_ratio_follows_the_settings_in_force(make_view):
    view = make_view(runs=60, entry_tokens=400)
    view.compute_blocking()
    data = view.result
    expected = data.costs["frontier"].tokens / data.costs["random"].tokens
    assert data.config.entry_tokens == 400
    assert f"<b>{pct(expected)}%</b>" in view.headline.text()
    assert (
        data.costs["frontier"].runs
        == cost_to_find_all_bugs(SITE, RunConfig(strategy="frontier", entry_tokens=400), 60).runs
    )


def test_curves_come_from_stepping_the_same_runs(make_view):
    view = make_view(runs=40)
    view.compute_blocking()
    data = view.result
    for strategy in cost_strategies():
        runs = data.costs[strategy].runs
        for result, stamps in zip(runs, data.bug_tokens[strategy], strict=True):
            assert len(stamps) == result.bugs
            if result.stop_reason == "all_bugs":
                assert stamps[-1] == result.tokens  # the last bug is found on the run's last step
        x, y = view.curves[strategy].getData()
        assert y[-1] == pytest.approx(np.mean([r.bugs for r in runs]))
        # not by colour alone: each strategy's own line (grey dots for no memory)
        assert view.curves[strategy].opts["pen"].style() == strategy_dash(strategy)
        assert 10 ** x[-1] > max(r.tokens for r in runs)


def test_clicking_a_run_opens_it_as_it_ran(make_view, qtbot):
    view = make_view(runs=60)
    view.resize(1500, 800)
    view.show()
    qtbot.waitExposed(view)
    view.compute_blocking()
    qtbot.wait(50)
    dots = view.dots["steps", "random"]
    top = int(dots.data["y"].argmax())  # the slowest no-memory run sits alone at the top
    seed = int(dots.data["data"][top])
    point = QPointF(float(dots.data["x"][top]), float(dots.data["y"][top]))
    pos = view.steps_plot.mapFromScene(view.steps_plot.getPlotItem().getViewBox().mapViewToScene(point))
    with qtbot.waitSignal(view.settings.open_run_requested, timeout=30000) as opened:
        qtbot.mouseClick(view.steps_plot.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    assert opened.args[0] == RunConfig(strategy="random", seed=seed, until_all_bugs=True)
    slowest = max(view.result.costs["random"].runs, key=lambda r: r.steps)
    assert dots.data["y"][top] == pytest.approx(np.log10(slowest.steps))


def test_english_and_back(make_view):
    view = make_view(lang="en", runs=30)
    view.compute_blocking()
    assert "of no memory's" in view.headline.text()
    assert view.table.horizontalHeaderItem(1).text().replace("\n", " ") == "Mean tokens"
    view.language.set_code("zh")
    assert "只有无记忆" in view.headline.text()
    assert view.curve_plot.getPlotItem().getAxis("left").labelText == "已找到的 Bug（平均个数）"


def test_a_dot_names_its_run(make_view):
    view = make_view(runs=30)
    tip = view.dots["steps", "random"].opts["tip"]
    assert tip(x=0.0, y=2.0, data=1042) == "seed 1042：100 步\n点击：在探索视图里打开"
    tokens_tip = view.dots["tokens", "frontier"].opts["tip"]
    assert tokens_tip(x=0.0, y=5.0, data=1042).startswith("seed 1042：100,000 token\n")


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_legend_and_the_titles_cover_and_cut_nothing(make_view, shown_and_computed, lang, size):
    from PySide6.QtCore import QPointF

    view = shown_and_computed(make_view(lang=lang), size)
    box = view.curve_plot.getPlotItem().getViewBox()
    legend = view.curve_legend.sceneBoundingRect()
    for strategy in cost_strategies():
        xs, ys = view.curves[strategy].getData()
        for i in range(len(xs) - 1):
            x0, y0, x1, y1 = xs[i], ys[i], xs[i + 1], ys[i + 1]
            for t in np.linspace(0, 1, 12):  # along each segment of the step curve
                point = box.mapViewToScene(QPointF(x0 + t * (x1 - x0), y0 + t * (y1 - y0)))
                assert not legend.contains(point), (strategy, x0, y0)
    for plot in (view.steps_plot, view.tokens_plot, view.curve_plot):
        title = plot.getPlotItem().titleLabel
        assert title.item.boundingRect().width() <= plot.width()  # the whole title shows
        assert plot.getPlotItem().sceneBoundingRect().right() <= plot.width() + 1  # nothing cut off


def test_identical_rows_are_explained(make_view):
    """With 3 entries every page of the blog has a link not in memory: the link table is never used,
    so visited set and + link table make the same runs, and the view says why (issue 15)."""
    small = make_view(lang="en", runs=20, capacity=3)
    small.compute_blocking()
    visited, frontier = small.result.costs["visited"], small.result.costs["frontier"]
    assert [r.tokens for r in visited.runs] == [r.tokens for r in frontier.runs]  # the core's runs
    assert "made the very same runs" in small.context_label.text()
    unlimited = make_view(lang="en", runs=20)
    unlimited.compute_blocking()
    assert "made the very same runs" not in unlimited.context_label.text()


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_site_where_no_bug_is_found_says_so(keep_analysis_view, lang):
    """Issue 23: on a site with no bugs, or only unreachable ones, the view failed in numpy ("all the
    input array dimensions…"); every figure without a value says so ("—"), never NaN."""
    from memviz.core.site import Site
    from memviz.wording import NO_VALUE
    from tests.test_odd_sites import ODD_SITES

    for name, doc in ODD_SITES.items():
        site = Site.from_dict(doc)
        view = keep_analysis_view(
            CostView(RunSettings(site, RunConfig(max_steps=60)), Language(lang), auto_run=False)
        )
        view.runs_spin.setValue(20)
        view.compute_blocking()
        cells = table(view)
        per_bug = "每个 Bug 的 token" if lang == "zh" else "Tokens per bug"
        per_bug_cells = [v for (_row, column), v in cells.items() if column == per_bug]
        assert per_bug_cells and all(v == NO_VALUE for v in per_bug_cells), (name, cells)
        shown = " ".join([view.headline.text(), *cells.values()]).lower()
        assert "nan" not in shown and "inf" not in shown, (name, shown)


@pytest.mark.parametrize("size", [(1280, 720), (640, 400)])
def test_the_all_bugs_label_stays_inside_the_plot(make_view, shown_and_computed, qtbot, size):
    """ "all 6 ▼ = mean tokens" stands above the all-bugs line inside the plot, however short the plot
    and however large the type (a fixed room of 0.6 bug cut it off when zoomed); taller type, more room."""
    from PySide6.QtGui import QFont

    view = shown_and_computed(make_view(lang="en", runs=2), size)
    label = view.all_bugs_line.label
    box = view.curve_plot.getPlotItem().getViewBox()
    rooms = []
    for pixels in (13, 22):
        font = QFont(label.textItem.font())
        font.setPixelSize(pixels)
        label.textItem.setFont(font)
        view._fit_all_bugs_room()
        qtbot.waitUntil(lambda: box.viewRange()[1][1] > SITE.n_bugs)
        inside = label.mapRectToItem(box, label.boundingRect())
        assert box.boundingRect().contains(inside), (inside, box.boundingRect())
        rooms.append(box.viewRange()[1][1] - SITE.n_bugs)
    assert rooms[1] > rooms[0]


def test_with_a_context_the_tokens_of_each_call_take_the_steps_plots_place(make_view):
    from memviz.core.context_report import PER_CALL_LINES, per_call_config, tokens_per_call

    view = make_view(lang="en", runs=20, strategy="session", context=12_000, compaction="summary")
    view.resize(1280, 720)
    view.show()
    view.compute_blocking()
    data = view.result
    seeds = range(1000, 1020)
    base = RunConfig(strategy="session", context=12_000, compaction="summary")
    for line in PER_CALL_LINES:  # every line is the core's, at the settings' window
        assert data.per_call[line] == tokens_per_call(SITE, per_call_config(line, 12_000, base), seeds)
        x, y = view.per_call.curves[line].getData()
        assert list(x) == list(range(1, len(data.per_call[line]) + 1))
        assert np.allclose(y * 1000, data.per_call[line])
    assert view.per_call.widget.isVisibleTo(view) and not view.steps_plot.isVisibleTo(view)
    assert [name for name, *_ in view.plots()] == ["tokens-per-call", "tokens", "bugs-by-tokens"]
    assert view.per_call.widget.getPlotItem().titleLabel.text == "Tokens per call (window 12,000)"


def test_without_a_context_the_cost_view_is_the_chapters(make_view):
    view = make_view(runs=20)
    view.compute_blocking()
    assert view.result.per_call is None
    assert not view.per_call.widget.isVisibleTo(view)
    assert [name for name, *_ in view.plots()] == ["steps", "tokens", "bugs-by-tokens"]
