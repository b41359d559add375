"""The package boundaries of the design: what each package may import."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "ninetynine_audio"
STDLIB = set(sys.stdlib_module_names)
# Modules of the standard library that would let a pure package reach files, the clock or
# the global random generator.
IMPURE_STDLIB = {"os", "io", "pathlib", "time", "datetime", "shutil", "socket", "subprocess"}

ALLOWED = {
    "cards": {"cards"},
    "games": {"cards", "games", "families"},
    "bots": {"cards", "games", "bots", "families"},
    "present": {"cards", "games", "present", "audio.utterance", "families", "i18n"},
    "store": {"store", "platformdirs", "resources", "i18n"},
    "input": {"input", "pygame", "resources", "families", "i18n"},
    "i18n": {"i18n", "babel", "families", "languages"},
    "play": {"cards", "games", "bots", "play", "present.seats"},
}
PURE = {"cards", "games", "bots", "play"}


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


@pytest.mark.parametrize("module", ["resources.py", "families.py", "languages.py", "plaintext.py"])
def test_the_leaves_every_layer_may_use_need_only_the_standard_library(module):
    # input/ and store/ use resources, every layer asks families: they stay leaves of the
    # standard library (families reads each family's manifest as data, importing no family).
    names = imports_of(PACKAGE / module)
    assert names and all(name.split(".")[0] in STDLIB | {"__future__"} for name in names)


FIRST_LINE_MAY_IMPORT = {
    "firstline",
    "languages",
    "plaintext",
    "resources",
    "store",
    "store.folders",
    "store.filelocks",
}


def test_the_first_line_needs_only_the_standard_library_and_leaves():
    # Text mode's first line is written before the rest loads (``firstline.py``): it reaches
    # only the leaves below, which are of the standard library themselves (not store.paths,
    # whose pathlib and platformdirs cost as much as the rest); ``__main__`` imports the
    # command line once the line is written, and the window's early start (``ui.start``) only
    # for a plain start in the window (``tests/design/test_startup_imports.py`` holds both).
    # ``from ninetynine_audio.store import folders`` imports the module store.folders too.
    named = {
        f"{node.module}.{alias.name}"
        for path in (PACKAGE / "firstline.py", PACKAGE / "__main__.py")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.ImportFrom)
        and node.module in ("ninetynine_audio", "ninetynine_audio.store")
        for alias in node.names
    }
    bad = sorted(
        name
        for name in imports_of(PACKAGE / "firstline.py")
        | imports_of(PACKAGE / "__main__.py")
        | named
        if name.split(".")[0] not in STDLIB | {"__future__"}
        and name.removeprefix("ninetynine_audio.") not in FIRST_LINE_MAY_IMPORT
        and name not in ("ninetynine_audio.cli", "ninetynine_audio.ui.start")
    )
    assert bad == []
    for leaf in ("folders.py", "filelocks.py"):
        names = imports_of(PACKAGE / "store" / leaf)
        assert names and all(name.split(".")[0] in STDLIB | {"__future__"} for name in names)


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


# ---------------------------------------------------------------------------- generic code

GENERIC = (
    "play",
    "ui/match.py",
    "ui/speech.py",
    "ui/menus.py",
    "ui/results.py",
    "ui/review.py",
    "ui/daily.py",
    "present/review.py",
    "ui/app.py",
    "ui/host.py",
    "ui/start.py",
    "bots/tournament.py",
    "games/saved.py",
    "games/replay.py",
    "store",
    "cli.py",
)
"""What runs every game and so may know no family: it reaches one through the registry,
``bots.base``, ``ui.tables.base`` and each family's ``present`` package by name."""

FAMILY_LAYERS = ("games", "bots", "present", "ui.tables")


def game_families() -> set[str]:
    """The game families: the subpackages of ``ninetynine_audio/games``."""
    return {path.parent.name for path in (PACKAGE / "games").glob("*/__init__.py")}


def modules_named(source: str, module: str) -> set[str]:
    """Every module that ``source``, the text of ``module``, imports; ``from a import b``
    also counts as ``a.b`` (``b`` may be a module), and relative imports are written out."""
    here = module.split(".")
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here[: len(here) - node.level]
                origin = ".".join(base + ([node.module] if node.module else []))
            else:
                origin = node.module or ""
            names.add(origin)
            names.update(f"{origin}.{alias.name}" for alias in node.names)
    return names


def module_name(path: Path) -> str:
    """``ninetynine_audio.ui.match`` for ``ninetynine_audio/ui/match.py``."""
    return ".".join(["ninetynine_audio", *path.relative_to(PACKAGE).with_suffix("").parts])


def family_of(name: str, families: set[str]) -> str | None:
    """The family whose package ``name`` lies in (``ninetynine_audio.bots.adding.hard``)."""
    for layer in FAMILY_LAYERS:
        prefix = f"ninetynine_audio.{layer}."
        if name.startswith(prefix):
            family = name[len(prefix) :].split(".")[0]
            if family in families:
                return family
    return None


def generic_files() -> list[Path]:
    files: list[Path] = []
    for entry in GENERIC:
        target = PACKAGE / entry
        files.extend(sorted(target.rglob("*.py")) if target.is_dir() else [target])
    return files


def test_the_code_that_runs_every_game_imports_no_family():
    """The match screen, menus, results, tournament, saves, replay, store and command line
    work for any registered game, so none of them may name one family's package."""
    families = game_families()
    assert "adding" in families
    files = generic_files()
    assert all(path.exists() for path in files)
    bad = [
        f"{path.relative_to(PACKAGE)} imports {name}"
        for path in files
        for name in sorted(modules_named(path.read_text(encoding="utf-8"), module_name(path)))
        if family_of(name, families) is not None
    ]
    assert bad == []


def test_the_family_import_check_finds_a_family_import() -> None:
    """The check above reads every way of naming a family's package, and only those."""
    families = game_families()
    written = [
        "from ninetynine_audio.games import adding",
        "import ninetynine_audio.bots.adding.hard",
        "from ninetynine_audio.present.adding.events import narrate",
        "from ninetynine_audio.ui.tables.adding import Table",
        "from .tables import adding",
        "from ..present.adding import narrate",
    ]
    for line in written:
        found = modules_named(line, "ninetynine_audio.ui.match")
        assert any(family_of(name, families) for name in found), line
    for line in (
        "from ninetynine_audio.ui.tables.base import TableController",
        "from ninetynine_audio.games.registry import find_game",
        "from .tables import base",
    ):
        found = modules_named(line, "ninetynine_audio.ui.match")
        assert not any(family_of(name, families) for name in found), line


# ---------------------------------------------------------------------------- the map

ARCHITECTURE = PACKAGE.parent / "docs" / "architecture.md"


def test_the_architecture_page_says_what_every_field_of_the_game_contract_is() -> None:
    """``docs/architecture.md`` has a row for each field of ``GameSpec``, so a field added to
    the contract is explained where a new developer looks for it."""
    from dataclasses import fields

    from ninetynine_audio.games.base import GameSpec

    rows = ARCHITECTURE.read_text(encoding="utf-8").splitlines()
    described = {
        name
        for line in rows
        if line.startswith("| `")
        for name in (part.strip("` ").split("(")[0] for part in line.split("|")[1].split(","))
    }
    missing = [f.name for f in fields(GameSpec) if f.name not in described]
    assert missing == []


# ---------------------------------------------------------------------------- the seat's port


def test_the_table_core_is_imported_without_pygame_or_speech():
    """A server hosts ``play/`` as it is: dealing, playing and saving one match must load no
    pygame, no speech library and no part of ``ui/``, ``audio/`` or ``store/``."""
    import subprocess

    code = (
        "import sys\n"
        "from ninetynine_audio.games.base import GameSetup\n"
        "from ninetynine_audio.play.table import TableCore\n"
        "core = TableCore(GameSetup('tricks', ('A', 'B', 'C'), ('easy', 'easy', 'easy')))\n"
        "while not core.is_over:\n"
        "    core.immediate_moves() or core.computer_move()\n"
        "assert core.outcome is not None and core.record()['game'] == 'tricks'\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('pygame', 'pyttsx3',"
        " 'accessible_output2') or m.startswith(('ninetynine_audio.ui', 'ninetynine_audio.audio',"
        " 'ninetynine_audio.store')))\n"
        "print(bad)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=PACKAGE.parent,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_the_controllers_and_the_host_do_not_import_the_match_screen():
    """``Host``, ``TableController`` and ``MatchScreen`` once formed an import circle: the
    match screen builds the controller, so neither the controllers nor the host interface
    may name the match screen (not even for type checking)."""
    paths = [PACKAGE / "ui/host.py", *sorted((PACKAGE / "ui/tables").glob("*.py"))]
    bad = [
        f"{path.relative_to(PACKAGE)} imports {name}"
        for path in paths
        for name in imports_of(path)  # type-checking ones too
        if name == "ninetynine_audio.ui.match"
    ]
    assert len(paths) >= 4
    assert bad == []


def controller_sources() -> list[Path]:
    return [p for p in sorted((PACKAGE / "ui/tables").glob("*.py")) if p.name != "__init__.py"]


def test_no_table_controller_applies_an_action_or_reads_the_true_state():
    """A controller runs for one seat and may have only that seat's port: it never calls a
    game's ``apply``, never imports a family's engine functions that take the true state, and
    never reaches for ``.state`` or a ``.match``."""
    bad = []
    for path in controller_sources():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                for alias in node.names:
                    if alias.name in {"apply", "check", "view", "new_game", "legal_actions"}:
                        bad.append(f"{path.name} imports {alias.name} from {node.module}")
            if isinstance(node, ast.Attribute) and node.attr in {"state", "match", "apply"}:
                bad.append(f"{path.name}:{node.lineno} uses .{node.attr}")
            if isinstance(node, ast.Name) and node.id == "apply":
                bad.append(f"{path.name}:{node.lineno} calls apply")
    assert len(controller_sources()) >= 4
    assert bad == []


TESTS = PACKAGE.parent / "tests"


def imported_test_modules(source: str) -> list[str]:
    """The test modules (``test_*``, ``conftest``) a file's code imports: by name, from a
    package, relatively, or by ``importlib.import_module`` with a constant name."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        parts: list[str] = []
        if isinstance(node, ast.Import):
            parts = [part for alias in node.names for part in alias.name.split(".")]
        elif isinstance(node, ast.ImportFrom):
            parts = [*(node.module or "").split("."), *(alias.name for alias in node.names)]
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute | ast.Name)
            and getattr(node.func, "attr", getattr(node.func, "id", None)) == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant | ast.JoinedStr)
        ):
            first = node.args[0]
            text = (
                first.value
                if isinstance(first, ast.Constant)
                else "".join(v.value for v in first.values if isinstance(v, ast.Constant))
            )
            parts = str(text).split(".")
        found += [
            f"{node.lineno}: {part}"
            for part in parts
            if part.startswith("test_") or part == "conftest"
        ]
    return found


def test_no_test_file_imports_another_test_file() -> None:
    """What tests share is in ``tests/helpers/``: a test module imported as a library runs its
    module-level set-up twice and ties the tests of two areas together."""
    bad = [
        f"{path.relative_to(TESTS)}:{where}"
        for path in sorted(TESTS.rglob("*.py"))
        if ".venv" not in path.parts
        for where in imported_test_modules(path.read_text(encoding="utf-8"))
    ]
    assert len(list(TESTS.rglob("test_*.py"))) > 100
    assert bad == []


def test_the_test_import_check_finds_each_way_of_importing_a_test() -> None:
    sources = [
        "import test_ui_games",
        "from test_ui_results import quick_match",
        "from . import test_ui_games",
        "from .test_ui_games import keys_for_turn",
        "from ..ui.test_ui_games import keys_for_turn",
        "from tests.ui import test_ui_games",
        "import importlib\nimportlib.import_module(f'test_ui_{family}')",
        "from conftest import private_home",
    ]
    for source in sources:
        assert imported_test_modules(source), source
    assert imported_test_modules("from helpers.adding_keys import keys_for_turn") == []


# ------------------------------------------------------------------- sizes and import circles

ONLINE_MODULE_LINES = 500
"""The most lines a module of ``online/`` may have: one a newcomer can read through."""
CLASS_LINES = 300
"""The most lines a class of ``online/`` may have."""


def package_modules() -> dict[str, Path]:
    """Every module of the package by its dotted name (a package by its ``__init__``)."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def module_imports(path: Path, modules: dict[str, Path]) -> set[str]:
    """The package's modules ``path`` imports, wherever the import stands (under
    ``TYPE_CHECKING`` or in a function too): ``from a import b`` names ``a.b`` when that is a
    module, else ``a``."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name in modules)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                inner = f"{node.module}.{alias.name}"
                if inner in modules:
                    found.add(inner)
                elif node.module in modules:
                    found.add(node.module)
    return found


def import_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The circles of ``graph``: one path round each strongly connected group of modules."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(start: str) -> None:
        # Tarjan's algorithm, iterative: a package is deeper than the recursion limit allows.
        work = [(start, iter(sorted(graph.get(start, ()))))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, edges = work[-1]
            for target in edges:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(graph.get(target, ())))))
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.append(member)
                        if member == node:
                            break
                    if len(group) > 1 or node in graph.get(node, ()):
                        groups.append(sorted(group))

    for name in sorted(graph):
        if name not in index:
            visit(name)
    return sorted(groups)


def package_graph() -> dict[str, set[str]]:
    modules = package_modules()
    return {name: module_imports(path, modules) - {name} for name, path in modules.items()}


def test_no_module_of_the_package_imports_itself_round_a_circle():
    graph = package_graph()
    assert len(graph) > 100 and graph["ninetynine_audio.online.server"]
    assert import_cycles(graph) == []


def test_the_circle_check_finds_a_circle_through_a_type_checking_import() -> None:
    source = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.a import A\n"
    modules = {"pkg.a": Path("a.py"), "pkg.b": Path("b.py"), "pkg.c": Path("c.py")}
    tree = {"pkg.a": {"pkg.b"}, "pkg.b": set(), "pkg.c": set()}
    parsed = ast.parse(source)
    for node in ast.walk(parsed):
        if isinstance(node, ast.ImportFrom) and node.module:
            tree["pkg.b"].add(node.module)
    assert import_cycles(tree) == [["pkg.a", "pkg.b"]]
    assert import_cycles({"pkg.a": {"pkg.b"}, "pkg.b": {"pkg.c"}, "pkg.c": set()}) == []
    assert modules  # the names the example stands for


def test_no_module_of_the_online_package_is_over_its_size():
    big = {
        str(path.relative_to(PACKAGE)): lines
        for path in sorted((PACKAGE / "online").rglob("*.py"))
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > ONLINE_MODULE_LINES
    }
    assert big == {}


def test_no_class_of_the_online_package_is_over_its_size():
    big = {}
    for path in sorted((PACKAGE / "online").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and node.end_lineno is not None:
                lines = node.end_lineno - node.lineno + 1
                if lines > CLASS_LINES:
                    big[f"{path.relative_to(PACKAGE)}:{node.name}"] = lines
    assert big == {}
