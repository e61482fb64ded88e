"""The Evaluate tab's Bugs page: per bug, on how many tasks only A found it and only B, and McNemar's
exact p, as :func:`memviz.core.evaluation.bugs` computed them (issue 37), with plain sentences under
the table for a class (issue 40: a projector has no hover). Nothing here is computed again: the
page picks the bug with the smallest p to speak of, and says the core's numbers."""

from __future__ import annotations

from collections.abc import Callable

from memviz.core.evaluation.bugs import BugTable
from memviz.gui.kit.plots import fill_table, make_table
from memviz.gui.qt import QFrame, QHeaderView, QLabel, QScrollArea, Qt, QVBoxLayout, QWidget
from memviz.wording import evaluation as words

COLUMNS = 5  # bug, tasks with it, only A, only B, exact p


SMALLEST_P_SHOWN = 0.0001  # below it a p is said as "< 0.0001": "9.31e-10" is not read aloud


def p_text(p: float) -> str:
    """An exact p with three significant digits (as ``memviz eval --traces`` prints it), or "< 0.0001"."""
    return f"< {SMALLEST_P_SHOWN}" if p < SMALLEST_P_SHOWN else f"{p:.3g}"


class BugsPage(QScrollArea):
    """Caption, the table (a row per bug, by page), and what it says in words."""

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("evaluate_bugs")
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        inner = QWidget()
        layout = QVBoxLayout(inner)
        layout.setContentsMargins(4, 4, 4, 4)
        self.caption = _wrapped("bugs_caption")
        self.table = make_table(0, COLUMNS, "bugs_table")
        self.table.verticalHeader().setVisible(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)  # the bug's name, wrapped
        self.table.setWordWrap(True)
        self.verdict = _wrapped("bugs_verdict")
        self.explained = _wrapped("bugs_explained")
        for widget in (self.caption, self.table, self.verdict, self.explained):
            layout.addWidget(widget)
        layout.addStretch(1)
        self.setWidget(inner)

    def show_tables(
        self, tables: list[BugTable] | None, bug_name: Callable[[int, str], str], lang: str
    ) -> None:
        """Fill the page with the core's ``tables`` (None: the traces cannot say which bugs were found)."""
        self.table.setHorizontalHeaderLabels(
            [words.BUG_NAME.pick(lang), words.TASKS.pick(lang), words.A_ONLY.pick(lang),
             words.B_ONLY.pick(lang), words.EXACT_P.pick(lang)]
        )  # fmt: skip
        if tables is None:
            self.caption.setText(words.BUGS_UNKNOWN.pick(lang))
            self.table.setRowCount(0)
            fill_table(self.table, [])
            self.verdict.setText("")
            self.explained.setText("")
            return
        self.caption.setText(words.BUGS_CAPTION.pick(lang))
        self.table.setRowCount(len(tables))
        fill_table(
            self.table,
            [[bug_name(b.page, lang), str(b.tasks), str(b.a_only), str(b.b_only), p_text(b.p_value)] for b in tables],
        )  # fmt: skip
        for r in range(len(tables)):  # a bug's name reads from the left, as words do
            self.table.item(r, 0).setTextAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        self.verdict.setText(_verdict(tables, bug_name, lang))
        explained = words.BUGS_EXPLAINED.pick(lang)
        if len(tables) > 1:
            explained += " " + words.BUGS_MANY_TESTS_N.pick(lang, n=len(tables))
        self.explained.setText(explained)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.table.resizeRowsToContents()  # a bug's name wraps to the column's new width


def _verdict(tables: list[BugTable], bug_name: Callable[[int, str], str], lang: str) -> str:
    """The bug with the smallest p among those some task tells apart, in a sentence."""
    split = [b for b in tables if b.a_only + b.b_only > 0]
    if not split:
        return words.BUGS_ALL_ALIKE.pick(lang)
    b = min(split, key=lambda table: (table.p_value, table.page))
    better, worse = ("B", "A") if b.b_only >= b.a_only else ("A", "B")
    more, fewer = max(b.a_only, b.b_only), min(b.a_only, b.b_only)
    sentence = words.BUG_CLEAR_N if b.p_value < 0.05 else words.BUG_UNCLEAR_N
    return sentence.pick(
        lang,
        bug=bug_name(b.page, lang),
        better=better,
        worse=worse,
        more=more,
        fewer=fewer,
        p=("p " if b.p_value < SMALLEST_P_SHOWN else "p = ") + p_text(b.p_value),
    )


def _wrapped(name: str) -> QLabel:
    label = QLabel()
    label.setObjectName(name)
    label.setWordWrap(True)
    return label
