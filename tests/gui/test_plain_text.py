"""Issue 23: every user text shown in the window is plain text. Page, bug and site names came out as
HTML (in graph-card tooltips, in Compare's "paths part" line): a name ``<b>X</b>`` was drawn bold
as "X". Here every name holds markup, every view is shown, and every text the window shows —
labels, buttons, tooltips of widgets and of the graphs' items — is read back as rendered: wherever a
name appears, its tags appear literally.
"""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import Qt as QtGuiNamespace
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QAbstractButton, QApplication, QGraphicsView, QLabel, QWidget

from memviz.core.engine import RunConfig
from memviz.core.site import Site

MARK = "<b>X"  # what a name starts with; rendered as rich text it would lose its tags
NAME = re.compile(r"X(site|page|bug)\d*")


def hostile_site() -> Site:
    n = 30  # more pages than the Compare view's lanes remember (12): their paths part
    pages = [
        {
            "zh": f"<b>Xpage{i}</b>",
            "en": f"<b>Xpage{i}</b>",
            "links": sorted({(i + 1) % n, (i + 7) % n, (i * 3 + 2) % n} - {i}),
        }
        for i in range(n)
    ]
    return Site.from_dict(
        {
            "format": "memviz-site/1",
            "name": {"zh": "<b>Xsite</b>", "en": "<b>Xsite</b>"},
            "start": 0,
            "nav": [0],
            "pages": pages,
            "bugs": [{"page": p, "zh": f"<i>Xbug{p}</i>", "en": f"<i>Xbug{p}</i>"} for p in (2, 4)],
        }
    )


def rendered(text: str, rich: bool) -> str:
    if not rich:
        return text
    document = QTextDocument()
    document.setHtml(text)
    return document.toPlainText()


def _label_is_rich(label: QLabel) -> bool:
    fmt = label.textFormat()
    return fmt == Qt.TextFormat.RichText or (
        fmt == Qt.TextFormat.AutoText and QtGuiNamespace.mightBeRichText(label.text())
    )


def shown_texts(window: QWidget) -> list[tuple[str, str]]:
    """(where, the text as drawn) for every label, button and tooltip in the window and its graphs."""
    out = []
    for widget in window.findChildren(QWidget):
        if not widget.isVisibleTo(window):
            continue
        where = f"{type(widget).__name__} {widget.objectName()}"
        if isinstance(widget, QLabel):
            out.append((where, rendered(widget.text(), _label_is_rich(widget))))
        elif isinstance(widget, QAbstractButton):
            out.append((where, widget.text()))  # a button draws its text plain
        tip = widget.toolTip()
        if tip:
            out.append((where + " tooltip", rendered(tip, QtGuiNamespace.mightBeRichText(tip))))
        if isinstance(widget, QGraphicsView) and widget.scene() is not None:
            for item in widget.scene().items():
                tip = item.toolTip()
                if tip:
                    out.append((f"{where} item tooltip", rendered(tip, QtGuiNamespace.mightBeRichText(tip))))
    return out


def _check(window: QWidget) -> int:
    """Every name shown keeps its tags; returns how many texts held a name."""
    seen = 0
    for where, text in shown_texts(window):
        for match in NAME.finditer(text):
            seen += 1
            before = text[max(0, match.start() - 3) : match.start()]
            assert before.endswith(("<b>", "<i>")), f"{where}: markup rendered in {text!r}"
    return seen


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_names_are_shown_as_plain_text_everywhere(make_window, lang):
    site = hostile_site()
    window = make_window(RunConfig(strategy="frontier", capacity=2, budget=30), lang=lang, on_site=site)
    model = window.explore.model
    model.jump(model.total)
    QApplication.processEvents()
    seen = _check(window)
    for name in window.view_names():
        view = window.select_view(name)
        QApplication.processEvents()
        if hasattr(view, "view"):  # a lazy view: the real one
            view = view.view
        if hasattr(view, "compute_blocking"):  # an analysis view: a few runs show its texts
            if hasattr(view, "runs_spin"):
                view.runs_spin.setValue(view.runs_spin.minimum())
            view.compute_blocking()
        QApplication.processEvents()
        seen += _check(window)
        if name == "compare":  # the line that says where the lanes' paths part, and why
            assert NAME.search(view.divergence.text()), view.divergence.text()
    assert seen > 10  # names were found: the test looked at texts that show them


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_teachers_exercise_is_shown_as_written(qtbot, tmp_path, chapter_site, lang):
    """A teacher exercise's title, question and explanation were drawn as HTML."""
    import json

    from PySide6.QtCore import QSettings

    from memviz.core.resources import resource_path
    from memviz.gui.exercises.view import ExercisesView
    from memviz.gui.kit.language import Language
    from memviz.models.settings import RunSettings

    bundled = json.loads(resource_path("exercises", "exercises.json").read_text(encoding="utf-8"))
    exercise = dict(bundled["exercises"][0], id="markup")
    for field in ("title", "question", "explanation"):
        exercise[field] = {code: f"<b>X{field}</b> {{seed}} <i>&amp;</i>" for code in ("zh", "en")}
    source = tmp_path / "teacher.json"
    source.write_text(json.dumps({"format": "memviz-exercises/1", "exercises": [exercise]}), encoding="utf-8")
    store = QSettings(str(tmp_path / "memviz.ini"), QSettings.Format.IniFormat)
    view = ExercisesView(RunSettings(site=chapter_site), Language(lang), store, sources=[source])
    qtbot.addWidget(view)
    view.resize(1280, 720)
    view.show()
    view.select("markup")
    for _ in range(5):  # wrong answers, until the answer (and its explanation) may be shown
        view.number_edit.setText("1")
        view.check_button.click()
    view.reveal()
    assert view.explanation_label.isVisibleTo(view)
    texts = dict((where, text) for where, text in shown_texts(view))
    shown = "\n".join(texts.values())
    for field in ("title", "question", "explanation"):
        assert f"<b>X{field}</b> " in shown and "<i>&amp;</i>" in shown, (field, texts)
    assert "<b>Xquestion</b> 1000 <i>&amp;</i>" in shown  # the settings still filled in
