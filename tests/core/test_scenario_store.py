"""The memory store: the memory tool's commands, and no path ever leads outside the directory."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memviz.core.scenarios.store import NAME_MAX, MemoryPathError, MemoryStore
from tests.hypothesis_budget import examples


def tree(root: Path) -> dict[str, bytes | None]:
    """Every path under root (symlinks not followed) with a file's bytes."""
    out = {}
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            path = Path(dirpath, name)
            rel = str(path.relative_to(root))
            out[rel] = path.read_bytes() if path.is_file() and not path.is_symlink() else None
    return out


def test_the_tools_commands(tmp_path):
    store = MemoryStore(tmp_path / "mem")
    store.create("/memories/notes/progress.md", "visited: 0\nbugs: none")
    assert store.view("/memories") == "/memories/notes/\n/memories/notes/progress.md"
    assert store.view("/memories/notes/progress.md") == "     1\tvisited: 0\n     2\tbugs: none"
    store.str_replace("/memories/notes/progress.md", "bugs: none", "bugs: 7")
    store.insert("/memories/notes/progress.md", 1, "visited: 12")
    assert store.read("/memories/notes/progress.md") == "visited: 0\nvisited: 12\nbugs: 7"
    store.rename("/memories/notes/progress.md", "/memories/handoff.md")
    assert (tmp_path / "mem" / "handoff.md").read_text() == "visited: 0\nvisited: 12\nbugs: 7"
    store.delete("/memories/notes")
    assert store.view("/memories") == "/memories/handoff.md"
    with pytest.raises(MemoryPathError, match="occurs 0 times"):
        store.str_replace("/memories/handoff.md", "nothing", "x")


@pytest.mark.parametrize(
    ("path", "reason"),
    [
        ("/memories/../../secrets.env", "'..' is not allowed"),
        ("/etc/passwd", "must be /memories or start with /memories/"),
        ("memories/x", "must be /memories"),
        ("/memoriesX/x", "must be /memories"),
        ("/memories/a\0b", "NUL byte"),
        ("/memories/" + "n" * (NAME_MAX + 1), "longer than 255 bytes"),
        ("/memories/./x", "'.' is not allowed"),
        ("/memories/a\\..\\..\\x", "backslash"),
    ],
)
def test_hostile_paths_are_refused_with_a_clear_reason(tmp_path, path, reason):
    store = MemoryStore(tmp_path / "mem")
    with pytest.raises(MemoryPathError, match=reason.replace("(", r"\(").replace(")", r"\)")):
        store.create(path, "x")
    assert store.refused[-1][0] == "create" and reason.split()[0] in store.refused[-1][2]
    assert tree(tmp_path) == {"mem": None}


def test_a_symlink_leading_out_is_refused(tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    store = MemoryStore(tmp_path / "mem")
    (tmp_path / "mem" / "out").symlink_to(outside)
    (tmp_path / "mem" / "key").symlink_to(tmp_path / "secret.txt")
    for command in (lambda: store.create("/memories/out/x", "x"), lambda: store.create("/memories/key", "x"),
                    lambda: store.insert("/memories/key", 0, "x"), lambda: store.view("/memories/out")):  # fmt: skip
        with pytest.raises(MemoryPathError, match="outside the memory directory"):
            command()
    assert list(outside.iterdir()) == [] and not (tmp_path / "secret.txt").exists()


SEGMENTS = st.sampled_from(
    ["..", ".", "", "memories", "secrets.env", "out", "key", "a", "..\\..", "\0", "n" * 300, "é" * 130, "~"]
)
PATHS = st.one_of(
    st.lists(SEGMENTS, max_size=7).map(lambda parts: "/memories/" + "/".join(parts)),
    st.lists(SEGMENTS, max_size=5).map(lambda parts: "/" + "/".join(parts)),
    st.text(max_size=40),
)


@settings(
    max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(commands=st.lists(st.tuples(st.sampled_from(["create", "str_replace", "insert", "delete", "rename", "view"]),
                                   PATHS, PATHS), min_size=1, max_size=6))  # fmt: skip
def test_nothing_is_ever_written_outside_the_memory_directory(tmp_path_factory, commands):
    box = tmp_path_factory.mktemp("box")
    (box / "outside").mkdir()
    (box / "outside" / "secrets.env").write_text("KEY=1")
    store = MemoryStore(box / "mem")
    (box / "mem" / "out").symlink_to(box / "outside")
    (box / "mem" / "key").symlink_to(box / "outside" / "secrets.env")
    before = {k: v for k, v in tree(box).items() if not k.startswith("mem")}
    for command, path, other in commands:
        try:
            if command == "create":
                store.create(path, "pwned")
            elif command == "str_replace":
                store.str_replace(path, "KEY=1", "pwned")
            elif command == "insert":
                store.insert(path, 0, "pwned")
            elif command == "delete":
                store.delete(path)
            elif command == "rename":
                store.rename(path, other)
            else:
                store.view(path)
        except (MemoryPathError, OSError):
            pass
    after = {k: v for k, v in tree(box).items() if not k.startswith("mem")}
    assert after == before


@pytest.mark.parametrize(
    "command",
    [
        lambda store: store.create("/memories/notes.md/sub.md", "x"),
        lambda store: store.create("/memories/notes.md/deeper/sub.md", "x"),
        lambda store: store.rename("/memories/other.md", "/memories/notes.md/other.md"),
    ],
    ids=["create", "create-deeper", "rename"],
)
def test_a_folder_asked_for_under_a_file_is_the_models_mistake_told_in_one_line(tmp_path, command):
    """The model asks for /memories/notes.md/sub.md where notes.md is a file: its path is refused
    (MemoryPathError, which a scenario gives back to the model), not a fault of the user's folder
    (MemoryFolderError "cannot make …: File exists", which ended the whole command)."""
    store = MemoryStore(tmp_path / "mem")
    store.create("/memories/notes.md", "mine")
    store.create("/memories/other.md", "other")
    with pytest.raises(MemoryPathError) as refused:
        command(store)
    assert "/memories/notes.md is a file, not a folder" in str(refused.value)
    assert "\n" not in str(refused.value) and refused.value.zh != str(refused.value)
    assert store.read("/memories/notes.md") == "mine" and store.read("/memories/other.md") == "other"
    assert store.refused[-1].command in ("create", "rename")
