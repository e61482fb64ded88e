"""Writing a user's file: a temporary file of memviz's own, renamed into place; nothing else touched."""

from __future__ import annotations

import os
import stat

import pytest

from memviz.outfile import TEMPORARY_PREFIX, OutputExistsError, atomic_output, check_output


def test_the_file_appears_whole_at_the_end(tmp_path):
    out = tmp_path / "a.txt"
    with atomic_output(out) as partial:
        assert partial.parent == tmp_path and partial.name.startswith(TEMPORARY_PREFIX)
        assert partial.suffix == ".txt" and partial.exists()
        partial.write_text("whole", encoding="utf-8")
        assert not out.exists()  # a reader sees no half file
    assert out.read_text(encoding="utf-8") == "whole"
    assert os.listdir(tmp_path) == ["a.txt"]


def test_a_new_file_has_the_permissions_the_user_would_give_it(tmp_path):
    umask = os.umask(0o022)
    try:
        with atomic_output(tmp_path / "a.txt") as partial:
            partial.write_text("x", encoding="utf-8")
    finally:
        os.umask(umask)
    if os.name == "posix":
        assert stat.S_IMODE((tmp_path / "a.txt").stat().st_mode) == 0o644  # not mkstemp's private 0600


@pytest.mark.parametrize("failure", [OSError("disk full"), KeyboardInterrupt(), RuntimeError("bug")])
def test_a_failure_leaves_the_old_file_and_no_temporary_one(tmp_path, failure):
    out = tmp_path / "a.txt"
    out.write_text("old", encoding="utf-8")
    with pytest.raises(type(failure)), atomic_output(out, force=True) as partial:
        partial.write_text("half", encoding="utf-8")
        raise failure
    assert out.read_text(encoding="utf-8") == "old"
    assert os.listdir(tmp_path) == ["a.txt"]


def test_a_write_error_names_the_target_not_the_temporary_file(tmp_path):
    out = tmp_path / "a.txt"
    with pytest.raises(OSError) as info, atomic_output(out) as partial:
        raise PermissionError(1, "Operation not permitted", str(partial))
    assert str(info.value) == f"out: cannot write {out}: Operation not permitted"
    assert isinstance(info.value, PermissionError) and info.value.errno == 1


def test_an_existing_file_is_replaced_only_when_asked(tmp_path):
    out = tmp_path / "a.txt"
    out.write_text("precious", encoding="utf-8")
    with pytest.raises(OutputExistsError, match=r"already exists \(add --force to replace it\)"):
        check_output(out, force=False)
    with atomic_output(out, force=True) as partial:
        partial.write_text("new", encoding="utf-8")
    assert out.read_text(encoding="utf-8") == "new"


def test_a_file_made_by_someone_else_meanwhile_is_kept(tmp_path):
    out = tmp_path / "a.txt"
    with (
        pytest.raises(OutputExistsError, match="appeared while memviz was writing it"),
        atomic_output(out) as partial,
    ):
        partial.write_text("mine", encoding="utf-8")
        out.write_text("theirs", encoding="utf-8")
    assert out.read_text(encoding="utf-8") == "theirs" and os.listdir(tmp_path) == ["a.txt"]


def test_files_beside_the_target_are_never_touched(tmp_path):
    for name in ("clip.gif.part", "clip.gif.tmp", ".clip.gif.swp"):
        (tmp_path / name).write_text("the user's", encoding="utf-8")
    with pytest.raises(RuntimeError), atomic_output(tmp_path / "clip.gif"):
        raise RuntimeError
    with atomic_output(tmp_path / "clip.gif") as partial:
        partial.write_text("gif", encoding="utf-8")
    assert sorted(os.listdir(tmp_path)) == [".clip.gif.swp", "clip.gif", "clip.gif.part", "clip.gif.tmp"]
    assert all(
        (tmp_path / n).read_text(encoding="utf-8") == "the user's"
        for n in ("clip.gif.part", "clip.gif.tmp", ".clip.gif.swp")
    )


def test_folders_are_named(tmp_path):
    with pytest.raises(IsADirectoryError, match=f"out: {tmp_path} is a folder, not a file"):
        check_output(tmp_path, force=True)
    missing = tmp_path / "no" / "a.txt"
    with pytest.raises(FileNotFoundError, match="does not exist"):
        check_output(missing, force=False, make_folder=False)
    check_output(missing, force=False)  # made when allowed
    assert (tmp_path / "no").is_dir() and os.listdir(tmp_path / "no") == []


def _special_files(folder):
    """A FIFO, a socket and (as root) a character device like /dev/full, made in ``folder``."""
    import socket

    made = {}
    if hasattr(os, "mkfifo"):
        os.mkfifo(folder / "fifo")
        made["fifo"] = folder / "fifo"
    if hasattr(socket, "AF_UNIX"):
        server = socket.socket(socket.AF_UNIX)
        server.bind(str(folder / "sock"))
        server.close()
        made["socket"] = folder / "sock"
    try:
        os.mknod(folder / "full", stat.S_IFCHR | 0o666, os.makedev(1, 7))
        made["device"] = folder / "full"
    except (AttributeError, PermissionError, OSError):
        pass  # not root: the FIFO and the socket stand for every kind that is not a regular file
    return made


@pytest.mark.parametrize("force", [False, True])
def test_only_a_regular_file_is_ever_replaced_whatever_force_says(tmp_path, force):
    """Issue 23: `site generate --out /dev/full --force` as root replaced the device with a file."""
    for kind, target in _special_files(tmp_path).items():
        before = os.lstat(target)
        with pytest.raises(OSError, match=f"out: {target} is a .*, not a regular file") as info:
            check_output(target, force=force)
        assert not isinstance(info.value, OutputExistsError), kind  # --force does not help
        with pytest.raises(OSError, match="not a regular file"), atomic_output(target, force=force):
            pass
        after = os.lstat(target)
        assert stat.S_IFMT(after.st_mode) == stat.S_IFMT(before.st_mode), kind
        assert after.st_ino == before.st_ino, kind
    assert not [n for n in os.listdir(tmp_path) if n.startswith(TEMPORARY_PREFIX)]


def test_a_special_file_that_appears_while_memviz_writes_is_kept(tmp_path):
    out = tmp_path / "site.json"
    with pytest.raises(OSError, match="not a regular file"), atomic_output(out, force=True) as partial:
        partial.write_text("mine", encoding="utf-8")
        os.mkfifo(out)
    assert stat.S_ISFIFO(os.lstat(out).st_mode)
    assert os.listdir(tmp_path) == ["site.json"]


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="symlinks")
@pytest.mark.parametrize("leads_to", ["missing/x.png", "gone.png"])
def test_a_dangling_symlink_is_replaced_only_with_force(tmp_path, leads_to):
    """`--out` a symlink to nothing: the link is the user's; it was replaced by the file (its folder
    made, too) without --force. Now refused without it; with --force the link itself is replaced
    (memviz never writes through a link into its target)."""
    link = tmp_path / "out.png"
    link.symlink_to(tmp_path / leads_to)
    with pytest.raises(OutputExistsError, match=r"out\.png is a symlink to a missing file.*--force"):
        check_output(link, force=False)
    assert os.readlink(link) == str(tmp_path / leads_to) and sorted(os.listdir(tmp_path)) == ["out.png"]
    with atomic_output(link, force=True) as partial:
        partial.write_bytes(b"png")
    assert not link.is_symlink() and link.read_bytes() == b"png"
    assert not (tmp_path / leads_to).exists()
    from memviz.wording.errors import error_line

    zh = error_line(f"out: {link} is a symlink to a missing file (add --force to replace the link)", "zh")
    assert zh.endswith("是指向不存在文件的符号链接（加 --force 替换这个链接）")


def test_a_symlink_to_a_file_is_replaced_with_force_and_its_target_kept(tmp_path):
    target = tmp_path / "mine.txt"
    target.write_text("the user's", encoding="utf-8")
    link = tmp_path / "out.txt"
    link.symlink_to(target)
    with pytest.raises(OutputExistsError):
        check_output(link, force=False)
    with atomic_output(link, force=True) as partial:
        partial.write_text("memviz's", encoding="utf-8")
    assert not link.is_symlink() and link.read_text(encoding="utf-8") == "memviz's"
    assert target.read_text(encoding="utf-8") == "the user's"
