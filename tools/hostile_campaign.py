"""The hostile-input campaign (issue 23): every class of hostile case, run and classified.

    python3 tools/hostile_campaign.py                 # every case (about 15 minutes on 2 busy cores)
    python3 tools/hostile_campaign.py --quick 40      # a seeded sample of 40
    python3 tools/hostile_campaign.py --group signal --jobs 2 --seed 7

Each case (``tools/hostile_cases.py``) runs as its own ``python3 -m memviz`` process in a fresh
folder, with a timeout. What is wrong with an outcome:

- ``traceback``: a Python traceback, a fatal error or a Qt/shiboken abort on stderr;
- ``hang``: still running at the case's timeout, or more than ``STOP_SECONDS`` after a signal;
- ``crash``: ended by a signal (a segfault, an abort, the signal itself not handled);
- ``file``: a file memviz must not touch was lost or changed (a device, a pipe, a user's file);
- ``temp``: a temporary file of memviz's left behind;
- ``status``: an exit status the case does not allow (bad input is 2, a signal 128 + its number);
- ``lines``: an error over more than one line;
- ``raw``: a terminal control character from a name printed raw;
- ``english``: under a Chinese system language (``LANG=zh_CN.UTF-8``, a third of the cases), a line
  on stderr with an English sentence in it (issue 36: every message in the user's language).

``early`` counts the clean signal cases whose signal came before memviz's first line ran (Python
still starting: its own imports and the site's ``.pth`` files): the process ends as any Python
program does there, killed by the signal or, for Ctrl+C, with Python's KeyboardInterrupt.

Prints a table (class × outcome) and every problem; exits 1 when there is any.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import os
import random
import re
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hostile_cases import Case, Outcome, all_cases, english_sentence, gives_lang, make_fixtures, substitute

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(1, str(ROOT))  # memviz.core.limits.one_line: an argument as memviz prints it
HARNESS = Path(__file__).resolve().parent / "hostile_harness.py"
LAUNCH = Path(__file__).resolve().parent / "launch.py"
STOP_SECONDS = 5.0  # a signal must end memviz within this (1 s asked; slack for a loaded machine)
PROBLEMS = ("traceback", "hang", "crash", "file", "temp", "status", "lines", "raw", "english")
TRACEBACK = re.compile(rb"Traceback \(most recent call last\)|Fatal Python error|libshiboken|Segmentation fault"
                       rb"|^\w+(Error|Exception): |core dumped", re.M)  # fmt: skip
TEMPORARY = re.compile(r"^\.memviz-|^memviz-(memories|settings)-|\.tmp$|\.part$")
CONTROL = re.compile(rb"[\x00-\x08\x0b-\x1f\x7f]|\xe2\x80[\xaa-\xae]|\xe2\x81[\xa6-\xa9]")


def _fingerprint(path: str) -> tuple | None:
    """What a guarded path is: its kind, device number, and content's hash for a regular file."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return None
    mode = stat.S_IFMT(st.st_mode)
    if stat.S_ISREG(st.st_mode):
        if st.st_size > 64 * 1024 * 1024:
            return (mode, st.st_size, st.st_mtime_ns)
        return (mode, hashlib.sha256(Path(path).read_bytes()).hexdigest())
    if stat.S_ISLNK(st.st_mode):
        return (mode, os.readlink(path))
    if stat.S_ISDIR(st.st_mode):
        return (mode, tuple(sorted(os.listdir(path))))
    return (mode, st.st_rdev)


def _launched(command: list[str | bytes], ignored: tuple[int, ...], close_stdout: bool) -> list[str | bytes]:
    """``command`` started as a terminal starts it (tools/launch.py: its own group, the signals
    ``ignored`` ignored and the rest at their defaults, whatever the campaign inherited from nohup or
    `&`), without a ``preexec_fn``, which can hang the child of a threaded process (see launch.py)."""
    options = ["--ignore", ",".join(str(int(s)) for s in ignored)] + (
        ["--close-stdout"] if close_stdout else []
    )
    return [sys.executable, str(LAUNCH), *options, "--", *command]


def _command(case: Case, d: Path) -> list[str | bytes]:
    argv = [substitute(a, d) for a in case.argv]
    if case.harness:
        return [sys.executable, str(HARNESS), case.harness, *argv]
    return [sys.executable, "-m", "memviz", *argv]


def run_case(case: Case, base: Path) -> Outcome:
    d = Path(tempfile.mkdtemp(prefix="case-", dir=base))
    (d / "tmp").mkdir()
    make_fixtures(case, d)
    guarded = [str(substitute(g, d)) if g.startswith("/") else str(d / g) for g in case.guard]
    before = {g: _fingerprint(g) for g in guarded}
    env = {**os.environ, "PYTHONPATH": str(ROOT), "QT_QPA_PLATFORM": "offscreen", "TMPDIR": str(d / "tmp"),
           "LANG": random.Random(case.name).choice(["C.UTF-8", "en_US.UTF-8", "zh_CN.UTF-8"]), "COLUMNS": "100",
           **{k: str(substitute(v, d)) for k, v in case.env}}  # fmt: skip
    env.pop("MEMVIZ_EXERCISES", None) if case.harness != "window-exercises" else None
    if "XDG_CONFIG_HOME" not in dict(case.env):
        env["XDG_CONFIG_HOME"] = str(d / "cfg")
    stdout_file = tempfile.TemporaryFile()  # noqa: SIM115 (closed below, after the process)
    stderr_file = tempfile.TemporaryFile()  # noqa: SIM115
    stdout: object = stdout_file
    closing = None
    head = None
    if case.stdout == "full":
        stdout = closing = open("/dev/full", "wb")  # noqa: SIM115
    elif case.stdout == "closed":
        stdout = subprocess.DEVNULL  # replaced below by a closed descriptor
    start = time.monotonic()
    process = subprocess.Popen(
        _launched(_command(case, d), case.ignored, close_stdout=case.stdout == "closed"), cwd=d, env=env,
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE if case.stdout == "head" else stdout, stderr=stderr_file,
    )  # fmt: skip
    if case.stdout == "head":
        head = _first_line(process.stdout, case.timeout)
        process.stdout.close()  # the reader leaves, as `| head -1` does
    after_signal = None
    before_memviz = False
    status = None
    try:
        if case.send is not None:
            sig, at = case.send
            try:
                status = process.wait(timeout=at)
            except subprocess.TimeoutExpired:
                before_memviz = not _memviz_handles_signals(process.pid)
                if case.to_group:  # as a terminal sends Ctrl+C or its hang-up: to every process
                    os.killpg(process.pid, sig)
                else:
                    process.send_signal(sig)
                sent = time.monotonic()
                try:
                    status = process.wait(timeout=max(case.timeout - at, STOP_SECONDS * 3))
                except subprocess.TimeoutExpired:
                    status = None
                after_signal = time.monotonic() - sent
        else:
            status = process.wait(timeout=case.timeout)
    except subprocess.TimeoutExpired:
        status = None
    finally:
        if status is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signal.SIGKILL)  # children left behind (a recording's encoder)
        if closing is not None:
            closing.close()
    seconds = time.monotonic() - start
    stdout_file.seek(0)
    stderr_file.seek(0)
    out = (head or b"") + stdout_file.read()
    err = stderr_file.read()
    stdout_file.close()
    stderr_file.close()
    outcome = Outcome(case, status, out, err, seconds, after_signal, before_memviz)
    outcome.folder, outcome.lang = str(d), env["LANG"]
    outcome.changed = [g for g in guarded if _fingerprint(g) != before[g]]
    outcome.left = _temporaries(d) if status is not None else []
    _remove(d)
    return outcome


def _memviz_handles_signals(pid: int) -> bool:
    """Whether memviz's first line has run: it catches SIGTERM (Python alone never does), as the
    kernel's mask of caught signals shows. Before it, Python is starting (its own imports, the
    site's .pth files): a signal there ends the process as it ends any Python program."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text(encoding="ascii").splitlines():
            if line.startswith("SigCgt:"):
                return bool(int(line.split()[1], 16) & (1 << (signal.SIGTERM - 1)))
    except (OSError, ValueError):
        pass
    return True  # unknown: judged as if memviz were running


def _first_line(stream, timeout: float) -> bytes:
    """The first line a process writes (what `head -1` reads), waiting at most ``timeout``."""
    import select

    line, end = b"", time.monotonic() + timeout
    while b"\n" not in line and time.monotonic() < end:
        ready, _, _ = select.select([stream], [], [], max(0.0, end - time.monotonic()))
        if not ready:
            break
        chunk = os.read(stream.fileno(), 1)
        if not chunk:
            break
        line += chunk
    return line


def _temporaries(d: Path) -> list[str]:
    left = [str(p.relative_to(d)) for p in (d / "tmp").iterdir()]
    for folder, dirs, files in os.walk(d):
        if Path(folder) == d / "tmp":
            dirs[:] = []
            continue
        left += [str(Path(folder, f).relative_to(d)) for f in files + dirs if TEMPORARY.search(f)]
    return left


def _remove(d: Path) -> None:
    for folder, dirs, _files in os.walk(d):
        for name in dirs:
            with contextlib.suppress(OSError):
                os.chmod(Path(folder, name), 0o700)
    shutil.rmtree(d, ignore_errors=True)


def problems(outcome: Outcome) -> list[str]:
    """What is wrong with an outcome: names from PROBLEMS, with a word of detail."""
    case, found = outcome.case, []
    if outcome.before_memviz and _ended_as_python_ends(outcome):
        return []  # counted apart ("early"): no line of memviz had run
    if TRACEBACK.search(outcome.stderr) or (case.stdout != "head" and TRACEBACK.search(outcome.stdout)):
        found.append("traceback")
    if outcome.status is None:
        found.append("hang")
    elif outcome.after_signal is not None and outcome.after_signal > STOP_SECONDS and not case.ignored:
        found.append(f"hang: {outcome.after_signal:.1f} s after the signal")
    if (
        outcome.status is not None
        and outcome.status < 0
        and not (case.stdout == "head" and outcome.status == -13)
    ):
        found.append(f"crash: {signal.Signals(-outcome.status).name}")
    if outcome.changed:
        found.append(f"file: {', '.join(outcome.changed)}")
    if outcome.left:
        found.append(f"temp: {', '.join(outcome.left[:3])}")
    if outcome.status is not None and outcome.status >= 0 and outcome.status not in case.expect:
        found.append(f"status: {outcome.status} not in {sorted(case.expect)}")
    err_lines = [line for line in outcome.stderr.replace(b"\r", b"\n").split(b"\n") if line.strip()]
    if outcome.status not in (0, None) and len(err_lines) > 1 and "traceback" not in found:
        found.append(f"lines: {len(err_lines)}")
    if not case.raw_control_ok and (CONTROL.search(outcome.stderr.replace(b"\n", b"").replace(b"\r", b""))
                                    or _raw_in_stdout(outcome)):  # fmt: skip
        found.append("raw")
    english = _english(outcome)
    if english is not None:
        found.append(f"english: {english[:60]}")
    return found


def _english(outcome: Outcome) -> str | None:
    """An English sentence on stderr when memviz ran in Chinese (a Chinese LANG, no --lang given)."""
    case = outcome.case
    if (
        not outcome.lang.startswith("zh")
        or case.harness
        or gives_lang(case)
        or TRACEBACK.search(outcome.stderr)
    ):
        return None
    given = tuple(_printed(substitute(a, Path(outcome.folder))) for a in case.argv)
    for line in outcome.stderr.decode("utf-8", "replace").splitlines():
        if line.strip():  # any line: a library's log line pasted in English (uvicorn's) counts too
            found = english_sentence(line, outcome.folder, given)
            if found is not None:
                return found
    return None


def _printed(value: str | bytes) -> str:
    """An argument as memviz prints it: decoded as the command line was, escaped to one line."""
    from memviz.core.limits import one_line

    return one_line(os.fsdecode(value) if isinstance(value, bytes) else value)


def _ended_as_python_ends(outcome: Outcome) -> bool:
    """A signal while Python starts: killed by it (the shell says 128 + n), or, for Ctrl+C, Python's
    own KeyboardInterrupt from its start-up imports; nothing written, within the stop bound."""
    sig = outcome.case.send[0]
    quick = outcome.after_signal is not None and outcome.after_signal <= STOP_SECONDS
    interrupted = outcome.stderr.rstrip().endswith(b"KeyboardInterrupt") and outcome.status in (1, -sig)
    return quick and not outcome.left and not outcome.changed and (outcome.status == -sig or interrupted)


def _raw_in_stdout(outcome: Outcome) -> bool:
    if outcome.case.argv and outcome.case.argv[0] in ("record", "snapshot"):
        return False  # a progress bar redraws its line with \r
    return bool(CONTROL.search(outcome.stdout.replace(b"\n", b"").replace(b"\t", b"")))


def run_all(cases: list[Case], jobs: int, base: Path, verbose: bool) -> list[tuple[Outcome, list[str]]]:
    results: list[tuple[Outcome, list[str]]] = []

    def one(case: Case) -> tuple[Outcome, list[str]]:
        outcome = run_case(case, base)
        found = problems(outcome)
        if verbose or found:
            mark = "FAIL" if found else "ok"
            print(f"[{mark}] {case.group:8} {case.name[:70]:70} {outcome.status} {outcome.seconds:5.1f}s "
                  f"{'; '.join(found)}", flush=True)  # fmt: skip
            if found:  # what it printed, for whoever looks into it later (a race may not come back)
                print(
                    "    " + outcome.stderr[-1500:].decode("utf-8", "replace").replace("\n", "\n    "),
                    flush=True,
                )
        return outcome, found

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        results = list(pool.map(one, cases))
    return results


def table(results: list[tuple[Outcome, list[str]]]) -> str:
    by_group: dict[str, Counter] = defaultdict(Counter)
    for outcome, found in results:
        counts = by_group[outcome.case.group]
        counts["cases"] += 1
        counts["clean"] += not found
        counts["early"] += outcome.before_memviz and not found
        for problem in {f.split(":")[0] for f in found}:
            counts[problem] += 1
    columns = ("cases", "clean", "early", *PROBLEMS)
    lines = ["| class | " + " | ".join(columns) + " |", "|---|" + "---:|" * len(columns)]
    total: Counter = Counter()
    for group, counts in by_group.items():
        total.update(counts)
        lines.append(f"| {group} | " + " | ".join(str(counts[c]) for c in columns) + " |")
    lines.append("| **all** | " + " | ".join(f"**{total[c]}**" for c in columns) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=23)
    parser.add_argument("--quick", type=int, metavar="N", help="a seeded sample of N cases")
    parser.add_argument("--group", action="append", help="only these classes (repeat)")
    parser.add_argument("--match", help="only cases whose name holds this text")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--list", action="store_true", help="print the cases, run none")
    args = parser.parse_args(argv)
    cases = all_cases(args.seed, tuple(args.group) if args.group else None)
    if args.match:
        cases = [c for c in cases if args.match in c.name]
    if args.quick is not None:
        cases = random.Random(args.seed).sample(cases, min(args.quick, len(cases)))
    if args.list:
        for case in cases:
            print(f"{case.group:8} {case.name}")
        print(f"{len(cases)} cases")
        return 0
    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="memviz-hostile-") as base:
        results = run_all(cases, args.jobs, Path(base), args.verbose)
    print()
    print(table(results))
    bad = [(o, f) for o, f in results if f]
    print(f"\n{len(results)} cases, {len(results) - len(bad)} clean, {len(bad)} with problems, "
          f"{time.monotonic() - start:.0f} s (seed {args.seed})")  # fmt: skip
    for outcome, found in bad:
        err = outcome.stderr.decode("utf-8", "backslashreplace").strip().splitlines()
        print(
            f"- {outcome.case.group}: {outcome.case.name}: {'; '.join(found)} — {err[-1][:160] if err else ''}"
        )
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
