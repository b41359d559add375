"""The package boundaries of the design: what each package may import."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "ninetynine_audio"
STDLIB = set(sys.stdlib_module_names)
# Modules of the standard library that would let a pure package reach files, the clock or
# the global random generator.
IMPURE_STDLIB = {"os", "io", "pathlib", "time", "datetime", "shutil", "socket", "subprocess"}

ALLOWED = {
    "cards": {"cards"},
    "games": {"cards", "games"},
    "bots": {"cards", "games", "bots"},
    "present": {"cards", "games", "present", "audio.utterance"},
    "store": {"store", "platformdirs"},
    "input": {"input", "pygame"},
}
PURE = {"cards", "games", "bots"}


def imports_of(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def allowed(name: str, package: str) -> bool:
    top = name.split(".")[0]
    if top == "__future__":
        return True
    if top in STDLIB:
        return not (package in PURE and top in IMPURE_STDLIB)
    if top == "ninetynine_audio":
        inner = name.split(".", 1)[1] if "." in name else ""
        return any(inner == ok or inner.startswith(ok + ".") for ok in ALLOWED[package])
    return top in ALLOWED[package]


@pytest.mark.parametrize("package", sorted(ALLOWED))
def test_package_imports_only_what_the_design_allows(package):
    bad = []
    for path in sorted((PACKAGE / package).rglob("*.py")):
        for name in imports_of(path):
            if not allowed(name, package):
                bad.append(f"{path.relative_to(PACKAGE)} imports {name}")
    assert bad == []


def test_only_gestures_imports_pygame_in_input():
    users = [
        path.name
        for path in (PACKAGE / "input").glob("*.py")
        if any(name.split(".")[0] == "pygame" for name in imports_of(path))
    ]
    assert users == ["gestures.py"]


TOOLS = PACKAGE.parent / "tools"
REFEREE_FILES = [TOOLS / "referee.py", *sorted((TOOLS / "refereeing").rglob("*.py"))]


def test_the_referee_imports_nothing_of_the_game():
    """The referee is a second reading of the rules: only the standard library and itself."""
    assert len(REFEREE_FILES) >= 5  # the script, the package, its core, decks and adding
    bad = [
        f"{path.relative_to(TOOLS)} imports {name}"
        for path in REFEREE_FILES
        for name in imports_of(path)
        if name.split(".")[0] not in STDLIB | {"refereeing"}
    ]
    assert bad == []


LAYERS = ("games", "bots", "present")


def families() -> set[str]:
    """Every game family: a subpackage of games/, bots/ or present/."""
    return {
        path.parent.name
        for layer in LAYERS
        for path in (PACKAGE / layer).glob("*/__init__.py")
        if path.parent.name != "__pycache__"
    }


def test_no_family_imports_another_family():
    """A family's engine, bots and wording use each other, never another family's."""
    assert "adding" in families()
    bad = []
    for layer in LAYERS:
        for folder in sorted(p.parent for p in (PACKAGE / layer).glob("*/__init__.py")):
            for path in sorted(folder.rglob("*.py")):
                for name in imports_of(path):
                    parts = name.split(".")
                    if (
                        parts[0] == "ninetynine_audio"
                        and len(parts) > 2
                        and parts[1] in LAYERS
                        and parts[2] in families() - {folder.name}
                    ):
                        bad.append(f"{path.relative_to(PACKAGE)} imports {name}")
    assert bad == []
