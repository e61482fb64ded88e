"""The cases of the hostile-input campaign (issue 23): what to run, what to prepare, what must hold.

A :class:`Case` is data: the command line (after ``python -m memviz``, or a harness of
``tools/hostile_harness.py``), the fixtures to make in a fresh folder first, the files memviz must
leave as they were, the exit statuses that are right, and optionally a signal to send after a delay.
``{d}`` in an argument is the case's folder. :func:`all_cases` builds every class of the issue from a
seed; the same seed gives the same cases, in the same order, with the same random moments.

The campaign (``tools/hostile_campaign.py``) runs them and classifies what went wrong.
"""

from __future__ import annotations

import os
import random
import re
import signal
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from hostile_fixtures import EXERCISES, FIXTURES, NASTY_NAMES, SITES, VALID_SITES

# -- what a case is ------------------------------------------------------------------------------------

BAD_INPUT = 2
OK = 0
OUTPUT_FAILED = 1  # --help / --version / a result that could not be written to stdout


@dataclass(frozen=True)
class Case:
    name: str
    group: str  # the class: cli, site, memory, output, stdout, signal, settings, exercise, names
    argv: tuple[str | bytes, ...]  # after `python3 -m memviz` (or after the harness, see `harness`)
    expect: frozenset[int]  # exit statuses that are right
    fixtures: tuple[str, ...] = ()  # names in FIXTURES, made in the case's folder first
    guard: tuple[str, ...] = ()  # paths ({d}-relative or absolute) memviz must leave as they were
    send: tuple[int, float] | None = None  # (signal, seconds after start)
    ignored: tuple[int, ...] = ()  # signals the parent sets to SIG_IGN before memviz starts
    to_group: bool = False  # the signal goes to memviz's whole process group, as a terminal sends it
    timeout: float = 45.0
    harness: str | None = None  # "window", "exercises": python3 tools/hostile_harness.py HARNESS …
    stdout: str = "pipe"  # "pipe", "full" (/dev/full), "closed", "head" (| head -1)
    env: tuple[tuple[str, str], ...] = ()
    raw_control_ok: bool = False  # output may hold raw control characters (JSON never does)
    notes: str = ""


def _case(name, group, argv, expect, **kw) -> Case:
    return Case(name, group, tuple(argv), frozenset(expect), **kw)


def make_fixtures(case: Case, d: Path) -> None:
    for name in case.fixtures:
        FIXTURES[name](d)


# -- the classes of cases ----------------------------------------------------------------------------

# Values of a number, hostile or at the edge. Bytes are not valid UTF-8 (a lone surrogate once decoded).
NUMBERS: tuple[str | bytes, ...] = (
    "", " ", "-1", "0", "1e309", "nan", "inf", "-inf", "99999999999999999999999", "0x10", "1_000", "٣",
    "5\n6", "\x1b[31m5", "1.5", "+3", "1e3", b"\xed\xa0\x80", b"\xff", "--", "-0", "9" * 5000,
)  # fmt: skip
WORDS: tuple[str | bytes, ...] = (
    "",
    "FIFO",
    "fifo\n",
    "<b>x</b>",
    "\x1b[2J",
    b"\xff\xfe",
    "\u202eofi",
    "x" * 5000,
)
PROBS = ("nan", "-0.1", "1.0001", "1e-320", "inf", "0.5", "", "1,5")
READS = ("top:0", "top:-1", "top:", "top:1e9", "TOP:8", "top:8\n", "all ", "top:99999999999999999999",
         "top:٨")  # fmt: skip
CONFIGS = ("frontier/12/fifo", "frontier/0/fifo", "frontier/-1/lru", "x/y/z", "frontier/inf/fifo?ignore=2",
           "frontier/inf/fifo?read=top:0", "frontier/12/ttl", "frontier/3/opt?x=1", "", "/", "frontier//",
           "frontier/1e9/lru", "<b>a</b>/1/fifo", "frontier/12/fifo?ignore=nan&ignore=0.1")  # fmt: skip

# (command prefix, {option: kind}) — kind picks the values tried; heavy commands get fewer.
RUN_OPTIONS = {
    "--strategy": "word", "--seed": "number", "--capacity": "number", "--policy": "word", "--budget": "number",
    "--ttl": "number", "--ignore": "prob", "--skip-write": "prob", "--read": "read", "--site": "path",
}  # fmt: skip
COMMANDS: dict[tuple[str, ...], dict[str, str]] = {
    ("run",): {**RUN_OPTIONS, "--interrupt-at": "number", "--persist": "word", "--memory-dir": "path",
               "--trace": "outpath", "--lang": "word"},
    ("batch",): {**RUN_OPTIONS, "--runs": "number", "--seed0": "number"},
    ("report",): {"--site": "path", "--policy": "word", "--ignore": "prob", "--read": "read", "--lang": "word"},
    ("compare", "frontier/12/fifo", "random"): {"--budget": "number", "--seed": "number", "--site": "path",
                                                "--ignore": "prob", "--read": "read"},
    ("compare",): {"": "config"},
    ("regret", "frontier/12/fifo"): {"--runs": "number", "--seed0": "number", "--budget": "number"},
    ("scenario", "ttl"): {"--runs": "number", "--ttls": "number", "--capacity": "number", "--seed0": "number"},
    ("scenario", "resume"): {"--interrupt-at": "number", "--persist": "word", "--memory-dir": "path"},
    ("scenario", "dedup"): {"--runs": "number", "--sessions": "number"},
    ("scenario", "poison"): {"--believe": "prob"},
    ("scenario", "version"): {"--to": "word", "--strategy": "word"},
    ("scenario",): {"": "word"},
    ("eval",): {"--repeats": "number", "--delta": "number", "--budget": "number", "--metric": "word",
                "--tasks": "path", "--traces": "path"},
    ("trace", "stats"): {"": "path"},
    ("trace", "import", "--from", "har"): {"": "path"},
    ("site", "generate", "--shape", "ring", "--out", "{d}/g.json"): {"--pages": "number", "--bugs": "number",
                                                                   "--seed": "number"},
    ("snapshot", "--out", "{d}/s.png"): {"--steps": "number", "--size": "word", "--view": "word",
                                        "--theme": "word", "--capacity": "number"},
    ("record", "--out", "{d}/r.gif", "--size", "320x240", "--steps", "2"): {"--fps": "number",
        "--step-seconds": "number", "--view": "word", "--size": "word", "--budget": "number"},
    ("crawl", "http://127.0.0.1:1/"): {"--timeout": "number", "--delay": "number", "--max-pages": "number"},
    ("snapshot", "--out", "{d}/s.png", "--view", "compare", "--compare", "frontier/2/fifo"): {"": "config"},
    ("record", "--out", "{d}/r.gif", "--size", "320x240", "--steps", "2", "--view", "compare", "--compare",
     "random"): {"": "config"},
}  # fmt: skip
HEAVY = ("snapshot", "record")
PATHS: tuple[str | bytes, ...] = ("", "{d}/absent.json", "{d}/fifo", "{d}/folder", "/dev/zero", "/proc/self",
                                  "{d}/file/x", "{d}/a\nb.json", b"{d}/\xff.json", "{d}/dangling-here",
                                  "{d}/new/")  # fmt: skip
PATH_FIXTURES = ("fifo", "folder", "regular-file", "dangling-here")


def _values(kind: str, rng: random.Random, few: bool) -> list[str | bytes]:
    pool = {"number": NUMBERS, "word": WORDS, "prob": PROBS, "read": READS, "path": PATHS,
            "outpath": PATHS, "config": CONFIGS}[kind]  # fmt: skip
    values = list(pool)
    return rng.sample(values, min(3 if few else 6, len(values)))


def _shown(prefix: tuple[str, ...]) -> str:
    """A command line's start as a case's name: without the case folder's paths."""
    return " ".join(p for p in prefix if "{d}" not in p and p != "--out")


def cli_cases(rng: random.Random) -> list[Case]:
    """Every option of every command with hostile values: refused in one line (2) or done (0)."""
    cases = []
    for prefix, options in COMMANDS.items():
        heavy = prefix[0] in HEAVY
        # `report --read top:K` replays every run of the chapter's tables on the scalar engine:
        # ~30 s of CPU, minutes on a busy machine. Long, bounded work with a progress bar.
        timeout = 60 if heavy else 300 if prefix[0] == "report" else 45
        for option, kind in options.items():
            for value in _values(kind, rng, few=heavy):
                argv = [*prefix, *([option] if option else []), value]
                if prefix == ("compare",):
                    argv = ["compare", value, "random"]
                label = value if isinstance(value, str) else repr(value)
                cases.append(_case(f"{_shown(prefix)} {option} {label[:30]!r}", "cli", argv, {OK, BAD_INPUT},
                                   fixtures=PATH_FIXTURES if kind in ("path", "outpath") else (),
                                   timeout=timeout))  # fmt: skip
    cases.append(_case("--ttls ''", "cli", ["scenario", "ttl", "--ttls", ""], {BAD_INPUT}))
    cases.append(
        _case("regret --runs 1e8", "cli", ["regret", "frontier/12/fifo", "--runs", "100000000"], {BAD_INPUT})
    )
    cases.append(
        _case(
            "dedup 5000x50", "cli", ["scenario", "dedup", "--runs", "5000", "--sessions", "50"], {BAD_INPUT}
        )
    )
    cases.append(_case("site generate --bugs 0", "cli", ["site", "generate", "--shape", "ring", "--pages", "5",
                                                         "--bugs", "0", "--out", "{d}/g.json"], {OK}))  # fmt: skip
    for host in ("\xff", b"\xff\xfe", "::::", "a" * 300, "127.0.0.1\n", "\x1b[2J", "999.1.1.1", "-x"):
        cases.append(_case(f"serve --host {host!r:.20}", "cli", ["serve", "--host", host, "--port", "0"],
                           {BAD_INPUT, 130}, send=(signal.SIGINT, 4.0)))  # fmt: skip
    for port in ("-1", "65536", "abc", "1"):
        cases.append(_case(f"serve --port {port}", "cli", ["serve", "--port", port], {BAD_INPUT, 130},
                           send=(signal.SIGINT, 4.0)))  # fmt: skip
    return cases


def site_cases(rng: random.Random) -> list[Case]:
    """Valid odd sites give their figures (0); broken ones are refused in one line (2)."""
    cases = []
    commands = [
        ["run", "--json"], ["run", "--until-all-bugs"], ["batch", "--runs", "20"], ["report"],
        ["compare", "frontier/2/fifo", "random", "frontier/2/opt"], ["regret", "frontier/2/fifo", "--runs", "5"],
        ["scenario", "ttl", "--runs", "5"], ["scenario", "ablation", "--runs", "5"], ["scenario", "dedup", "--runs", "3"],
        ["scenario", "resume", "--runs", "3", "--interrupt-at", "1"], ["scenario", "poison", "--runs", "3"],
        ["scenario", "readmodes", "--runs", "3"], ["run", "--strategy", "frontier", "--capacity", "1", "--policy", "opt"],
    ]  # fmt: skip
    drawn = [["snapshot", "--out", "{d}/s.png", "--view", view] for view in ("cost", "compare")]
    drawn.append(["record", "--out", "{d}/r.gif", "--steps", "2", "--size", "320x240"])
    for name in SITES:
        if name == "big":
            continue
        valid = name in VALID_SITES
        chosen = commands + (drawn if valid and name in ("nobug", "onepage", "unreachable-bugs") else [])
        if not valid:
            chosen = rng.sample(commands, 3)
        for command in chosen:
            argv = [*command, "--site", f"{{d}}/site-{name}.json"]
            cases.append(_case(f"{name}: {' '.join(command[:2])}", "site", argv, {OK} if valid else {BAD_INPUT},
                               fixtures=(f"site:{name}",), raw_control_ok=False,
                               timeout=90 if command[0] in HEAVY else 45))  # fmt: skip
    big = ("site:big",)
    for command in (["compare", "frontier/12/fifo", "frontier/12/opt", "--budget", "2000"],
                    ["regret", "frontier/12/opt", "--runs", "200", "--budget", "500"],
                    ["batch", "--runs", "50", "--strategy", "frontier"], ["run", "--until-all-bugs"]):  # fmt: skip
        cases.append(_case(f"10,000 pages: {' '.join(command[:3])}", "site", [*command, "--site", "{d}/site-big.json"],
                           {OK, BAD_INPUT}, fixtures=big, timeout=60))  # fmt: skip
    return cases


def memory_cases(rng: random.Random) -> list[Case]:
    """A memory folder with files memviz did not write: refused in one line, left as they are."""
    cases = []
    resume = ["scenario", "resume", "--runs", "3", "--interrupt-at", "2", "--memory-dir", "{d}/mem"]
    run = ["run", "--interrupt-at", "3", "--persist", "step", "--memory-dir", "{d}/mem"]
    table = {
        "foreign-progress": ({BAD_INPUT}, ["mem/progress.json"], [run]),
        "fifo-progress": ({BAD_INPUT}, [], [run]),
        "huge-progress": ({BAD_INPUT}, [], [run]),
        "dir-progress": ({BAD_INPUT}, [], [run]),
        "symlink-progress": ({BAD_INPUT}, ["theirs.json", "mem/progress.json"], [run]),
        "step-file": ({BAD_INPUT}, ["mem/step"], [resume]),
        "none-fifo": ({BAD_INPUT}, [], [resume]),
        "step-symlink": ({BAD_INPUT}, ["outside/keep.txt", "outside"], [resume]),
        "step-foreign": ({BAD_INPUT}, ["mem/step/progress.json"], [resume]),
        "step-fifo-progress": ({BAD_INPUT, OK}, [], [resume]),
        "is-symlink": ({OK}, [], [resume, run]),  # followed: the user named it (docs/hostile-input.md)
        "is-file": ({BAD_INPUT}, ["mem"], [resume, run]),
        "is-fifo": ({BAD_INPUT}, [], [resume, run]),
        "read-only": ({BAD_INPUT} if os.geteuid() != 0 else {OK, BAD_INPUT}, [], [resume, run]),
    }
    for name, (expect, guard, commands) in table.items():
        for command in commands:
            cases.append(_case(f"memory {name}: {command[0]}", "memory", command, expect, fixtures=(f"mem:{name}",),
                               guard=tuple(guard)))  # fmt: skip
    for path in ("/proc/self", "/proc/self/fd", "/dev/null", "{d}/file/sub", "/", "{d}/a\nb"):
        for command in (resume, run):
            argv = [p if p != "{d}/mem" else path for p in command]
            cases.append(_case(f"memory-dir {path!r}: {command[0]}", "memory", argv, {BAD_INPUT, OK},
                               fixtures=("regular-file",), guard=("file",)))  # fmt: skip
    # the same memory folder written twice by memviz: the second run replaces its own file
    cases.append(
        _case("memory: memviz's own file replaced", "memory", run, {OK}, fixtures=("mem:is-symlink",))
    )
    rng.shuffle(cases)
    return cases


WRITERS = {
    "site generate": ["site", "generate", "--shape", "ring", "--pages", "5", "--out", "{t}"],
    "run --trace": ["run", "--trace", "{t}"],
    "trace import": ["trace", "import", "--from", "har", "{d}/h.har", "--out", "{t}"],
    "snapshot": ["snapshot", "--steps", "2", "--size", "640x360", "--out", "{t}"],
    "record": ["record", "--steps", "2", "--size", "320x240", "--out", "{t}"],
}
TARGETS = {  # target: (fixtures, guard, statuses without --force, with --force)
    "device": ("full", ("device",), ("full",), {BAD_INPUT}, {BAD_INPUT}),
    "fifo": ("fifo", ("fifo",), ("fifo",), {BAD_INPUT}, {BAD_INPUT}),
    "socket": ("sock", ("socket",), ("sock",), {BAD_INPUT}, {BAD_INPUT}),
    "folder": ("folder", ("folder",), ("folder",), {BAD_INPUT}, {BAD_INPUT}),
    "dangling symlink": (
        "dangling",
        ("dangling",),
        ("dangling",),
        {BAD_INPUT},
        {OK},
    ),  # --force: the link replaced
    "existing file": ("mine", ("mine",), ("mine",), {BAD_INPUT}, {OK}),
    "symlink to a file": ("link-to-mine", ("link-to-mine",), ("link-to-mine",), {BAD_INPUT}, {OK, BAD_INPUT}),
    "under a file": ("file/x", ("regular-file",), ("file",), {BAD_INPUT}, {BAD_INPUT}),
    "newline in name": ("a\nb", (), (), {OK}, {OK}),
    "/dev/null": ("/dev/null", (), (), {BAD_INPUT}, {BAD_INPUT}),
}


def output_cases(rng: random.Random) -> list[Case]:
    """Every writer's --out on every kind of target, with and without --force."""
    cases = []
    for writer, argv in WRITERS.items():
        for target, (path, fixtures, guard, plain, forced) in TARGETS.items():
            suffix = {"snapshot": ".png", "record": ".gif"}.get(writer, ".json")
            where = path if path.startswith("/") else "{d}/" + path
            if target == "newline in name":
                where += suffix
            real_args = [a.replace("{t}", where) for a in argv]
            fx = tuple(fixtures) + (("har",) if writer == "trace import" else ())
            guarded = tuple(g for g in guard if target != "existing file")
            if writer == "record" and target in ("existing file", "symlink to a file", "dangling symlink"):
                plain, forced = plain | {BAD_INPUT}, forced | {BAD_INPUT}  # no .gif/.mp4 in the name: refused
            for force, expect in ((False, plain), (True, forced)):
                guard_now = guarded + (
                    ("mine",) if target in ("existing file", "symlink to a file") and not force else ()
                )
                if target in ("symlink to a file", "dangling symlink") and force:
                    guard_now = (
                        ("mine",) if target == "symlink to a file" else ()
                    )  # the link goes, its target stays
                cases.append(_case(f"{writer} → {target}{' --force' if force else ''}", "output",
                                   [*real_args, *(["--force"] if force else [])], expect, fixtures=fx,
                                   guard=guard_now, timeout=60))  # fmt: skip
    return cases


def stdout_cases(rng: random.Random) -> list[Case]:
    """Standard output that cannot be written: a full disk, a closed descriptor, a reader that leaves."""
    cases = []
    for how in ("full", "closed"):
        for argv in (["--version"], ["--help"], ["run", "--help"], ["run", "--json"], ["report"],
                     ["trace", "stats", "--help"], ["site", "generate", "--help"]):  # fmt: skip
            cases.append(_case(f"{' '.join(argv)} > {how}", "stdout", argv, {OUTPUT_FAILED}, stdout=how))
    for argv in (["record", "--out", "{d}/r.gif", "--steps", "3", "--size", "320x240", "--progress"],
                 ["batch", "--runs", "60000"], ["report"], ["run", "--json"], ["--help"]):  # fmt: skip
        cases.append(
            _case(f"{' '.join(argv[:2])} | head -1", "stdout", argv, {OK, 141}, stdout="head", timeout=90)
        )
    return cases


SIGNAL_COMMANDS = {
    "record": (["record", "--out", "{d}/r.gif", "--steps", "6", "--size", "480x270"], 6.0),
    "record mp4": (["record", "--out", "{d}/r.mp4", "--steps", "4", "--size", "480x270"], 6.0),
    "snapshot": (["snapshot", "--out", "{d}/s.png", "--steps", "5"], 5.0),
    "sweep snapshot": (["snapshot", "--out", "{d}/s.png", "--view", "sweep"], 8.0),
    "batch": (["batch", "--runs", "200000"], 6.0),
    "report": (["report"], 3.0),
    "scenario resume": (["scenario", "resume", "--memory-dir", "{d}/mem"], 4.0),
    "regret": (["regret", "frontier/12/fifo", "frontier/12/opt", "--runs", "500"], 4.0),
    "site generate": (
        ["site", "generate", "--shape", "random", "--pages", "10000", "--out", "{d}/g.json"],
        3.0,
    ),
}
SIGNALS = {signal.SIGINT: 130, signal.SIGTERM: 143, signal.SIGHUP: 129}


def signal_cases(rng: random.Random, per_pair: int = 3) -> list[Case]:
    """A signal at a random moment: memviz ends with the signal's status, one line, no temporary file."""
    cases = []
    for label, (argv, span) in SIGNAL_COMMANDS.items():
        for sig, status in SIGNALS.items():
            for _ in range(per_pair):
                at = round(rng.uniform(0.0, span), 2)
                cases.append(_case(f"{label}: {sig.name} at {at}s", "signal", argv, {status, OK},
                                   send=(sig, at), timeout=120))  # fmt: skip
        sig = rng.choice(list(SIGNALS))
        at = round(rng.uniform(0.0, span), 2)
        cases.append(_case(f"{label}: {sig.name} to the group at {at}s", "signal", argv, {SIGNALS[sig], OK},
                           send=(sig, at), to_group=True, timeout=120))  # fmt: skip
        sig = rng.choice([signal.SIGINT, signal.SIGHUP])
        at = round(rng.uniform(0.2, span), 2)
        cases.append(_case(f"{label}: {sig.name} ignored by the parent, sent at {at}s", "signal", argv, {OK},
                           send=(sig, at), ignored=(sig,), timeout=180))  # fmt: skip
    return cases


def settings_cases(rng: random.Random) -> list[Case]:
    """The window starts, shows what it could not read once, saves or says it cannot; files kept."""
    cases = []
    guards = {"cfg:fifo": ("cfg/memviz/memviz.ini",), "cfg:folder": ("cfg/memviz/memviz.ini",),
              "cfg:huge": ("cfg/memviz/memviz.ini",), "cfg:folder-is-file": ("cfg/memviz",),
              "cfg:home-is-file": ("cfg",), "cfg:symlink": ("cfg/memviz/memviz.ini",)}  # fmt: skip
    for name in [f for f in FIXTURES if f.startswith("cfg:")]:
        told = [
            "cfg:fifo",
            "cfg:folder",
            "cfg:huge",
            "cfg:folder-is-file",
            "cfg:home-is-file",
            "cfg:dangling",
        ]
        if os.geteuid() != 0:  # root may write a read-only file: nothing to tell
            told.append("cfg:read-only")
        notice = name in told
        cases.append(_case(f"settings {name[4:]}", "settings", ["notice" if notice else "quiet"], {OK},
                           fixtures=(name,), guard=guards.get(name, ()), harness="window",
                           env=(("XDG_CONFIG_HOME", "{d}/cfg"),), timeout=60))  # fmt: skip
    return cases


def exercise_cases(rng: random.Random) -> list[Case]:
    """A teacher's exercise file with hostile fields: loaded and checked within the work bound, or
    refused in one line; never a traceback or a hang. In the window too (the check off its thread)."""
    cases = []
    for name in EXERCISES:
        cases.append(_case(f"exercise {name}", "exercise", ["{d}/ex"], {OK}, fixtures=(f"ex:{name}",),
                           harness="exercises", timeout=60))  # fmt: skip
    for name in ("cost-huge", "markup", "format-attr", "cost-unreachable", "lone-surrogate", "format-width"):
        cases.append(_case(f"exercise {name} in the window", "exercise", ["{d}/ex"], {OK}, fixtures=(f"ex:{name}",),
                           harness="window-exercises", env=(("XDG_CONFIG_HOME", "{d}/cfg"),), timeout=90))  # fmt: skip
    return cases


def name_cases(rng: random.Random) -> list[Case]:
    """Markup, control characters and lone surrogates in names reach the terminal escaped."""
    cases = []
    for argv in (["run"], ["run", "--until-all-bugs"], ["report"], ["compare", "frontier/2/fifo", "random"],
                 ["scenario", "ablation", "--runs", "3"], ["batch", "--runs", "10"]):  # fmt: skip
        cases.append(_case(f"nasty names: {' '.join(argv[:2])}", "names", [*argv, "--site", "{d}/site-nasty-names.json"],
                           {OK}, fixtures=("site:nasty-names",)))  # fmt: skip
    for name in NASTY_NAMES[:8]:
        cases.append(
            _case(
                f"missing site {name!r:.20}", "names", ["run", "--site", "{d}/" + name + ".json"], {BAD_INPUT}
            )
        )
        cases.append(
            _case(f"trace file {name!r:.20}", "names", ["trace", "stats", "{d}/" + name], {BAD_INPUT})
        )
    cases.append(
        _case("undecodable site name", "names", ["run", "--site", b"{d}/\xed\xa0\x80.json"], {BAD_INPUT})
    )
    cases.append(_case("\\r in --out", "names", ["site", "generate", "--shape", "ring", "--pages", "4",
                                                  "--out", "{d}/file/a\rb.json"], {BAD_INPUT},
                       fixtures=("regular-file",)))  # fmt: skip
    return cases


GROUPS: dict[str, Callable[[random.Random], list[Case]]] = {
    "cli": cli_cases,
    "site": site_cases,
    "memory": memory_cases,
    "output": output_cases,
    "stdout": stdout_cases,
    "signal": signal_cases,
    "settings": settings_cases,
    "exercise": exercise_cases,
    "names": name_cases,
}


def all_cases(seed: int, groups: tuple[str, ...] | None = None) -> list[Case]:
    cases = []
    for group, make in GROUPS.items():
        if groups is None or group in groups:
            cases.extend(make(random.Random(f"{seed}:{group}")))
    return cases


def substitute(value: str | bytes, d: Path) -> str | bytes:
    """``{d}`` in an argument is the case's folder."""
    if isinstance(value, bytes):
        return value.replace(b"{d}", os.fsencode(d))
    return value.replace("{d}", str(d))


# -- the language of a line --------------------------------------------------------------------------

HAN = re.compile(r"[\u4e00-\u9fff]")
# Data a Chinese line may hold: quoted values ('x', "x", “x”), options (--seed), URLs and paths (up
# to a space or Chinese punctuation).
_DATA = re.compile(r"'[^']*'|\"[^\"]*\"|“[^”]*”|--[\w-]+|https?://[^\s，：（）]+|[/\\][^\s，：；（）]*")
# Three English words in a row, after the data is taken out: a sentence nobody translated (a list of
# names, "fifo, lru, random", is data: the words a user types).
_ENGLISH = re.compile(r"[A-Za-z]+(?: [A-Za-z]+){2,}")


def english_sentence(line: str, folder: str = "", given: tuple[str, ...] = ()) -> str | None:
    """The English sentence in a line memviz printed in Chinese, or None when there is none
    (issue 36). ``folder`` (the case's) and ``given`` (its arguments, as printed) are data wherever
    they show: a file named "a b c.json" is not a sentence."""
    text = line.replace(folder, "/") if folder else line
    for value in sorted((v.replace(folder, "/") if folder else v for v in given), key=len, reverse=True):
        if len(value) > 2:
            text = text.replace(value, " ")
    body = text.partition("memviz：错误：")[2] or text
    bare = _DATA.sub(" ", body)
    if not HAN.search(bare):
        return body
    found = _ENGLISH.search(bare)
    return found.group(0) if found else None


def gives_lang(case: Case) -> bool:
    """The case's command line names a language of its own (a --lang, maybe a hostile one)."""
    return "--lang" in case.argv[:-1]


@dataclass
class Outcome:
    case: Case
    status: int | None  # None: still running at the timeout (killed)
    stdout: bytes
    stderr: bytes
    seconds: float
    after_signal: float | None = None  # seconds from the signal to the end
    before_memviz: bool = False  # the signal came before memviz's first line ran (Python starting)
    changed: list[str] = field(default_factory=list)  # guarded files lost or changed
    folder: str = ""  # the case's folder (gone by now): data in what memviz printed
    lang: str = ""  # the system language memviz ran under (LANG)
    left: list[str] = field(default_factory=list)  # temporary files left behind
