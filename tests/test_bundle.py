"""The folder players unzip: built with PyInstaller, unzipped into an empty folder and played
there with a clean environment (tools/build_bundle.py, tools/smoke_bundle.py).

The build takes about half a minute on this machine, once for the module; it needs the extra
``[bundle]`` (PyInstaller), which ``[test]`` brings.
"""

from __future__ import annotations

import zipfile
from pathlib import Path
from types import ModuleType

import pytest
from tool_helpers import load_tool

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def smoke() -> ModuleType:
    return load_tool("tools/smoke_bundle.py", "smoke_bundle")


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    build = load_tool("tools/build_bundle.py", "build_bundle")
    out = tmp_path_factory.mktemp("bundle")
    folder = build.build_folder(out, out / "build")
    return Path(build.zip_folder(folder, out / "ninetynine-audio.zip"))


def test_the_unzipped_folder_plays_finds_everything_and_keeps_to_itself(
    archive: Path, smoke: ModuleType, tmp_path: Path
) -> None:
    report = smoke.check_bundle(archive, tmp_path)
    assert any("Regeln: Klassisch" in line for line in report)  # the German rules were read
    assert "portable: nothing written in the home, temporary or current folder" in report
    assert "without the marker: kept in the home folder" in report


def test_a_folder_without_its_sounds_is_caught(
    archive: Path, smoke: ModuleType, tmp_path: Path
) -> None:
    # The check itself can fail: the same zip less one sound cue is refused.
    damaged = tmp_path / "damaged.zip"
    with zipfile.ZipFile(archive) as source, zipfile.ZipFile(damaged, "w") as target:
        for entry in source.infolist():
            if not entry.filename.endswith("/_data/sounds/card_played.wav"):
                target.writestr(entry, source.read(entry))
    with pytest.raises(smoke.SmokeFailure, match=r"card_played\.wav"):
        smoke.check_bundle(damaged, tmp_path / "work")
