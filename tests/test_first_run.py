"""What a newcomer meets first: the language rule, a missing display, the README's commands."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from memviz.cli import commands as cli
from memviz.display import QT_LIBRARIES, SYSTEM_LIBRARIES, X11_WINDOW_LIBRARIES, window_problem
from memviz.languages import resolve_language, system_language

ROOT = Path(__file__).resolve().parent.parent


# -- one language rule for the window and the command line ----------------------------------------


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({"LANG": "zh_CN.UTF-8"}, "zh"),
        ({"LANG": "zh_TW.UTF-8"}, "zh"),
        ({"LANG": "en_US.UTF-8"}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({"LANGUAGE": "zh_CN:en", "LANG": "en_US.UTF-8"}, "zh"),  # LANGUAGE comes first
        ({"LC_ALL": "en_GB.UTF-8", "LANG": "zh_CN.UTF-8"}, "en"),  # then LC_ALL
        ({"LC_ALL": "C", "LANG": "zh_CN.UTF-8"}, "zh"),  # "C" says nothing: read on
    ],
)
def test_the_system_language_follows_posix_order(environ, expected):
    assert system_language(environ, platform="linux") == expected


def test_when_the_environment_is_silent_the_fallback_decides():
    assert system_language({}, platform="darwin", fallback=lambda: "zh") == "zh"
    assert system_language({"LANG": "C"}, platform="darwin", fallback=lambda: "en") == "en"


def test_pythons_locale_is_asked_only_when_nothing_else_says():
    """Issue 41: the locale module (~0.7 ms of every start) loads only for the last resort."""
    import subprocess
    import sys

    code = "import sys, memviz.languages as l; print(l.system_language(), 'locale' in sys.modules)"
    for environ, expected in (({"LANG": "zh_CN.UTF-8"}, "zh False"), ({"LANG": "C"}, "en True")):
        env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(Path(__file__).resolve().parents[1]), **environ}
        out = subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60
        )
        assert out.stdout.split("\n")[0] == expected, out.stderr


def test_an_explicit_language_wins(monkeypatch):
    monkeypatch.setenv("LANGUAGE", "zh_CN")
    assert resolve_language("en") == "en"
    assert resolve_language(None) == "zh"


def _run_text(capsys, *argv):
    assert cli.main(list(argv)) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize(
    "argv",
    [
        ("--lang", "en", "run", "--strategy", "visited"),  # before the subcommand
        ("run", "--strategy", "visited", "--lang", "en"),  # after it
        ("--lang", "zh", "run", "--strategy", "visited", "--lang", "en"),  # after wins
    ],
)
def test_lang_is_honoured_before_and_after_the_subcommand(capsys, monkeypatch, argv):
    monkeypatch.setenv("LANGUAGE", "zh_CN")
    out = _run_text(capsys, *argv)
    assert "coverage" in out.lower() and not re.search(r"[\u4e00-\u9fff]{2}", out.split("\n")[0])


def test_without_lang_the_command_line_speaks_the_systems_language(capsys, monkeypatch):
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    english = _run_text(capsys, "run", "--strategy", "visited")
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    chinese = _run_text(capsys, "run", "--strategy", "visited")
    assert "coverage" in english.lower()
    assert "覆盖率" in chinese


# -- no display: one clear line, exit 2, before Qt is touched --------------------------------------


def test_no_display_is_said_plainly():
    problem = window_problem({}, platform="linux", find_library=lambda name: "lib")
    assert problem is not None and "no display" in problem and "memviz snapshot" in problem


def test_missing_x11_libraries_are_named_as_debian_packages():
    have = {*QT_LIBRARIES, "xcb-cursor", "xcb-image"}
    problem = window_problem(
        {"DISPLAY": ":0"}, platform="linux", find_library=lambda name: "lib" if name in have else None
    )
    assert problem is not None and problem.startswith("Qt's window needs system libraries")
    assert "libxcb-icccm4" in problem and "libxkbcommon-x11-0" in problem
    assert "libxcb-cursor0" not in problem and "libegl1" not in problem and "sudo apt-get install" in problem
    assert "memviz snapshot" in problem  # the headless commands still work


def test_missing_qt_libraries_are_named_without_the_headless_hint():
    """libEGL or fontconfig missing: QtGui itself cannot load, so `memviz snapshot` would fail too."""
    problem = window_problem({"DISPLAY": ":0"}, platform="linux", find_library=lambda name: None)
    assert problem is not None and problem.startswith("Qt needs system libraries")
    assert problem.split("sudo apt-get install ")[1].split() == list(SYSTEM_LIBRARIES.values())
    assert "snapshot" not in problem


@pytest.mark.parametrize("chosen", [{}, {"QT_QPA_PLATFORM": "xcb"}])
def test_every_missing_x11_library_is_named_even_with_xcb_asked_for(chosen):
    """Qt's own abort, with QT_QPA_PLATFORM=xcb, named libxcb-cursor0 alone while libxcb-icccm4 and
    libxcb-keysyms1 were missing too (issue 40): memviz names every one that is missing."""
    missing = {"xcb-cursor", "xcb-icccm", "xcb-keysyms"}
    problem = window_problem(
        {"DISPLAY": ":0", **chosen}, platform="linux", find_library=lambda n: None if n in missing else "lib"
    )
    assert problem is not None and problem.startswith("Qt's window needs system libraries")
    named = problem.split("sudo apt-get install ")[1].split(" (meanwhile")[0].split()
    assert named == ["libxcb-cursor0", "libxcb-icccm4", "libxcb-keysyms1"]


@pytest.mark.parametrize(
    ("environ", "platform"),
    [
        ({"DISPLAY": ":0"}, "linux"),  # every library found
        ({"DISPLAY": ":0", "QT_QPA_PLATFORM": "xcb"}, "linux"),
        ({"WAYLAND_DISPLAY": "wayland-0"}, "linux"),
        ({"QT_QPA_PLATFORM": "offscreen"}, "linux"),  # the user chose a platform
        ({}, "win32"),
        ({}, "darwin"),
    ],
)
def test_nothing_is_said_where_a_window_can_open(environ, platform):
    assert window_problem(environ, platform=platform, find_library=lambda name: "lib") is None


def test_memviz_with_no_display_exits_2_with_one_line(capsys, monkeypatch):
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr("sys.platform", "linux")
    opened = []
    monkeypatch.setattr("memviz.gui.app.run_app", lambda **kw: opened.append(kw) or 0, raising=False)
    assert cli.main([]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no display" in err
    assert not opened


def test_the_library_table_names_one_package_per_library():
    assert (
        len(set(SYSTEM_LIBRARIES.values()))
        == len(SYSTEM_LIBRARIES)
        == len(QT_LIBRARIES) + len(X11_WINDOW_LIBRARIES)
    )


# The README's `sudo apt-get install` line, continuation lines and all (tools/bare_machine_check.sh
# reads it with this same pattern and installs exactly these packages).
README_APT_LINE = r"sudo apt-get install ([^`\n\\]*(?:\\\n[^`\n\\]*)*)"


def readme_apt_packages() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    line = re.search(README_APT_LINE, text).group(1)
    return line.replace("\\\n", " ").split()


def test_the_readmes_apt_get_line_names_every_library_memviz_checks_for():
    """The README's line and memviz/display.py's table are one list: a package added to either is
    added to both, so what a user installs is what memviz asks for when a library is missing."""
    packages = readme_apt_packages()
    assert packages[0] == "python3-venv"  # start.py's virtual environment
    assert sorted(packages[1:]) == sorted(SYSTEM_LIBRARIES.values())
    assert len(packages) == len(set(packages))


def test_ci_installs_only_libraries_of_the_table():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    qt_libs = re.search(r"qt_libs=\(([^)]*)\)", ci).group(1).split()
    assert qt_libs and set(qt_libs) <= set(SYSTEM_LIBRARIES.values())


def test_the_bare_machine_check_reads_the_readme_with_the_same_pattern():
    script = (ROOT / "tools" / "bare_machine_check.sh").read_text(encoding="utf-8")
    assert f'r"{README_APT_LINE}"' in script


# -- the README's commands -----------------------------------------------------------------------


def test_the_readme_opens_with_the_two_set_up_commands():
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    block = lines[lines.index("```bash") + 1 : lines.index("```bash") + 3]
    assert block[0].startswith("python3 start.py ")
    assert block[1].startswith("python3 start.py test ")


def test_ci_runs_the_readmes_test_command():
    run = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert any(line.startswith("python3 start.py test") for line in run)


def test_a_frozen_bundle_finds_the_libraries_it_carries(tmp_path, monkeypatch):
    """The bundle's _internal/ holds Qt's X libraries; the system's search never looks there (issue 42:
    the bundle asked for 15 packages it carried). Found by file name, in the folder or below it."""
    from memviz import display

    internal = tmp_path / "_internal"
    (internal / "PySide6" / "Qt" / "lib").mkdir(parents=True)
    for library in [*SYSTEM_LIBRARIES][: len(SYSTEM_LIBRARIES) // 2]:
        (internal / f"lib{library}.so.0").write_bytes(b"")
    for library in [*SYSTEM_LIBRARIES][len(SYSTEM_LIBRARIES) // 2 :]:
        (internal / "PySide6" / "Qt" / "lib" / f"lib{library}.so.1.2").write_bytes(b"")
    find = display.library_finder(internal, system=lambda name: None)
    assert all(find(library) for library in SYSTEM_LIBRARIES)
    assert find("xcb-not-there") is None
    monkeypatch.setattr(display.sys, "frozen", True, raising=False)
    monkeypatch.setattr(display.sys, "_MEIPASS", str(internal), raising=False)
    assert display.bundle_folder() == internal
    monkeypatch.setattr(display, "system_library_finder", lambda: lambda name: None)  # a system without them
    assert display.window_problem({"DISPLAY": ":0"}, platform="linux") is None
    (cursor,) = internal.rglob("libxcb-cursor.so*")
    cursor.unlink()
    problem = display.window_problem({"DISPLAY": ":0"}, platform="linux")
    assert problem is not None and problem.endswith(
        "libxcb-cursor0 (meanwhile, " + display.HEADLESS_HINT + ")"
    )


def test_outside_a_bundle_only_the_system_is_asked(monkeypatch):
    from memviz import display

    monkeypatch.delattr(display.sys, "frozen", raising=False)
    assert display.bundle_folder() is None


@pytest.mark.skipif(not Path("/etc/ld.so.cache").is_file(), reason="glibc's library cache")
def test_the_system_libraries_are_found_as_find_library_finds_them_without_a_process(monkeypatch):
    """system_library_finder reads glibc's cache itself (find_library runs `ldconfig -p` for each
    name: 34 ms of every start on X11, issue 41) and answers as ctypes.util.find_library does, name
    for name: the libraries window_problem asks for and a few every system has, with no process
    started; names no system has it asks find_library itself."""
    import ctypes.util
    import subprocess

    from memviz import display

    names = [*SYSTEM_LIBRARIES, "c", "m", "stdc++"]
    absent = ["memviz-no-such-library", "xcb-no-such-part"]
    plain = [ctypes.util.find_library(name) for name in [*names, *absent]]
    find = display.system_library_finder()
    with monkeypatch.context() as patched:
        patched.setattr(subprocess, "Popen", lambda *a, **k: pytest.fail(f"a process was started: {a}"))
        held = [find(name) for name in names]
    assert held == plain[: len(names)] and plain[names.index("c")] is not None
    assert [find(name) for name in absent] == plain[len(names) :] == [None, None]


def test_a_library_is_found_by_its_path_in_the_cache_and_a_numbered_one_first(tmp_path, monkeypatch):
    """The cache's string table holds each library's path; the name find_library gives is the
    numbered one (libGL.so.1, not the development link libGL.so). No cache, or not on Linux: every
    name is find_library's."""
    import ctypes.util

    from memviz import display

    cache = tmp_path / "ld.so.cache"
    cache.write_bytes(b"glibc-ld.so.cache1.1\x00/usr/lib/x86_64-linux-gnu/libGL.so\x00"
                      b"/usr/lib/x86_64-linux-gnu/libGL.so.1\x00/lib/libxcb-cursor.so.0\x00/lib/libxcb.so.1\x00")  # fmt: skip
    asked = []
    monkeypatch.setattr(ctypes.util, "find_library", lambda name: asked.append(name))
    monkeypatch.setattr(display.sys, "platform", "linux")
    find = display.system_library_finder(cache)
    assert (find("GL"), find("xcb-cursor"), find("xcb"), find("xcb-c")) == (
        "libGL.so.1",
        "libxcb-cursor.so.0",
        "libxcb.so.1",
        None,
    )
    assert asked == ["xcb-c"]
    assert display.system_library_finder(tmp_path / "none")("GL") is None and asked[-1] == "GL"
    monkeypatch.setattr(display.sys, "platform", "freebsd14")
    assert display.system_library_finder(cache)("GL") is None and asked[-1] == "GL"
