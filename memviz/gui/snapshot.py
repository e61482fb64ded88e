"""Render the main window to a PNG without a display: for the README, lecture slides and checks."""

from __future__ import annotations

import os
from pathlib import Path

from memviz.core.engine import RunConfig
from memviz.core.site import Site
from memviz.gui.lazy_view import LazyView
from memviz.outfile import atomic_output, check_output


def check_experiment(view: str, shown, config: RunConfig) -> None:
    """Refuse an analysis view whose experiment is past a batch's limit (memviz.core.limits).

    A sweep makes capacities x policies x runs runs: at a budget of 100,000 steps that is billions
    of steps (measured: 22 GB before it was killed). The Cost view runs until all bugs are found.
    """
    from memviz.core.limits import check_batch

    _function, runs = shown._job_function()
    step_limit = config.with_(until_all_bugs=True).step_limit if view == "cost" else config.step_limit
    try:
        check_batch(runs, step_limit, ValueError)
    except ValueError as exc:
        raise ValueError(f"--view {view}: {exc}") from None


def snapshot(
    out: Path,
    config: RunConfig,
    site: Site,
    steps: int | None,
    size: tuple[int, int] = (1920, 1080),
    lang: str = "zh",
    view: str = "explore",
    theme: str = "light",
    force: bool = False,
    compare: list[str] | None = None,
) -> Path:
    """Draw the main window after ``steps`` model calls (None: the whole run) to ``out`` as a PNG.

    For the batch, sweep and cost views, their experiment is computed first with the settings given.

    The image is exactly ``size`` pixels. Animations are off, so it shows each step's end state.
    ``compare``: the Compare view's lanes (``STRATEGY[/CAPACITY[/POLICY]]`` each).
    ``theme`` is light, dark or projector; a running app gets its own theme back afterwards.
    The picture is written to a temporary file of its own beside ``out`` and renamed over it; an
    existing ``out`` is replaced only with ``force`` (FileExistsError otherwise, before any drawing).
    Raises ValueError for an unknown view or theme (naming the valid ones), a bad size or step
    count, and OSError (naming the file) when the file cannot be written.
    """
    width, height = size
    if width < 320 or height < 240:
        raise ValueError(f"size: must be at least 320x240, got {width}x{height}")
    if steps is not None and steps < 0:
        raise ValueError(f"steps: must not be negative, got {steps}")
    if lang not in ("zh", "en"):
        raise ValueError(f"lang: expected zh or en, got {lang!r}")
    out = Path(out)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

    from memviz.gui.app import create_app
    from memviz.gui.kit import themes
    from memviz.gui.kit.language import Language
    from memviz.gui.main_window import MainWindow
    from memviz.gui.qt import QApplication, QCoreApplication, QFont, Qt
    from memviz.models.settings import RunSettings

    if theme not in themes.THEMES:
        raise ValueError(f"theme: expected one of {', '.join(themes.THEMES)}, got {theme!r}")
    check_output(out, force)
    existing = QApplication.instance()
    previous_font = QFont(existing.font()) if existing is not None else None
    app = create_app(height=height)  # type sized for the image, as the app does for a screen
    previous_theme = themes.current().name
    themes.manager().apply(theme)  # before the window: views start in it
    settings = RunSettings(site=site, config=config)
    window = MainWindow(settings, Language(lang))
    try:
        view, _, detail = view.partition("/")  # e.g. scenarios/poison/notes: what the view shows
        window.select_view(view)
        shown = window.current_view()
        if isinstance(shown, LazyView):  # tabs are built on first show: draw the real view
            shown = shown.view
        if hasattr(shown, "choose_for_snapshot"):  # e.g. sweep/ttl: what the experiment varies
            shown.choose_for_snapshot(detail)
        if hasattr(shown, "_job_function"):  # an analysis view's experiment, sized before it runs
            check_experiment(view, shown, config)  # before any run: a line, not minutes and gigabytes
        window.explore.model.set_animated(False)
        window.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen, True)
        window.setMinimumSize(0, 0)
        window.resize(width, height)
        window.show()
        model = window.explore.model
        model.jump(model.total if steps is None else steps)
        if hasattr(shown, "show_for_snapshot"):  # scenarios: which one, how, how many steps
            shown.show_for_snapshot(detail, steps)
        if hasattr(shown, "prepare_snapshot"):  # the Compare view: its lanes, at this step
            shown.prepare_snapshot(steps, compare)
        if hasattr(shown, "compute_blocking"):  # analysis views: compute here, then draw
            shown.compute_blocking()
        for _ in range(3):
            app.processEvents()
        window.explore.graph.finish_layout()  # a big site's graph lays out once its size settles
        image = window.grab().toImage()
        if (image.width(), image.height()) != (width, height):  # a high-DPI screen doubles the pixels
            image = image.scaled(
                width,
                height,
                Qt.AspectRatioMode.IgnoreAspectRatio,
                Qt.TransformationMode.SmoothTransformation,
            )
        with atomic_output(out, force) as partial:
            if not image.save(str(partial), "PNG"):
                raise OSError("the PNG encoder failed")  # named by atomic_output
    finally:
        from memviz.gui.kit import worker

        worker.stop_all()  # a view's job (the Compare view's regret panel) ends before its window
        window.close()
        window.deleteLater()
        QCoreApplication.sendPostedEvents(None, 0)
        app.processEvents()
        if previous_font is not None:  # a running app keeps its own type size and theme
            app.setFont(previous_font)
        if previous_theme != theme:
            themes.manager().apply(previous_theme)
    return out
