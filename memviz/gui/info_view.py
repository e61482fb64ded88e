"""The Info view: teaching notes in Chinese or English, rendered from Markdown in ``resources/info``.

Links of the form ``memviz:open?strategy=frontier&seed=1000&capacity=3&policy=fifo`` open that run
in the Explore view (settings not named take their defaults), so "things to try" are one click away.
"""

from __future__ import annotations

from memviz.core.engine import ConfigError, RunConfig
from memviz.gui.kit.language import Language
from memviz.gui.qt import (
    QEvent,
    QFont,
    QTextBlockFormat,
    QTextBrowser,
    QTextCharFormat,
    QTextCursor,
    QUrl,
    QUrlQuery,
    QVBoxLayout,
    QWidget,
)
from memviz.models.settings import RunSettings
from memviz.paths import resource_path

FONT_SCALE = 1.45  # notes are read from the back of a room, and on a projector
LINE_HEIGHT = 145  # percent
MAX_COLUMN_EM = 50  # a comfortable line: about 45 Chinese characters or 100 Latin letters
LINK_SCHEME = "memviz"

_INT_SETTINGS = ("seed", "capacity", "budget", "max_steps", "base_tokens", "entry_tokens")


def notes_markdown(lang: str) -> str:
    return resource_path("info", f"info.{lang}.md").read_text(encoding="utf-8")


def config_from_link(url: QUrl) -> RunConfig | None:
    """The run a ``memviz:open?...`` link names, or None if the link is not one (or is wrong)."""
    if url.scheme() != LINK_SCHEME or url.path() != "open":
        return None
    changes: dict = {}
    for key, value in QUrlQuery(url).queryItems():
        if key in _INT_SETTINGS:
            if key == "capacity" and value in ("", "none", "unlimited"):
                changes[key] = None
                continue
            try:
                changes[key] = int(value)
            except ValueError:
                return None
        elif key in ("strategy", "policy"):
            changes[key] = value
        elif key == "until_all_bugs":
            changes[key] = value in ("1", "true")
        else:
            return None
    try:
        return RunConfig(**changes)
    except ConfigError:
        return None


class InfoView(QWidget):
    def __init__(self, settings: RunSettings, language: Language, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("info")
        self.settings = settings
        self.language = language
        self.browser = QTextBrowser()
        self.browser.setObjectName("info_text")
        self.browser.setOpenLinks(False)  # offline: links open runs, never a web browser
        self.browser.anchorClicked.connect(self._on_link_click)
        self.browser.viewport().installEventFilter(self)  # the column width follows the visible width
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.browser)
        self.language.changed.connect(self._on_language_change)
        self._apply_font()
        self._set_texts()

    def _apply_font(self) -> None:
        font = QFont(self.font())
        size = font.pointSizeF() if font.pointSizeF() > 0 else 10.0
        font.setPointSizeF(size * FONT_SCALE)
        self.browser.setFont(font)
        self.browser.document().setDefaultFont(font)
        self.browser.document().setDocumentMargin(font.pointSizeF() * 1.5)

    def _set_texts(self) -> None:
        bar = self.browser.verticalScrollBar()
        fraction = bar.value() / bar.maximum() if bar.maximum() else 0.0
        self.browser.setMarkdown(notes_markdown(self.language.code))
        self._style_document()
        self._fit_column()
        bar.setValue(round(fraction * bar.maximum()))

    def _style_document(self) -> None:
        """Airier lines, and links underlined: colour alone does not mark them for every reader."""
        document = self.browser.document()
        cursor = QTextCursor(document)
        cursor.select(QTextCursor.SelectionType.Document)
        spacing = QTextBlockFormat()
        spacing.setLineHeight(LINE_HEIGHT, QTextBlockFormat.LineHeightTypes.ProportionalHeight.value)
        cursor.mergeBlockFormat(spacing)
        underline = QTextCharFormat()
        underline.setFontUnderline(True)
        block = document.begin()
        while block.isValid():
            it = block.begin()
            while not it.atEnd():
                fragment = it.fragment()
                if fragment.charFormat().isAnchor():
                    link = QTextCursor(document)
                    link.setPosition(fragment.position())
                    link.setPosition(fragment.position() + fragment.length(), QTextCursor.MoveMode.KeepAnchor)
                    link.mergeCharFormat(underline)
                it += 1
            block = block.next()

    def _fit_column(self) -> None:
        """Centre a column of readable width: side margins grow on wide windows and shrink on narrow ones."""
        em = self.browser.fontMetrics().horizontalAdvance("中")
        margin = max(0.0, (self.browser.viewport().width() - MAX_COLUMN_EM * em) / 2)
        root = self.browser.document().rootFrame()
        frame = root.frameFormat()
        if abs(frame.leftMargin() - margin) > 1:
            frame.setLeftMargin(margin)
            frame.setRightMargin(margin)
            root.setFrameFormat(frame)

    def eventFilter(self, watched, event: QEvent) -> bool:
        if watched is self.browser.viewport() and event.type() == QEvent.Type.Resize:
            self._fit_column()
        return super().eventFilter(watched, event)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.ApplicationFontChange):
            self._apply_font()
            self._set_texts()
        super().changeEvent(event)

    def _on_language_change(self, _code: str) -> None:
        self._set_texts()

    def _on_link_click(self, url: QUrl) -> None:
        config = config_from_link(url)
        if config is not None:
            self.settings.open_run(config)
