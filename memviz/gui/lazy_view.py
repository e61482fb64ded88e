"""A tab whose view is built the first time it is shown (or used), not when the window opens.

The analysis views, the exercises and the model notes cost about 0.2 s to import and build
(pyqtgraph plots, tables), and the first screen is the Explore view: the window builds them only
when the user opens their tab. :class:`LazyView` stands in the tab with the view's object name; the
view is built into it on its first show, or as soon as code asks it for anything the placeholder
itself does not have (``window.batch.compute_blocking()``, ``window.current_view().result``): such
attributes are looked up on the built view.
"""

from __future__ import annotations

from collections.abc import Callable

from memviz.gui.qt import QShowEvent, QVBoxLayout, QWidget


class LazyView(QWidget):
    """A placeholder tab that builds ``factory()`` into itself when first needed."""

    def __init__(
        self, object_name: str, factory: Callable[[], QWidget], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName(object_name)
        self._factory: Callable[[], QWidget] | None = factory
        self._view: QWidget | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)

    @property
    def built(self) -> bool:
        return self._view is not None

    @property
    def view(self) -> QWidget:
        """The real view, built now if it was not yet."""
        if self._view is None:
            factory, self._factory = self._factory, None
            view = factory()
            self._view = view
            self.layout().addWidget(view)
        return self._view

    def showEvent(self, event: QShowEvent) -> None:
        self.view  # noqa: B018 (built before it is first painted)
        super().showEvent(event)

    def __getattr__(self, name: str):
        # only for names the placeholder does not have; never during Qt's own set-up
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self.view, name)
