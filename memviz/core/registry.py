"""Named, registered things (eviction policies, strategies) and the error a bad name raises.

A registry keeps its entries in registration order: that is the order every view, the command
line's choices and the sweep list them in. Adding a policy or a strategy is one object and one
``register`` call; nothing else names it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Generic, Protocol, TypeVar

# No entry's name starts with this: tests and examples name a thing that can never be registered.
RESERVED_PREFIX = "unknown-"


class ConfigError(ValueError):
    """A run setting out of range; the message starts with the setting's name."""


class Named(Protocol):
    name: str


T = TypeVar("T", bound=Named)


class Bilingual:
    """What a registered thing says of itself in either language. Needs ``zh`` and ``en`` (its name
    as said mid-sentence) and ``rule_zh`` and ``rule_en`` (its rule in one sentence)."""

    zh: str
    en: str
    rule_zh: str
    rule_en: str

    def name_in(self, lang: str) -> str:
        return self.zh if lang == "zh" else self.en

    def label_in(self, lang: str) -> str:
        """The name as a label starts: capitalised."""
        name = self.name_in(lang)
        return name[:1].upper() + name[1:]

    def rule_in(self, lang: str) -> str:
        return self.rule_zh if lang == "zh" else self.rule_en


class Registry(Generic[T]):
    """Entries by name, in registration order. ``field`` and ``kind`` word the error of a bad name;
    ``check(entry)`` raises ValueError (one line naming the entry) for an entry that must not be
    registered, e.g. a batch kernel that does not implement it."""

    def __init__(self, field: str, kind: str, check: Callable[[T], None] | None = None) -> None:
        self.field = field
        self.kind = kind
        self._check = check
        self._entries: dict[str, T] = {}

    def register(self, entry: T) -> T:
        if entry.name in self._entries:
            raise ValueError(f"{self.field}: {entry.name!r} is already registered")
        if not isinstance(entry.name, str) or not entry.name or entry.name.startswith(RESERVED_PREFIX):
            raise ValueError(
                f"{self.field}: {entry.name!r} cannot be registered (a name, not empty and not starting "
                f"{RESERVED_PREFIX!r}, which is kept for names that are never registered)"
            )
        if self._check is not None:
            self._check(entry)
        self._entries[entry.name] = entry
        return entry

    def unregister(self, name: str) -> T:
        return self._entries.pop(self.get(name).name)

    def get(self, name: str) -> T:
        entry = self._entries.get(name)
        if entry is None:
            raise ConfigError(
                f"{self.field}: unknown {self.kind} {name!r} (choose from {', '.join(self._entries)})"
            )
        return entry

    __getitem__ = get  # ``REGISTRY[name]`` as a dict's: a bad name is the same one-line ConfigError

    def names(self) -> tuple[str, ...]:
        return tuple(self._entries)

    def values(self) -> tuple[T, ...]:
        return tuple(self._entries.values())

    def __contains__(self, name: object) -> bool:
        return name in self._entries

    def __iter__(self) -> Iterator[str]:
        """The names, in registration order (a registry stands where a tuple of names did)."""
        return iter(tuple(self._entries))

    def __len__(self) -> int:
        return len(self._entries)
