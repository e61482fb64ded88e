"""The main window: a tab per view (Explore first), and the menus that serve a classroom.

View menu: language, theme (light, dark, projector), whole-UI zoom and full screen. File menu: open
a site, copy or save the current view as a picture, reset preferences. What the user chose is kept
in :class:`Preferences` between starts (when the window is given one; snapshots and tests are not).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from memviz import __version__
from memviz.core.site import SiteError, load_site
from memviz.gui.explore import ExploreView
from memviz.gui.kit import fonts, style, themes
from memviz.gui.kit import zoom as zoom_steps
from memviz.gui.kit.elided_label import ElidedLabel
from memviz.gui.kit.first_paint import when_painted
from memviz.gui.kit.fonts import point_size_for_window
from memviz.gui.kit.language import Language
from memviz.gui.kit.preferences import ZOOM_MAX, ZOOM_MIN, Preferences
from memviz.gui.lazy_view import LazyView
from memviz.gui.qt import (
    QApplication,
    QLabel,
    QMainWindow,
    Qt,
    QTabWidget,
    QTimer,
    QWidget,
)
from memviz.gui.window_menus import WindowMenus
from memviz.models.settings import RunSettings
from memviz.paths import dialog_start, resource_path
from memviz.wording import classroom as class_words
from memviz.wording import common as common_words
from memviz.wording import exercises as exercises_words
from memviz.wording import window as window_words
from memviz.wording.traces import cannot_open_trace, open_trace_action, trace_files

# What only a menu's action needs (its dialogs, traces, file output) is imported in that action, not
# here: each module imported, and each Qt class first named, is time before the first paint (issue 41).

EXPLORE = "explore"


def served_blog_path() -> Path:
    return resource_path("sites", "conduit24-versions.json")  # memviz serve's default site


def shown_zoom(zoom: float, presenter: bool) -> float:
    """The zoom the type is set at for the View menu's ``zoom``: a step larger in presenter mode."""
    return min(ZOOM_MAX, zoom_steps.zoom_in(zoom)) if presenter else zoom


class MainWindow(WindowMenus, QMainWindow):
    """Holds the shared models (site and run settings, UI language) and one tab per view."""

    def __init__(
        self,
        settings: RunSettings | None = None,
        language: Language | None = None,
        parent: QWidget | None = None,
        preferences: Preferences | None = None,
    ) -> None:
        theme = preferences.theme() if preferences is not None else "light"
        if preferences is not None:
            # The remembered theme before the window exists, not after (restore_preferences): Qt
            # tells every widget alive of a new palette, and after they were built it told ~160
            # widgets, in their own colours already, before the first paint.
            themes.manager().apply(theme)
        app = QApplication.instance()
        base = app.font().pointSizeF() if app is not None else 10.0  # the type before any zoom
        if preferences is not None and app is not None:
            # The remembered zoom's type before the window exists too: fitted in
            # restore_preferences, every widget's font was set again and the window laid out anew
            # before its first picture (2.5 % of a start at 125 % in presenter mode, issue 41), and
            # set after the window was made, Qt told it of the change once its views were built.
            shown = shown_zoom(preferences.zoom(), preferences.presenter())
            if shown != 1.0:
                font = app.font()
                font.setPointSizeF(base * shown)
                app.setFont(font)
                zoom_steps.set_current(shown)
        super().__init__(parent)
        self.setObjectName("memviz_main_window")
        self.settings = settings if settings is not None else RunSettings()
        self.language = language if language is not None else Language(parent=self)
        self.preferences = preferences
        self.settings_notice: str | None = None  # what start-up told about the settings file
        self.theme = theme
        self.zoom = 1.0
        self.presenter = False  # presenter mode: Explore's graph and memory fill it, type a step up
        self._base_point_size = base
        # The type follows the window's size (fit_type_to_window), looked at once a resize settles:
        # a dragged edge sends dozens of resizes, and each new type size lays every view out again.
        self._type_timer = QTimer(self)
        self._type_timer.setSingleShot(True)
        self._type_timer.setInterval(0)
        self._type_timer.timeout.connect(self.fit_type_to_window)
        self._titles: dict[QWidget, tuple[str, str]] = {}

        self.tabs = QTabWidget()
        self.tabs.setObjectName("main_tabs")
        self.tabs.setDocumentMode(True)
        self.tabs.setTabBarAutoHide(True)  # one view needs no tab bar; others show it when added
        self.setCentralWidget(self.tabs)
        self.explore = ExploreView(self.settings, self.language)
        self.add_view(self.explore, *window_words.EXPLORE)
        self._add_other_views()

        self.hint = ElidedLabel()  # "…" and the whole in its tooltip where the window is too narrow
        self.hint.setObjectName("status_hint")
        self.statusBar().addWidget(self.hint, 1)
        # A message (the start-up notice) hides the hint; one shown before the window was (as
        # run_app does) was drawn over it once the window showed its children.
        self.statusBar().messageChanged.connect(lambda message: self.hint.setVisible(not message))
        self.site_label = QLabel()
        self.site_label.setObjectName("status_site")
        self.site_label.setTextFormat(Qt.TextFormat.PlainText)  # a site's name is text, never HTML
        self.statusBar().addPermanentWidget(self.site_label)
        self.zoom_label = QLabel()  # the zoom in force, when it is not 100%
        self.zoom_label.setObjectName("status_zoom")
        self.statusBar().addPermanentWidget(self.zoom_label)

        self._build_menus()
        self.tabs.currentChanged.connect(lambda _index: self._set_hint())
        self.settings.open_run_requested.connect(self._on_open_run_request)
        self.settings.open_view_requested.connect(self.select_view)
        self.settings.compare_requested.connect(lambda config: self.compare.compare_with(config))
        self.settings.compare_requested.connect(lambda _config: self.tabs.setCurrentWidget(self.compare))
        self.settings.site_changed.connect(self._on_site_change)
        self.language.changed.connect(self._on_language_change)
        self.language.settled.connect(self._on_language_settled)
        self._set_texts()
        self.resize(1600, 960)
        self.setMinimumSize(960, 600)
        self.keys_made = False
        when_painted(self, self.make_keys)

    def make_keys(self) -> None:
        """The keyboard's shortcuts (the menus' and Explore's), made once the window has painted, in
        the turn of the event loop of its first frame, before any key of that turn is read: the
        first picture shows none of them, and they cost 7 M instructions (0.6 %) of it (issue 41).
        A window that is never shown has none; :meth:`make_keys` may be called first (idempotent)."""
        if self.keys_made:
            return
        self.keys_made = True
        self._set_shortcuts()
        self.explore.make_keys()

    # -- views ----------------------------------------------------------------------------------------

    def add_view(self, widget: QWidget, zh_title: str, en_title: str) -> int:
        """Add a view as a tab; its title follows the UI language. Returns the tab index.

        The view is found by its object name (e.g. by ``memviz snapshot --view``); a widget without
        one is named after its English title ("Link table" -> "link_table").
        """
        if not widget.objectName():
            widget.setObjectName(re.sub(r"[^0-9a-z]+", "_", en_title.lower()).strip("_") or "view")
        if widget.objectName() in self.view_names():
            raise ValueError(f"a view named {widget.objectName()!r} is already open")
        self._titles[widget] = (zh_title, en_title)
        return self.tabs.addTab(widget, self.language.tr(zh_title, en_title))

    def _add_other_views(self) -> None:
        # Imported and built when their tab is first shown or used (memviz.gui.lazy_view): each view
        # module is sizeable, and the Explore view must come up first.
        store = self.preferences.store if self.preferences is not None else None
        settings, language = self.settings, self.language

        def batch():
            from memviz.gui.analysis import BatchView

            return BatchView(settings, language)

        def sweep():
            from memviz.gui.analysis import SweepView

            return SweepView(settings, language)

        def cost():
            from memviz.gui.analysis import CostView

            return CostView(settings, language)

        def compare():
            from memviz.gui.compare import CompareView

            return CompareView(settings, language)

        def scenarios():
            from memviz.gui.scenarios import ScenariosView

            return ScenariosView(settings, language)

        def evaluate():
            from memviz.gui.evaluate import EvaluateView

            return EvaluateView(settings, language)

        def exercises():
            from memviz.gui.exercises.view import ExercisesView

            return ExercisesView(settings, language, store=store)

        def info():
            from memviz.gui.info_view import InfoView

            return InfoView(settings, language)

        self.batch, self.sweep, self.cost = (
            LazyView("batch", batch),
            LazyView("sweep", sweep),
            LazyView("cost", cost),
        )
        self.exercises, self.info = LazyView("exercises", exercises), LazyView("info", info)
        self.compare = LazyView("compare", compare)
        for view, zh, en in (
            (self.compare, *window_words.COMPARE),
            (self.batch, *common_words.BATCH),
            (self.sweep, *common_words.SWEEP),
            (self.cost, *common_words.COST),
            (LazyView("scenarios", scenarios), *window_words.SCENARIOS),
            (LazyView("evaluate", evaluate), *common_words.EVALUATE),
            (self.exercises, *exercises_words.EXERCISES),
            (self.info, *window_words.ABOUT_THE_MODEL),
        ):
            self.add_view(view, zh, en)

    def current_view(self) -> QWidget:
        return self.tabs.currentWidget()

    def view_names(self) -> list[str]:
        return [self.tabs.widget(i).objectName() for i in range(self.tabs.count())]

    def select_view(self, name: str) -> QWidget:
        """Show the tab whose view has this object name; ValueError names the valid ones."""
        names = self.view_names()
        if name not in names:
            raise ValueError(f"unknown view {name!r}; valid views: {', '.join(names)}")
        self.tabs.setCurrentIndex(names.index(name))
        return self.tabs.currentWidget()

    def _set_texts(self) -> None:
        tr = self.language.tr
        # Qt appends the application's display name ("— memviz") to the title itself.
        self.setWindowTitle(tr(window_words.HOW_MEMORY_CHANGES_A_TESTING_AGENT))
        for i in range(self.tabs.count()):
            zh, en = self._titles[self.tabs.widget(i)]
            self.tabs.setTabText(i, tr(zh, en))
        self._set_menu_texts()
        self._set_zoom_label()
        self._set_hint()
        self.site_label.setText(tr(window_words.SITE) + self.settings.site.name(self.language.code))

    def _set_hint(self) -> None:
        """The playback keys work on the Explore tab only: they are advertised there only."""
        on_explore = self.tabs.currentWidget() is self.explore
        self.hint.set_whole_text(
            self.language.tr(window_words.SPACE_PLAY_PAUSE_STEP_BACK_HOME) if on_explore else ""
        )

    # -- handlers -------------------------------------------------------------------------------------

    def _on_language_change(self, _code: str) -> None:
        self._set_texts()

    def _on_language_settled(self, _code: str) -> None:
        # Every view has its new texts: a combo box sized for the old ones keeps that size (its text
        # was cut switching from Chinese to English, or a start in a remembered language other than
        # the system's); told of a change of style, as on a change of type, it measures them anew.
        fonts.measure_type_again(self)

    def _on_site_change(self, _site) -> None:
        self._set_texts()

    def _on_open_run_request(self, _config) -> None:
        self.tabs.setCurrentWidget(self.explore)

    def _on_open_site(self) -> None:
        from memviz.gui.qt import QFileDialog

        tr = self.language.tr
        path, _ = QFileDialog.getOpenFileName(
            self,
            tr(window_words.OPEN_SITE_FILE_2),
            dialog_start(),
            tr(window_words.SITE_FILES_JSON),
        )
        if not path:
            return
        self.open_site(Path(path))

    def open_site(self, path: Path) -> bool:
        """Show the site in ``path``; a file that cannot be read is told and the site in force stays."""
        try:
            site = load_site(path)
        except (SiteError, OSError) as exc:
            from memviz.gui.kit import notices

            text = str(exc) if str(path) in str(exc) else f"{path}: {exc}"
            notices.show_error(self, self.language.tr(window_words.CANNOT_OPEN_THE_SITE_FILE), text)
            return False
        self.settings.set_site(site, path)
        return True

    def _on_open_trace(self) -> None:
        from memviz.gui.qt import QFileDialog

        lang = self.language.code
        path, _ = QFileDialog.getOpenFileName(
            self, open_trace_action(lang).rstrip("…"), dialog_start(), trace_files(lang)
        )
        if path:
            self.open_trace(Path(path))

    def open_trace(self, path: Path) -> bool:
        """Replay the recorded run in ``path`` in Explore, on the site in force; a trace that cannot be
        read or does not fit the site is told, and what was shown stays."""
        from memviz.core.replay import ReplayError, load_recorded
        from memviz.core.trace import TraceError
        from memviz.gui.kit import notices

        try:
            recorded = load_recorded(path, self.settings.site)
        except (TraceError, ReplayError, OSError) as exc:
            text = str(exc) if str(path) in str(exc) or path.name in str(exc) else f"{path}: {exc}"
            notices.show_error(self, cannot_open_trace(self.language.code), text)
            return False
        self.settings.set_recorded(recorded)
        self.tabs.setCurrentWidget(self.explore)
        return True

    def _on_watch_class(self) -> None:
        from memviz.gui.qt import QFileDialog

        folder = QFileDialog.getExistingDirectory(
            self, self.language.tr(class_words.CHOOSE_TRACE_FOLDER), dialog_start()
        )
        if folder:
            self.watch_class(Path(folder))

    def watch_class(self, folder: Path, clock=None):
        """Show the students of ``folder`` (serve's --trace-dir) live in a tab of their own; a click
        on one puts them in Compare beside the agent on as many steps."""
        from memviz.gui.classroom import ClassView
        from memviz.models.classroom import ClassModel

        old = getattr(self, "class_view", None)
        if old is not None:  # one class at a time: the new folder replaces the one watched
            old.stop()
            self.tabs.removeTab(self.tabs.indexOf(old))
            self._titles.pop(old, None)
            old.deleteLater()
        site = self.settings.site if self.settings.site_path is not None else load_site(served_blog_path())
        self.class_view = ClassView(ClassModel(folder, site), self.language, clock)
        self.class_view.student_chosen.connect(self.compare_student)
        self.add_view(self.class_view, *class_words.WATCH_TITLE)
        self.tabs.setCurrentWidget(self.class_view)
        return self.class_view

    def compare_student(self, visitor: str) -> bool:
        """Compare: the student's walk, the agent with no memory and with a visited set."""
        chosen = self.class_view.model.compare_lanes(visitor, self.settings.site)
        if chosen is None:
            return False
        base, lanes = chosen
        self.settings.update(seed=base.seed, budget=base.budget)
        self.compare.model.set_configs(lanes)
        self.tabs.setCurrentWidget(self.compare)
        return True

    def view_image(self):
        """The current view as a picture (what a teacher pastes into a slide)."""
        return self.current_view().grab()

    def copy_view_image(self) -> None:
        QApplication.clipboard().setPixmap(self.view_image())
        self.statusBar().showMessage(self.language.tr(window_words.COPIED_TO_THE_CLIPBOARD), 3000)

    def _on_save_image(self) -> None:
        from memviz.gui.qt import QFileDialog

        tr = self.language.tr
        name = f"memviz-{self.current_view().objectName()}.png"
        path, _ = QFileDialog.getSaveFileName(
            self, tr(window_words.SAVE_CURRENT_VIEW), dialog_start(name), "PNG (*.png)"
        )
        if path:
            self.save_view_image(Path(path))

    def save_view_image(self, path: Path) -> bool:
        """The current view as a PNG at ``path`` (written whole or not at all); a failure is told."""
        from memviz.gui.kit import notices
        from memviz.outfile import atomic_output

        try:
            with atomic_output(path, force=True) as temporary:  # the file dialog asked about replacing
                if not self.view_image().save(str(temporary), "PNG"):
                    raise OSError(f"{path}: could not write the PNG")
        except OSError as exc:
            notices.show_error(self, self.language.tr(window_words.COULD_NOT_SAVE), str(exc))
            return False
        return True

    def _on_run_model(self) -> None:
        from memviz.gui.agent_dialog import AgentDialog

        if getattr(self, "agent_dialog", None) is None:
            self.agent_dialog = AgentDialog(self.settings, self.language, self, show=self.show_live_trace)
        self.agent_dialog.show()
        self.agent_dialog.raise_()

    def show_live_trace(self, path: Path) -> None:
        """A live run's trace so far, replayed in Explore to its last step (a step that cannot be read
        yet is left for the next)."""
        from memviz.core.replay import ReplayError, load_recorded
        from memviz.core.trace import TraceError

        try:
            recorded = load_recorded(path, self.settings.site)
        except (TraceError, ReplayError, OSError):
            return
        self.settings.set_recorded(recorded)
        self.tabs.setCurrentWidget(self.explore)
        self.explore.model.jump(self.explore.model.total)

    def _on_record(self) -> None:
        from memviz.gui.record_dialog import RecordDialog

        dialog = RecordDialog(self.settings, self.language, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()

    # -- presentation ---------------------------------------------------------------------------------

    def set_theme(self, name: str) -> None:
        themes.manager().apply(name)
        self.theme = name
        for theme, action in self.theme_actions.items():
            action.setChecked(theme == name)
        if self.preferences is not None:
            self.preferences.set_theme(name)

    def set_zoom(self, value: float) -> None:
        """Scale every text in the window; views that paint their own text follow the app font (and
        keep their smallest text at zoom_steps.least_text_px())."""
        self.zoom = min(ZOOM_MAX, max(ZOOM_MIN, value))
        zoom_steps.set_current(self.shown_zoom)
        self._apply_point_size()
        if self.preferences is not None:
            self.preferences.set_zoom(self.zoom)
        self._set_zoom_label()

    @property
    def shown_zoom(self) -> float:
        """The zoom the type is set at: the View menu's, a step larger in presenter mode."""
        return shown_zoom(self.zoom, self.presenter)

    def _set_zoom_label(self) -> None:
        shown = self.shown_zoom
        text = "" if shown == 1.0 else f"{shown:.0%}"
        if self.presenter:
            text = f"{self.language.tr(window_words.PRESENTER)} {text}".strip()
        self.zoom_label.setText(text)

    def set_presenter(self, on: bool) -> None:
        """Presenter mode (View menu, F5): Explore's graph and memory panel take the window, its
        settings, live numbers and narration fold away, and the type is a zoom step larger;
        remembered with the other settings."""
        self.presenter = bool(on)
        self.presenter_action.setChecked(self.presenter)
        if self.presenter:
            self.select_view(EXPLORE)
        self.explore.set_presenter(self.presenter)
        self.set_zoom(self.zoom)  # the type for the mode
        if self.preferences is not None:
            self.preferences.set_presenter(self.presenter)

    def _apply_point_size(self) -> None:
        app = QApplication.instance()
        font = app.font()
        size = self._base_point_size * self.shown_zoom
        if font.pointSizeF() != size:  # the same size again would still lay every view out anew
            font.setPointSizeF(size)
            app.setFont(font)
            fonts.deliver_app_font()  # the widgets that follow it have it before they are measured
            # Every widget whose type is a scale of the app's, and every painted view, in every tab
            # (a tab that did not refresh its own kept its buttons' type when zoomed, issue 40).
            style.refresh_fonts(self)

    @property
    def type_pending(self) -> bool:
        """A resize has not been followed by its type size yet (fonts.type_settling)."""
        return self._type_timer.isActive()

    def fit_type_to_window(self) -> None:
        """The base type size for the window's own size (fonts.point_size_for_window), not the
        screen's: a 1280×720 window on a 1080p screen had the 1080p type, and cut its labels."""
        base = point_size_for_window(self.width(), self.height())
        if base != self._base_point_size:
            self._base_point_size = base
            self._apply_point_size()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._type_timer.start()

    def showEvent(self, event) -> None:
        self.fit_type_to_window()  # before the first paint: the window never shows the screen's type
        super().showEvent(event)
        self.hint.setVisible(not self.statusBar().currentMessage())  # a start-up notice takes its place

    def set_full_screen(self, on: bool) -> None:
        if on:
            self.showFullScreen()
        else:
            self.showNormal()
        self.full_screen_action.setChecked(on)

    # -- preferences ----------------------------------------------------------------------------------

    def restore_preferences(self) -> None:
        """Apply what was chosen last time; every value was checked by Preferences on reading."""
        prefs = self.preferences
        if prefs is None:
            return
        if prefs.language() is not None:
            self.language.set_code(prefs.language())
        if prefs.theme() != self.theme:  # (applied as the window was built, unless changed since)
            self.set_theme(prefs.theme())
        # The type fitted once, for the zoom and mode together (as __init__ set it already): the
        # zoom first and presenter mode after fitted it twice, the first time to a size not kept.
        if prefs.presenter():
            self.zoom = prefs.zoom()  # (in bounds, as Preferences reads it)
            self.set_presenter(True)  # sets the zoom it has (set_zoom)
        elif prefs.zoom() != 1.0:
            self.set_zoom(prefs.zoom())
        self.settings.set_config(prefs.run_config(self.settings.config))
        geometry, state, tab = prefs.window_state()
        if geometry is not None:
            self.restoreGeometry(geometry)
        if state is not None:
            self.restoreState(state)
        if tab in self.view_names():
            self.select_view(tab)
        self.settings_notice = prefs.notice(self.language.code)
        if self.settings_notice:  # told once, in the status bar (a dialog at start-up would block a class)
            self.statusBar().showMessage(self.settings_notice, 30_000)

    def save_preferences(self) -> None:
        prefs = self.preferences
        if prefs is None:
            return
        prefs.set_language(self.language.code)
        prefs.set_run_config(self.settings.config)
        prefs.set_window_state(self.saveGeometry(), self.saveState(), self.current_view().objectName())
        prefs.sync()

    def _on_reset_preferences(self) -> None:
        from memviz.core.engine import RunConfig
        from memviz.gui.kit.language import system_language

        if self.preferences is not None:
            self.preferences.reset_to_defaults()
        self.set_theme("light")
        self.set_presenter(False)
        self.set_zoom(1.0)
        self.language.set_code(system_language())
        self.settings.set_config(RunConfig())
        self.select_view(EXPLORE)

    def cancel_jobs(self) -> None:
        """Cancel every computation still running (they stop at their next check, within ms)."""
        worker = sys.modules.get("memviz.gui.kit.worker")  # loaded only once a view computed
        if worker is not None:
            worker.cancel_all()

    def closeEvent(self, event) -> None:
        self.cancel_jobs()  # closing must not leave a sweep computing in the background
        self.save_preferences()
        super().closeEvent(event)

    def _on_show_keys(self) -> None:
        from memviz.gui.qt import QMessageBox

        tr = self.language.tr
        QMessageBox.information(
            self,
            tr(window_words.KEYBOARD_SHORTCUTS),
            tr(window_words.SPACE_PLAY_PAUSE_ONE_STEP_ONE),
        )

    def _on_about(self) -> None:
        from memviz.gui.qt import QMessageBox

        tr = self.language.tr
        QMessageBox.about(
            self,
            tr(window_words.ABOUT_MEMVIZ),
            tr(window_words.B_MEMVIZ_B_BR_SEE_HOW_N, version__=__version__),
        )

    def keyPressEvent(self, event) -> None:
        if event.key() == Qt.Key.Key_Escape and self.isFullScreen():
            self.set_full_screen(False)
            return
        super().keyPressEvent(event)
