"""Loading the scripts and packages of ``tools/`` in tests, which are not part of the installed
game and so cannot simply be imported."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

REPOSITORY = Path(__file__).resolve().parents[2]


def load_tool(relative_path: str, name: str) -> ModuleType:
    """The script or package at ``relative_path`` (from the repository's root), imported as the
    module ``name``.

    A folder is imported as a package from its ``__init__.py``. The module is registered in
    ``sys.modules`` under ``name`` before it runs, so a package's modules can import each other
    (``from .core import ...``, ``importlib.import_module(f"{name}.core")``) and a script's
    dataclasses find their module. It is loaded once per test process: a later call returns
    the same module, so tests share it and must not change what it holds (``monkeypatch``
    undoes its changes). A module of that name from another file is refused, and one that
    fails while loading is not kept, so the next call tries again.
    """
    path = REPOSITORY / relative_path
    if path.is_dir():
        file = path / "__init__.py"
        spec = importlib.util.spec_from_file_location(
            name, file, submodule_search_locations=[str(path)]
        )
    else:
        file = path
        spec = importlib.util.spec_from_file_location(name, file)
    if spec is None or spec.loader is None:
        raise ImportError(f"no module can be loaded from {path}", name=name)
    loaded = sys.modules.get(name)
    if loaded is not None:
        where = getattr(loaded, "__file__", None)
        if where is None or Path(where).resolve() != file.resolve():
            raise ImportError(f"{name} is already imported from {where}, not {file}", name=name)
        return loaded
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        sys.modules.pop(name, None)
        raise
    return module
