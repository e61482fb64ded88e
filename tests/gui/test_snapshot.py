"""`snapshot` draws the main window headless to a PNG of the requested size."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QImage

from memviz.core.engine import RunConfig
from memviz.gui.snapshot import snapshot


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_snapshot_has_the_requested_size(app, tmp_path, site, size):
    out = snapshot(tmp_path / "shot.png", RunConfig(strategy="frontier", capacity=3), site, 12, size=size)
    image = QImage(str(out))
    assert out == tmp_path / "shot.png"
    assert (image.width(), image.height()) == size
    assert not image.isNull()


def test_snapshot_shows_the_requested_step_and_language(app, tmp_path, site):
    config = RunConfig()
    start = QImage(str(snapshot(tmp_path / "a.png", config, site, 0, size=(960, 600))))
    end = QImage(str(snapshot(tmp_path / "b.png", config, site, None, size=(960, 600))))
    again = QImage(str(snapshot(tmp_path / "c.png", config, site, 30, size=(960, 600))))
    english = QImage(str(snapshot(tmp_path / "d.png", config, site, 30, size=(960, 600), lang="en")))
    assert start != end  # steps=None is the whole budget...
    assert end == again  # ...exactly as 30 steps, pixel for pixel
    assert english != end


def test_snapshot_rejects_bad_arguments(app, tmp_path, site):
    with pytest.raises(
        ValueError,
        match="valid views: explore, compare, batch, sweep, cost, scenarios, evaluate, exercises, info",
    ):
        snapshot(tmp_path / "x.png", RunConfig(), site, 3, view="graph")
    with pytest.raises(ValueError, match="size"):
        snapshot(tmp_path / "x.png", RunConfig(), site, 3, size=(10, 10))
    with pytest.raises(ValueError, match="steps"):
        snapshot(tmp_path / "x.png", RunConfig(), site, -1)
    assert not (tmp_path / "x.png").exists()


def test_a_snapshot_in_the_dark_theme_is_dark_and_the_app_keeps_its_own(tmp_path, site):
    from memviz.cli.parser import THEME_NAMES
    from memviz.gui.kit import themes

    assert THEME_NAMES == themes.THEMES
    before = themes.current().name
    dark = QImage(str(snapshot(tmp_path / "dark.png", RunConfig(), site, 5, size=(960, 600), theme="dark")))
    light = QImage(str(snapshot(tmp_path / "light.png", RunConfig(), site, 5, size=(960, 600))))
    assert themes.current().name == before

    def lightness(image):  # mean lightness of a grid of pixels across the picture
        points = [(x, y) for x in range(10, 950, 47) for y in range(10, 590, 29)]
        return sum(image.pixelColor(x, y).lightnessF() for x, y in points) / len(points)

    assert lightness(dark) < 0.4 < 0.7 < lightness(light)
    with pytest.raises(ValueError, match="theme"):
        snapshot(tmp_path / "x.png", RunConfig(), site, 3, theme="sepia")


def test_the_cli_page_lists_every_view_snapshot_accepts(make_window):
    import re
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[2] / "docs" / "cli.md").read_text(encoding="utf-8")
    listed = re.search(r"memviz snapshot [^|]*?--view ([a-z\\|]+)\]", readme).group(1).split("\\|")
    assert listed == list(make_window().view_names())


def test_an_existing_picture_is_replaced_only_with_force(app, tmp_path, site):
    out = tmp_path / "shot.png"
    out.write_bytes(b"precious")
    with pytest.raises(FileExistsError, match=r"already exists \(add --force to replace it\)"):
        snapshot(out, RunConfig(), site, 3, size=(640, 400))
    assert out.read_bytes() == b"precious"
    snapshot(out, RunConfig(), site, 3, size=(640, 400), force=True)
    assert QImage(str(out)).size().width() == 640
    assert [p.name for p in tmp_path.iterdir()] == ["shot.png"]  # no temporary file left


def test_a_picture_that_cannot_be_written_names_the_file(app, tmp_path, site, monkeypatch):
    # The PNG encoder fails (as on a full disk): the message names the target, and no file is left.
    monkeypatch.setattr(QImage, "save", lambda *args: False)
    out = tmp_path / "shot.png"
    with pytest.raises(OSError, match=f"out: cannot write {out}: the PNG encoder failed"):
        snapshot(out, RunConfig(), site, 3, size=(640, 400))
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("view", ["batch", "sweep"])
def test_an_experiment_past_a_batchs_limit_is_refused_before_it_runs(app, tmp_path, site, view):
    # A sweep at a budget of 100,000 steps is billions of steps: it took 22 GB before it was killed.
    config = RunConfig(strategy="visited", capacity=5, budget=100_000)
    with pytest.raises(ValueError, match=rf"^--view {view}: runs: \d+ runs of up to 100000 steps"):
        snapshot(tmp_path / "x.png", config, site, 0, size=(960, 600), view=view)
    assert list(tmp_path.iterdir()) == []
