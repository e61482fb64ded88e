"""A learner's answers to the exercises, kept between starts in the settings file."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from memviz.gui.qt import QSettings

GROUP = "exercises"


@dataclass(frozen=True)
class Record:
    """A learner's last answer to one exercise."""

    answer: str
    correct: bool
    revealed: bool = False  # the answer was shown: it no longer counts as right


def _read_bool(value) -> bool | None:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lower() in ("true", "false"):
        return value.lower() == "true"
    return None


class ProgressStore:
    """Answers kept between starts, one entry per exercise id; anything unreadable counts as unanswered."""

    def __init__(self, store: QSettings) -> None:
        self.store = store

    def load(self, ids: Sequence[str]) -> dict[str, Record]:
        records = {}
        self.store.beginGroup(GROUP)
        try:
            for ident in ids:
                correct = _read_bool(self.store.value(f"{ident}/correct"))
                answer = self.store.value(f"{ident}/answer")
                revealed = _read_bool(self.store.value(f"{ident}/revealed", False)) or False
                if correct is not None and isinstance(answer, str):
                    records[ident] = Record(answer, correct and not revealed, revealed)
        finally:
            self.store.endGroup()
        return records

    def save(self, ident: str, record: Record) -> None:
        self.store.beginGroup(GROUP)
        self.store.setValue(f"{ident}/answer", record.answer)
        self.store.setValue(f"{ident}/correct", record.correct)
        self.store.setValue(f"{ident}/revealed", record.revealed)
        self.store.endGroup()
        self.store.sync()

    def clear(self) -> None:
        self.store.remove(GROUP)
        self.store.sync()
