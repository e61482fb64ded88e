"""What memviz remembers between starts: language, theme, zoom, last run settings, window layout.

Stored with QSettings in an INI file (the same format on every platform, readable by a teacher).
Every value is checked when read, against the ranges of :mod:`memviz.core.limits`: a damaged or
hand-edited file gives defaults for what is wrong, and a file Qt cannot parse at all is set aside
(``*.damaged``) so the app always starts. A settings "file" that is not a regular file (a named pipe
would block start-up forever) or is absurdly large is not read at all and left as it is: settings
then live in a file of memviz's own for the session, and :attr:`Preferences.problem` says why.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from pathlib import Path

from memviz.core.context import COMPACTIONS, parse_window, window_text
from memviz.core.engine import ConfigError, RunConfig
from memviz.core.jsonfile import check_file
from memviz.core.limits import bounds
from memviz.core.policies import POLICIES, takes_ttl
from memviz.core.strategies import STRATEGIES
from memviz.gui.qt import QByteArray, QSettings
from memviz.wording import kit as kit_words

THEMES = ("light", "dark", "projector")
ZOOM_MIN, ZOOM_MAX = bounds("zoom")
DEFAULT_THEME = "light"


class _StandInSettings(QSettings):
    """Settings for this session only, used when the user's settings file cannot be read safely."""

    def __init__(self, problem: str) -> None:
        fd, path = tempfile.mkstemp(prefix="memviz-", suffix=".ini", dir=_stand_in_dir())  # a fresh one
        os.close(fd)
        super().__init__(path, QSettings.Format.IniFormat)
        self.problem = problem


_STAND_IN_DIRS: list[tempfile.TemporaryDirectory] = []  # removed when the process ends


def _stand_in_dir() -> str:
    if not _STAND_IN_DIRS:
        _STAND_IN_DIRS.append(tempfile.TemporaryDirectory(prefix="memviz-settings-"))
    return _STAND_IN_DIRS[0].name


def default_path() -> Path:
    """Where Qt keeps memviz's settings (INI, user scope), found without opening that file.

    Qt reads a settings file as soon as a QSettings is made for it, so the path is asked of a
    QSettings for a sibling name that does not exist.
    """
    probe = QSettings(QSettings.Format.IniFormat, QSettings.Scope.UserScope, "memviz", "memviz-path-probe")
    return Path(probe.fileName()).with_name("memviz.ini")


def settings_file_problem(path: str | Path) -> str | None:
    """Why ``path`` must not be handed to Qt (a pipe would block, a huge file be read whole), or None."""
    if not Path(path).exists() and not Path(path).is_symlink():
        return None  # a first start: Qt creates it
    if not Path(path).exists():  # the user's link, to nothing: not followed, not replaced
        return f"settings file {path} is a symlink to a missing file"
    try:
        check_file(Path(path), "settings file", ValueError, "settings_size")
    except ValueError as exc:
        return str(exc)  # the notice says that settings are not saved
    return None


def default_store() -> QSettings:
    return store_at(default_path())


def store_at(path: str | Path) -> QSettings:
    problem = settings_file_problem(path)
    if problem is not None:
        return _StandInSettings(problem)
    return QSettings(str(path), QSettings.Format.IniFormat)


def damaged_copy_name(path: Path) -> Path:
    """The first of ``NAME.damaged``, ``NAME.damaged.1``, ``NAME.damaged.2`` … that does not exist."""
    candidate, n = path.with_name(path.name + ".damaged"), 0
    while candidate.exists() or candidate.is_symlink():
        n += 1
        candidate = path.with_name(f"{path.name}.damaged.{n}")
    return candidate


def _unwritable(path: Path) -> str | None:
    """Why settings could not be saved to ``path`` (a read-only file or folder), or None."""
    if path.exists():
        return None if os.access(path, os.W_OK) else f"{path}: the file is read-only"
    folder = path.parent
    while not folder.exists() and folder != folder.parent:  # Qt makes missing folders
        folder = folder.parent
    if not folder.is_dir():  # Qt can make no folder in a file: it saved nothing and said nothing
        return f"{path}: {folder} is a file, not a folder"
    return None if os.access(folder, os.W_OK) else f"{path}: the folder {folder} is read-only"


def _int(value, lo: int, hi: int) -> int | None:
    try:
        number = int(str(value), 10)
    except (TypeError, ValueError):
        return None
    return number if lo <= number <= hi else None


class Preferences:
    def __init__(self, store: QSettings | None = None) -> None:
        self.store = store if store is not None else default_store()
        self.problem: str | None = getattr(self.store, "problem", None)  # the file was not read: why
        self.recovered_from_damage = False
        self.damaged_copy: Path | None = None  # where a damaged file was kept
        if self.store.status() != QSettings.Status.NoError:
            self._set_damaged_file_aside()

        if self.problem is None:
            self.problem = _unwritable(Path(self.store.fileName()))

    def _set_damaged_file_aside(self) -> None:
        """Keep the damaged file as the first free ``.damaged``, ``.damaged.1``, … (never over a copy)."""
        path = Path(self.store.fileName())
        if path.is_file():
            copy = damaged_copy_name(path)
            try:
                shutil.move(path, copy)
            except OSError as exc:
                self.problem = (
                    f"settings file {path} is damaged and cannot be set aside ({exc.strerror or exc})"
                )
                self.store = _StandInSettings(self.problem)
                return
            self.damaged_copy = copy
        self.store = store_at(path)
        self.recovered_from_damage = True

    def notice(self, lang: str) -> str | None:
        """What the user should be told once at start-up about the settings file, or None."""
        if self.damaged_copy is not None:
            return kit_words.SETTINGS_FILE_DAMAGED_N.pick(lang, copy=self.damaged_copy)
        if self.problem is not None:
            return kit_words.SETTINGS_ARE_NOT_SAVED_N.pick(lang, problem=self.problem)
        return None

    # -- language, theme, zoom ------------------------------------------------------------------------

    def language(self) -> str | None:
        value = self.store.value("ui/language")
        return value if value in ("zh", "en") else None

    def set_language(self, code: str) -> None:
        self.store.setValue("ui/language", code)

    def theme(self) -> str:
        value = self.store.value("ui/theme")
        return value if value in THEMES else DEFAULT_THEME

    def set_theme(self, theme: str) -> None:
        self.store.setValue("ui/theme", theme)

    def zoom(self) -> float:
        try:
            value = float(self.store.value("ui/zoom", 1.0))
        except (TypeError, ValueError):
            return 1.0
        return value if ZOOM_MIN <= value <= ZOOM_MAX else 1.0

    def set_zoom(self, zoom: float) -> None:
        self.store.setValue("ui/zoom", round(zoom, 3))

    def presenter(self) -> bool:
        """Presenter mode (the View menu's): on or off, as last left."""
        return str(self.store.value("ui/presenter", "false")).lower() in ("true", "1")

    def set_presenter(self, on: bool) -> None:
        self.store.setValue("ui/presenter", bool(on))

    # -- the last run settings ------------------------------------------------------------------------

    def run_config(self, default: RunConfig | None = None) -> RunConfig:
        """The last run settings; each damaged value falls back to the default's."""
        config = default or RunConfig()
        s = self.store
        strategy = s.value("run/strategy")
        policy = s.value("run/policy")
        changes: dict = {}
        if strategy in STRATEGIES:
            changes["strategy"] = strategy
        if policy in POLICIES:
            changes["policy"] = policy
        seed = _int(s.value("run/seed"), *bounds("seed"))
        if seed is not None:
            changes["seed"] = seed
        budget = _int(s.value("run/budget"), *bounds("steps"))  # the window shows every step of it
        if budget is not None:
            changes["budget"] = budget
        ttl = _int(s.value("run/ttl"), 1, bounds("steps")[1])
        if ttl is not None and "policy" in changes and takes_ttl(changes["policy"]):
            changes["ttl"] = ttl
        capacity = s.value("run/capacity")
        if capacity in ("unlimited", None):
            changes["capacity"] = None
        elif (cap := _int(capacity, *bounds("capacity"))) is not None:
            changes["capacity"] = cap
        changes.update(_context_changes(s.value("run/context"), s.value("run/compaction")))
        try:
            return config.with_(**changes)
        except ConfigError:
            return config

    def set_run_config(self, config: RunConfig) -> None:
        s = self.store
        s.setValue("run/strategy", config.strategy)
        s.setValue("run/seed", str(config.seed))  # QSettings' INI ints are 32-bit on some platforms
        s.setValue("run/capacity", "unlimited" if config.capacity is None else str(config.capacity))
        s.setValue("run/policy", config.policy)
        s.setValue("run/budget", str(config.budget))
        if config.ttl is None:
            s.remove("run/ttl")
        else:
            s.setValue("run/ttl", str(config.ttl))
        s.setValue("run/context", window_text(config.context))  # issue 38: off, inf or tokens
        s.setValue("run/compaction", config.compaction)

    # -- window layout --------------------------------------------------------------------------------

    def window_state(self) -> tuple[QByteArray | None, QByteArray | None, str | None]:
        geometry = self.store.value("window/geometry")
        state = self.store.value("window/state")
        tab = self.store.value("window/tab")
        return (
            geometry if isinstance(geometry, QByteArray) else None,
            state if isinstance(state, QByteArray) else None,
            tab if isinstance(tab, str) else None,
        )

    def set_window_state(self, geometry: QByteArray, state: QByteArray, tab: str) -> None:
        self.store.setValue("window/geometry", geometry)
        self.store.setValue("window/state", state)
        self.store.setValue("window/tab", tab)

    # -- all of it ------------------------------------------------------------------------------------

    def reset_to_defaults(self) -> None:
        """Forget everything but exercise progress (a learner's work is not a preference)."""
        for group in ("ui", "run", "window"):
            self.store.remove(group)

    def sync(self) -> None:
        self.store.sync()


def _context_changes(window: object, compaction: object) -> dict:
    """The session context as saved ("off", "inf" or tokens; a compaction's name); a damaged value
    leaves the default's."""
    changes: dict = {}
    if window == "off":
        changes["context"] = None
    elif isinstance(window, str):
        with contextlib.suppress(ValueError):  # a damaged value: the default's
            changes["context"] = parse_window(window)
    if compaction in COMPACTIONS:
        changes["compaction"] = compaction
    return changes
