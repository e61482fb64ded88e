"""The import-linter layers (pyproject.toml) name every module, so a new one cannot slip between them.

`lint-imports` (run by .ci/run) checks the imports themselves; a module that no layer names would be
checked by nothing, so this test holds the list to the folders.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import memviz

ROOT = Path(memviz.__file__).parent


def layered_modules() -> tuple[list[str], set[str]]:
    """Every module a layer names, and those of them in parentheses (optional: may not exist)."""
    config = tomllib.loads((ROOT.parent / "pyproject.toml").read_text(encoding="utf-8"))
    contract = next(c for c in config["tool"]["importlinter"]["contracts"] if c["type"] == "layers")
    names, optional = [], set()
    for layer in contract["layers"]:
        for raw in re.split(r"[:|]", layer):
            name = re.sub(r"[()\s]", "", raw)
            names.append(name)
            if "(" in raw:
                optional.add(name)
    return names, optional


def children(package: Path, prefix: str) -> set[str]:
    return {
        f"{prefix}.{path.stem}"
        for path in package.iterdir()
        if (path.suffix == ".py" and path.stem != "__init__") or (path / "__init__.py").is_file()
    }


def test_every_module_stands_in_one_layer():
    named, optional = layered_modules()
    assert len(named) == len(set(named))
    gui = children(ROOT / "gui", "memviz.gui")
    cli = children(ROOT / "cli", "memviz.cli")  # the commands: one floor each, above the GUI
    top = children(ROOT, "memviz") - ({"memviz.gui", "memviz.cli"}) | cli
    assert top | gui <= set(named), sorted((top | gui) - set(named))
    # Every name is a module that exists, or one marked optional (another branch adds or removes it).
    assert set(named) - optional <= top | gui


def test_every_gui_feature_is_an_independent_sibling():
    """A feature package of the window (a folder of memviz/gui other than the kit) stands in the
    independence contract, so no feature can start leaning on another's insides."""
    config = tomllib.loads((ROOT.parent / "pyproject.toml").read_text(encoding="utf-8"))
    contract = next(c for c in config["tool"]["importlinter"]["contracts"] if c["type"] == "independence")
    features = {
        f"memviz.gui.{path.name}"
        for path in (ROOT / "gui").iterdir()
        if (path / "__init__.py").is_file() and path.name != "kit"
    }
    assert features <= set(contract["modules"]), sorted(features - set(contract["modules"]))


def test_every_core_package_keeps_its_init_out_of_its_modules():
    """acyclic_siblings sees no cycle through a package's own __init__; each package of the core has
    a forbidden contract that keeps its modules from importing it (pyproject.toml), so a new
    package of the core gets one too, and the core stays acyclic module by module."""
    config = tomllib.loads((ROOT.parent / "pyproject.toml").read_text(encoding="utf-8"))
    guarded = {
        contract["forbidden_modules"][0]
        for contract in config["tool"]["importlinter"]["contracts"]
        if contract["type"] == "forbidden"
        and contract.get("as_packages") is False
        and contract["source_modules"] == [contract["forbidden_modules"][0] + ".**"]
    }
    core = ROOT / "core"
    packages = {
        "memviz." + ".".join(path.parent.relative_to(ROOT).parts) for path in core.rglob("__init__.py")
    }
    assert packages == guarded, sorted(packages ^ guarded)
