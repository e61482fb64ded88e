"""The main window's menus: File, View, Help, their actions and their keys, in the UI language.

A part of :class:`memviz.gui.main_window.MainWindow` (a mixin), which provides what the actions
call (``set_theme``, ``set_zoom``, ``copy_view_image``, the ``_on_...`` handlers) and ``language``,
``theme`` and ``zoom``.
"""

from __future__ import annotations

from memviz.gui import qt
from memviz.gui.kit import zoom as zoom_steps
from memviz.gui.kit.themes import THEMES
from memviz.gui.qt import QAction, QActionGroup
from memviz.wording import agent as agent_words
from memviz.wording import classroom as class_words
from memviz.wording import window as window_words
from memviz.wording.traces import open_trace_action

THEME_NAMES = {
    "light": window_words.LIGHT,
    "dark": window_words.DARK,
    "projector": window_words.PROJECTOR_HIGH_CONTRAST,
}


class WindowMenus:
    """Builds the menus (``_build_menus``), words them (``_set_menu_texts``) and gives their actions
    their keys once the window has painted (``_set_shortcuts``)."""

    def _build_menus(self) -> None:
        bar = self.menuBar()
        self.file_menu = bar.addMenu("")
        self.open_site_action = QAction(self)
        self.open_site_action.triggered.connect(self._on_open_site)
        self.open_trace_action = QAction(self)
        self.open_trace_action.triggered.connect(self._on_open_trace)
        self.run_model_action = QAction(self)  # File → Run a model… (memviz.gui.agent_dialog)
        self.run_model_action.triggered.connect(self._on_run_model)
        self.watch_class_action = QAction(self)  # a served blog's students, live (memviz.gui.classroom)
        self.watch_class_action.triggered.connect(self._on_watch_class)
        self.save_image_action = QAction(self)
        self.save_image_action.triggered.connect(self._on_save_image)
        self.copy_image_action = QAction(self)
        self.copy_image_action.triggered.connect(self.copy_view_image)
        self.record_action = QAction(self)
        self.record_action.triggered.connect(self._on_record)
        self.reset_preferences_action = QAction(self)
        self.reset_preferences_action.triggered.connect(self._on_reset_preferences)
        self.quit_action = QAction(self)
        self.quit_action.triggered.connect(self.close)
        self.file_menu.addAction(self.open_site_action)
        self.file_menu.addAction(self.open_trace_action)
        self.file_menu.addAction(self.run_model_action)
        self.file_menu.addAction(self.watch_class_action)
        self.file_menu.addSeparator()
        self.file_menu.addAction(self.save_image_action)
        self.file_menu.addAction(self.copy_image_action)
        self.file_menu.addAction(self.record_action)
        self.file_menu.addSeparator()
        self.file_menu.addAction(self.reset_preferences_action)
        self.file_menu.addSeparator()
        self.file_menu.addAction(self.quit_action)

        self.view_menu = bar.addMenu("")
        self.language_menu = self.view_menu.addMenu("")
        group = QActionGroup(self)
        group.setExclusive(True)
        self.language_actions: dict[str, QAction] = {}
        for code, label in (("zh", "中文"), ("en", "English")):
            action = QAction(label, self, checkable=True)
            action.setData(code)
            action.setChecked(code == self.language.code)
            action.triggered.connect(lambda _checked=False, c=code: self.language.set_code(c))
            group.addAction(action)
            self.language_menu.addAction(action)
            self.language_actions[code] = action

        self.theme_menu = self.view_menu.addMenu("")
        theme_group = QActionGroup(self)
        theme_group.setExclusive(True)
        self.theme_actions: dict[str, QAction] = {}
        for name in THEMES:
            action = QAction(self, checkable=True)
            action.triggered.connect(lambda _checked=False, n=name: self.set_theme(n))
            theme_group.addAction(action)
            self.theme_menu.addAction(action)
            self.theme_actions[name] = action
        self.view_menu.addSeparator()
        self.zoom_in_action = QAction(self)
        self.zoom_in_action.triggered.connect(lambda: self.set_zoom(zoom_steps.zoom_in(self.zoom)))
        self.zoom_out_action = QAction(self)
        self.zoom_out_action.triggered.connect(lambda: self.set_zoom(zoom_steps.zoom_out(self.zoom)))
        self.zoom_reset_action = QAction(self)
        self.zoom_reset_action.triggered.connect(lambda: self.set_zoom(1.0))
        self.presenter_action = QAction(self, checkable=True)  # issue 40
        self.presenter_action.triggered.connect(self.set_presenter)
        self.full_screen_action = QAction(self, checkable=True)
        self.full_screen_action.triggered.connect(self.set_full_screen)
        for action in (self.zoom_in_action, self.zoom_out_action, self.zoom_reset_action):
            self.view_menu.addAction(action)
        self.view_menu.addSeparator()
        self.view_menu.addAction(self.presenter_action)
        self.view_menu.addAction(self.full_screen_action)

        self.help_menu = bar.addMenu("")
        self.keys_action = QAction(self)
        self.keys_action.triggered.connect(self._on_show_keys)
        self.about_action = QAction(self)
        self.about_action.triggered.connect(self._on_about)
        self.help_menu.addAction(self.keys_action)
        self.help_menu.addAction(self.about_action)

    def _set_shortcuts(self) -> None:
        """The actions' keys, set once the window has painted (MainWindow.make_keys): naming
        QKeySequence makes PySide6 build its enum types, part of the 7 M instructions the keys cost
        before the first picture, which shows none of them (issue 41)."""
        self.open_site_action.setShortcut(qt.QKeySequence.StandardKey.Open)
        self.save_image_action.setShortcut(qt.QKeySequence("Ctrl+Shift+S"))
        self.copy_image_action.setShortcut(qt.QKeySequence("Ctrl+Shift+C"))
        self.record_action.setShortcut(qt.QKeySequence("Ctrl+R"))
        self.quit_action.setShortcut(qt.QKeySequence.StandardKey.Quit)
        # Ctrl+= is Ctrl++ without Shift on most keyboards; accept both.
        self.zoom_in_action.setShortcuts([qt.QKeySequence("Ctrl+="), qt.QKeySequence("Ctrl++")])
        self.zoom_out_action.setShortcuts([qt.QKeySequence("Ctrl+-"), qt.QKeySequence("Ctrl+_")])
        self.zoom_reset_action.setShortcut(qt.QKeySequence("Ctrl+0"))
        self.presenter_action.setShortcut(qt.QKeySequence("F5"))
        self.full_screen_action.setShortcut(qt.QKeySequence("F11"))

    def _set_menu_texts(self) -> None:
        tr = self.language.tr
        self.file_menu.setTitle(tr(window_words.FILE))
        self.open_site_action.setText(tr(window_words.OPEN_SITE_FILE))
        self.open_trace_action.setText(open_trace_action(self.language.code))
        self.run_model_action.setText(tr(agent_words.RUN_A_MODEL))
        self.watch_class_action.setText(tr(class_words.WATCH_THE_CLASS))
        self.save_image_action.setText(tr(window_words.SAVE_CURRENT_VIEW_AS_PNG))
        self.copy_image_action.setText(tr(window_words.COPY_CURRENT_VIEW_AS_IMAGE))
        self.record_action.setText(tr(window_words.RECORD_VIDEO))
        self.reset_preferences_action.setText(tr(window_words.RESET_TO_DEFAULTS))
        self.theme_menu.setTitle(tr(window_words.THEME))
        for name, action in self.theme_actions.items():
            action.setText(tr(*THEME_NAMES[name]))
            action.setChecked(name == self.theme)
        self.zoom_in_action.setText(tr(window_words.ZOOM_IN))
        self.zoom_out_action.setText(tr(window_words.ZOOM_OUT))
        self.zoom_reset_action.setText(tr(window_words.ACTUAL_SIZE))
        self.full_screen_action.setText(tr(window_words.FULL_SCREEN_PRESENTING))
        self.presenter_action.setText(tr(window_words.PRESENTER_MODE))
        self.quit_action.setText(tr(window_words.QUIT))
        self.view_menu.setTitle(tr(window_words.VIEW))
        self.language_menu.setTitle(tr(window_words.LANGUAGE))
        self.help_menu.setTitle(tr(window_words.HELP))
        self.keys_action.setText(tr(window_words.KEYBOARD_SHORTCUTS))
        self.about_action.setText(tr(window_words.ABOUT_MEMVIZ))
        for code, action in self.language_actions.items():
            action.setChecked(code == self.language.code)
