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


def _by_inspect(slot):
    """How many positional arguments inspect.signature says ``slot`` takes (None: any number)."""
    import inspect

    try:
        parameters = inspect.signature(slot).parameters.values()
    except (TypeError, ValueError):
        return None
    if any(p.kind is p.VAR_POSITIONAL for p in parameters):
        return None
    return sum(p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) for p in parameters)


def test_a_slots_arguments_are_counted_as_inspect_counts_them():
    import functools

    from memviz.models.signal import _max_args

    class Slots:
        def two(self, a, b=1, *, c=2): ...
        def any(self, *args): ...
        def only(self, a, /, b): ...
        @staticmethod
        def static(a): ...
        @classmethod
        def klass(cls, a, b): ...
        def __call__(self, a): ...

    def wrapped(a, b): ...

    @functools.wraps(wrapped)
    def wrapper(*args): ...

    slots = Slots()
    cases = [slots.two, slots.any, slots.only, slots.static, Slots.klass, slots, Slots.two, wrapper,
             lambda: None, lambda a, *rest: None, lambda a, b, c=3, **kw: None, functools.partial(wrapped, 1),
             print, len, View().on_both]  # fmt: skip
    counts = [_max_args(slot) for slot in cases]
    assert counts == [_by_inspect(slot) for slot in cases]
    assert counts[:3] == [2, None, 2] and counts[7] == 2  # the wrapped function's own two
