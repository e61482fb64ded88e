"""`memviz --site FILE --capacity 3 …`: the window opens on that site and run (run_app)."""

from __future__ import annotations

import json

from PySide6.QtWidgets import QApplication

from memviz.core.engine import RunConfig
from memviz.core.site import load_site


def test_the_window_opens_on_the_site_and_run_from_the_command_line(app, tmp_path, monkeypatch):
    from memviz.gui import app as app_module
    from memviz.gui.kit import preferences
    from memviz.gui.main_window import MainWindow

    path = tmp_path / "mine.json"
    path.write_text(
        json.dumps(
            {"format": "memviz-site/1", "pages": [{"zh": "首页", "en": "Home", "links": [1]}, {"zh": "关于"}]}
        ),
        encoding="utf-8",
    )
    remembered = preferences.Preferences(preferences.store_at(tmp_path / "settings.ini"))
    remembered.set_run_config(RunConfig(strategy="visited", seed=5, capacity=4, budget=20))
    remembered.sync()
    monkeypatch.setattr(preferences, "Preferences", lambda: remembered)
    seen = []

    def exec_and_look():  # instead of running the event loop: look at the window, then close it
        (window,) = [w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow) and w.isVisible()]
        seen.append((window.settings.site, window.settings.site_path, window.settings.config))
        window.close()
        window.deleteLater()
        return 0

    monkeypatch.setattr(app, "exec", exec_and_look)
    monkeypatch.setattr(app_module, "settle_garbage_collector", lambda: None)  # gc.freeze: not in tests
    site = load_site(path)
    assert app_module.run_app(lang="en", site=site, site_path=path, run={"capacity": 3, "policy": "lru"}) == 0
    ((shown_site, shown_path, config),) = seen
    assert shown_site is site and shown_path == path
    # What the command line gives wins; the rest is what was remembered.
    assert (config.strategy, config.seed, config.capacity, config.policy, config.budget) == (
        "visited", 5, 3, "lru", 20,
    )  # fmt: skip
