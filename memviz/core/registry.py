"""Named, registered things (eviction policies, strategies) and the error a bad name raises.

A registry keeps its entries in registration order: that is the order every view, the command
line's choices and the sweep list them in. Adding a policy or a strategy is one object and one
``register`` call; nothing else names it.

A registry with an entry-point ``group`` also holds the installed plugins' entries (a package's
``memviz.policies`` entry points, say). They are found the first time the registry is asked for a
name it does not hold, or for its list, never at start: a script's ``RunConfig(policy="lfu")``
finds an installed LFU with no call of its own, and a run of the built-in policies never pays for
the scan of installed packages. A plugin's module is imported only when its entry is asked for.
"""

# Annotations evaluated as the module runs, no `from __future__ import annotations`: typing.NamedTuple
# compiles each one written as a string (tests/test_first_screen_records.py, issue 41).

import contextlib
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Generic, NamedTuple, Protocol, TypeVar

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

    def __init__(
        self,
        field: str,
        kind: str,
        check: Callable[[T], None] | None = None,
        group: str | None = None,
        entry_type: type | None = None,
    ) -> None:
        self.field = field
        self.kind = kind
        self._check = check
        self._entries: dict[str, T] = {}
        # Plugins' entries by name, not imported yet: (load, where it comes from), in the order found.
        self._pending: dict[str, tuple[Callable[[], T], str]] = {}
        self._loading = threading.RLock()  # the window's workers may ask for a plugin's entry too
        self.group = group  # the entry-point group plugins add to this registry through
        self._entry_type = entry_type  # what a plugin's entry point must give (or a callable's result)
        self._discovered = group is None

    @property
    def discovered(self) -> bool:
        """Whether the installed plugins have been looked for (always, for a registry without a group)."""
        return self._discovered

    def discover(self, again: bool = False) -> list[str]:
        """Defer the installed plugins' entries of this registry's group (none is imported yet); the
        names deferred. Done by itself at the first name it does not hold or the first listing;
        ``again`` looks at the installed packages anew (a package installed since)."""
        if self.group is None or (self._discovered and not again):
            return []
        with self._loading:
            if self._discovered and not again:
                return []
            self._discovered = True
            found = []
            for entry_point in installed_entry_points(self.group):
                dist = entry_point.dist.name if entry_point.dist is not None else "?"
                load = _plugin_loader(entry_point, self._entry_type)
                if self.defer(entry_point.name, load, f"{entry_point.value} from {dist}"):
                    found.append(entry_point.name)
            return found

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
        self.discover()
        for name in tuple(self._pending):
            self._load(name)

    def unregister(self, name: str) -> T:
        return self._entries.pop(self.get(name).name)

    def get(self, name: str) -> T:
        entry = self._entries.get(name)
        if entry is None:
            with self._loading:  # a plugin's entry: loaded now, or by another thread meanwhile
                if name not in self._pending:
                    self.discover()
                if name in self._pending:
                    self._load(name)
                entry = self._entries.get(name)
        if entry is None:
            raise ConfigError(
                f"{self.field}: unknown {self.kind} {name!r} (choose from {', '.join(self.choices())})"
            )
        return entry

    __getitem__ = get  # ``REGISTRY[name]`` as a dict's: a bad name is the same one-line ConfigError

    def choices(self) -> "Choices":
        """Registered names, then plugins' names not loaded yet: a command line's choices, which
        must not import every plugin (one that fails is reported when it is chosen). A live view:
        ``in`` scans the installed plugins for a name the registry does not hold; listing shows the
        names known so far (call :meth:`discover` first for a complete list, as ``--help`` does)."""
        return Choices(self)

    def _choice_names(self) -> tuple[str, ...]:
        return (*self._entries, *self._pending)

    def names(self) -> tuple[str, ...]:
        """Every entry's name, plugins' loaded (those that fail are reported and left out)."""
        self._load_all()
        return tuple(self._entries)

    def first(self, wanted: Callable[[T], bool]) -> T:
        """The first entry, in registration order, that is ``wanted``: the built-in ones are asked
        before any plugin is looked for (so that a built-in answer costs no scan)."""
        for entries in (self.loaded, self.values):  # values() only if no built-in one is wanted
            for entry in entries():
                if wanted(entry):
                    return entry
        raise LookupError(f"{self.field}: no {self.kind} of the kind asked for is registered")

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
        if not isinstance(name, str):  # no entry's (register holds names to str): nothing to look for
            return False  # (a first start's missing setting, None, looked for plugins before its window)
        with self._loading:
            if name not in self._pending:
                self.discover()
            if name in self._pending:
                self._load(name)  # type: ignore[arg-type]
            return name in self._entries

    def __iter__(self) -> Iterator[str]:
        """The names, in registration order (a registry stands where a tuple of names did)."""
        return iter(self.names())

    def __len__(self) -> int:
        return len(self.names())


class Choices(Sequence[str]):
    """A registry's choices (:meth:`Registry.choices`), read when used: ``in`` answers for a
    registered name at once and scans the installed plugins for any other; listing them (argparse
    does so as an option is added, for its metavar) scans nothing, so building a command line
    costs no scan of the installed packages."""

    __slots__ = ("_registry",)

    def __init__(self, registry: Registry) -> None:
        self._registry = registry

    def __contains__(self, name: object) -> bool:
        registry = self._registry
        if name in registry._entries or name in registry._pending:
            return True
        registry.discover()
        return name in registry._pending

    def __getitem__(self, index):  # type: ignore[override]
        return self._registry._choice_names()[index]

    def __len__(self) -> int:
        return len(self._registry._choice_names())

    def __iter__(self) -> Iterator[str]:
        return iter(self._registry._choice_names())

    def __eq__(self, other: object) -> bool:
        return tuple(self) == (tuple(other) if isinstance(other, (tuple, list, Choices)) else other)

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return repr(tuple(self))


def installed_entry_points(group: str) -> list[Any]:
    """The installed distributions' entry points of ``group`` (importlib.metadata, imported only
    now: it costs some tens of milliseconds)."""
    from importlib import metadata

    return list(metadata.entry_points().select(group=group))


def _plugin_loader(entry_point: Any, entry_type: type | None) -> Callable[[], Any]:
    """Load an entry point's object: the entry itself, or a callable that makes it."""

    def load() -> Any:
        made = entry_point.load()
        if entry_type is not None and not isinstance(made, entry_type) and callable(made):
            made = made()
        if entry_type is not None and not isinstance(made, entry_type):
            raise TypeError(f"{entry_point.value} is a {type(made).__name__}, not a {entry_type.__name__}")
        return made

    return load


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
