"""A recorded run replayed by eye: File → Open trace (and `memviz --trace`) replays the trace's path in
Explore, labelled as a recording, the run settings its "what if" memory."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from memviz.core.engine import RunConfig
from memviz.core.replay import told_revisits
from memviz.core.trace import trace_text
from memviz.core.trace_import import import_trace
from memviz.core.trace_run import run_trace
from memviz.gui.kit import notices
from memviz.presentation.narration import narrate_step
from tests.core.test_trace_import import _write, browser_use_history, har_log


@pytest.fixture
def human_trace(tmp_path, site):
    """A real-shaped browser-use log, imported: a path no memviz strategy walks."""
    path = [0, 12, 13, 12, 0, 22, 23, 22, 0, 12, 18, 12, 0, 5, 7, 12, 0]
    log = _write(tmp_path, "history.json", browser_use_history(path))
    out = tmp_path / "browser-use.jsonl"
    out.write_text(trace_text(import_trace(log, "browser-use", site)), encoding="utf-8")
    return out, path


def test_open_trace_replays_the_recorded_path_labelled_as_a_recording(make_window, human_trace):
    trace_file, path = human_trace
    window = make_window(RunConfig(strategy="visited", capacity=3), lang="en")
    assert not window.explore.recorded_banner.isVisible()
    assert window.open_trace(trace_file)
    model = window.explore.model
    # its moves, then the call that said "done" (browser-use's last call moved nowhere)
    assert model.recorded.path == tuple(path) and model.total == len(path)
    model.jump(model.total)
    assert [e.to_page for e in model.events] == [*path[1:], None]
    banner = window.explore.recorded_banner
    assert banner.isVisible()
    forgotten = sum(e.was_forgotten for e in model.events)
    told = len(told_revisits(model.events))
    assert forgotten > 0 and told > 0
    text = banner.label.text()
    assert text.startswith(
        "Recorded run: browser-use · browser-use.jsonl · 16 steps (the figures are the trace's own)"
    )
    assert (
        f"If memory were visited/3/fifo: so far {forgotten} forgotten revisits, {told} it would have told"
        in text
    )
    assert not window.explore.predict.switch_box.isVisible()  # nothing to predict in a real run
    assert not window.explore.config_bar.budget.isEnabled()  # a recording is as long as it was
    last = narrate_step(model.events[-1], model.site, model.config, "en", model.recorded)[0].text
    assert last == "Call 17: the agent stops on Home. End of the recording"
    assert window.explore.narration.lines()[-1] == last


def test_the_what_if_memory_follows_the_settings_and_the_recording_can_be_closed(make_window, human_trace):
    trace_file, path = human_trace
    window = make_window(RunConfig(strategy="visited", capacity=3), lang="zh")
    window.open_trace(trace_file)
    model = window.explore.model
    window.settings.update(capacity=12)  # a bigger what-if memory forgets nothing on this walk
    model.jump(model.total)
    assert [e.to_page for e in model.events] == [*path[1:], None]
    assert sum(e.was_forgotten for e in model.events) == 0
    assert "假如记忆是 visited/12/fifo：到目前忘了又回 0 次" in window.explore.recorded_banner.label.text()
    window.explore.recorded_banner.close_button.click()
    QApplication.processEvents()
    assert model.recorded is None and not window.explore.recorded_banner.isVisible()
    assert window.explore.config_bar.budget.isEnabled()
    assert model.total == 30  # the agent's own run again, at its own budget


def test_a_trace_off_another_site_is_told_and_nothing_changes(make_window, tmp_path, monkeypatch):
    told = []
    monkeypatch.setattr(notices, "show_error", lambda parent, title, text: told.append((title, text)))
    window = make_window(lang="en")
    _result, trace = run_trace(window.settings.site, RunConfig(budget=4))
    bad = tmp_path / "other.jsonl"
    bad.write_text(trace_text(trace).replace('"pages": 24', '"pages": 40'), encoding="utf-8")
    assert not window.open_trace(bad)
    assert told and told[0][0] == "Cannot open the trace" and "40 pages" in told[0][1]
    assert window.settings.recorded is None


def test_memviz_trace_refuses_a_bad_trace_before_any_window(tmp_path, capsys):
    from memviz.cli import main

    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"format": "memviz-trace/1", "agent": "x"}\n', encoding="utf-8")
    assert main(["--trace", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "line 1: start_url" in err and err.count("\n") == 1


def test_compare_puts_the_recorded_run_in_a_lane_beside_simulated_ones(make_window, human_trace, qtbot):
    trace_file, path = human_trace
    window = make_window(RunConfig(strategy="visited", capacity=3), lang="en")
    window.open_trace(trace_file)
    window.explore.compare_button.click()
    QApplication.processEvents()
    assert window.tabs.currentWidget() is window.compare
    compare = window.compare
    configs = compare.model.configs
    assert configs[0].recorded is window.settings.recorded and configs[1].recorded is None
    assert compare.model.comparison.lanes[0].path == path
    assert compare.lanes[0].title.text() == "Recorded (browser-use) + memory · 3 · FIFO"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_window_shows_the_recordings_own_figures_as_trace_stats_does(make_window, tmp_path, capsys, lang):
    """A memviz run's trace (frontier/3/fifo) replayed under another what-if memory: every number,
    narration line and bug mark is the trace's; a HAR without bodies shows "—", never 0."""
    import json

    from memviz.cli import main

    window = make_window(RunConfig(), lang=lang)  # no memory: the what-if changes nothing recorded
    site = window.settings.site
    _result, trace = run_trace(site, RunConfig(strategy="frontier", capacity=3, seed=1000, budget=60))
    recorded_file = tmp_path / "run.jsonl"
    recorded_file.write_text(trace_text(trace), encoding="utf-8")
    assert main(["trace", "stats", str(recorded_file), "--json"]) == 0
    [stats] = json.loads(capsys.readouterr().out)
    assert stats["reports"] > 0 and stats["duplicate_reports"] == 0  # the chapter's memory run: no dup
    assert window.open_trace(recorded_file)
    explore = window.explore
    explore.model.jump(explore.model.total)
    QApplication.processEvents()
    numbers = explore.numbers.shown_values()
    assert numbers["reports"] == str(stats["reports"]) and numbers["duplicates"] == "0"
    assert numbers["bugs"] == f"{stats['bugs_found']} / {site.n_bugs}"
    assert numbers["tokens"] == f"{stats['tokens']:,}"
    assert explore.config_bar.strategy_label.text() == (
        "录下的运行 · 假如的记忆" if lang == "zh" else "Recorded run · what-if memory"
    )
    assert explore.memory.title.text().startswith("假如的记忆" if lang == "zh" else "What-if memory")
    text = explore.narration.toPlainText()
    assert ("重复报告" in text) is False and ("duplicate" in text) is False  # no report was a duplicate
    marked = sum(1 for item in explore.graph.pages if item.bug_found)
    assert marked == stats["bugs_found"]

    off = tmp_path / "no-bodies.jsonl"  # a HAR saved without bodies: its reports are not known
    log = _write(tmp_path, "h.har", har_log([0, 12, 13, 12, 23]))
    off.write_text(trace_text(import_trace(log, "har", site)), encoding="utf-8")
    assert window.open_trace(off)
    explore.model.jump(explore.model.total)
    QApplication.processEvents()
    numbers = explore.numbers.shown_values()
    assert [numbers[k] for k in ("bugs", "reports", "duplicates", "tokens")] == ["—"] * 4
    assert not any(item.bug_found for item in explore.graph.pages)


def test_a_recorded_lane_in_compare_says_unknown_where_its_trace_does(make_window, tmp_path):
    """A HAR without bodies in Compare's first lane: its bugs are "—", never 0/6; tokens too."""
    window = make_window(RunConfig(strategy="visited", capacity=3), lang="en")
    trace_file = tmp_path / "no-bodies.jsonl"
    log = _write(tmp_path, "h.har", har_log([0, 12, 13, 12, 23]))
    trace_file.write_text(trace_text(import_trace(log, "har", window.settings.site)), encoding="utf-8")
    window.open_trace(trace_file)
    window.explore.compare_button.click()
    QApplication.processEvents()
    recorded_lane, simulated = window.compare.lanes[0], window.compare.lanes[1]
    shown = [n.value for n in recorded_lane._numbers(len(recorded_lane.lane.steps))]
    assert shown[4:] == ["—", "—"]
    assert "—" not in [n.value for n in simulated._numbers(len(simulated.lane.steps))]
