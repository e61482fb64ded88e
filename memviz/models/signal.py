"""Signals for the Qt-free models: ``stepped = Signal(object)`` on the class, then
``model.stepped.connect(view._on_step)`` and ``model.stepped.emit(event)``, as with Qt's.

Why not Qt's: a QObject's signals need a QApplication, and the recorder, the tests and scripts drive
the models without one. Why not psygnal (what napari uses): its import reads package metadata,
15 ms of the window's 0.38 s start-up, for the four things needed here:

- a bound method is held weakly, so a view that is gone is dropped, never kept alive by its model;
- a slot gets only as many of the arguments as it takes (Qt's rule: ``restarted.connect(self.update)``
  style handlers that ignore the payload need no ``*_args``);
- slots run in the order they were connected, synchronously, in the thread that emits;
- a slot that disconnects (or connects) another while the signal is emitting does not disturb it;
- a signal can be blocked for a while (:func:`blocker`, napari's ``events.blocker()``): it then emits
  nothing, as a QObject under a QSignalBlocker.
"""

from __future__ import annotations

import contextlib
import inspect
import weakref
from collections.abc import Callable, Iterator
from inspect import CO_VARARGS
from types import FunctionType
from typing import Any


class Signal:
    """Declared on a class; each instance gets its own :class:`SignalInstance` on first access."""

    def __init__(self, *types: type) -> None:
        self.types = types  # documentation only: emitters are trusted, as with Qt's Signal(object)
        self.name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, instance: Any, owner: type | None = None) -> Any:
        if instance is None:
            return self
        bound = instance.__dict__.get(self.name)
        if bound is None:
            bound = instance.__dict__[self.name] = SignalInstance(self.name)
        return bound


class SignalInstance:
    def __init__(self, name: str = "") -> None:
        self.name = name
        self._slots: list[tuple[Callable[[], Callable | None], int | None, Callable]] = []
        self._blocked = 0  # how many blockers hold it (they nest)

    def connect(self, slot: Callable) -> Callable:
        if not callable(slot):
            raise TypeError(f"{self.name}: cannot connect {slot!r}, it is not callable")
        ref: Callable[[], Callable | None] = (
            weakref.WeakMethod(slot) if inspect.ismethod(slot) else _Strong(slot)
        )
        self._slots.append((ref, _max_args(slot), _key(slot)))
        return slot

    def disconnect(self, slot: Callable | None = None) -> None:
        """Disconnect ``slot`` (every connection of it), or every slot when None."""
        if slot is None:
            self._slots = []
            return
        key = _key(slot)
        kept = [entry for entry in self._slots if entry[2] != key]
        if len(kept) == len(self._slots):
            raise ValueError(f"{self.name}: {slot!r} is not connected")
        self._slots = kept

    @property
    def blocked(self) -> bool:
        return self._blocked > 0

    def emit(self, *args: Any) -> None:
        if self._blocked:
            return
        dead = False
        for ref, max_args, _ in list(self._slots):  # a slot may (dis)connect others meanwhile
            slot = ref()
            if slot is None:
                dead = True
                continue
            slot(*(args if max_args is None else args[:max_args]))
        if dead:
            self._slots = [entry for entry in self._slots if entry[0]() is not None]

    def __len__(self) -> int:
        return len(self._slots)


@contextlib.contextmanager
def blocker(*signals: SignalInstance) -> Iterator[None]:
    """Emit nothing on ``signals`` inside the block (blocks nest; each ends with its own block)."""
    for signal in signals:
        signal._blocked += 1
    try:
        yield
    finally:
        for signal in signals:
            signal._blocked -= 1


class _Strong:
    """A plain function or lambda is held as it is (like Qt, the connection owns it)."""

    __slots__ = ("slot",)

    def __init__(self, slot: Callable) -> None:
        self.slot = slot

    def __call__(self) -> Callable:
        return self.slot


def _key(slot: Callable) -> Any:
    """What identifies a slot for disconnect: a bound method by its object and function (each
    attribute access makes a new bound-method object), anything else by itself."""
    return (id(slot.__self__), slot.__func__) if inspect.ismethod(slot) else slot


def _max_args(slot: Callable) -> int | None:
    """How many positional arguments ``slot`` takes (None: any number, or it cannot be told)."""
    # A plain function or a method bound to an object, read off its code: what inspect.signature
    # says of it, at a fiftieth of the cost (the Explore view connects ~40 slots before its first
    # paint). Anything else (a partial, a builtin, a wrapped function) is asked of inspect.
    function, bound = (slot.__func__, 1) if inspect.ismethod(slot) else (slot, 0)
    code = getattr(function, "__code__", None)
    if isinstance(function, FunctionType) and code is not None and not hasattr(function, "__wrapped__"):
        if code.co_flags & CO_VARARGS:
            return None
        if code.co_argcount >= bound:
            return code.co_argcount - bound
    try:
        parameters = inspect.signature(slot).parameters.values()
    except (TypeError, ValueError):  # a builtin without a signature: give it everything
        return None
    count = 0
    for parameter in parameters:
        if parameter.kind is parameter.VAR_POSITIONAL:
            return None
        if parameter.kind in (parameter.POSITIONAL_ONLY, parameter.POSITIONAL_OR_KEYWORD):
            count += 1
    return count
