"""A policy registered in the core appears in every view with no change to the GUI (README's recipe)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtGui import QColor

from memviz.core.engine import RunConfig
from memviz.core.policies import POLICIES
from memviz.core.site import load_site
from memviz.gui.analysis import SweepView
from memviz.gui.kit.language import Language
from memviz.models.settings import RunSettings
from tests.core.test_memory import Newest

MRU = dict(zh="最新写入的先忘", en="MRU", rule_zh="最新写入的先忘", rule_en="newest written goes first")


@pytest.fixture
def mru():
    """The toy policy, registered for one test. Views built on it are deleted before it goes: a
    live view would redraw it on the next theme or language change."""
    policy = POLICIES.register(Newest("mru", *MRU.values(), "#123456"))
    views = []
    yield policy, views.append
    for view in views:
        view.close()
        view.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    POLICIES.unregister("mru")


def test_explore_offers_names_and_narrates_a_registered_policy(make_window, mru, qtbot):
    _, dispose_later = mru
    window = make_window(RunConfig(strategy="visited", capacity=3, policy="mru", seed=7), lang="en")
    dispose_later(window)
    combo = window.explore.config_bar.policy

    def offered():
        return [(combo.itemData(i), combo.itemText(i)) for i in range(combo.count())]

    # an installed plugin's policies join the menu once the window has painted (controls.py)
    qtbot.waitUntil(lambda: sorted(data for data, _ in offered()) == sorted(POLICIES.names()))
    items = offered()
    # the built-in ones first, then every other registered one (the toy, an installed plugin's)
    assert items[:5] == [
        ("fifo", "FIFO"),
        ("lru", "LRU"),
        ("random", "Random"),
        ("ttl", "Time to live"),
        ("opt", "Clairvoyant"),
    ]
    assert ("mru", "MRU") in items and all(text for _, text in items)  # every one named
    assert combo.currentData() == "mru"
    explore = window.explore
    explore.model.jump(10)
    assert "Capacity 3, MRU: newest written goes first." in explore.memory.rule.text()
    evictions = [e for e in explore.model.events if e.memory_evicted is not None]
    assert evictions
    forgot = [line for line in explore.narration.lines() if "forgets" in line]
    assert len(forgot) == len(evictions)
    assert all("Memory full, MRU (newest written goes first) forgets:" in line for line in forgot)


def test_the_sweep_draws_a_registered_policy_in_its_colour(keep_analysis_view, mru):
    _, dispose_later = mru
    view = keep_analysis_view(
        SweepView(RunSettings(load_site(), RunConfig(strategy="frontier")), Language("en"), auto_run=False)
    )
    dispose_later(view)
    view.capacity_to.setValue(4)
    view.capacity_from.setValue(3)
    view.runs_spin.setValue(20)
    view.compute_blocking()
    policies = view.result.sweep.policies  # the built-in ones, then every other (an installed plugin's)
    assert policies[:5] == ("fifo", "lru", "random", "ttl", "opt") and "mru" in policies
    assert "MRU" in [label.text for _, label in view.legend.items]
    assert view.curves["mru"].opts["pen"].color() == QColor("#123456")
