"""The Evaluate tab's A and B choices: configs shown by the names every other tab uses ("Visited set +
link table · 12 · FIFO", as Compare's lanes), the config id (``frontier/12/fifo``, ``memviz compare``'s
grammar) kept as each item's data. A config may still be typed in that grammar; a typed text that is
no item's name is read as typed (a recording's label, in a folder of traces)."""

from __future__ import annotations

from memviz.core.compare import LaneConfig
from memviz.gui.qt import QComboBox, QRect, QSize, QStyle, QStyleOptionComboBox
from memviz.wording import policy_name, strategy_name

PRESETS = ("random", "visited", "frontier", "frontier/12/fifo", "frontier/12/lru", "frontier/6/fifo")


def config_name(text: str, lang: str) -> str:
    """A typed config ("frontier/12/fifo") by the names every other tab uses; as typed when it is
    not one (a recording's label)."""
    try:
        lane = LaneConfig.parse(text)
    except ValueError:
        return text
    name = strategy_name(lane.strategy, lang, capital=True)
    if lane.capacity is not None:
        name += f" · {lane.capacity} · {policy_name(lane.policy, lang, capital=True)}"
    return name


class ConfigChoice(QComboBox):
    """An editable choice of config whose items read as names and hold their id; as wide as the
    text in it (the names are longer than the ids; the list shows them whole)."""

    def __init__(self, name: str, config: str, lang: str) -> None:
        super().__init__()
        self.setObjectName(name)
        self.setEditable(True)
        self.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.setMinimumContentsLength(10)
        self.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.lang = lang
        for preset in PRESETS:
            self.addItem(config_name(preset, lang), preset)
        self.set_config(config)
        self.currentTextChanged.connect(lambda _text: self.updateGeometry())

    def config(self) -> str:
        """The id of the item shown, or the text typed (stripped)."""
        text = self.currentText().strip()
        index = self.findText(text)
        return self.itemData(index) if index >= 0 else text

    def set_config(self, config: str) -> None:
        """Show ``config`` (an id or a typed text) by its name; a config not in the list is added (one
        that is, in another form, shows its item: a recording's label is matched in canonical form)."""
        index = self.findData(config)
        if index < 0:
            name = config_name(config, self.lang)
            if name == config:  # not a config memviz can name (a label): shown as typed
                self.setCurrentText(config)
                return
            index = self.findText(name)  # the same config said another way (frontier/12): its item
            if index < 0:
                self.addItem(name, config)
                index = self.count() - 1
        self.setCurrentIndex(index)

    def set_language(self, lang: str) -> None:
        """Every item renamed in ``lang``; the one shown stays shown (a typed text stays as typed)."""
        typed = self.currentText()
        shown = self.findText(typed)
        self.lang = lang
        for i in range(self.count()):
            self.setItemText(i, config_name(self.itemData(i), lang))
        if shown >= 0:
            self.setCurrentIndex(shown)
            self.setEditText(self.itemText(shown))
        else:
            self.setEditText(typed)

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        option = QStyleOptionComboBox()
        self.initStyleOption(option)
        option.rect = QRect(0, 0, 1000, hint.height())  # the frame and arrow around the text field
        field = self.style().subControlRect(
            QStyle.ComplexControl.CC_ComboBox, option, QStyle.SubControl.SC_ComboBoxEditField, self
        )
        wanted = self.fontMetrics().horizontalAdvance(self.currentText()) + 1000 - field.width() + 6
        return QSize(max(hint.width(), wanted), hint.height())

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()
