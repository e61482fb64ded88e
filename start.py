"""Set memviz up in a virtual environment of its own and open it, or run its tests.

    python3 start.py          make .venv, install memviz in it, open the window
    python3 start.py test     make .venv, install memviz with its test tools, run the tests
    python3 start.py memviz ARGS...   any memviz command, from the same .venv (e.g. `memviz report`)

The same two lines work on Debian and Ubuntu (whose system Python refuses `pip install` outside a
virtual environment: "externally-managed-environment"), macOS and Windows (`py start.py …`). Only
the standard library is used here; the environment lives in `.venv` beside this file and is reused:
a second run installs nothing new unless pyproject.toml changed. Arguments after `test` go to pytest.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

HERE = Path(__file__).resolve().parent
ENV = Path(os.environ.get("MEMVIZ_VENV", HERE / ".venv"))
LEAST_PYTHON = (3, 11)

# start.py's own lines, in Chinese and English. They live here, not in memviz/wording/, because
# start.py runs before anything is installed and memviz.wording needs numpy.
WORDS = {
    "making": ("正在 {env} 创建虚拟环境", "making a virtual environment in {env}"),
    "no_venv": ("无法创建虚拟环境：{error}", "cannot make a virtual environment: {error}"),
    "no_venv_debian": (
        "（Debian 或 Ubuntu 上：sudo apt-get install python3-venv）",
        " (on Debian or Ubuntu: sudo apt-get install python3-venv)",
    ),
    "repairing": (
        "{env} 里没有 pip（创建时缺 python3-venv？），正在补上",
        "{env} has no pip (was python3-venv missing when it was made?): adding it",
    ),
    "no_pip": ("无法在 {env} 里安装 pip", "cannot install pip in {env}"),
    "foreign_no_pip": (
        "{env} 里没有 pip，而它不是 start.py 创建的；补上 pip：{command}",
        "{env} has no pip, and start.py did not make it; add pip with: {command}",
    ),
    "installing": ("正在安装 memviz（第一次需要几分钟）", "installing memviz (a few minutes the first time)"),
    "installing_test": (
        "正在安装 memviz 和测试工具（第一次需要几分钟）",
        "installing memviz with test (a few minutes the first time)",
    ),
    "pip_failed": (
        "pip 无法安装 memviz（原因见上面 pip 的输出）",
        "pip could not install memviz (its message is above)",
    ),
    "old_python": (
        "memviz 需要 Python 3.11 或更新版本；这里是 {found}",
        "memviz needs Python 3.11 or newer; this is {found}",
    ),
    "unknown": (
        "未知命令 {command!r}：不带命令（打开程序）、'test' 或 'memviz'",
        "unknown command {command!r}: use no command (the app), 'test' or 'memviz'",
    ),
    "interrupted": ("已中断", "interrupted"),
}
LANG = "en"  # set by main(): memviz's rule, --lang if the line has it, else the system's language


def words(key: str, prefix: bool = True, **values: object) -> str:
    zh, en = WORDS[key]
    text = (zh if LANG == "zh" else en).format(**values)
    return ("start.py：" if LANG == "zh" else "start.py: ") + text if prefix else text


def language_of(argv: list[str]) -> str:
    """memviz's language rule (memviz/languages.py, standard library only): --lang, else the system's."""
    for i, arg in enumerate(argv):
        following = argv[i + 1] if i + 1 < len(argv) else ""
        chosen = arg.partition("=")[2] if arg.startswith("--lang=") else following if arg == "--lang" else ""
        if chosen in ("zh", "en"):
            return chosen
    try:
        sys.path.insert(0, str(HERE))
        from memviz.languages import system_language
    except Exception:  # an old Python that cannot read it: English, as before
        return "en"
    finally:
        sys.path.remove(str(HERE))
    return system_language()


def say(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def env_bin() -> Path:
    return ENV / ("Scripts" if os.name == "nt" else "bin")


def env_python() -> Path:
    return env_bin() / ("python.exe" if os.name == "nt" else "python")


# Left in an environment start.py made, so that it may repair it later; one it did not make is not
# its to change.
MADE_HERE = ".memviz-made-by-start-py"


def has_pip() -> bool:
    return any(ENV.glob("Lib/site-packages/pip")) or any(ENV.glob("lib/python*/site-packages/pip"))


def debian_hint() -> str:
    return words("no_venv_debian", prefix=False) if sys.platform.startswith("linux") else ""


def make_env() -> None:
    """Make the environment, or repair one start.py made that has no pip.

    pip goes in as a second step (ensurepip), after the environment is marked as start.py's: on
    Debian without python3-venv, venv made the folder, then failed at pip and left it so, and every
    later run failed with "No module named pip" until the user deleted .venv (issue 42).
    """
    if env_python().exists() and has_pip():
        return
    if env_python().exists():
        if not (ENV / MADE_HERE).exists() and ENV != HERE / ".venv":
            command = f"{env_python()} -m ensurepip --upgrade --default-pip"
            raise SystemExit(words("foreign_no_pip", env=ENV, command=command))
        say(words("repairing", env=ENV))
    else:
        say(words("making", env=ENV))
        try:
            venv.EnvBuilder(with_pip=False).create(ENV)
        except (subprocess.CalledProcessError, OSError) as error:
            raise SystemExit(words("no_venv", error=error) + debian_hint()) from None
    (ENV / MADE_HERE).write_text("made by memviz's start.py\n", encoding="utf-8")
    ensurepip = [str(env_python()), "-m", "ensurepip", "--upgrade", "--default-pip"]
    if subprocess.run(ensurepip, cwd=HERE, stdout=subprocess.DEVNULL).returncode != 0 or not has_pip():
        raise SystemExit(words("no_pip", env=ENV) + debian_hint())


def install(extras: str) -> None:
    """Install memviz (with ``extras``) unless this exact pyproject.toml is installed already."""
    target = f".[{extras}]" if extras else "."
    stamp_text = f"{target}\n{(HERE / 'pyproject.toml').read_bytes().hex()}"
    stamp = ENV / f".memviz-installed-{extras or 'app'}"
    digest = hashlib.sha256(stamp_text.encode()).hexdigest()
    if stamp.exists() and stamp.read_text(encoding="utf-8") == digest:
        return
    say(words("installing_test" if extras == "test" else "installing"))
    editable = ["-e"]  # from this checkout, as it changes: the tests read its files too
    command = [
        str(env_python()),
        "-m",
        "pip",
        "install",
        "-q",
        "--disable-pip-version-check",
        *editable,
        target,
    ]
    if subprocess.run(command, cwd=HERE).returncode != 0:
        raise SystemExit(words("pip_failed"))
    stamp.write_text(digest, encoding="utf-8")


def run(args: list[str]) -> int:
    """Run the environment's Python with its scripts first on PATH, as an activated environment has
    them: the tests start `memviz` by name (the signal tests), and must find this one, not another."""
    env = {**os.environ, "PATH": os.pathsep.join([str(env_bin()), os.environ.get("PATH", "")])}
    return subprocess.run([str(env_python()), *args], cwd=HERE, env=env).returncode


def main(argv: list[str]) -> int:
    global LANG
    LANG = language_of(argv)
    if sys.version_info < LEAST_PYTHON:
        found = ".".join(map(str, sys.version_info[:3]))
        raise SystemExit(words("old_python", found=found))
    command, rest = (argv[0], argv[1:]) if argv else ("app", [])
    if command not in ("test", "app", "memviz"):  # before anything is made or installed
        raise SystemExit(words("unknown", command=command))
    make_env()
    if command == "test":
        install("test")
        return run(["-m", "pytest", *rest])
    install("")
    return run(["-m", "memviz", *rest])


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except KeyboardInterrupt:
        say(words("interrupted"))
        sys.exit(130)
