"""What a memory scenario is: one registered :class:`Scenario` holds its names and lesson in both
languages, the ways it plays, how one seed plays frame by frame, its figures over seeds, the numbers
its exercises may ask, and the command-line options it takes. Nothing else names a scenario: the
command line, the Scenarios tab, ``--view scenarios/NAME`` and the exercises read this registry.

A scenario is added in one file (see docs/extending.md): build a :class:`Scenario` and
``SCENARIOS.register(it)``; the chapter's six are in :mod:`memviz.core.scenarios.catalog`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from memviz.core.limits import decimal_number, whole_number
from memviz.core.registry import Registry

if TYPE_CHECKING:
    from memviz.core.engine import RunConfig
    from memviz.core.scenarios.playback import Playback
    from memviz.core.site import Site


@dataclass(frozen=True)
class Measure:
    """A number an exercise may ask of one run played one way."""

    unit: str  # "%" or "" (a count, a step number, a mean)
    read: Callable[[Any, str], float]  # (the scenario run's result, the mode) -> the number


def percent(name: str) -> Measure:
    """The run result's attribute ``name`` (a fraction) in per cent."""
    return Measure("%", lambda r, _mode: 100 * getattr(r, name))


def count(name: str) -> Measure:
    """The run result's attribute ``name`` as it is."""
    return Measure("", lambda r, _mode: getattr(r, name))


@dataclass(frozen=True)
class ScenarioArgument:
    """An option of ``memviz scenario NAME``: ``flag`` sets the figures' keyword ``dest``.
    ``parse`` turns the text into the value and raises ValueError with one line naming the option;
    ``repeat``: the flag may be given several times (a tuple of values, None if never given);
    ``many``: the flag takes one or more words, joined with commas for ``parse`` (``--ttls 2 4 8``
    is ``--ttls 2,4,8``)."""

    flag: str
    dest: str
    help: str
    parse: Callable[[str], Any] = str
    default: Any = None
    repeat: bool = False
    many: bool = False


# (site, run config with the scenario's strategy and the seed, mode, language) -> its frames
Player = Callable[["Site", "RunConfig", str, str], "Playback"]
# (site, run config with the strategy and the first seed, seeds, **options) -> figures as JSON-able dict
Figures = Callable[..., dict]
# (site, run config, mode, the exercise options) -> the result a Measure reads
Runner = Callable[["Site", "RunConfig", str, Mapping[str, Any]], Any]


@dataclass(frozen=True, eq=False)
class Scenario:
    """One memory scenario. ``modes`` are the ways the Scenarios tab and ``--view`` play it
    (``mode_labels`` words them, the mode itself if left out); ``play`` plays one seed one way;
    ``figures`` are its numbers over seeds (``memviz scenario NAME``, the tab's figures).

    Exercises read ``measures`` off a run made by ``run``, or, for a scenario of plain runs,
    off the runs of ``plain(config, mode)`` (the batch router then picks the engine); ``options``
    are the run's own settings with their defaults; ``accepts`` checks a mode exercises may use
    beyond ``modes`` (ValueError naming it)."""

    name: str
    title_zh: str
    title_en: str
    lesson_zh: str
    lesson_en: str
    modes: tuple[str, ...]
    play: Player
    figures: Figures
    default_mode: str = ""  # "": the first mode
    default_seed: int = 1000  # a seed where the lesson shows
    strategy: str = "frontier"  # the default strategy of its runs
    mode_labels: Mapping[str, tuple[str, str]] = field(default_factory=dict)  # mode -> (zh, en)
    arguments: tuple[ScenarioArgument, ...] = ()
    measures: Mapping[str, Measure] = field(default_factory=dict)
    options: Mapping[str, Any] = field(default_factory=dict)
    run: Runner | None = None
    plain: Callable[[RunConfig, str], RunConfig] | None = None
    accepts: Callable[[str], None] | None = None
    needs_versions: bool = False  # the site must declare a version to switch to
    worded: bool = False  # its runs are worded in the language (the figures take ``lang``)
    list_title: tuple[str, str] = ("Bug 清单", "Bug list")  # what the tab's lower list shows

    def __post_init__(self) -> None:
        if not self.modes:
            raise ValueError(f"scenario {self.name}: modes: at least one way to play it")
        if self.default_mode and self.default_mode not in self.modes:
            raise ValueError(
                f"scenario {self.name}: default_mode {self.default_mode!r} is not one of its modes"
            )
        if self.measures and (self.run is None) == (self.plain is None):
            raise ValueError(f"scenario {self.name}: measures need exactly one of run and plain")

    @property
    def first_mode(self) -> str:
        return self.default_mode or self.modes[0]

    def title(self, lang: str) -> str:
        return self.title_zh if lang == "zh" else self.title_en

    def lesson(self, lang: str) -> str:
        return self.lesson_zh if lang == "zh" else self.lesson_en

    def mode_label(self, mode: str, lang: str) -> str:
        zh, en = self.mode_labels.get(mode, (mode, mode))
        return zh if lang == "zh" else en

    def check_mode(self, mode: str) -> None:
        """ValueError, naming what is wrong, unless an exercise may play the scenario ``mode``."""
        if self.accepts is not None:
            self.accepts(mode)
        elif mode not in self.modes:
            raise ValueError(f"mode: {self.name} plays {', '.join(self.modes)}, not {mode!r}")

    def check_site(self, site: Site) -> None:
        """ValueError unless the site has what the scenario needs (a version to switch to)."""
        if self.needs_versions and not site.versions:
            raise ValueError(f"{self.name}: this site file declares no versions (see README, Site files)")

    def measure_runs(self, site: Site, configs: Sequence[RunConfig], mode: str, options: Mapping[str, Any]):
        """The results the measures read, one per config."""
        if self.plain is not None:
            from memviz.core.experiments import Runner as BatchRunner

            return BatchRunner().run_all(site, [self.plain(c, mode) for c in configs])
        assert self.run is not None
        return [self.run(site, c, mode, options) for c in configs]


# ``memviz scenario``'s own options: no scenario may take these names for its own.
COMMON_OPTIONS = {"--runs": "runs", "--seed0": "seed0", "--strategy": "strategy", "--json": "json",
                  "--site": "site", "--lang": "lang", "--help": "help"}  # fmt: skip


def check_arguments(scenario: Scenario) -> None:
    """ValueError unless the scenario's options mean, on the command line, what other scenarios'
    options of the same flag or name mean (one flag, one meaning)."""
    taken = {a.flag: a.dest for other in SCENARIOS.loaded() for a in other.arguments}
    dests = {dest: flag for flag, dest in taken.items()}
    for a in scenario.arguments:
        if not a.flag.startswith("--"):
            raise ValueError(f"scenario {scenario.name}: {a.flag!r}: an option's flag starts with --")
        if a.flag in COMMON_OPTIONS or a.dest in COMMON_OPTIONS.values():
            raise ValueError(
                f"scenario {scenario.name}: {a.flag} ({a.dest}) clashes with memviz scenario's own"
            )
        if taken.get(a.flag, a.dest) != a.dest or dests.get(a.dest, a.flag) != a.flag:
            raise ValueError(
                f"scenario {scenario.name}: {a.flag} ({a.dest}) clashes with {a.flag} "
                f"({taken.get(a.flag)}) or {dests.get(a.dest)} ({a.dest}) of memviz scenario"
            )


SCENARIOS: Registry[Scenario] = Registry(
    "scenario", "scenario", check_arguments, "memviz.scenarios", Scenario
)


# -- parsers for ScenarioArgument (and the command line's other whole-number options) ---------------------


def positive(name: str, high: int = 1_000_000) -> Callable[[str], int]:
    """A parser of a whole number 1..``high``; its ValueError names ``name``."""

    def parse(text: str) -> int:
        try:
            value = whole_number(text)  # ASCII digits only, as every option's number
        except ValueError:
            raise ValueError(f"{name} must be a whole number, got {text[:40]!r}") from None
        if not 1 <= value <= high:
            raise ValueError(f"{name} must be between 1 and {high}, got {value}")
        return value

    return parse


def probability(name: str) -> Callable[[str], float]:
    """A parser of a probability 0..1; its ValueError names ``name``."""

    def parse(text: str) -> float:
        try:
            value = decimal_number(text)
        except ValueError:
            raise ValueError(f"{name} must be a probability 0..1, got {text[:40]!r}") from None
        if not 0.0 <= value <= 1.0:  # False for NaN
            raise ValueError(f"{name} must be a probability 0..1, got {text[:40]}")
        return value

    return parse
