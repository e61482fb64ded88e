"""The main window: a tab per view (Explore first), a language menu, and Help/About."""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QFileDialog, QLabel, QMainWindow, QMessageBox, QTabWidget, QWidget

from memviz import __version__
from memviz.core.site import SiteError, load_site
from memviz.gui.explore import ExploreView
from memviz.gui.language import Language
from memviz.gui.models import RunSettings

EXPLORE = "explore"


class MainWindow(QMainWindow):
    """Holds the shared models (site and run settings, UI language) and one tab per view."""

    def __init__(
        self,
        settings: RunSettings | None = None,
        language: Language | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("memviz_main_window")
        self.settings = settings if settings is not None else RunSettings(parent=self)
        self.language = language if language is not None else Language(parent=self)
        self._titles: dict[QWidget, tuple[str, str]] = {}

        self.tabs = QTabWidget()
        self.tabs.setObjectName("main_tabs")
        self.tabs.setDocumentMode(True)
        self.tabs.setTabBarAutoHide(True)  # one view needs no tab bar; others show it when added
        self.setCentralWidget(self.tabs)
        self.explore = ExploreView(self.settings, self.language)
        self.add_view(self.explore, "探索", "Explore")

        self.hint = QLabel()
        self.hint.setObjectName("status_hint")
        self.statusBar().addWidget(self.hint, 1)
        self.site_label = QLabel()
        self.site_label.setObjectName("status_site")
        self.statusBar().addPermanentWidget(self.site_label)

        self._build_menus()
        self.settings.open_run_requested.connect(self._on_open_run_request)
        self.settings.site_changed.connect(self._on_site_change)
        self.language.changed.connect(self._on_language_change)
        self._set_texts()
        self.resize(1600, 960)
        self.setMinimumSize(960, 600)

    # -- views ----------------------------------------------------------------------------------------

    def add_view(self, widget: QWidget, zh_title: str, en_title: str) -> int:
        """Add a view as a tab; its title follows the UI language. Returns the tab index.

        The view is found by its object name (e.g. by ``memviz snapshot --view``); a widget without
        one is named after its English title ("Capacity sweep" -> "capacity_sweep").
        """
        if not widget.objectName():
            widget.setObjectName(re.sub(r"[^0-9a-z]+", "_", en_title.lower()).strip("_") or "view")
        if widget.objectName() in self.view_names():
            raise ValueError(f"a view named {widget.objectName()!r} is already open")
        self._titles[widget] = (zh_title, en_title)
        return self.tabs.addTab(widget, self.language.tr(zh_title, en_title))

    def view_names(self) -> list[str]:
        return [self.tabs.widget(i).objectName() for i in range(self.tabs.count())]

    def select_view(self, name: str) -> QWidget:
        """Show the tab whose view has this object name; ValueError names the valid ones."""
        names = self.view_names()
        if name not in names:
            raise ValueError(f"unknown view {name!r}; valid views: {', '.join(names)}")
        self.tabs.setCurrentIndex(names.index(name))
        return self.tabs.currentWidget()

    # -- menus ----------------------------------------------------------------------------------------

    def _build_menus(self) -> None:
        bar = self.menuBar()
        self.file_menu = bar.addMenu("")
        self.open_site_action = QAction(self)
        self.open_site_action.setShortcut(QKeySequence.StandardKey.Open)
        self.open_site_action.triggered.connect(self._on_open_site)
        self.save_image_action = QAction(self)
        self.save_image_action.setShortcut(QKeySequence("Ctrl+Shift+S"))
        self.save_image_action.triggered.connect(self._on_save_image)
        self.quit_action = QAction(self)
        self.quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        self.quit_action.triggered.connect(self.close)
        self.file_menu.addAction(self.open_site_action)
        self.file_menu.addAction(self.save_image_action)
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

        self.help_menu = bar.addMenu("")
        self.keys_action = QAction(self)
        self.keys_action.triggered.connect(self._on_show_keys)
        self.about_action = QAction(self)
        self.about_action.triggered.connect(self._on_about)
        self.help_menu.addAction(self.keys_action)
        self.help_menu.addAction(self.about_action)

    def _set_texts(self) -> None:
        tr = self.language.tr
        self.setWindowTitle(
            tr(
                "memviz · 记忆如何改变测试 Agent 的探索",
                "memviz · How memory changes a testing agent's exploration",
            )
        )
        for i in range(self.tabs.count()):
            zh, en = self._titles[self.tabs.widget(i)]
            self.tabs.setTabText(i, tr(zh, en))
        self.file_menu.setTitle(tr("文件(&F)", "&File"))
        self.open_site_action.setText(tr("打开站点文件…", "Open site file…"))
        self.save_image_action.setText(tr("保存窗口截图…", "Save window image…"))
        self.quit_action.setText(tr("退出", "Quit"))
        self.view_menu.setTitle(tr("视图(&V)", "&View"))
        self.language_menu.setTitle(tr("语言 / Language", "Language / 语言"))
        self.help_menu.setTitle(tr("帮助(&H)", "&Help"))
        self.keys_action.setText(tr("快捷键", "Keyboard shortcuts"))
        self.about_action.setText(tr("关于 memviz", "About memviz"))
        self.hint.setText(
            tr(
                "空格 播放/暂停 · → 下一步 · ← 上一步 · Home 重来 · +/− 调速度",
                "Space play/pause · → step · ← back · Home reset · +/− speed",
            )
        )
        self.site_label.setText(tr("站点：", "Site: ") + self.settings.site.name(self.language.code))
        for code, action in self.language_actions.items():
            action.setChecked(code == self.language.code)

    # -- handlers -------------------------------------------------------------------------------------

    def _on_language_change(self, _code: str) -> None:
        self._set_texts()

    def _on_site_change(self, _site) -> None:
        self._set_texts()

    def _on_open_run_request(self, _config) -> None:
        self.tabs.setCurrentWidget(self.explore)

    def _on_open_site(self) -> None:
        tr = self.language.tr
        path, _ = QFileDialog.getOpenFileName(
            self, tr("打开站点文件", "Open site file"), "", tr("站点文件 (*.json)", "Site files (*.json)")
        )
        if not path:
            return
        try:
            site = load_site(path)
        except SiteError as exc:
            QMessageBox.warning(self, tr("站点文件打不开", "Cannot open the site file"), str(exc))
            return
        self.settings.set_site(site, Path(path))

    def _on_save_image(self) -> None:
        tr = self.language.tr
        path, _ = QFileDialog.getSaveFileName(
            self, tr("保存窗口截图", "Save window image"), "memviz.png", "PNG (*.png)"
        )
        if path and not self.grab().save(path, "PNG"):
            QMessageBox.warning(self, tr("保存失败", "Could not save"), path)

    def _on_show_keys(self) -> None:
        tr = self.language.tr
        QMessageBox.information(
            self,
            tr("快捷键", "Keyboard shortcuts"),
            tr(
                "空格：播放 / 暂停\n→：下一步\n←：上一步（从头重放同一个种子）\nHome：回到第 0 步\n+ / −：加快 / 减慢",
                "Space: play / pause\n→: one step\n←: one step back (replays the seed)\nHome: back to step 0\n"
                "+ / −: faster / slower",
            ),
        )

    def _on_about(self) -> None:
        tr = self.language.tr
        QMessageBox.about(
            self,
            tr("关于 memviz", "About memviz"),
            tr(
                f"<b>memviz {__version__}</b><br>看记忆怎样改变一个 LLM 测试 Agent 探索 24 页博客的方式。"
                "<br>随机数用 mulberry32，数字和课程第 4 周的脚本逐位一致。"
                "<br><br>界面中文字体：Memviz Sans SC（Noto Sans CJK SC 子集，SIL OFL 1.1）。",
                f"<b>memviz {__version__}</b><br>See how memory changes the way an LLM testing agent explores a 24-page blog."
                "<br>Random numbers come from mulberry32, so every figure matches the week 4 script bit for bit."
                "<br><br>CJK UI font: Memviz Sans SC (a subset of Noto Sans CJK SC, SIL OFL 1.1).",
            ),
        )

    def keyPressEvent(self, event) -> None:
        if event.key() == Qt.Key.Key_Escape and self.isFullScreen():
            self.showNormal()
            return
        super().keyPressEvent(event)
