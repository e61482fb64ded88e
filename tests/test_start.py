"""start.py, the README's two set-up commands: a virtual environment of its own, installed once."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def start(tmp_path, monkeypatch):
    spec = importlib.util.spec_from_file_location("start", ROOT / "start.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    monkeypatch.setattr(module, "ENV", tmp_path / "venv")
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    calls = []

    def fake_run(command, cwd=None, env=None):
        calls.append(command)
        module.last_env = env
        return subprocess.CompletedProcess(command, 0)

    monkeypatch.setattr(module.subprocess, "run", fake_run)
    monkeypatch.setattr(module, "make_env", lambda: (tmp_path / "venv").mkdir(exist_ok=True))
    module.calls = calls
    return module


def test_the_app_is_installed_once_then_opened(start):
    assert start.main([]) == 0
    assert start.main([]) == 0
    pip = [c for c in start.calls if c[1:4] == ["-m", "pip", "install"]]
    opened = [c for c in start.calls if c[1:3] == ["-m", "memviz"]]
    assert len(pip) == 1 and pip[0][-2:] == ["-e", "."]
    assert len(opened) == 2


def test_the_tests_install_the_test_extras_and_pass_arguments_to_pytest(start):
    assert start.main(["test", "-x", "tests/core"]) == 0
    pip, pytest_call = start.calls
    assert pip[-2:] == ["-e", ".[test]"]
    assert pytest_call[1:] == ["-m", "pytest", "-x", "tests/core"]


def test_the_tests_find_this_environments_memviz_first_on_the_path(start, tmp_path):
    """The signal tests start `memviz` by name: without .venv's scripts first on PATH they skipped, or
    tested another memviz installed elsewhere (issue 42)."""
    start.main(["test"])
    first = start.last_env["PATH"].split(os.pathsep)[0]
    assert first == str(tmp_path / "venv" / ("Scripts" if os.name == "nt" else "bin"))


def test_an_environment_left_without_pip_is_repaired_on_the_next_run(tmp_path, monkeypatch, capsys):
    """Debian without python3-venv: the environment is made, pip is not. After `apt-get install
    python3-venv` the next run adds pip to the same environment instead of failing for ever."""
    spec = importlib.util.spec_from_file_location("start", ROOT / "start.py")
    start = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(start)
    monkeypatch.setattr(start, "ENV", tmp_path / "venv")
    monkeypatch.setattr(start, "LANG", "en")
    ensurepip_works = [False]
    real_run = subprocess.run

    def run(command, cwd=None, stdout=None, **kwargs):
        if command[1:3] != ["-m", "ensurepip"]:
            return real_run(command, cwd=cwd, stdout=stdout, **kwargs)
        if ensurepip_works[0]:  # what pip's wheel would leave
            site = start.ENV / (
                "Lib" if os.name == "nt" else f"lib/python{sys.version_info[0]}.{sys.version_info[1]}"
            )
            (site / "site-packages" / "pip").mkdir(parents=True, exist_ok=True)
        return subprocess.CompletedProcess(command, 0 if ensurepip_works[0] else 1)

    monkeypatch.setattr(start.subprocess, "run", run)
    with pytest.raises(SystemExit, match=r"^start\.py: cannot install pip in .*venv"):
        start.make_env()
    assert start.env_python().exists() and not start.has_pip()
    ensurepip_works[0] = True  # python3-venv installed
    start.make_env()
    assert start.has_pip()
    assert "has no pip (was python3-venv missing when it was made?): adding it" in capsys.readouterr().err
    start.make_env()  # whole now: nothing more to do
    assert "adding it" not in capsys.readouterr().err


def test_an_environment_start_py_did_not_make_is_not_changed(tmp_path, monkeypatch):
    spec = importlib.util.spec_from_file_location("start", ROOT / "start.py")
    start = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(start)
    monkeypatch.setattr(start, "ENV", tmp_path / "theirs")
    monkeypatch.setattr(start, "LANG", "en")
    start.env_python().parent.mkdir(parents=True)
    start.env_python().write_text("")
    with pytest.raises(
        SystemExit, match=r"has no pip, and start\.py did not make it; add pip with: .* -m ensurepip"
    ):
        start.make_env()
    assert not (start.ENV / start.MADE_HERE).exists()


def test_a_changed_pyproject_installs_again(start, monkeypatch, tmp_path):
    start.main(["memviz", "--version"])
    copy = tmp_path / "checkout"
    copy.mkdir()
    (copy / "pyproject.toml").write_text(
        (ROOT / "pyproject.toml").read_text(encoding="utf-8") + "\n# changed\n"
    )
    monkeypatch.setattr(start, "HERE", copy)
    start.main(["memviz", "--version"])
    assert sum(c[1:4] == ["-m", "pip", "install"] for c in start.calls) == 2


def test_an_unknown_command_is_one_line_and_makes_nothing(start, tmp_path):
    with pytest.raises(SystemExit, match=r"^start\.py: unknown command 'tset'"):
        start.main(["tset"])
    assert not (tmp_path / "venv").exists() and start.calls == []


def test_start_py_speaks_the_systems_language_or_the_lang_given(start, monkeypatch, capsys):
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    with pytest.raises(SystemExit, match=r"^start\.py：未知命令 'tset'"):
        start.main(["tset"])
    with pytest.raises(SystemExit, match=r"^start\.py: unknown command"):
        start.main(["tset", "--lang", "en"])
    start.main(["memviz", "--lang=zh", "report"])
    assert capsys.readouterr().err == "start.py：正在安装 memviz（第一次需要几分钟）\n"
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    with pytest.raises(SystemExit, match=r"^start\.py：未知命令"):
        start.main(["tset", "--lang", "zh"])


def test_every_line_of_start_py_has_chinese_and_english(start):
    import re

    for key, (zh, en) in start.WORDS.items():
        assert re.search(r"[\u4e00-\u9fff]", zh) and not re.search(r"[\u4e00-\u9fff]", en), key
        assert re.findall(r"\{\w+(?:!r)?\}", zh) == re.findall(r"\{\w+(?:!r)?\}", en), key


def test_start_py_uses_only_the_standard_library():
    """It runs before anything is installed: a bare python3 must be able to load it."""
    result = subprocess.run(
        [
            sys.executable,
            "-S",
            "-c",
            f"import runpy; runpy.run_path({str(ROOT / 'start.py')!r}, run_name='x')",
        ],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr


def test_every_start_py_command_of_the_readme_does_what_the_readme_says(start):
    """Each `python3 start.py …` the README names, run through start.py (pip and the program faked):
    no command installs the test tools unless it runs the tests, and the rest of the line reaches
    memviz or pytest unchanged. tools/bare_machine_check.sh runs the first two for real."""
    import re
    import shlex

    text = (ROOT / "README.md").read_text(encoding="utf-8")
    lines = set(re.findall(r"^(python3 start\.py[^#\n]*)", text, re.MULTILINE))
    lines |= set(re.findall(r"`(python3 start\.py[^`]*)`", text))
    assert {"python3 start.py", "python3 start.py test", "python3 start.py memviz report"} <= {
        line.strip() for line in lines
    }
    for line in sorted(lines):
        words = shlex.split(line)[2:]
        start.calls.clear()
        assert start.main(words) == 0, line
        *installs, ran = start.calls
        assert [c[-1] for c in installs] in ([".[test]"], [], ["."]), line  # installed once per extras
        if words[:1] == ["test"]:
            assert ran[1:] == ["-m", "pytest", *words[1:]], line
        else:
            assert ran[1:] == ["-m", "memviz", *words[1 if words[:1] == ["memviz"] else 0 :]], line
