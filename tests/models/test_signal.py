"""The models' signals behave as Qt's do where the views lean on it, with no QApplication."""

from __future__ import annotations

import gc

import pytest

from memviz.models.signal import Signal


class Model:
    changed = Signal(object, int)
    cleared = Signal()


class View:
    def __init__(self):
        self.seen = []

    def on_both(self, value, count):
        self.seen.append((value, count))

    def on_value(self, value):
        self.seen.append(value)

    def on_nothing(self):
        self.seen.append("-")


def test_each_instance_has_its_own_signal_and_slots_run_in_order():
    a, b, view, order = Model(), Model(), View(), []
    a.changed.connect(view.on_both)
    a.changed.connect(lambda *args: order.append("lambda"))
    a.changed.connect(lambda value: order.append(value))
    b.changed.emit("b", 2)
    assert view.seen == [] and order == []
    a.changed.emit("a", 1)
    assert view.seen == [("a", 1)] and order == ["lambda", "a"]
    assert Model.changed.name == "changed" and a.changed is a.changed


def test_a_slot_gets_only_the_arguments_it_takes():
    model, view = Model(), View()
    for slot in (view.on_both, view.on_value, view.on_nothing):
        model.changed.connect(slot)
    model.changed.emit("x", 3)
    assert view.seen == [("x", 3), "x", "-"]


def test_a_view_that_is_gone_is_dropped_not_kept_alive():
    model, view = Model(), View()
    model.cleared.connect(view.on_nothing)
    assert len(model.cleared) == 1
    del view
    gc.collect()
    model.cleared.emit()  # nothing to call, and no error
    assert len(model.cleared) == 0


def test_disconnect_by_the_same_method_and_while_emitting():
    model, view, calls = Model(), View(), []
    model.cleared.connect(view.on_nothing)
    model.cleared.disconnect(view.on_nothing)  # a new bound-method object, the same slot
    model.cleared.emit()
    assert view.seen == []
    with pytest.raises(ValueError, match="cleared"):
        model.cleared.disconnect(view.on_nothing)

    def first():
        calls.append("first")
        if "second" not in calls:
            model.cleared.disconnect(second)  # takes effect from the next emit

    def second():
        calls.append("second")

    model.cleared.connect(first)
    model.cleared.connect(second)
    model.cleared.emit()
    model.cleared.emit()
    assert calls == ["first", "second", "first"]
    model.cleared.disconnect()
    assert len(model.cleared) == 0


def test_connecting_something_not_callable_is_an_error():
    with pytest.raises(TypeError, match="not callable"):
        Model().cleared.connect(42)
