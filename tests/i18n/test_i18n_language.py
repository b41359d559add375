"""The language in use reaches the player: the command line's choice, the rules help in that
language, and the settings that keep it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ninetynine_audio.i18n import LANGUAGES, offered_languages, system_language, using
from ninetynine_audio.store import paths
from ninetynine_audio.store.settings import Settings
from ninetynine_audio.ui.reader import rules_paragraphs

TOP = Path(__file__).resolve().parents[2]


def test_the_rules_help_is_read_in_the_language_in_use() -> None:
    with using("es"):
        spanish = rules_paragraphs("classic")
    english = rules_paragraphs("classic")
    assert spanish is not None and english is not None
    assert spanish[0].text.startswith("Noventa y Nueve")
    assert english[0].text.startswith("Ninety-Nine")
    # Section for section: the reader moves through both alike.
    assert [p.is_heading for p in spanish] == [p.is_heading for p in english]


def test_a_language_without_its_rules_falls_back_to_english() -> None:
    with using("qps"):
        paragraphs = rules_paragraphs("tricks")
    assert paragraphs is not None and paragraphs[0].text.startswith("Ninety-Nine")


def test_the_system_language_is_taken_only_when_it_is_offered() -> None:
    offered = {entry.code for entry in offered_languages()}
    for entry in LANGUAGES:
        found = system_language({"LANG": f"{entry.code}.UTF-8"})
        assert (found == entry.code) == (entry.code in offered)
    assert system_language({"LANG": "C.UTF-8"}) is None


def test_the_language_setting_keeps_only_known_languages() -> None:
    kept, reset = Settings.from_dict({"language": "de"})
    assert kept.language == "de" and not reset
    dropped, reset = Settings.from_dict({"language": "xx"})
    assert dropped.language is None and reset == ["language"]


def test_the_command_line_plays_in_the_language_asked_for(tmp_path: Path) -> None:
    env = {
        **os.environ,
        "NINETYNINE_AUDIO_HOME": str(tmp_path),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "PYTHONPATH": str(TOP),
    }
    command = [sys.executable, "-m", "ninetynine_audio", "--text", "--game", "classic"]
    command += ["--seed", "1", "--bot-pause", "0", "--language", "de"]
    spoken = subprocess.run(
        command, input="escape\nescape\n", capture_output=True, text=True, env=env, timeout=120
    ).stdout
    assert "Runde 1" in spoken and "Summe 0" in spoken, spoken
    # Without the option, the tests' own language: English.
    env["NINETYNINE_AUDIO_HOME"] = str(tmp_path / "another")
    with_english = subprocess.run(
        command[:-2],
        input="escape\nescape\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    ).stdout
    assert "Round 1" in with_english, with_english


def run_game(
    home: Path, *arguments: str, keys: str = "escape\nescape\n"
) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "NINETYNINE_AUDIO_HOME": str(home),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "PYTHONPATH": str(TOP),
    }
    command = [sys.executable, "-m", "ninetynine_audio", *arguments]
    return subprocess.run(command, input=keys, capture_output=True, text=True, env=env, timeout=120)


def write_settings(home: Path, monkeypatch: pytest.MonkeyPatch, **values: object) -> None:
    """Settings as the game keeps them, in the folder ``home`` gives the game."""
    monkeypatch.setenv("NINETYNINE_AUDIO_HOME", str(home))
    path = paths.settings_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(values), encoding="utf-8")


def test_the_command_line_refuses_and_helps_in_the_language_in_use(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    refused = run_game(tmp_path, "--text", "--game", "nope", "--language", "de")
    assert refused.returncode == 2
    assert "ninetynine-audio: unbekanntes Spiel 'nope'; wähle eins von classic" in refused.stderr
    # A refusal written in an engine, with its numbers in their places.
    lives = run_game(tmp_path, "--text", "--game", "classic", "--lives", "51", "--language", "es")
    assert "ninetynine-audio: las vidas deben ser de 1 a 50, no 51" in lives.stderr, lives.stderr
    helped = run_game(tmp_path, "--language", "pt_BR", "--help")
    assert "joga no terminal, sem janela" in helped.stdout, helped.stdout
    assert "classic: 3, 4, 5 ou 7" in helped.stdout  # a game's own option, from its engine
    # The language chosen in Settings answers when the command line names none.
    write_settings(tmp_path / "chosen", monkeypatch, language="de")
    from_settings = run_game(tmp_path / "chosen", "--text", "--game", "nope")
    assert "unbekanntes Spiel" in from_settings.stderr, from_settings.stderr


def test_a_broken_keymap_is_reported_in_the_language_in_use(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    keymap = tmp_path / "mine.toml"
    keymap.write_text('[table]\nno_such_command = ["t"]\n', encoding="utf-8")
    write_settings(tmp_path, monkeypatch, keymap_path=str(keymap), language="es")
    said = run_game(tmp_path, "--text", "--game", "classic").stdout
    assert (
        "No se usó tu mapa de teclas. mine.toml, sección [table], no_such_command: "
        "no hay ningún comando con este nombre. Se usan las teclas por defecto." in said
    ), said


def test_each_language_is_written_in_the_direction_its_babel_locale_says():
    from babel import Locale

    from ninetynine_audio.i18n import LANGUAGES, is_right_to_left

    for entry in LANGUAGES:
        babel_says = Locale.parse(entry.locale).character_order == "right-to-left"
        assert entry.right_to_left == babel_says, entry.code
        assert is_right_to_left(entry.code) == babel_says, entry.code
