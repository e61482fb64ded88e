"""Build memviz as a standalone one-folder bundle for this platform, then measure and archive it.

    python -m pip install -e . -r packaging/requirements.txt
    python packaging/build_bundle.py            # -> packaging/dist/memviz/ and an archive beside it

The bundle runs with no Python installed and no network: `memviz/memviz` (Windows:
`memviz\\memviz.exe` for the window, `memviz\\memviz-cli.exe` for the terminal). See README.md here.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.metadata
import os
import platform
import re
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path

PACKAGING = Path(__file__).resolve().parent
REPO = PACKAGING.parent
SPEC = PACKAGING / "memviz.spec"
PINNED_PYINSTALLER = "6.22.3"  # keep in step with requirements.txt
# Libraries Qt opens by name at run time (dlopen), so no DT_NEEDED entry leads to them.
LOADED_BY_NAME = ("libxcb-cursor",)
# Debian packages whose libraries the Qt xcb plugin needs at build time, so the bundle carries them.
LINUX_BUILD_PACKAGES = "libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1"
# macOS: the distributions with compiled code in the bundle. Each wheel's platform tag says the oldest
# macOS it runs on (PySide6 6.9: macosx_11_0; 6.10+: 13_0; PyAV 18 on arm64: 14_0); the .app's
# LSMinimumSystemVersion is the newest of them, so Finder refuses the app on an older Mac instead of
# the app crashing at start.
MACOS_COMPILED_DISTRIBUTIONS = ("PySide6-Essentials", "shiboken6", "av", "numpy")
_MACOS_TAG = re.compile(r"-macosx_(\d+)_(\d+)_(\w+)$")


def macos_floor_of_tags(tags: list[str], machine: str) -> tuple[int, int] | None:
    """The oldest macOS a wheel with these tags (its WHEEL file's `Tag:` lines) runs on for ``machine``
    (arm64 or x86_64): the lowest version among the tags for that processor or a universal build."""
    fitting = {machine, "universal2", "universal"} | ({"intel"} if machine == "x86_64" else set())
    found = []
    for tag in tags:
        match = _MACOS_TAG.search(tag.strip())
        if match and match.group(3) in fitting:
            found.append((int(match.group(1)), int(match.group(2))))
    return min(found, default=None)


def installed_wheel_text(name: str) -> str | None:
    """The WHEEL file of an installed distribution (its `Tag:` lines), or None if it has none."""
    try:
        distribution = importlib.metadata.distribution(name)
    except importlib.metadata.PackageNotFoundError:
        return None
    for file in distribution.files or ():
        if file.name == "WHEEL" and file.parent.name.endswith(".dist-info"):
            return Path(distribution.locate_file(file)).read_text(encoding="utf-8")
    return None


def macos_minimum_version(
    machine: str | None = None, distributions=MACOS_COMPILED_DISTRIBUTIONS, wheel_text=installed_wheel_text
) -> str:
    """LSMinimumSystemVersion for the .app: the newest of the installed wheels' macOS floors, e.g. "14.0".
    PySide6's wheel must say one (a wheel built here from source says nothing and is skipped)."""
    machine = machine or platform.machine()
    floors = {}
    for name in distributions:
        text = wheel_text(name) or ""
        tags = [line.split(":", 1)[1] for line in text.splitlines() if line.startswith("Tag:")]
        floor = macos_floor_of_tags(tags, machine)
        if floor is not None:
            floors[name] = floor
    if "PySide6-Essentials" not in floors:
        raise SystemExit(
            f"cannot tell the oldest macOS: PySide6-Essentials has no macOS wheel tag for {machine}"
        )
    major, minor = max(floors.values())
    return f"{major}.{minor}"


def glibc_version() -> tuple[int, ...] | None:
    """This system's glibc, as (2, 36), or None where there is none (macOS, Windows, musl)."""
    try:
        text = os.confstr("CS_GNU_LIBC_VERSION") or ""
    except (AttributeError, ValueError, OSError):
        return None
    match = re.fullmatch(r"glibc (\d+)\.(\d+)", text.strip())
    return (int(match.group(1)), int(match.group(2))) if match else None


def glibc_floor() -> tuple[int, ...]:
    """The oldest glibc the Linux bundle must run on: smoke_test.GLIBC_FLOOR (one number, one place)."""
    sys.path.insert(0, str(PACKAGING))
    try:
        from smoke_test import GLIBC_FLOOR
    finally:
        sys.path.remove(str(PACKAGING))
    return GLIBC_FLOOR


def linux_problems(newer_system: bool, find_program=shutil.which, glibc=glibc_version) -> list[str]:
    """What a Linux build machine lacks, each with the command that gives it (measured on a bare
    Debian 12: no objdump, no shared libpython, then a bundle that fails on the floor's laptops)."""
    import sysconfig

    problems = []
    if find_program("objdump") is None:  # PyInstaller reads every library's dependencies with it
        problems.append("PyInstaller needs objdump: sudo apt-get install binutils")
    library = Path(str(sysconfig.get_config_var("LIBDIR")), str(sysconfig.get_config_var("INSTSONAME")))
    if not sysconfig.get_config_var("Py_ENABLE_SHARED") or not library.exists():
        version = f"{sys.version_info[0]}.{sys.version_info[1]}"
        problems.append(
            f"PyInstaller needs this Python's shared library ({library.name}): "
            f"sudo apt-get install libpython{version} (or a Python built with --enable-shared)"
        )
    found, floor = glibc(), glibc_floor()
    if found is not None and found > floor and not newer_system:
        shown = ".".join(map(str, found))
        problems.append(
            f"this system's glibc {shown} is newer than the bundle's floor {'.'.join(map(str, floor))} "
            f"(Debian 11): the bundle would not start on older laptops. Build in Debian 11 "
            f"(packaging/README.md), or add --newer-system for laptops with glibc {shown} or newer"
        )
    return problems


def check_build_environment(newer_system: bool = False) -> None:
    """Fail early, with the fix, on the traps that otherwise give a bundle that breaks at run time."""
    problems = []
    try:
        version = importlib.metadata.version("pyinstaller")
    except importlib.metadata.PackageNotFoundError:
        problems.append("PyInstaller is not installed: python -m pip install -r packaging/requirements.txt")
    else:
        if version != PINNED_PYINSTALLER:
            print(f"warning: PyInstaller {version}; the bundle was measured with {PINNED_PYINSTALLER}")
    # Data read through the package (fonts, sites) is collected only if memviz imports from here.
    try:
        memviz = importlib.import_module("memviz")
    except ImportError:
        problems.append("memviz is not importable: python -m pip install -e .")
    else:
        if Path(memviz.__file__).resolve().parent != REPO / "memviz":
            problems.append(f"memviz is imported from {memviz.__file__}, not this checkout: pip install -e .")
    for module, package in (
        ("av", "av"),
        ("PySide6.QtOpenGL", "PySide6-Essentials"),
        ("pyqtgraph", "pyqtgraph"),
    ):
        try:
            importlib.import_module(module)
        except ImportError as exc:
            problems.append(f"{module} does not import ({exc}): python -m pip install {package}")
    if sys.platform == "linux":
        import ctypes.util

        missing = [
            n for n in ("xcb-cursor", "xcb-icccm", "xcb-keysyms") if ctypes.util.find_library(n) is None
        ]
        if missing:  # the bundle would not open a window on X11 where these are not installed
            problems.append(
                f"Qt's X11 plugin needs {', '.join('lib' + n for n in missing)} to be bundled: "
                f"sudo apt-get install {LINUX_BUILD_PACKAGES}"
            )
        problems += linux_problems(newer_system)
    if problems:
        sys.exit("cannot build the bundle:\n  " + "\n  ".join(problems))


def strip_python_debug_info(bundle: Path) -> None:
    """Drop debug sections from libpython only (pyenv and some distros ship them: 22 MB of 23 measured).

    PyInstaller's --strip strips every library and breaks numpy's; libpython alone is safe.
    """
    strip = shutil.which("strip")
    if sys.platform != "linux" or strip is None:
        return
    for library in bundle.rglob("libpython3*.so*"):
        if library.is_file() and not library.is_symlink():
            before = library.stat().st_size
            subprocess.run([strip, "--strip-debug", str(library)], check=True)
            after = library.stat().st_size
            print(f"stripped debug info from {library.name}: {before / 2**20:.1f} -> {after / 2**20:.1f} MB")


def _is_elf(path: Path) -> bool:
    with path.open("rb") as f:
        return f.read(4) == b"\x7fELF"


def prune_unused_libraries(bundle: Path) -> None:
    """Linux: remove shared libraries nothing in the bundle loads any more.

    PyInstaller gathers the libraries of every Qt plugin before the spec drops the plugins we do not
    ship (GTK theme, EGLFS, …), so their libraries stay behind. Starting from what Python loads (the
    extension modules, libpython) and the kept Qt plugins, follow DT_NEEDED; the rest goes.
    """
    if sys.platform != "linux":
        return
    from PyInstaller.depend.bindepend import get_imports

    internal = bundle / "_internal"
    by_name: dict[str, list[Path]] = {}
    for f in internal.rglob("*"):
        if f.is_file():
            by_name.setdefault(f.name, []).append(f.resolve())
    elves = {f.resolve() for f in internal.rglob("*") if f.is_file() and not f.is_symlink() and _is_elf(f)}

    def is_root(f: Path) -> bool:
        name = f.name
        return (
            not name.startswith("lib")
            or name.startswith(LOADED_BY_NAME)
            or ".cpython-" in name
            or ".abi3." in name
            or name.startswith("libpython")
            or "plugins" in f.relative_to(internal).parts
        )

    reached = {f for f in elves if is_root(f)}
    todo = list(reached)
    while todo:
        for needed, _resolved in get_imports(str(todo.pop())):
            for target in by_name.get(Path(needed).name, ()):
                if target not in reached:
                    reached.add(target)
                    todo.append(target)
    unused = sorted(elves - reached)
    freed = sum(f.stat().st_size for f in unused)
    for f in unused:
        f.unlink()
    for link in internal.rglob("*"):
        if link.is_symlink() and not link.exists():
            link.unlink()
    print(f"removed {len(unused)} libraries nothing loads ({freed / 2**20:.1f} MB):")
    print("  " + " ".join(f.name for f in unused))


def folder_size(folder: Path) -> int:
    return sum(f.stat().st_size for f in folder.rglob("*") if f.is_file() and not f.is_symlink())


def biggest_parts(bundle: Path, count: int = 12) -> list[tuple[int, str]]:
    internal = bundle / "_internal"
    frameworks = bundle / "Contents" / "Frameworks"  # a macOS .app
    root = internal if internal.is_dir() else frameworks if frameworks.is_dir() else bundle
    sizes = []
    for child in root.iterdir():
        if child.is_symlink():
            continue
        size = folder_size(child) if child.is_dir() else child.stat().st_size
        sizes.append((size, child.name))
    return sorted(sizes, reverse=True)[:count]


def archive(bundle: Path) -> Path:
    from memviz import __version__

    system = {"linux": "linux", "win32": "windows", "darwin": "macos"}.get(sys.platform, sys.platform)
    stem = f"memviz-{__version__}-{system}-{platform.machine().lower()}"
    out = bundle.parent / f"{stem}.{'tar.gz' if sys.platform not in ('darwin', 'win32') else 'zip'}"
    # Written beside its name and renamed when whole: packing takes most of the build's time (about
    # 110 of 176 s measured on Debian 12), and a Ctrl+C there left a truncated archive under the
    # final name, ready to hand out.
    part = out.with_name(out.name + ".part")
    try:
        if sys.platform == "darwin":  # ditto keeps the .app's symlinks and signature, which zipfile loses
            subprocess.run(
                ["ditto", "-c", "-k", "--sequesterRsrc", "--keepParent", str(bundle), str(part)], check=True
            )
        elif sys.platform == "win32":
            with zipfile.ZipFile(part, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
                for f in sorted(bundle.rglob("*")):
                    z.write(f, Path(stem) / f.relative_to(bundle))
        else:
            with tarfile.open(part, "w:gz", compresslevel=9) as t:
                t.add(bundle, arcname=stem)
        os.replace(part, out)
    finally:
        part.unlink(missing_ok=True)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--dist", type=Path, default=PACKAGING / "dist", help="where the bundle goes")
    parser.add_argument("--work", type=Path, default=PACKAGING / "build", help="PyInstaller's work folder")
    parser.add_argument("--no-archive", action="store_true", help="skip the .tar.gz / .zip")
    parser.add_argument(
        "--newer-system",
        action="store_true",
        help="Linux: build on a glibc newer than the floor (the bundle then runs only on that glibc or newer)",
    )
    args = parser.parse_args(argv)
    try:
        return build(args)
    except (OSError, subprocess.CalledProcessError) as error:  # one line, never a traceback
        sys.exit(f"cannot build the bundle: {error}")
    except KeyboardInterrupt:  # no half archive is left (archive); PyInstaller's folder is redone next time
        print("\nbuild stopped (Ctrl+C): no archive written; run it again to build anew", file=sys.stderr)
        return 130


def build(args: argparse.Namespace) -> int:
    check_build_environment(args.newer_system)
    started = time.monotonic()
    command = [
        sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
        "--distpath", str(args.dist), "--workpath", str(args.work), str(SPEC),
    ]  # fmt: skip
    print("$", " ".join(command), flush=True)
    if subprocess.run(command, cwd=REPO, env={**os.environ, "PYTHONHASHSEED": "0"}).returncode != 0:
        sys.exit("cannot build the bundle: PyInstaller failed (its messages are above)")
    bundle = args.dist / "memviz"
    if sys.platform == "darwin":
        bundle = args.dist / "memviz.app"  # what users open; the plain folder beside it is its source
    prune_unused_libraries(bundle)
    strip_python_debug_info(bundle)
    built = time.monotonic() - started

    size = folder_size(bundle)
    print(f"\nbundle: {bundle}  ({size / 2**20:.0f} MB unpacked, built in {built:.0f} s)")
    for part_size, name in biggest_parts(bundle):
        print(f"  {part_size / 2**20:7.1f} MB  {name}")
    if not args.no_archive:
        packed = archive(bundle)
        print(f"archive: {packed}  ({packed.stat().st_size / 2**20:.0f} MB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
