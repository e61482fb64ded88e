"""What differs on Windows and macOS, held here on Linux: text encodings, where dialogs open, how the
Record dialog starts its child in a bundle, where a bundle finds its resources, the smoke test's
environment. What only a real Windows or macOS machine can show runs in .github/workflows/ci.yml."""

from __future__ import annotations

import ast
import importlib.util
import io
import os
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SOURCE_FOLDERS = ("memviz", "packaging", "tools", "benchmarks")

# Receivers of `.open(...)` that are not text files: os.open's descriptors (bytes only), PyAV
# containers, archives, Qt dialogs.
NOT_FILES = {"os", "av", "tarfile", "zipfile", "dialog", "opener"}  # opener: urllib's, for HTTP


def _mode(call: ast.Call, position: int) -> str | None:
    for keyword in call.keywords:
        if keyword.arg == "mode":
            return keyword.value.value if isinstance(keyword.value, ast.Constant) else "?"
    if len(call.args) > position:
        arg = call.args[position]
        return arg.value if isinstance(arg, ast.Constant) else "?"
    return None


def text_opens_without_encoding(source: str) -> list[int]:
    """Lines that open a file in text mode without naming its encoding.

    Without it Python uses the locale's code page: cp1252 or cp936 on Windows, so a Chinese text
    that reads and writes fine on Linux and macOS breaks there.
    """
    lines = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Name) and func.id == "open":
            mode = _mode(node, 1)
        elif isinstance(func, ast.Attribute) and func.attr == "open":
            receiver = func.value
            if isinstance(receiver, ast.Name) and receiver.id in NOT_FILES:
                continue
            mode = _mode(node, 0)
        elif isinstance(func, ast.Attribute) and func.attr in ("read_text", "write_text"):
            mode = "t"
        else:
            continue
        if mode is not None and mode != "?" and "b" in mode:
            continue
        if not any(keyword.arg == "encoding" for keyword in node.keywords):
            lines.append(node.lineno)
    return lines


def test_the_scan_finds_text_opens_without_an_encoding():
    source = (
        "open(p)\n"
        "open(p, 'w')\n"
        "path.open()\n"
        "path.open('a', newline='')\n"
        "path.read_text()\n"
        "path.write_text(s)\n"
        "open(p, 'rb')\n"
        "path.open(mode='wb')\n"
        "open(p, encoding='utf-8')\n"
        "path.read_text(encoding='utf-8')\n"
        "av.open(p, mode='w')\n"
        "tarfile.open(p, 'w:gz')\n"
        "dialog.open()\n"
        "os.open(p, os.O_RDONLY)\n"
    )
    assert text_opens_without_encoding(source) == [1, 2, 3, 4, 5, 6]


def test_every_text_file_is_opened_with_an_explicit_encoding():
    found = []
    for folder in SOURCE_FOLDERS:
        for path in sorted((REPO / folder).rglob("*.py")):
            for line in text_opens_without_encoding(path.read_text(encoding="utf-8")):
                found.append(f"{path.relative_to(REPO)}:{line}")
    assert found == []


# -- console output ------------------------------------------------------------------------------------


def windows_pipe() -> io.TextIOWrapper:
    """What a Windows pipe or file looks like to Python: the ANSI code page, here Western cp1252."""
    return io.TextIOWrapper(io.BytesIO(), encoding="cp1252", errors="strict")


def test_the_cli_prints_utf8_into_a_windows_pipe(monkeypatch):
    from memviz.cli.commands import main

    out, err = windows_pipe(), windows_pipe()
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    assert main(["run", "--lang", "zh", "--budget", "5"]) == 0
    out.flush()
    text = out.buffer.getvalue().decode("utf-8")  # cp1252 cannot hold any of it
    assert any("\u4e00" <= ch <= "\u9fff" for ch in text)
    assert sys.stdout.encoding == "utf-8"
    assert sys.stderr.errors == "strict"  # only the encoding changes


def test_record_reports_a_chinese_path_in_utf8_into_a_windows_pipe(monkeypatch, tmp_path):
    """The Record dialog reads its child's output as UTF-8: the saved file's path must arrive whole."""
    from memviz.cli import commands as cli

    out = windows_pipe()
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", windows_pipe())
    target = tmp_path / "录像" / "演示.mp4"
    monkeypatch.setitem(cli.COMMANDS, "record", lambda args: cli.emit(str(args.out)) or 0)
    assert cli.main(["record", "--out", str(target), "--steps", "1"]) == 0
    assert out.buffer.getvalue().decode("utf-8").strip() == str(target)


def test_a_console_that_is_utf8_already_is_left_alone(monkeypatch):
    from memviz.cli.output import use_utf8_output

    stream = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="backslashreplace")
    monkeypatch.setattr(sys, "stdout", stream)
    monkeypatch.setattr(sys, "stderr", None)  # a windowed Windows executable has no stderr
    use_utf8_output()
    assert sys.stdout is stream
    assert (stream.encoding, stream.errors) == ("utf-8", "backslashreplace")


# -- file dialogs ------------------------------------------------------------------------------------


def test_dialogs_start_in_the_home_folder_not_the_working_directory(monkeypatch, tmp_path):
    from memviz.paths import dialog_start

    home = tmp_path / "用户"
    monkeypatch.setattr(Path, "home", classmethod(lambda cls: home))
    monkeypatch.chdir(tmp_path)
    assert dialog_start() == str(home)
    assert dialog_start("memviz-explore.png") == str(home / "memviz-explore.png")


def file_dialog_calls_without_a_start(source: str) -> list[int]:
    """QFileDialog.get*(parent, caption, dir, …) calls whose starting folder is missing or a bare literal."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and isinstance(node.func.value, ast.Name)
            and node.func.value.id == "QFileDialog"
            and node.func.attr.startswith("get")
        ):
            start = node.args[2] if len(node.args) > 2 else None
            start = next((k.value for k in node.keywords if k.arg == "dir"), start)
            if start is None or isinstance(start, (ast.Constant, ast.Name)):
                lines.append(node.lineno)
    return lines


def test_every_file_dialog_names_where_it_starts():
    """A bare name (or none) opens the dialog in the working directory: the bundle's own folder when
    started from Windows Explorer, ``/`` when started from macOS Finder."""
    sample = "QFileDialog.getSaveFileName(self, t, name, f)\nQFileDialog.getExistingDirectory(self, t)\n"
    assert file_dialog_calls_without_a_start(sample) == [1, 2]
    found = [
        f"{path.relative_to(REPO)}:{line}"
        for path in sorted((REPO / "memviz").rglob("*.py"))
        for line in file_dialog_calls_without_a_start(path.read_text(encoding="utf-8"))
    ]
    assert found == []


# -- the bundle ----------------------------------------------------------------------------------------


@pytest.fixture
def fresh_resources_dir():
    from memviz.paths import resources_dir

    resources_dir.cache_clear()
    yield resources_dir
    resources_dir.cache_clear()


def test_a_bundle_finds_its_resources_in_a_chinese_user_folder(monkeypatch, tmp_path, fresh_resources_dir):
    bundle = tmp_path / "张三" / "memviz" / "_internal"
    (bundle / "memviz" / "resources" / "sites").mkdir(parents=True)
    monkeypatch.setattr(sys, "_MEIPASS", str(bundle), raising=False)
    assert fresh_resources_dir() == bundle / "memviz" / "resources"


@pytest.mark.parametrize(
    ("platform", "files", "expected"),
    [
        ("win32", ["memviz.exe", "memviz-cli.exe"], "memviz-cli.exe"),  # the window's exe has no stdout
        ("win32", ["memviz.exe"], "memviz.exe"),
        ("darwin", ["memviz"], "memviz"),
        ("linux", ["memviz"], "memviz"),
    ],
)
def test_the_record_dialog_runs_the_bundles_console_program(monkeypatch, tmp_path, platform, files, expected):
    from memviz.core.site import load_site
    from memviz.gui import record_dialog
    from memviz.models.settings import RunSettings

    for name in files:
        (tmp_path / name).write_bytes(b"")
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(tmp_path / files[0]))
    settings = RunSettings(site=load_site())
    command = record_dialog.record_command(
        settings, tmp_path / "录像.mp4", "zh", 2, (640, 360), 10, "graph", 0.5
    )
    assert command[:2] == [str(tmp_path / expected), "record"]
    assert command[command.index("--out") + 1] == str(tmp_path / "录像.mp4")


def load_smoke_test():
    spec = importlib.util.spec_from_file_location("smoke_test", REPO / "packaging" / "smoke_test.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_smoke_test_runs_the_windows_bundle_through_its_console_program():
    smoke = load_smoke_test()
    bundle = Path("dist") / "memviz"
    assert smoke.bundle_executables(bundle, "win32") == (bundle / "memviz.exe", bundle / "memviz-cli.exe")
    assert smoke.bundle_executables(bundle, "linux") == (bundle / "memviz", bundle / "memviz")
    app = Path("dist") / "memviz.app"  # on macOS the bundle is the app; its program is inside
    assert smoke.bundle_executables(app, "darwin") == (app / "Contents/MacOS/memviz",) * 2


def test_the_smoke_test_tells_a_painted_window_from_a_blank_picture(tmp_path):
    """The window check counts a picture's colours: a real first paint has hundreds, a window that
    showed nothing one."""
    import subprocess
    import sys

    smoke = load_smoke_test()
    blank = tmp_path / "blank.png"
    _write_png(blank, 320, 200)
    assert smoke.picture_colours(blank) == 1
    painted = tmp_path / "window.png"
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "HOME": str(tmp_path),
        "XDG_CONFIG_HOME": str(tmp_path),
    }
    env[smoke.FIRST_PAINT_SHOT] = str(painted)
    subprocess.run([sys.executable, "-m", "memviz", "--lang", "en"], env=env, check=True, timeout=120)
    assert smoke.picture_colours(painted) > 16


def _write_png(path: Path, width: int, height: int) -> None:
    """A one-colour PNG, written by hand (zlib and crc32 are all a PNG needs)."""
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    rows = b"".join(b"\x00" + b"\xff\xff\xff" * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    path.write_bytes(
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows))
        + chunk(b"IEND", b"")
    )


def test_the_smoke_tests_windows_environment_can_start_a_program_but_has_no_python(tmp_path):
    smoke = load_smoke_test()
    laptop = {"SYSTEMROOT": r"C:\Windows", "PATH": r"C:\Python311;C:\Windows\System32", "PYTHONPATH": "x"}
    env = smoke.clean_environment(tmp_path, "win32", laptop)
    assert env["SYSTEMROOT"] == r"C:\Windows"  # without it Windows cannot start a process
    assert env["PATH"] == r"C:\Windows\System32;C:\Windows"
    assert "PYTHONPATH" not in env and env["QT_QPA_PLATFORM"] == "offscreen"
    assert env["APPDATA"].startswith(str(tmp_path))  # QSettings writes there, not in the real profile
    posix = smoke.clean_environment(tmp_path, "darwin", laptop)
    assert posix == {
        "HOME": str(tmp_path),
        "QT_QPA_PLATFORM": "offscreen",
        "LANG": "C.UTF-8",
        "PATH": "/usr/bin:/bin",
    }


# -- user files --------------------------------------------------------------------------------------


def test_a_folder_given_as_a_site_file_is_named_a_folder_on_windows_too(monkeypatch, tmp_path):
    """Windows refuses to open a folder with "permission denied", not IsADirectoryError."""
    import os

    from memviz.core.site import SiteError, load_site

    original = os.open

    def windows_open(path, flags, *args, **kwargs):
        if Path(path).is_dir():
            raise PermissionError(13, "Permission denied", str(path))
        return original(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", windows_open)
    with pytest.raises(SiteError, match="is a folder, not a file"):
        load_site(tmp_path)
