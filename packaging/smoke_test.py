"""Run the bundle the way a workshop laptop would, on Linux, Windows or macOS (smoke_test.sh is its bash twin).

    python packaging/smoke_test.py              # build the bundle, then check it
    python packaging/smoke_test.py --no-build   # check the bundle already in packaging/dist

The bundled executable runs with an almost empty environment (no Python on the PATH, no
site-packages, no display: QT_QPA_PLATFORM=offscreen) and must: print its version; write a
1280x720 PNG with `snapshot`; print with `report --lang en` exactly what the source tree prints;
write an H.264 MP4 with the planned 20 frames with `record`; and the window's own executable (the
windowed memviz.exe, the .app) must open its window and paint it (MEMVIZ_FIRST_PAINT_PNG). The checks that read the outputs run
here, in the Python that built the bundle (they need PyAV).
"""

from __future__ import annotations

import argparse
import os
import plistlib
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

PACKAGING = Path(__file__).resolve().parent
REPO = PACKAGING.parent

# The oldest glibc the Linux bundle runs on (packaging/README.md says so; a test holds the two equal):
# Debian 11's, where the GitHub workflow builds it. The bundle carries no glibc of its own, so every
# library in it must ask for no newer symbol version; a bundle built on a newer system fails here.
GLIBC_FLOOR = (2, 31)
# The C++ runtime is the laptop's too: memviz.spec leaves libstdc++ and libgcc_s out of the bundle
# (HOST_LIBRARIES), so a bundled library (Qt, shiboken, a wheel's own) that asks for a newer libstdc++
# or libgcc_s than Debian 11's would not load there, however old the glibc it asks for. Debian 11's
# libstdc++6 and libgcc-s1 (GCC 10.2) define at most GLIBCXX_3.4.28, CXXABI_1.3.12 and GCC_7.0.0.
# (libexpat, also left to the laptop, has no symbol versions to check.)
GLIBCXX_FLOOR = (3, 4, 28)
CXXABI_FLOOR = (1, 3, 12)
GCC_FLOOR = (7, 0, 0)
SYMBOL_VERSION_FLOORS = {
    "GLIBC": GLIBC_FLOOR,
    "GLIBCXX": GLIBCXX_FLOOR,
    "CXXABI": CXXABI_FLOOR,
    "GCC": GCC_FLOOR,
}
_VERSION_NAME = re.compile(rb"(GLIBCXX|GLIBC|CXXABI|GCC)_(\d+(?:\.\d+)+)\x00")


def symbol_versions_needed(data: bytes) -> dict[str, set[tuple[int, ...]]]:
    """The glibc, libstdc++ and libgcc_s symbol versions an ELF file names, by family: {"GLIBC":
    {(2, 34)}, "GLIBCXX": {(3, 4, 29)}, "CXXABI": …, "GCC": …} (its version needs sit in its string
    table as ``GLIBC_2.34``; a name it merely contains is counted too, so the answer errs on the safe
    side)."""
    if data[:4] != b"\x7fELF":
        return {}
    found: dict[str, set[tuple[int, ...]]] = {}
    for m in _VERSION_NAME.finditer(data):
        found.setdefault(m.group(1).decode("ascii"), set()).add(tuple(int(n) for n in m.group(2).split(b".")))
    return found


def glibc_versions_needed(data: bytes) -> set[tuple[int, ...]]:
    """The glibc symbol versions an ELF file names (see ``symbol_versions_needed``)."""
    return symbol_versions_needed(data).get("GLIBC", set())


def versions_above_floors(
    needed: dict[str, set[tuple[int, ...]]], floors: dict[str, tuple[int, ...]] = SYMBOL_VERSION_FLOORS
) -> list[str]:
    """For each family with a floor, the newest version ``needed`` names if it is newer than the floor,
    as ``GLIBCXX_3.4.29``. A floor compares on its own length: glibc's (2, 31) passes GLIBC_2.31.x."""
    above = []
    for family, floor in floors.items():
        newest = max(needed.get(family, ()), default=None)
        if newest is not None and newest[: len(floor)] > floor:
            above.append(f"{family}_{'.'.join(map(str, newest))}")
    return above


def floor_problems(bundle: Path, floors: dict[str, tuple[int, ...]] = SYMBOL_VERSION_FLOORS) -> list[str]:
    """Every ELF file of the bundle that needs a newer glibc, libstdc++ or libgcc_s than ``floors``,
    with what it needs."""
    problems = []
    for path in sorted(bundle.rglob("*")):
        if not path.is_file() or path.is_symlink():
            continue
        with path.open("rb") as f:
            if f.read(4) != b"\x7fELF":
                continue
        above = versions_above_floors(symbol_versions_needed(path.read_bytes()), floors)
        if above:
            problems.append(f"{path.relative_to(bundle).as_posix()} needs {', '.join(above)}")
    return problems


def glibc_floor_problems(bundle: Path, floor: tuple[int, int] = GLIBC_FLOOR) -> list[str]:
    """Every ELF file of the bundle that needs a glibc newer than ``floor``, with what it needs."""
    return floor_problems(bundle, {"GLIBC": floor})


def newer_system_floors(glibc: tuple[int, ...] | None) -> dict[str, tuple[int, ...]]:
    """The floors of a bundle built with --newer-system for laptops as new as this machine: its glibc
    (``glibc``, when newer than the floor) instead of Debian 11's; the C++ runtime floors stay, as
    memviz.spec leaves libstdc++ and libgcc_s to the laptop whichever system built the bundle."""
    floors = dict(SYMBOL_VERSION_FLOORS)
    if glibc is not None and glibc > GLIBC_FLOOR:
        floors["GLIBC"] = glibc
    return floors


def floors_text(floors: dict[str, tuple[int, ...]] = SYMBOL_VERSION_FLOORS) -> str:
    """The floors as the smoke test prints them: "GLIBC_2.31, GLIBCXX_3.4.28, …"."""
    return ", ".join(f"{family}_{'.'.join(map(str, floor))}" for family, floor in floors.items())


def bundle_path(dist: Path, platform: str = sys.platform) -> Path:
    """What a user gets: the folder memviz/, or on macOS memviz.app."""
    return dist / ("memviz.app" if platform == "darwin" else "memviz")


def bundle_executables(bundle: Path, platform: str = sys.platform) -> tuple[Path, Path]:
    """(the window's executable, the one for a terminal): the same file except on Windows."""
    if platform == "win32":
        return bundle / "memviz.exe", bundle / "memviz-cli.exe"
    if platform == "darwin":
        return bundle / "Contents" / "MacOS" / "memviz", bundle / "Contents" / "MacOS" / "memviz"
    return bundle / "memviz", bundle / "memviz"


def app_problems(app: Path, minimum: str | None = None) -> list[str]:
    """What is wrong with a macOS .app's Info.plist: its executable, the oldest macOS it claims
    (``minimum``, when given, is what the build's wheels need), and that it shows as a window."""
    plist_path = app / "Contents" / "Info.plist"
    if not plist_path.is_file():
        return [f"{app.name} has no Contents/Info.plist"]
    with plist_path.open("rb") as f:
        info = plistlib.load(f)
    problems = []
    executable = app / "Contents" / "MacOS" / str(info.get("CFBundleExecutable", ""))
    if not info.get("CFBundleExecutable") or not executable.is_file():
        problems.append(f"CFBundleExecutable {info.get('CFBundleExecutable')!r} is not in Contents/MacOS")
    floor = str(info.get("LSMinimumSystemVersion", ""))
    if not re.fullmatch(r"\d+\.\d+(\.\d+)?", floor):
        problems.append(f"LSMinimumSystemVersion is {floor!r}, not a macOS version")
    elif minimum is not None and floor != minimum:
        problems.append(f"LSMinimumSystemVersion is {floor}, but the bundled wheels need macOS {minimum}")
    if info.get("LSBackgroundOnly", False):
        problems.append("LSBackgroundOnly is set: the app would have no Dock icon and no menu bar")
    if not info.get("CFBundleIdentifier"):
        problems.append("no CFBundleIdentifier")
    return problems


def clean_environment(home: Path, platform: str = sys.platform, environ: dict | None = None) -> dict:
    """What a laptop without Python gives the bundle: a home, the system's own folders, no display."""
    environ = os.environ if environ is None else environ
    env = {"HOME": str(home), "QT_QPA_PLATFORM": "offscreen", "LANG": "C.UTF-8"}
    if platform == "win32":
        system_root = environ.get("SYSTEMROOT", r"C:\Windows")
        # Windows cannot start a process without SYSTEMROOT; TEMP and the profile folders are
        # where QSettings and temporary files go.
        env.update(
            SYSTEMROOT=system_root,
            PATH=rf"{system_root}\System32;{system_root}",
            TEMP=str(home),
            TMP=str(home),
            USERPROFILE=str(home),
            APPDATA=str(home / "AppData" / "Roaming"),
            LOCALAPPDATA=str(home / "AppData" / "Local"),
        )
    else:
        env["PATH"] = "/usr/bin:/bin"
    return env


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise AssertionError(f"{path} is not a PNG")
    return struct.unpack(">II", data[16:24])


def video_summary(path: Path) -> tuple[str, int, int, int]:
    """(codec, width, height, frames) of the first video stream."""
    import av

    with av.open(str(path)) as container:
        stream = container.streams.video[0]
        frames = sum(1 for _ in container.decode(stream))
        return stream.codec_context.name, stream.width, stream.height, frames


# memviz/gui/app.py: set to a PNG path, the window saves its first painted picture there and quits.
FIRST_PAINT_SHOT = "MEMVIZ_FIRST_PAINT_PNG"


def picture_colours(path: Path) -> int:
    """How many different colours a PNG holds (a window that painted nothing has one or two)."""
    import av
    import numpy as np

    with av.open(str(path)) as container:
        frame = next(container.decode(video=0)).to_ndarray(format="rgb24")
    return len(np.unique(frame.reshape(-1, 3), axis=0))


def window_opens(window_exe: Path, env: dict, out: Path) -> Path:
    """The window's own executable (memviz.exe without a console on Windows, the .app's on macOS),
    started as a double-click would, shows its window and paints it: its first picture, saved."""
    shot = out / "window.png"
    shown = subprocess.run([str(window_exe)], env={**env, FIRST_PAINT_SHOT: str(shot)},
                           capture_output=True, timeout=600)  # fmt: skip
    if shown.returncode != 0 or not shot.is_file():
        sys.stderr.write(shown.stderr.decode("utf-8", "replace"))
        sys.exit(f"smoke: the window ({window_exe.name}) exited {shown.returncode} without its first picture")
    return shot


def served_page(cli_exe: Path, env: dict) -> str:
    """`memviz serve` from the bundle on a free port: the blog's home page as it answers it (uvicorn
    and the modules it imports by name, ssl among them, must be in the bundle)."""
    server = subprocess.Popen([str(cli_exe), "serve", "--port", "0"], env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)  # fmt: skip
    try:
        line = server.stdout.readline()  # the line naming the address, once it listens
        address = re.search(r"http://127\.0\.0\.1:\d+/", line)
        if address is None:
            server.kill()
            sys.exit(f"smoke: serve said {line!r}, no address:\n{server.stderr.read()}")
        with urllib.request.urlopen(address.group(0), timeout=60) as answer:
            return answer.read().decode("utf-8")
    finally:
        server.kill()
        server.wait(timeout=30)


def smoke(bundle: Path, floors: dict[str, tuple[int, ...]] = SYMBOL_VERSION_FLOORS) -> None:
    window_exe, cli_exe = bundle_executables(bundle)
    for exe in {window_exe, cli_exe}:
        if not exe.is_file():
            sys.exit(f"smoke: no bundle at {exe}")
    if sys.platform == "darwin":
        sys.path.insert(0, str(PACKAGING))
        from build_bundle import macos_minimum_version

        wrong = app_problems(bundle, macos_minimum_version())
        if wrong:
            sys.exit("smoke: memviz.app's Info.plist:\n  " + "\n  ".join(wrong))
        print(f"smoke: memviz.app asks for macOS {macos_minimum_version()} or newer, as its wheels do")
    if sys.platform.startswith("linux"):
        whose = (
            "Debian 11's glibc and"
            if floors["GLIBC"] == GLIBC_FLOOR
            else "this system's glibc and Debian 11's"
        )
        text, too_new = floors_text(floors), floor_problems(bundle, floors)
        if too_new:
            sys.exit(f"smoke: the bundle needs more than {whose} C++ runtime ({text}):\n  "
                     + "\n  ".join(too_new))  # fmt: skip
        print(f"smoke: every library asks for {text} or older ({whose} C++ runtime)")
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        env = clean_environment(out)

        def run_bundled(*args: str) -> subprocess.CompletedProcess:
            done = subprocess.run([str(cli_exe), *args], env=env, capture_output=True, timeout=600)
            if done.returncode != 0:
                sys.stderr.write(done.stderr.decode("utf-8", "replace"))
                sys.exit(f"smoke: {cli_exe.name} {' '.join(args)} exited {done.returncode}")
            return done

        print("smoke: version", run_bundled("--version").stdout.decode("utf-8").strip())

        started = time.monotonic()
        png = out / "b.png"
        run_bundled("snapshot", "--out", str(png), "--steps", "10", "--strategy", "frontier",
                    "--capacity", "3", "--size", "1280x720")  # fmt: skip
        print(f"smoke: snapshot took {time.monotonic() - started:.1f} s")
        width, height = png_size(png)
        assert (width, height) == (1280, 720), (width, height)
        print(f"smoke: PNG {width}x{height}, {png.stat().st_size} bytes")

        started = time.monotonic()
        shot = window_opens(window_exe, env, out)
        width, height = png_size(shot)
        colours = picture_colours(shot)
        if width < 640 or height < 360 or colours < 16:
            sys.exit(
                f"smoke: the window's first picture is {width}x{height} with {colours} colours: not a window"
            )
        print(f"smoke: the window opened and painted in {time.monotonic() - started:.1f} s "
              f"({width}x{height}, {colours} colours)")  # fmt: skip

        bundled = run_bundled("report", "--lang", "en").stdout
        source = subprocess.run(
            [sys.executable, "-m", "memviz", "report", "--lang", "en"],
            cwd=REPO, capture_output=True, check=True, timeout=600,
        ).stdout  # fmt: skip
        if bundled != source:
            sys.exit("smoke: the bundle's report differs from the source tree's")
        print(f"smoke: report equals the source tree's ({len(bundled.splitlines())} lines)")

        mp4 = out / "r.mp4"
        run_bundled("record", "--out", str(mp4), "--steps", "2", "--size", "640x360", "--fps", "10",
                    "--step-seconds", "0.5", "--view", "graph")  # fmt: skip
        codec, width, height, frames = video_summary(mp4)
        assert (codec, width, height) == ("h264", 640, 360), (codec, width, height)
        assert frames == (2 + 2) * 5, frames
        print(f"smoke: MP4 {frames} frames, H.264 640x360")

        page = served_page(cli_exe, env)
        if "<html" not in page.lower():
            sys.exit(f"smoke: serve answered no HTML page: {page[:200]!r}")
        print(f"smoke: serve answered its home page ({len(page)} characters)")

        # `memviz agent` loads httpx (with idna and certifi) and serves the blog for its estimate; no
        # model is called with --estimate, so the endpoint named need not exist
        estimate = run_bundled("agent", "--endpoint", "http://127.0.0.1:9/v1", "--model", "m", "--estimate",
                               "--lang", "en").stderr.decode("utf-8", "replace")  # fmt: skip
        if "estimate:" not in estimate:
            sys.exit(f"smoke: agent --estimate printed no estimate: {estimate[:300]!r}")
        print("smoke: agent --estimate served the blog and printed its estimate")

        keep = os.environ.get("MEMVIZ_SMOKE_KEEP")
        if keep:
            shutil.copy(png, keep)
            shutil.copy(shot, Path(keep).with_name("window-" + Path(keep).name))
    size = sum(f.stat().st_size for f in bundle.rglob("*") if f.is_file() and not f.is_symlink())
    print(f"smoke: bundle OK ({size / 2**20:.0f} MB unpacked)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--no-build", action="store_true", help="check the bundle already built")
    parser.add_argument(
        "--dist", type=Path, default=Path(os.environ.get("MEMVIZ_BUNDLE_DIST", PACKAGING / "dist"))
    )
    parser.add_argument(
        "--newer-system",
        action="store_true",
        help="Linux: the bundle was built (or is built) with build_bundle.py --newer-system, for laptops "
        "with this system's glibc or newer: hold it to this glibc, not Debian 11's",
    )
    args = parser.parse_args(argv)
    if not args.no_build:
        build = [sys.executable, str(PACKAGING / "build_bundle.py"), "--dist", str(args.dist), "--no-archive"]
        build += ["--newer-system"] if args.newer_system else []
        if subprocess.run(build, cwd=REPO).returncode != 0:
            sys.exit("smoke: the bundle did not build (see above)")
    floors = SYMBOL_VERSION_FLOORS
    if args.newer_system:
        sys.path.insert(0, str(PACKAGING))
        from build_bundle import glibc_version

        floors = newer_system_floors(glibc_version())
    smoke(bundle_path(args.dist), floors)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
