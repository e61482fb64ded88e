"""Named, registered things (eviction policies, strategies) and the error a bad name raises.

A registry keeps its entries in registration order: that is the order every view, the command
line's choices and the sweep list them in. Adding a policy or a strategy is one object and one
``register`` call; nothing else names it.
"""

from __future__ import annotations

import contextlib
import sys
import threading
from collections.abc import Callable, Iterator
from typing import Generic, NamedTuple, Protocol, TypeVar

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
        # Plugins' entries by name, not imported yet: (load, where it comes from), in the order found.
        self._pending: dict[str, tuple[Callable[[], T], str]] = {}
        self._loading = threading.RLock()  # the window's workers may ask for a plugin's entry too

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
        self._pending.pop(entry.name, None)  # registered in the meantime: its plugin is not loaded again
        self._entries[entry.name] = entry
        return entry

    def defer(self, name: str, load: Callable[[], T], origin: str) -> bool:
        """A plugin's entry ``name``, made by ``load()`` the first time it is asked for (so a plugin
        costs nothing until it is used). ``origin`` says where it comes from in a report. False (and
        nothing deferred) if the name is taken or reserved."""
        if name in self._entries or name in self._pending or name.startswith(RESERVED_PREFIX):
            return False
        self._pending[name] = (load, origin)
        return True

    def _load(self, name: str) -> None:
        """Load the deferred entry ``name``; a plugin that fails is reported in one line and dropped."""
        with self._loading:
            if name not in self._pending:  # another thread loaded it meanwhile
                return
            load, origin = self._pending.pop(name)
            self._load_entry(name, load, origin)

    def _load_entry(self, name: str, load: Callable[[], T], origin: str) -> None:
        try:
            entry = load()
            if getattr(entry, "name", None) != name:
                raise ValueError(
                    f"it names itself {getattr(entry, 'name', None)!r}, its entry point {name!r}"
                )
            self.register(entry)
        except Exception as exc:  # anything a plugin's import may raise: it must not stop memviz
            error = " ".join(f"{type(exc).__name__}: {exc}".split())  # one line
            report_broken_plugin(BrokenPlugin(self.field, name, origin, error))

    def _load_all(self) -> None:
        for name in tuple(self._pending):
            self._load(name)

    def unregister(self, name: str) -> T:
        return self._entries.pop(self.get(name).name)

    def get(self, name: str) -> T:
        entry = self._entries.get(name)
        if entry is None:
            with self._loading:  # a plugin's entry: loaded now, or by another thread meanwhile
                if name in self._pending:
                    self._load(name)
                entry = self._entries.get(name)
        if entry is None:
            raise ConfigError(
                f"{self.field}: unknown {self.kind} {name!r} (choose from {', '.join(self.choices())})"
            )
        return entry

    __getitem__ = get  # ``REGISTRY[name]`` as a dict's: a bad name is the same one-line ConfigError

    def choices(self) -> tuple[str, ...]:
        """Registered names, then plugins' names not loaded yet: a command line's choices, which
        must not import every plugin (one that fails is reported when it is chosen)."""
        return (*self._entries, *self._pending)

    def names(self) -> tuple[str, ...]:
        """Every entry's name, plugins' loaded (those that fail are reported and left out)."""
        self._load_all()
        return tuple(self._entries)

    def loaded(self) -> tuple[T, ...]:
        """The entries registered so far, leaving plugins not loaded yet as they are."""
        return tuple(self._entries.values())

    def values(self) -> tuple[T, ...]:
        """Every entry, plugins' loaded (those that fail are reported and left out)."""
        self._load_all()
        return tuple(self._entries.values())

    def __contains__(self, name: object) -> bool:
        """Whether ``name`` is an entry's (a plugin's is loaded to know: a broken one is not)."""
        if name in self._entries:
            return True
        with self._loading:
            if name in self._pending:
                self._load(name)  # type: ignore[arg-type]
            return name in self._entries

    def __iter__(self) -> Iterator[str]:
        """The names, in registration order (a registry stands where a tuple of names did)."""
        return iter(self.names())

    def __len__(self) -> int:
        return len(self.names())


class BrokenPlugin(NamedTuple):
    """A plugin's entry that could not be loaded: which registry, its name, where it comes from
    (``module:object from distribution``) and the error, in one line."""

    field: str
    name: str
    origin: str
    error: str

    def line(self) -> str:
        return f"memviz: plugin {self.field} {self.name!r} ({self.origin}) skipped: {self.error}"


def _say_on_stderr(broken: BrokenPlugin) -> None:
    if sys.stderr is not None:
        with contextlib.suppress(OSError):
            print(broken.line(), file=sys.stderr)


# How a broken plugin is reported (one line on stderr; the command line words it in its language).
report_broken_plugin: Callable[[BrokenPlugin], None] = _say_on_stderr
