"""Build hook: put the shipped folders inside the package, where an installed game finds them.

The repository keeps ``keymaps/``, ``sounds/`` and ``docs/rules/`` at its top, where people
edit them. A wheel (``pip install .``, ``pipx install .``) carries copies of them as
``ninetynine_audio/_data/keymaps``, ``_data/sounds`` and ``_data/rules``;
``ninetynine_audio.resources.shipped_dir`` looks there first and falls back to the top-level
folders, which is what an editable install and a source checkout use. Everything else about
the build is in ``pyproject.toml``.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

TOP = Path(__file__).resolve().parent

# The folder inside ``ninetynine_audio/_data``, where it is in the repository, and its files.
SHIPPED = (
    ("keymaps", Path("keymaps"), "*.toml"),
    ("sounds", Path("sounds"), "*.wav"),
    ("rules", Path("docs", "rules"), "*.md"),
)


class BuildWithData(build_py):
    """``build_py`` that also copies the shipped folders into the built package."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install reads the folders where they are
        target = Path(self.build_lib, "ninetynine_audio", "_data")
        for name, source, pattern in SHIPPED:
            folder = target / name
            folder.mkdir(parents=True, exist_ok=True)
            files = sorted((TOP / source).glob(pattern))
            if not files:
                raise SystemExit(f"nothing to ship in {source}: the build would be unplayable")
            for path in files:
                shutil.copyfile(path, folder / path.name)
            # The rules in other languages: docs/rules/<language>/*.md, folder for folder.
            for sub in sorted(p for p in (TOP / source).iterdir() if p.is_dir()):
                for path in sorted(sub.glob(pattern)):
                    (folder / sub.name).mkdir(parents=True, exist_ok=True)
                    shutil.copyfile(path, folder / sub.name / path.name)


setup(cmdclass={"build_py": BuildWithData})
