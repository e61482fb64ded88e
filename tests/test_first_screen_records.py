"""Issue 41: the records the window's first screen makes are made without compiling their annotations.

``typing.NamedTuple`` turns every annotation written as a string into a ``typing.ForwardRef``, and
each ForwardRef compiles its text: under ``from __future__ import annotations`` every annotation is
a string, and the first screen's modules compiled 93 of them (4 M instructions of its first paint).
These modules leave the future import out and quote only what names a later or a type-checking
name. A module added here, or its future import put back, is held by this test.
"""

from __future__ import annotations

import dataclasses
import importlib
import typing

import pytest

MODULES = (
    "memviz.core.registry",
    "memviz.core.limits",
    "memviz.core.site_versions",
    "memviz.core.site",
    "memviz.core.clairvoyant",
    "memviz.core.context",
    "memviz.core.retrieval",
    "memviz.core.events",
    "memviz.core.layout",
    "memviz.core.stats",
    "memviz.gui.kit.themes",
    "memviz.gui.kit.style",
    "memviz.wording.words",
    "memviz.gui.explore.memory_list",
    "memviz.gui.explore.progress_plot",
    "memviz.presentation.memory_fold",
    "memviz.core.strategies",
)


def records(module) -> list[type]:
    """The NamedTuples and dataclasses ``module`` defines."""
    return [
        value
        for value in vars(module).values()
        if isinstance(value, type)
        and value.__module__ == module.__name__
        and ((issubclass(value, tuple) and hasattr(value, "_fields")) or dataclasses.is_dataclass(value))
    ]


@pytest.mark.parametrize("name", MODULES)
def test_the_first_screens_records_have_evaluated_annotations(name):
    module = importlib.import_module(name)
    made = records(module)
    assert made, f"{name} defines no record: take it off the list"
    for record in made:
        for field, annotation in record.__annotations__.items():
            assert not isinstance(annotation, (str, typing.ForwardRef)), (
                f"{record.__qualname__}.{field}: {annotation!r} is compiled as each {record.__qualname__} "
                f"class is made; is `from __future__ import annotations` back in {name}?"
            )
