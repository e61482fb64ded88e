"""File → Watch the class: every student of a ``memviz serve --trace-dir`` folder, live.

A lane per student (their walk, a square a step: a new page, a repeat, a bug page, a report), and a
table of their figures that sorts by any column; a click on a student asks for Compare with the
agent beside them (``student_chosen``: the main window puts the lanes there). The figures are the
Qt-free :class:`~memviz.models.classroom.ClassModel`'s; this view only polls it with a QTimer
(every 250 ms, so a click in a student's browser shows within a second) and draws what it says.
"""

from __future__ import annotations

from memviz.gui.kit.language import Language
from memviz.gui.kit.qt_clock import QtClock
from memviz.gui.qt import (
    QAbstractItemView,
    QColor,
    QEvent,
    QFont,
    QHeaderView,
    QLabel,
    QPainter,
    QPen,
    QPointF,
    QPolygonF,
    QRectF,
    QSize,
    QSizePolicy,
    QSplitter,
    Qt,
    QTableWidget,
    QTableWidgetItem,
    QToolTip,
    QVBoxLayout,
    QWidget,
    Signal,
)
from memviz.models.classroom import POLL_MS, ClassModel, Student, class_line_fields, figure_text
from memviz.models.clock import Clock
from memviz.wording import classroom as class_words

NEW, REPEAT, BUG, OFF = "#5cb85c", "#b9bec4", "#d9534f", "#6c757d"
CELL = 16  # a step's square at most, in pixels (it shrinks to fit the longest walk)


class StudentLanes(QWidget):
    """A lane per student: their name, then a square per arrival, coloured by what it was."""

    def __init__(self, language: Language, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("class_lanes")
        self.language = language
        self.students: list[Student] = []
        self.bugs: set[int] = set()
        self.claims: dict[str, dict[int, list[str]]] = {}  # visitor -> step -> what they reported there
        self.page_name = lambda page: str(page)  # how a tooltip names a page
        self.bug_name = lambda page: ""  # and the bug it hides
        self.setMouseTracking(True)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)

    def show_students(
        self, students: list[Student], bugs: set[int], claims: dict[str, dict[int, list[str]]]
    ) -> None:
        self.students, self.bugs, self.claims = students, bugs, claims
        self.updateGeometry()
        self.update()

    def _geometry(self) -> tuple[int, float, int]:
        """(where the squares start, a square's size, a lane's height)."""
        metrics = self.fontMetrics()
        names = [s.name for s in self.students]
        left = min(max([metrics.horizontalAdvance(n) for n in names] + [60]) + 16, self.width() // 3)
        longest = max([len(s.path) for s in self.students] + [1])
        return left, max(3.0, min(CELL, (self.width() - left - 8) / longest)), self._row()

    def square_at(self, x: float, y: float) -> tuple[Student, int] | None:
        """The student and step of the square under a point, if any."""
        left, cell, row = self._geometry()
        lane, step = int((y - 4) // row), int((x - left) // cell)
        if y < 4 or x < left or not 0 <= lane < len(self.students):
            return None
        student = self.students[lane]
        return (student, step) if 0 <= step < len(student.path) else None

    def event(self, event) -> bool:
        if event.type() == QEvent.Type.ToolTip:
            found = self.square_at(event.pos().x(), event.pos().y())
            if found is None:
                QToolTip.hideText()
            else:
                QToolTip.showText(event.globalPos(), self.tip(*found), self)
            return True
        return super().event(event)

    def tip(self, student: Student, step: int) -> str:
        page = student.path[step]
        name = "—" if page is None else self.page_name(page)
        lines = [self.language.tr(class_words.LANE_TIP, name=student.name, step=step, page=name)]
        if page in self.bugs:  # the teacher's answer: which bug the page hides
            bug = self.bug_name(page)
            lines.append(self.language.tr(class_words.LEGEND_BUG) + (f": {bug}" if bug else ""))
        lines += [f"▼ {text}" for text in self.claims.get(student.visitor, {}).get(step, [])]
        return "\n".join(lines)

    def _row(self) -> int:
        return max(CELL + 10, self.fontMetrics().height() + 10)

    def sizeHint(self) -> QSize:
        return QSize(600, self._row() * (len(self.students) + 1) + 8)

    def minimumSizeHint(self) -> QSize:
        return QSize(200, self._row() * 2)

    def paintEvent(self, _event) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        metrics = self.fontMetrics()
        left, cell, row = self._geometry()
        text = self.palette().color(self.foregroundRole())
        for k, student in enumerate(self.students):
            top = 4 + k * row
            painter.setPen(text)
            name = metrics.elidedText(student.name, Qt.TextElideMode.ElideRight, left - 12)
            painter.drawText(QRectF(4, top, left - 8, row - 4), Qt.AlignmentFlag.AlignVCenter, name)
            seen: set[int | None] = set()
            reported = self.claims.get(student.visitor, {})
            for i, page in enumerate(student.path):
                colour = (
                    OFF if page is None else BUG if page in self.bugs else REPEAT if page in seen else NEW
                )
                seen.add(page)
                x = left + i * cell
                box = QRectF(x + 1, top + (row - 4 - cell) / 2 + 2, cell - 2, cell - 2)
                painter.fillRect(box, QColor(colour))
                if i in reported:  # a report filed on this step: a mark above the square
                    painter.setPen(QPen(text, 1))
                    painter.setBrush(text)
                    mid = box.center().x()
                    painter.drawPolygon(
                        QPolygonF(
                            [
                                QPointF(mid - 3, box.top() - 1),
                                QPointF(mid + 3, box.top() - 1),
                                QPointF(mid, box.top() + 4),
                            ]
                        )
                    )
                    painter.setBrush(Qt.BrushStyle.NoBrush)
        y = 4 + len(self.students) * row
        x = 4.0
        painter.setFont(QFont(self.font().family(), max(7, self.font().pointSize() - 1)))
        for colour, words in (
            (NEW, class_words.LEGEND_NEW),
            (REPEAT, class_words.LEGEND_REPEAT),
            (BUG, class_words.LEGEND_BUG),
        ):
            painter.fillRect(QRectF(x, y + 5, 10, 10), QColor(colour))
            said = self.language.tr(words)
            painter.setPen(text)
            painter.drawText(QRectF(x + 14, y, 400, row), Qt.AlignmentFlag.AlignVCenter, said)
            x += 14 + painter.fontMetrics().horizontalAdvance(said) + 18
        painter.drawText(
            QRectF(x, y, 400, row), Qt.AlignmentFlag.AlignVCenter, self.language.tr(class_words.LEGEND_REPORT)
        )
        painter.end()


class ClassView(QWidget):
    student_chosen = Signal(str)  # a visitor id: put them in Compare

    def __init__(self, model: ClassModel, language: Language, clock: Clock | None = None) -> None:
        super().__init__()
        self.setObjectName("class")
        self.model = model
        self.language = language
        self.sort_key, self.descending = "name", False
        self.header = QLabel()
        self.header.setObjectName("class_header")
        self.header.setTextFormat(Qt.TextFormat.PlainText)
        self.header.setWordWrap(True)
        self.lanes = StudentLanes(language)
        if model.site is not None:
            site = model.site
            self.lanes.page_name = lambda page: site.page_name(page, self.language.code)
            self.lanes.bug_name = lambda page: (
                site.bug_name(page, self.language.code) if page in site.bug_by_page else ""
            )
        self.table = QTableWidget(0, len(class_words.COLUMNS))
        self.table.setObjectName("class_table")
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.horizontalHeader().setSortIndicatorShown(True)
        self.table.horizontalHeader().sectionClicked.connect(self._on_header_click)
        self.table.cellClicked.connect(self._on_cell_click)
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(self.lanes)
        splitter.addWidget(self.table)
        splitter.setStretchFactor(0, 1)
        splitter.setStretchFactor(1, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.header)
        layout.addWidget(splitter, 1)
        self._rows: list[str] = []  # the visitor of each table row
        model.changed.connect(self._on_model_change)
        language.changed.connect(self._on_language_change)
        self.clock = clock if clock is not None else QtClock(self)
        self._set_texts()
        model.watch(self.clock, POLL_MS)
        self._on_model_change()

    def stop(self) -> None:
        self.clock.stop()

    # -- handlers -------------------------------------------------------------------------------------

    def _on_model_change(self) -> None:
        students = self.model.sorted(self.sort_key, self.descending)
        self._rows = [s.visitor for s in students]
        bugs: set[int] = set()
        claims: dict[str, dict[int, list[str]]] = {}
        for s in students:
            trace = self.model.trace_of(s.visitor)
            if trace is None:
                continue
            if trace.header.site is not None:
                bugs |= set(trace.header.site.bugs or ())
            moves = [step for step in trace.steps if step.moved]
            claims[s.visitor] = {
                i: [c.text for c in step.claims] for i, step in enumerate(moves) if step.claims
            }
        self.lanes.show_students(list(self.model.students), bugs, claims)
        self.table.setRowCount(len(students))
        for r, student in enumerate(students):
            for c, (key, _words) in enumerate(class_words.COLUMNS):
                value = getattr(student, key)
                item = QTableWidgetItem(figure_text(key, value))
                if key != "name":
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(r, c, item)
        self._set_header()

    def _on_header_click(self, column: int) -> None:
        key = class_words.COLUMNS[column][0]
        if key == self.sort_key:
            self.descending = not self.descending
        else:
            self.sort_key, self.descending = key, key != "name"
        order = Qt.SortOrder.DescendingOrder if self.descending else Qt.SortOrder.AscendingOrder
        self.table.horizontalHeader().setSortIndicator(column, order)
        self._on_model_change()

    def _on_cell_click(self, row: int, _column: int) -> None:
        if 0 <= row < len(self._rows):
            self.student_chosen.emit(self._rows[row])

    def _on_language_change(self, _code: str) -> None:
        self._set_texts()
        self.lanes.update()

    def _set_texts(self) -> None:
        tr = self.language.tr
        self.table.setHorizontalHeaderLabels([tr(words) for _key, words in class_words.COLUMNS])
        self.table.setToolTip(tr(class_words.CLICK_A_STUDENT))
        self._set_header()

    def _set_header(self) -> None:
        tr = self.language.tr
        lines = [tr(class_words.WATCHING, folder=str(self.model.folder)), tr(class_words.CLICK_A_STUDENT)]
        if not self.model.students:
            lines.append(tr(class_words.NO_STUDENTS, folder=str(self.model.folder)))
        else:
            whole = self.model.summary()["class"]
            lines.append(tr(class_words.CLASS_LINE, **class_line_fields(whole)))
        self.header.setText("\n".join(lines))
