"""Wording of menus, settings, key help and the other screens around the table."""

from __future__ import annotations

from collections.abc import Sequence

from ninetynine_audio.families import registered_families
from ninetynine_audio.present.words import BRIEF, NORMAL, YOU, possessive

APP_TITLE = "Ninety-Nine"

MAIN_MENU = "Main menu"
PLAY = "Play"
PLAY_ONLINE = "Play online"
RULES = "Rules"
KEYS = "Keys"
SETTINGS = "Settings"
QUIT = "Quit"
QUIT_QUESTION = "Quit the game?"

CHOOSE_GAME = "Choose a game"
CHOOSE_PLAYERS = "How many players"
CHOOSE_LEVEL = "Computer level"
GAME_OPTIONS = "Options"
START_GAME = "Start the game"
PAUSE_MENU = "Paused"
RESUME = "Resume"
NEW_GAME = "New game"
QUIT_TO_MENU = "Quit to menu"
CHOOSE_RULES = "Rules of which game"
BACK_TO_MENU = "Back to the menu"

GAME_TITLES: dict[str, str] = {
    game.id: game.title for entry in registered_families() for game in entry.games
}
"""Each game's spoken name, from its family's ``family.toml``."""

CONTEXT_TITLES: dict[str, str] = {
    "menu": "Menus",
    "table": "At every table",
    **{entry.context: entry.title for entry in registered_families()},
    "help": "Reading rules",
    "global": "Everywhere",
}
"""The heading of each context's keys; a family's table is headed by its manifest's title."""


YES = "Yes"
NO = "No"


def context_title(context: str) -> str:
    """The heading of one screen's keys in the Keys reader."""
    return CONTEXT_TITLES.get(context, context)


def game_title(game: str) -> str:
    """The name of a game as spoken: ``"Classic"``."""
    return GAME_TITLES.get(game, game.title())


GAME_SUMMARIES: dict[str, str] = {
    game.id: game.summary for entry in registered_families() for game in entry.games
}
"""The line the game menu reads for each game, from its family's ``family.toml``."""

LEVEL_NAMES: dict[str, str] = {
    **{level: name for entry in registered_families() for level, name in entry.levels},
    "mixed": "mixed levels",
    "humans": "players only",
}
"""The spoken name of each computer level (from the families) and of a table's mix."""


def level_name(level: str) -> str:
    """``"normal"`` → ``"Normal"``."""
    return LEVEL_NAMES.get(level, level.title())


def menu_item_text(label: str, index: int, count: int, verbosity: str = NORMAL) -> str:
    """``"Play, 1 of 5"``; brief ``"Play"``."""
    if verbosity == BRIEF:
        return label
    return f"{label}, {index + 1} of {count}"


def menu_opened_text(title: str, item: str) -> str:
    """Said when a menu opens: its title, then the current item."""
    if title.endswith(("?", ".", ":")):
        return f"{title} {item}"
    return f"{title}. {item}"


def players_item(count: int) -> str:
    """``"4 players"``."""
    return f"{count} players"


def on_off(value: bool) -> str:
    """``"on"`` or ``"off"``."""
    return "on" if value else "off"


def setting_item(label: str, value: str) -> str:
    """``"Sound: on"``."""
    return f"{label}: {value}"


SETTING_LABELS = {
    "speech_backend": "Speech",
    "verbosity": "Verbosity",
    "sound_enabled": "Sound",
    "sound_volume": "Sound volume",
    "bot_pause_ms": "Pause after computer moves",
    "tts_rate": "Voice speed",
    "tts_volume": "Voice volume",
    "practice": "Practice",
    "keymap_path": "Keymap",
    "screen_reader_rate_wpm": "Screen reader speed",
}


def keymap_choice(file_name: str | None) -> str:
    """A keymap in the settings: a file's name, or the usual keys."""
    return file_name if file_name else "usual keys"


SPEECH_LABELS = {
    "auto": "automatic",
    "screenreader": "screen reader",
    "tts": "built-in voice",
    "text": "text",
}


def default_value() -> str:
    """The value of an option left to the game."""
    return "game default"


def words_per_minute(value: int) -> str:
    """``"200 words per minute"``."""
    return f"{value} words per minute"


def milliseconds(value: int) -> str:
    """``"900 milliseconds"``."""
    return f"{value} milliseconds"


def heading_text(text: str) -> str:
    """A heading in the reader: ``"Scoring, heading"``."""
    return f"{text}, heading"


def keys_here_title(screen: str) -> str:
    """The title of the list of keys of one screen (F1)."""
    return f"Keys here, {screen}" if screen else "Keys here"


def key_range_text(first: str, last: str) -> str:
    """Number keys as one range: ``"1 to 7"``."""
    return first if first == last else f"{first} to {last}"


PLAY_NUMBERED_CARD = "Play that card of your hand"
"""Key help's one entry for the number keys that play a card by its place in the hand."""
OTHER_KEYS = "Other keys"
"""Key help's heading over the keys that belong to none of a table's groups."""


def key_entry_text(keys: Sequence[str], description: str) -> str:
    """One line of the Keys reader: ``"Up arrow or Plus: Choose the higher value"``."""
    return f"{' or '.join(keys)}: {description}"


def key_help_text(entries: Sequence[tuple[str, Sequence[str]]]) -> str:
    """``"T: Say whose turn it is. C: Announce the total. …"`` from (description, keys) pairs."""
    parts = [f"{' or '.join(keys)}: {description}" for description, keys in entries]
    return ". ".join(parts)


def key_help_mode_text(is_on: bool) -> str:
    """Entering or leaving key help."""
    if is_on:
        return "Key help on: press a key to hear what it does, F12 or Escape to leave"
    return "Key help off"


def key_does_text(key: str, description: str | None) -> str:
    """In key help: what a key does here."""
    return f"{key}: {description}" if description else f"{key}: nothing here"


def unknown_key_text(name: str) -> str:
    """Text mode: a word that names no key."""
    return f"{name} is not a key name"


def keymap_problem_text(problem: str) -> str:
    """A broken keymap: the problem, and that the default keys are used."""
    return f"Your keymap was not used. {problem} The default keys are in use."


FALLBACK_SPEAKS = {
    "tts": "speaks with its own voice",
    "text": "writes its words as text",
    "silent": "cannot speak at all",
}


def speech_fallback_text(wanted: str, using: str, reason: str | None = None) -> str:
    """The speech chosen could not start, in a few plain words said before anything else:
    ``"Your screen reader did not answer, so the game speaks with its own voice."``.  The
    reason, often technical, goes to the log (``reason`` is kept for the caller's log)."""
    if wanted == "screenreader":
        head = "Your screen reader did not answer"
    else:
        head = f"The {SPEECH_LABELS.get(wanted, wanted)} did not start"
    speaks = FALLBACK_SPEAKS.get(using, f"uses the {SPEECH_LABELS.get(using, using)}")
    return f"{head}, so the game {speaks}."


def speech_refused_text(wanted: str, using: str, reason: str | None = None) -> str:
    """Settings: a speech choice that cannot speak here is not taken."""
    wanted_words = SPEECH_LABELS.get(wanted, wanted)
    using_words = SPEECH_LABELS.get(using, using)
    why = f": {reason}" if reason else ""
    return f"The {wanted_words} cannot speak here{why}. Speech stays with the {using_words}"


def speech_in_use(setting: str, backend: str, output: str | None) -> str:
    """The speech setting with what really speaks: ``"screen reader, through NVDA"``."""
    chosen = SPEECH_LABELS.get(setting, setting)
    through = f", through {output}" if output else ""
    if setting == "auto":
        return f"{chosen}, using {SPEECH_LABELS.get(backend, backend)}{through}"
    return f"{chosen}{through}"


def rules_missing_text(game: str) -> str:
    """No rules file for a game."""
    return f"No rules are written for {game} yet"


def rules_edge_text(at_end: bool) -> str:
    """The reader is at the start or the end."""
    return "End of the text" if at_end else "Start of the text"


def goodbye_text() -> str:
    """Said when quitting."""
    return "Goodbye"


def no_display_text(reason: str) -> str:
    """Said in the terminal when no window can be shown, before text mode starts."""
    return (
        f"No window can be shown here ({reason}), so the game plays in this terminal instead. "
        "Type key names and press Enter; an empty line is Enter."
    )


def event_log_failed_text(reason: str) -> str:
    """The ``--log-events`` file stopped taking lines; the game goes on."""
    return f"The event log could not be written ({reason}); the game goes on without it."


def hint_text(card_words: str) -> str:
    """The suggested play."""
    return f"Try {card_words}"


def history_item_text(text: str, is_first: bool, is_last: bool) -> str:
    """A message read again while stepping through what was said, the ends marked."""
    if is_first and is_last:
        return f"{text}. Only message"
    if is_first:
        return f"{text}. First message"
    if is_last:
        return f"{text}. Last message"
    return text


def history_edge_text() -> str:
    """Stepping past the first or last message."""
    return "No more messages"


def waiting_for_ready_text(name: str, key: str) -> str:
    """Hot seat: the next human must say they are at the keyboard before the hand is read."""
    return f"{possessive(name)} turn, press {key} when ready"


def named_at_keys_text(name: str, text: str) -> str:
    """Hot seat: the first words after a player's Enter, led by their name, so the right
    person knows the cards that follow are theirs: ``"Ann, your bid: mark three cards"``
    (a table's words that name the player already are kept as they are)."""
    rest = text[len(name) :] if text.startswith(name) else None
    if name == YOU or (rest is not None and not rest[:1].isalpha()):  # not Yo of "Your"
        return text
    if text.startswith(("Your ", "You ")):
        return f"{name}, {text[0].lower()}{text[1:]}"
    return f"{possessive(name)} turn. {text}"


def not_now_text() -> str:
    """A table key pressed when it has nothing to do."""
    return "Not now"


def game_over_text() -> str:
    """The window's line once a match has ended."""
    return "Game over"


def out_of_game_text(skip_key: str, leave_key: str) -> str:
    """Everyone at the keyboard is out while the computer players play on."""
    return f"You are out of this game. Press {skip_key} to skip to the end, or {leave_key} to leave"


def skipping_text() -> str:
    """The player skipped ahead through the computer players."""
    return "Skipping ahead"


def settings_saved_problem(problem: str) -> str:
    """Settings could not be saved."""
    return problem
