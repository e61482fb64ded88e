"""The wrapping row: each item at its size hint, a new line where the next would not fit."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication, QLabel, QPushButton, QWidget

from memviz.gui.kit.flow_layout import FlowLayout, together


def _row(qtbot, width: int):
    box = QWidget()
    qtbot.addWidget(box)
    layout = FlowLayout(box, spacing=8)
    fields = [together(QLabel(f"Field {i}"), QPushButton(f"value {i}")) for i in range(4)]
    for field in fields:
        layout.add(field)
    message = QLabel("a message")
    layout.add(message, stretch=True)
    box.resize(width, layout.heightForWidth(width))
    box.show()
    QApplication.processEvents()
    return box, layout, fields, message


def test_a_wide_row_is_one_line_and_the_stretching_item_takes_the_rest(qtbot):
    box, _layout, fields, message = _row(qtbot, 2000)
    tops = {field.geometry().top() for field in fields}
    assert len(tops) == 1
    assert message.geometry().right() == box.width() - 1  # the leftover, to the row's end
    for field in fields:  # nothing squeezed below what it asks for
        assert field.width() == field.sizeHint().width()


def test_a_narrow_row_wraps_between_items_never_inside_one(qtbot):
    wide = _row(qtbot, 2000)
    one_field = wide[2][0].sizeHint().width()
    box, layout, fields, message = _row(qtbot, one_field * 2 + 8 + 4)  # room for two fields a line
    lines = sorted({field.geometry().top() for field in fields})
    assert len(lines) == 2
    for field in fields:
        assert field.width() == field.sizeHint().width()
        assert box.rect().contains(field.geometry())
    assert layout.heightForWidth(box.width()) > layout.sizeHint().height()  # taller when wrapped
    # No two items overlap.
    shapes = [w.geometry() for w in (*fields, message)]
    for i, a in enumerate(shapes):
        for b in shapes[i + 1 :]:
            assert not a.intersects(b)
