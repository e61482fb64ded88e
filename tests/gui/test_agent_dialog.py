"""File → Run a model…: a live run against the scripted endpoint, watched in the window.

Explore replays the growing trace to its last step (the same path the model walked, with its memory
as the what-if memory), the "What the model saw" panel shows the prompt with the memory block
highlighted and the reply, and Cancel ends the run with every finished step in the trace."""

from __future__ import annotations

import json

import pytest

from memviz.core.trace import read_trace
from tests.agent.endpoint import Endpoint
from tests.agent.test_agent_runs import predicted_path


@pytest.fixture
def endpoint():
    served = Endpoint()
    yield served
    served.stop()


def open_dialog(window, endpoint, tmp_path, budget: int, memory: str = "frontier"):
    window.run_model_action.trigger()
    dialog = window.agent_dialog
    dialog.endpoint.setText(endpoint.url)
    dialog.model.setText("scripted")
    dialog.memory.setCurrentIndex(dialog.memory.findData(memory))
    dialog.budget.setValue(budget)
    dialog.folder.setText(str(tmp_path / "live"))
    return dialog


def test_a_live_run_is_watched_step_by_step(make_window, endpoint, tmp_path, qtbot, site):
    window = make_window(lang="en")
    dialog = open_dialog(window, endpoint, tmp_path, budget=6)
    dialog.run_button.click()
    qtbot.waitUntil(lambda: dialog.run is None and dialog.run_button.isEnabled(), timeout=20_000)
    (path,) = (tmp_path / "live").glob("*.jsonl")
    expected = predicted_path(site, 6, memory=True)
    assert read_trace(path).path == expected
    model = window.explore.model
    assert window.settings.recorded is not None and list(window.settings.recorded.path) == expected
    assert model.position == model.total == 6 and model.exploration.memory_order() == tuple(expected)
    html = dialog.saw.toHtml()
    assert "#fff3b0" in html and "== Memory" in dialog.saw.toPlainText()  # the block, highlighted
    last = json.loads(path.read_text().splitlines()[-1])
    assert dialog.reply.toPlainText() == last["reply"]
    assert dialog.status.text().startswith("Finished (budget): 6 steps")
    # "Compare this run with…": the model's path beside the rule with the same memory, and no memory
    window.explore.compare_button.click()
    lanes = window.compare.model.configs
    assert lanes[0].recorded is not None and list(lanes[0].recorded.path) == expected
    assert [(c.strategy, c.recorded) for c in lanes[1:]] == [("frontier", None), ("random", None)]


def test_cancel_ends_at_once_and_keeps_the_trace(make_window, endpoint, tmp_path, qtbot):
    endpoint.faults = [None, None, "slow"]  # the third call hangs until the endpoint stops
    window = make_window(lang="en")  # (the scripted model reads the English templates)
    dialog = open_dialog(window, endpoint, tmp_path, budget=30)
    dialog.run_button.click()
    qtbot.waitUntil(lambda: len(endpoint.requests) == 3, timeout=20_000)
    dialog.cancel_button.click()
    assert dialog.status.text().startswith("Cancelling")
    qtbot.waitUntil(lambda: dialog.run is None, timeout=5_000)  # while the call still hangs
    assert not endpoint.release.is_set()
    (path,) = (tmp_path / "live").glob("*.jsonl")
    trace = read_trace(path)
    assert len(trace.steps) == 3  # the start and the two finished steps; the abandoned call's is not
    assert dialog.status.text().startswith("Finished (cancelled): 2 steps")
    assert len(endpoint.requests) == 3  # no call after the cancel
    window.language.set_code("zh")  # the dialog's words follow the window's language
    assert dialog.run_button.text() == "运行" and dialog.windowTitle().startswith("实时 Agent")


def test_the_history_is_sent_and_said_when_the_context_is_on(make_window, endpoint, tmp_path, qtbot, site):
    window = make_window(lang="en")
    dialog = open_dialog(window, endpoint, tmp_path, budget=6, memory="none")
    dialog.context.setValue(1_000_000)  # room for every turn: the model walks by its history alone
    dialog.run_button.click()
    qtbot.waitUntil(lambda: dialog.run is None and dialog.run_button.isEnabled(), timeout=20_000)
    (path,) = (tmp_path / "live").glob("*.jsonl")
    assert read_trace(path).path == predicted_path(site, 6, memory=True)
    assert "(5 earlier turns were sent before this message)" in dialog.saw.toPlainText()
    assert "== Memory" not in dialog.saw.toPlainText()
