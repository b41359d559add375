"""The folder players unzip: built with PyInstaller, unzipped into an empty folder and played
there with a clean environment (tools/build_bundle.py, tools/smoke_bundle.py).

The build takes about half a minute on this machine, once for the module; it needs the extra
``[bundle]`` (PyInstaller), which ``[test]`` brings.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest
from helpers.tools import load_tool


@pytest.fixture(scope="module")
def smoke() -> ModuleType:
    return load_tool("tools/smoke_bundle.py", "smoke_bundle")


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    build = load_tool("tools/build_bundle.py", "build_bundle")
    out = tmp_path_factory.mktemp("bundle")
    folder = build.build_folder(out, out / "build")
    return Path(build.zip_folder(folder, out / "ninetynine-audio.zip"))


@pytest.mark.slow
def test_the_unzipped_folder_plays_finds_everything_and_keeps_to_itself(
    archive: Path, smoke: ModuleType, tmp_path: Path
) -> None:
    report = smoke.check_bundle(archive, tmp_path)
    assert any("Regeln: Klassisch" in line for line in report)  # the German rules were read
    assert "portable: nothing written in the home, temporary or current folder" in report
    assert "without the marker: kept in the home folder" in report


def _zip_of(smoke: ModuleType, tmp_path: Path, leave_out: str) -> Path:
    """A zip laid out as the built one, its program a stand-in, with every shipped file but
    ``leave_out``."""
    build = load_tool("tools/build_bundle.py", "build_bundle")
    folder = tmp_path / "made" / "ninetynine-audio"
    program = folder / smoke.PROGRAM
    program.parent.mkdir(parents=True)
    program.write_text("#!/bin/sh\n", encoding="utf-8")
    program.chmod(0o755)
    for name in smoke.shipped_files():
        if name != leave_out:
            path = folder / "_internal" / "ninetynine_audio" / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(b"")
    (folder / "_internal" / "link").symlink_to("ninetynine_audio")
    return Path(build.zip_folder(folder, tmp_path / "made.zip"))


def test_unzipping_keeps_permissions_and_links(smoke: ModuleType, tmp_path: Path) -> None:
    archive = _zip_of(smoke, tmp_path, leave_out="")
    program = smoke.unpack(archive, tmp_path / "unzipped")
    assert program.stat().st_mode & 0o777 == 0o755
    link = program.parent / "_internal" / "link"
    assert link.is_symlink() and (link / "_data" / "keymaps" / "default.toml").is_file()


def test_a_folder_without_a_sound_is_refused(smoke: ModuleType, tmp_path: Path) -> None:
    archive = _zip_of(smoke, tmp_path, leave_out="_data/sounds/card_played.wav")
    with pytest.raises(smoke.SmokeFailure, match=r"card_played\.wav"):
        smoke.check_bundle(archive, tmp_path / "work")
