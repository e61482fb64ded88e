"""Issue 23: every user text shown in the window is plain text. Page, bug and site names came out as
HTML (in graph-card tooltips, in Compare's "paths part" line): a name ``<b>X</b>`` was drawn bold
as "X". Here every name holds markup, every view is shown, and every text the window shows —
labels, buttons, tooltips of widgets and of the graphs' items — is read back as rendered: wherever a
name appears, its tags appear literally.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtCore import Qt
from PySide6.QtGui import Qt as QtGuiNamespace
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QAbstractButton, QApplication, QGraphicsView, QLabel, QWidget

from memviz.core.engine import RunConfig
from memviz.core.site import Site

MARK = "<b>X"  # what a name starts with; rendered as rich text it would lose its tags
NAME = re.compile(r"X(site|page|bug)\d*")


def hostile_site() -> Site:
    return Site.from_dict(hostile_document())


def hostile_document() -> dict:
    n = 30  # more pages than the Compare view's lanes remember (12): their paths part
    pages = [
        {
            "zh": f"<b>Xpage{i}</b>",
            "en": f"<b>Xpage{i}</b>",
            "links": sorted({(i + 1) % n, (i + 7) % n, (i * 3 + 2) % n} - {i}),
        }
        for i in range(n)
    ]
    return {
        "format": "memviz-site/1",
        "name": {"zh": "<b>Xsite</b>", "en": "<b>Xsite</b>"},
        "start": 0,
        "nav": [0],
        "pages": pages,
        "bugs": [{"page": p, "zh": f"<i>Xbug{p}</i>", "en": f"<i>Xbug{p}</i>"} for p in (2, 4)],
    }


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


def _teacher_folder(tmp_path) -> tuple:
    """A teacher's folder where every field a learner reads holds markup: titles, questions and
    explanations, the options of a choice, the page names a next-page choice offers (from a site
    file of the teacher's), and the name of a file that cannot be read."""
    import json

    from memviz.core.resources import resource_path

    folder = tmp_path / "teacher"
    folder.mkdir()
    (folder / "site.json").write_text(json.dumps(hostile_document()), encoding="utf-8")
    bundled = {ex["id"]: ex for ex in json.loads(resource_path("exercises", "exercises.json").read_text("utf-8"))["exercises"]}  # fmt: skip
    texts = {field: {code: f"<b>X{field}</b> <i>&amp;</i>" for code in ("zh", "en")}
             for field in ("title", "question", "explanation")}  # fmt: skip
    pairing = dict(bundled["pairing-weak"], id="markup-options", **texts)
    pairing["params"] = dict(pairing["params"])
    pairing["params"]["options"] = [
        dict(option, zh=f"<b>Xoption{k}</b>", en=f"<b>Xoption{k}</b>") for k, option in enumerate(pairing["params"]["options"])
    ]  # fmt: skip
    next_page = {"id": "markup-pages", "kind": "next_page", "site": "site.json",
                 "settings": {"strategy": "random", "seed": 1000}, "params": {"step": 3}, **texts}  # fmt: skip
    number = dict(bundled["seed1000-coverage"], id="markup-number", **texts)
    document = {"format": "memviz-exercises/1", "exercises": [pairing, next_page, number]}
    (folder / "teacher.json").write_text(json.dumps(document), encoding="utf-8")
    (folder / "<b>Xfile.json").write_text("{not json", encoding="utf-8")
    return folder, ("markup-options", "markup-pages", "markup-number")


def _item_texts(view: QWidget) -> list[tuple[str, str]]:
    """The texts of list and table items (drawn plain by Qt's item delegate)."""
    from PySide6.QtWidgets import QListWidget

    return [(f"list {lst.objectName()}", lst.item(row).text())
            for lst in view.findChildren(QListWidget) for row in range(lst.count())]  # fmt: skip


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_field_of_a_teachers_exercise_is_shown_as_written(qtbot, tmp_path, chapter_site, lang):
    """Issue 23: every user text in the window is plain text. Each exercise of a teacher's folder is
    shown, answered wrong until its answer may be shown, and every label, button, tooltip and list
    item is read back: each field's tags are there, as written."""
    from PySide6.QtCore import QSettings

    from memviz.gui.exercises.view import ExercisesView
    from memviz.gui.kit.language import Language
    from memviz.models.settings import RunSettings

    folder, idents = _teacher_folder(tmp_path)
    store = QSettings(str(tmp_path / "memviz.ini"), QSettings.Format.IniFormat)
    view = ExercisesView(RunSettings(site=chapter_site), Language(lang), store, sources=[folder])
    qtbot.addWidget(view)
    view.resize(1280, 720)
    view.show()
    assert [ex.id for ex in view.exercises] == list(idents)
    names_seen: set[str] = set()
    for ident in idents:
        view.select(ident)
        texts = shown_texts(view) + _item_texts(view)
        if ident == "markup-number":  # answered wrong until the answer, and its explanation, show
            for _ in range(3):
                view.number_edit.setText("1")
                view.check_button.click()
            view.reveal()
            assert view.explanation_label.isVisibleTo(view)
            texts += shown_texts(view)
        shown = "\n".join(text for _where, text in texts)
        for field in ("title", "question"):
            assert f"<b>X{field}</b> <i>&amp;</i>" in shown, (ident, field, texts)
        for where, text in texts:
            for match in re.finditer(r"X(option\d|page\d+|file|title|question|explanation)\b", text):
                assert text[: match.start()].endswith("<b>"), f"{ident}: {where}: markup rendered in {text!r}"
                names_seen.add(match.group(1).rstrip("0123456789"))
    assert {"option", "page", "file", "title", "question", "explanation"} <= names_seen


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from("&<>\"'; ab中#x0"), max_size=40))
def test_escaped_user_text_is_the_standard_librarys_escape(text):
    """plain_text.escaped escapes as html.escape(text, quote=False) does, without loading the html
    module's entity tables before the window's first paint (issue 41)."""
    import html

    from memviz.gui.kit.plain_text import escaped

    assert escaped(text) == html.escape(text, quote=False)


def test_a_page_named_with_markup_is_narrated_as_written(make_window):
    """The narration's lines are HTML in their kind's colour (narration_log): a name's tags,
    ampersands and entities are shown as written."""
    document = hostile_document()
    for page in document["pages"]:
        page["en"] = page["en"] + " &amp; R&D"
    window = make_window(lang="en", on_site=Site.from_dict(document))
    explore = window.explore
    for _ in range(3):
        explore.model.step()
    lines = explore.narration.lines()
    assert len(lines) == 4 and all("<b>Xpage" in line and "</b> &amp; R&D" in line for line in lines[1:])
    # appended as one piece of HTML a batch, still a block a line (the scroll counts them)
    explore.language.set_code("zh")  # a replay of every line at once
    assert explore.narration.document().blockCount() == len(explore.narration.lines()) == 4
