"""Names and addresses typed in the window in the keyboard's own layout: a Russian, Polish or
Persian player types their name in their own script, as SDL gives it (a key press, then the
text the layout makes of it), and hears it, and finds it stored, as typed."""

from __future__ import annotations

import pygame
import pytest

from ninetynine_audio.online.client import online_menu
from ninetynine_audio.ui.draft import Draft
from ninetynine_audio.ui.entry import TextEntry, makes_text
from ninetynine_audio.ui.harness import Harness, make_app, post_text
from ninetynine_audio.ui.people import ask_name

pytestmark = pytest.mark.usefixtures("private_home")


def layout_keys(h: Harness, pairs: list[tuple[int, int, str]]) -> None:
    """Each key of a non-US layout: its key press (the US key at its place), then its text."""
    for key, mod, text in pairs:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=text))
        post_text(text)
    h.frames(2)


def name_entry(h: Harness) -> list[object]:
    answers: list[object] = []
    h.app.push(TextEntry("Type a name, then Enter.", "Ann"), answers.append)
    h.frames(2)
    h.new_speech()
    return answers


def test_a_cyrillic_name_is_typed_and_spoken_letter_by_letter() -> None:
    h = make_app()
    h.frames(2)
    answers = name_entry(h)
    # "Оля" on a Russian layout: the keys J, K and Z of a US keyboard.
    keys = [(pygame.K_j, pygame.KMOD_LSHIFT, "О"), (pygame.K_k, 0, "л"), (pygame.K_z, 0, "я")]
    layout_keys(h, keys)
    assert h.new_speech() == ["О", "Ол", "Оля"]
    h.press("return", frames=2)
    assert answers == ["Оля"]


def test_polish_letters_of_altgr_type_once_and_start_no_command() -> None:
    h = make_app()
    h.frames(2)
    answers = name_entry(h)
    layout_keys(h, [(pygame.K_l, pygame.KMOD_LSHIFT, "Ł"), (pygame.K_u, 0, "u")])
    # AltGr+C and AltGr+A on Polish (programmer's); Windows reports AltGr as Ctrl+Alt.
    altgr = pygame.KMOD_LCTRL | pygame.KMOD_RALT
    layout_keys(h, [(pygame.K_c, altgr, "ć"), (pygame.K_a, pygame.KMOD_RALT, "ą")])
    assert h.new_speech() == ["Ł", "Łu", "Łuć", "Łućą"]
    h.press("return", frames=2)
    assert answers == ["Łućą"]


def test_a_persian_name_keeps_its_order_and_its_non_joiner() -> None:
    h = make_app()
    h.frames(2)
    answers = name_entry(h)
    # "علی‌رضا": typed first letter first, with the zero-width non-joiner (Shift+Space).
    name = "علی\u200cرضا"
    for letter in name:
        mod = pygame.KMOD_LSHIFT if letter == "\u200c" else 0
        layout_keys(h, [(pygame.K_SPACE if letter == "\u200c" else pygame.K_a, mod, letter)])
    assert h.new_speech()[-1] == name
    h.press("return", frames=2)
    assert answers == [name]


def test_direction_overrides_and_controls_are_not_typed() -> None:
    h = make_app()
    h.frames(2)
    answers = name_entry(h)
    post_text("\u202eSam\x1b\u2066")
    h.frames(2)
    h.press("return", frames=2)
    assert answers == ["Sam"]


def test_hot_seat_names_in_cyrillic_and_persian_are_the_players_names_at_the_table() -> None:
    h = make_app()
    h.frames(2)
    draft = Draft("classic", players=3, level="easy", humans=2)
    started: list[list[str]] = []
    ask_name(h.app, draft, lambda app: started.append(list(draft.names)))
    h.frames(2)
    post_text("Вера")
    h.frames(2)
    h.press("return", frames=2)
    post_text("علی\u200cرضا")
    h.frames(2)
    h.press("return", frames=2)
    assert started == [["Вера", "علی\u200cرضا"]]
    assert "Player 2 is علی\u200cرضا." in h.spoken  # said as typed, first letter first
    setup = draft.setup(1)
    assert setup.names[:2] == ("Вера", "علی\u200cرضا")
    state, _ = draft.spec.new_game(setup)
    assert state.players[:2] == ("Вера", "علی\u200cرضا")


def test_the_online_name_is_stored_as_typed() -> None:
    h = make_app()
    h.frames(2)
    h.app.push(online_menu(h.app))
    h.frames(2)
    h.press("down", "down", "return", frames=2)  # Name
    assert isinstance(h.app.top, TextEntry)
    post_text("Мария")
    h.frames(2)
    h.new_speech()
    h.press("return", frames=2)
    assert any("Мария" in line for line in h.new_speech())
    h.press("up", "up", "return", frames=2)  # Connect: the name is kept in the settings
    assert h.app.settings.online_name == "Мария"


@pytest.mark.parametrize(
    ("gesture", "makes"),
    [
        ("g", True),
        ("shift+semicolon", True),
        ("alt+a", True),
        ("ctrl+alt+c", True),
        ("leftbracket", True),
        ("kp5", True),
        ("ctrl+a", False),
        ("f1", False),
        ("up", False),
        ("return", False),
    ],
)
def test_which_keys_may_make_a_character(gesture: str, makes: bool) -> None:
    assert makes_text(gesture) is makes


def test_a_name_keeps_its_apostrophe() -> None:
    h = make_app()
    h.frames(2)
    answers = name_entry(h)
    h.press("shift+o", "quote", "shift+n", "e", "i", "l", "shift+1", "return", frames=2)
    assert answers == ["O'Neil"]


def test_a_password_takes_every_character() -> None:
    h = make_app()
    h.frames(2)
    h.app.push(online_menu(h.app))
    h.frames(2)
    h.press("down", "down", "down", "return", frames=2)  # Password
    post_text("п#ss!€")
    h.frames(2)
    assert isinstance(h.app.top, TextEntry)
    assert h.app.top.text == "п#ss!€"
