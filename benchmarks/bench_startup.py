"""Start-up: from a fresh interpreter to the main window's first paint, warm (files in the OS cache).

    python benchmarks/bench_startup.py [--repeats N]

Each repeat starts ``python -c`` with the code below, which runs the ``memviz`` command with no
command (``python -m memviz --lang en``: its command line read, then app.run_app: the app created,
app.main_window_as_opened reading the preferences, building the main window in the type of the size
it opens at, sizing it, restoring the remembered theme and run; shown; every run a first start, in a
settings folder of its own) and prints the seconds since it was spawned (``time.time()`` against the
parent's, taken just before; ``/proc``'s start time, in 10 ms ticks, when run by hand) when the
window's first frame is done. For scale it also times a bare PySide6 window the same way, and
``python -X importtime -c "import memviz.gui.main_window"``'s total. Medians of ``--repeats``
(default 7) after one untimed run of each (to warm the file cache). Both run on the offscreen
platform with a 1920x1080 screen (screen_1080p.json) unless QT_QPA_PLATFORM names another:
memviz's window opens there at 1600x960, as on a 1080p screen. ``--window`` times the window alone,
from run_app's first step, without the command line before it. ``--against CHECKOUT`` times another
checkout's memviz (a worktree of an earlier commit) interleaved with this one's and a bare window.

``--floor`` times instead a bare window that names the Qt classes memviz's first screen names and
registers its fonts, and nothing else: the part of memviz's start that is PySide6 and Qt alone.

``--instructions`` counts instead the instructions each program runs until its first paint, under
valgrind's callgrind (a few seconds become a minute): a figure the machine's load does not move
(PYTHONHASHSEED fixed; repeated runs agree within 0.1 %), to weigh a change on a busy machine.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]  # this checkout's memviz, not an installed one

PRELUDE = r"""
import os, time
def since_start():
    # Seconds since this process was started: from the instant the parent spawned it, when it says
    # (BENCH_SPAWNED_AT, time.time()); else from /proc, whose clock ticks are 10 ms, a twentieth of
    # a bare window's start (a ratio of two such figures jumped between 2.0 and 2.2 by rounding).
    spawned = os.environ.get("BENCH_SPAWNED_AT")
    if spawned:
        return time.time() - float(spawned)
    with open("/proc/self/stat") as f:  # field 22: the process's start in clock ticks
        start_ticks = int(f.read().rsplit(")", 1)[1].split()[19])
    with open("/proc/uptime") as f:
        uptime = float(f.read().split()[0])
    return uptime - start_ticks / os.sysconf("SC_CLK_TCK")
def first_paint_done():
    # this process's wall time and CPU until its first picture
    print(f"FIRST_PAINT {since_start():.3f} {time.process_time():.3f}", flush=True)
    if os.environ.get("BENCH_EXIT_AT_FIRST_PAINT"):  # --instructions counts up to here, not the exit
        os._exit(0)
    app.quit()
def first_paint_watch():
    # Made once the program has loaded PySide6 itself: imported here before memviz's command line,
    # PySide6 would read the source of each module the command imports after it (its __feature__
    # scan, which memviz.gui answers by name as it first loads PySide6): 34 M instructions a real
    # start never spends, counted until 2026-12-07 05:00 UTC.
    from PySide6.QtCore import QEvent, QObject, QTimer
    class FirstPaint(QObject):
        def eventFilter(self, obj, event):
            if event.type() == QEvent.Type.Paint and not getattr(self, "seen", False):
                self.seen = True
                # Read once the frame is done (the window's children paint after it, in the same
                # turn of the event loop).
                QTimer.singleShot(0, first_paint_done)
            return False
    return FirstPaint()
"""

# The `memviz` command with no command (python -m memviz --lang en): its command line read, the app,
# then the window as run_app opens it (app.main_window_as_opened: the user's preferences read, from a
# settings folder of the run's own as on a first start, XDG_CONFIG_HOME; built in the type of its
# size, sized for the screen, the remembered theme and settings applied), shown. The watch for its
# first paint is put on the window where run_app asks for its own (app.when_painted), after show()
# and before any paint; memviz.gui.app is patched for it as the command loads the module, so the
# program imports nothing of memviz's before the command does. The watch reads the time before the
# work run_app does once the window has painted (until 2026-12-07 05:00 UTC it read it after: the
# full collection that follows the first picture, 12.7 M instructions, was counted in it). On the
# offscreen platform's screen of 1920x1080 (platform_env): the window opens at 1600x960, as on a
# 1080p screen. Started from run_app rather than the command, the benchmark missed the command
# line's cost (0.35 G instructions before issue 41's eighth look, 60 % of a bare window's whole
# start); without the preferences, the first theme's (pyqtgraph and numpy); on the platform's own
# 800x800 screen, the refit of the type a 1080p screen cost.
MEMVIZ = (
    PRELUDE
    + r"""
import runpy, sys
from importlib.machinery import PathFinder
def _watch_when_loaded(app_module):
    _when_painted = app_module.when_painted
    def _watch(widget, callback):
        global app, watch
        app_module.when_painted = _when_painted
        assert (widget.width(), widget.height()) == (1600, 960), widget.size()
        app = app_module.QApplication.instance()
        _when_painted(widget, callback)
        # Ours after memviz's own: Qt asks the filter installed last first, so the frame's end is
        # read before the work memviz does once it has painted (settle_garbage_collector).
        watch = first_paint_watch(); widget.installEventFilter(watch)
    app_module.when_painted = _watch
class _AppModuleHook:  # memviz.gui.app patched as the command loads it, not imported before it
    def find_spec(self, name, path=None, target=None):
        if name != "memviz.gui.app":
            return None
        sys.meta_path.remove(self)
        spec = PathFinder.find_spec(name, path)
        load = spec.loader.exec_module
        def exec_module(module):
            load(module); _watch_when_loaded(module)
        spec.loader.exec_module = exec_module
        return spec
sys.meta_path.insert(0, _AppModuleHook())
sys.argv = ["memviz", "--lang", "en"]
runpy.run_module("memviz", run_name="__main__", alter_sys=True)
"""
)

# The window alone, as run_app opens it, without the command line before it: what the rows before
# 2026-12-07 03:45 UTC measured (--window).
WINDOW = (
    PRELUDE
    + r"""
from memviz.gui.app import create_app
app = create_app()
from memviz.gui.app import main_window_as_opened
window, maximized = main_window_as_opened("en")
assert not maximized and (window.width(), window.height()) == (1600, 960), window.size()
watch = first_paint_watch(); window.installEventFilter(watch)
window.show()
app.exec()
"""
)

BARE = (
    PRELUDE
    + r"""
from PySide6.QtWidgets import QApplication, QMainWindow
app = QApplication([])
window = QMainWindow(); window.resize(1600, 960)
watch = first_paint_watch(); window.installEventFilter(watch)
window.show()
app.exec()
"""
)


SCREEN_1080P = Path(__file__).resolve().parent / "screen_1080p.json"


def platform_env(env: dict[str, str]) -> dict[str, str]:
    """``env`` with Qt's platform for the programs: QT_QPA_PLATFORM's, or offscreen on a 1920x1080
    screen (screen_1080p.json; the offscreen platform's own is 800x800, where the window would open
    maximized at a size no one has)."""
    chosen = os.environ.get("QT_QPA_PLATFORM", "offscreen")
    if chosen == "offscreen":
        chosen = f"offscreen:configfile={SCREEN_1080P}"
    return {**env, "QT_QPA_PLATFORM": chosen}


def platform_label(env: dict[str, str]) -> str:
    """The platform ``env`` names, said short: "offscreen, 1920x1080" for platform_env's own."""
    chosen = env.get("QT_QPA_PLATFORM", "")
    return "offscreen, 1920x1080" if chosen.endswith(str(SCREEN_1080P)) else chosen


def first_start(
    code: str, env: dict[str, str], under: tuple[str, ...] = (), root: Path = ROOT
) -> subprocess.CompletedProcess:
    """``code`` run once (``under`` a tool, as valgrind), a first start: in a settings folder of its
    own (the window saves its size as it quits, and the next start restoring it differed). memviz is
    the checkout at ``root`` (``python -c`` finds its working folder's first)."""
    with tempfile.TemporaryDirectory(prefix="memviz-bench-settings-") as settings:
        return subprocess.run([*under, sys.executable, "-c", code], env={**env, "XDG_CONFIG_HOME": settings},
                              cwd=root, capture_output=True, text=True, check=True)  # fmt: skip


def first_paint_times(code: str, env: dict[str, str], root: Path = ROOT) -> tuple[float, float]:
    """(wall, CPU) seconds of a process from its start to its window's first paint; the wall time
    counted from the instant before it is spawned (the same fork and exec for every program)."""
    out = first_start(code, {**env, "BENCH_SPAWNED_AT": repr(time.time())}, root=root)
    match = re.search(r"FIRST_PAINT ([0-9.]+) ([0-9.]+)", out.stdout)
    if match is None:
        raise RuntimeError(f"no first paint reported:\n{out.stdout}\n{out.stderr}")
    return float(match.group(1)), float(match.group(2))


def first_paint(code: str, env: dict[str, str]) -> float:
    return first_paint_times(code, env)[0]


def instructions(code: str, env: dict[str, str], root: Path = ROOT) -> int:
    """Instructions the program runs from its start to its first paint (callgrind's count)."""
    out = first_start(code, {**env, "BENCH_EXIT_AT_FIRST_PAINT": "1", "PYTHONHASHSEED": "0"},
                      under=("valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"), root=root)  # fmt: skip
    match = re.search(r"Collected : ([0-9]+)", out.stderr)
    if match is None or "FIRST_PAINT" not in out.stdout:
        raise RuntimeError(f"no count or no first paint:\n{out.stdout}\n{out.stderr}")
    return int(match.group(1))


# Printed by a program at its first paint: the Qt classes PySide6 has set up by then, by module.
NAMED_CLASSES = r"""
import json, PySide6
print("NAMED " + json.dumps({m: sorted(k for k, v in vars(getattr(PySide6, m)).items() if isinstance(v, type))
                             for m in ("QtCore", "QtGui", "QtWidgets")}), flush=True)
"""


def named_classes(code: str, env: dict[str, str]) -> dict[str, set[str]]:
    """The Qt classes ``code`` has named (and so had PySide6 set up, enum types and all) by its
    first paint."""
    probe = code.replace("def first_paint_done():", "def first_paint_done():\n" + _indented(NAMED_CLASSES), 1)
    out = first_start(probe, env)
    line = next(line for line in out.stdout.splitlines() if line.startswith("NAMED "))
    return {module: set(names) for module, names in json.loads(line[len("NAMED ") :]).items()}


def _indented(code: str) -> str:
    return "\n".join("    " + line for line in code.strip().splitlines())


def floor_program(env: dict[str, str]) -> tuple[str, int]:
    """A bare window that names the Qt classes memviz's first screen names (beyond a bare window's)
    and registers the bundled fonts as memviz does, and nothing else: what PySide6 and Qt alone cost
    of memviz's start. Returns the program and how many classes it names."""
    ours, bare = named_classes(MEMVIZ, env), named_classes(BARE, env)
    extra = {module: sorted(ours[module] - bare[module]) for module in ours}
    naming = "".join(
        f"getattr(PySide6.{module}, {name!r})\n" for module, names in extra.items() for name in names
    )
    # the fonts as fonts.apply_app_font registers and lists them: every bundled file, its families
    # after the platform's (not imported from memviz: that would count memviz's modules)
    fonts = sorted(str(path) for path in (ROOT / "resources" / "fonts").glob("*.otf"))
    setup = (
        "import PySide6.QtCore, PySide6.QtGui, PySide6.QtWidgets\n"
        + naming
        + "from PySide6.QtGui import QFont, QFontDatabase\n"
        + f"bundled = [f for path in {fonts!r} for f in QFontDatabase.applicationFontFamilies("
        + "QFontDatabase.addApplicationFont(path))]\n"
        + "font = QFont(app.font()); font.setFamilies([*font.families(), *dict.fromkeys(bundled)]); app.setFont(font)\n"
    )
    program = BARE.replace("app = QApplication([])\n", "app = QApplication([])\n" + setup, 1)
    return program, sum(len(names) for names in extra.values())


def import_time(env: dict[str, str]) -> float:
    out = subprocess.run([sys.executable, "-X", "importtime", "-c", "import memviz.gui.main_window"],
                         env=env, cwd=ROOT, capture_output=True, text=True, check=True)  # fmt: skip
    last = [line for line in out.stderr.splitlines() if line.endswith("memviz.gui.main_window")][-1]
    return int(last.split("|")[1]) / 1e6


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", "-n", type=int, default=7)
    parser.add_argument("--instructions", action="store_true", help="count instructions (valgrind)")
    parser.add_argument("--window", action="store_true", help="the window alone, without the command line")
    parser.add_argument("--floor", action="store_true",
                        help="time a bare window that names memviz's Qt classes and registers its fonts")  # fmt: skip
    parser.add_argument("--against", type=Path, metavar="CHECKOUT",
                        help="time (or count) another checkout's memviz too, interleaved with this one's "
                             "(a worktree of an earlier commit: git worktree add /tmp/then REV)")  # fmt: skip
    args = parser.parse_args(argv)
    if args.against is not None:
        return _against(args.against.resolve(), args)
    env = platform_env(dict(os.environ))
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # warm means compiled modules cached, as installed
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    ours_program, named = (WINDOW, "memviz main window (run_app on)") if args.window else (MEMVIZ, "`memviz`")
    first_paint(ours_program, env)  # warm the file cache
    first_paint(BARE, env)
    if args.floor:
        floor, count = floor_program(env)
        floors, bares = [], []
        for _ in range(args.repeats):  # interleaved: drift falls on both alike
            floors.append(first_paint_times(floor, env))
            bares.append(first_paint_times(BARE, env))
        wall, cpu = (
            statistics.median(f[i] for f in floors) / statistics.median(b[i] for b in bares) for i in (0, 1)
        )
        print(f"a bare window naming memviz's {count} further Qt classes and registering its fonts: "
              f"{wall:.3f}× a bare window's first paint (wall), {cpu:.3f}× (CPU)")  # fmt: skip
        return 0
    if args.instructions:
        ours, bare = instructions(ours_program, env), instructions(BARE, env)
        print(f"instructions to the first paint: {named} {ours / 1e6:,.0f} M, "
              f"bare PySide6 window {bare / 1e6:,.0f} M, ratio {ours / bare:.3f}")  # fmt: skip
        return 0
    memviz = [first_paint(ours_program, env) for _ in range(args.repeats)]
    bare = [first_paint(BARE, env) for _ in range(args.repeats)]
    imports = [import_time(env) for _ in range(args.repeats)]
    print(f"first paint, {named:<20s} {statistics.median(memviz):6.3f} s  (fastest {min(memviz):.3f})")
    print(
        f"first paint, {'bare PySide6 window':<20s} {statistics.median(bare):6.3f} s  (fastest {min(bare):.3f})"
    )
    print(f"import memviz.gui.main_window     {statistics.median(imports):6.3f} s")
    return 0


def _against(other: Path, args: argparse.Namespace) -> int:
    """This checkout's memviz and ``other``'s, and a bare window, interleaved (the same program for
    both checkouts: an earlier commit measured as this one is); medians and ratios to the bare window."""
    program = WINDOW if args.window else MEMVIZ
    base = platform_env(dict(os.environ))
    base.pop("PYTHONDONTWRITEBYTECODE", None)
    runs = {  # name: (program, environment, checkout)
        "this checkout": (program, {**base, "PYTHONPATH": str(ROOT)}, ROOT),
        str(other): (program, {**base, "PYTHONPATH": str(other)}, other),
        "bare PySide6 window": (BARE, {**base, "PYTHONPATH": str(ROOT)}, ROOT),
    }
    for code, env, root in runs.values():  # warm the file cache, and compile what is not yet: a
        first_paint_times(code, env, root)  # count taken right after an edit included compiling it
    if args.instructions:
        counts = {name: instructions(code, env, root) for name, (code, env, root) in runs.items()}
        bare = counts.pop("bare PySide6 window")
        for name, count in counts.items():
            print(
                f"{name}: {count / 1e6:,.0f} M instructions, {count / bare:.3f}× a bare window's {bare / 1e6:,.0f} M"
            )
        return 0
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in runs}
    for _ in range(args.repeats):
        for name, (code, env, root) in runs.items():
            times[name].append(first_paint_times(code, env, root))
    wall = {name: statistics.median(t[0] for t in ts) for name, ts in times.items()}
    cpu = {name: statistics.median(t[1] for t in ts) for name, ts in times.items()}
    bare = "bare PySide6 window"
    for name in runs:
        print(f"{name}: {wall[name]:.3f} s wall ({wall[name] / wall[bare]:.2f}×), "
              f"{cpu[name]:.3f} s CPU ({cpu[name] / cpu[bare]:.2f}×)")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
