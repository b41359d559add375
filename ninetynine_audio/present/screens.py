"""Wording of menus, settings, key help and the other screens around the table."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from ninetynine_audio.games.errors import SetupError
from ninetynine_audio.i18n import N_, _, format_list, language_name, ngettext, pgettext
from ninetynine_audio.present.words import BRIEF, NORMAL, YOU, fill, is_you

APP_TITLE = N_("Ninety-Nine")

MAIN_MENU = N_("Main menu")
PLAY = N_("Play")
PLAY_ONLINE = N_("Play online")
DAILY_DEAL = N_("Daily deal")
PAST_GAMES = N_("Review a past game")
RULES = N_("Rules")
KEYS = N_("Keys")
SETTINGS = N_("Settings")
QUIT = N_("Quit")
QUIT_QUESTION = N_("Quit the game?")

CHOOSE_GAME = N_("Choose a game")
CHOOSE_PLAYERS = N_("How many players")
CHOOSE_LEVEL = N_("Computer level")
GAME_OPTIONS = N_("Options")
START_GAME = N_("Start the game")
PAUSE_MENU = N_("Paused")
RESUME = N_("Resume")
NEW_GAME = N_("New game")
QUIT_TO_MENU = N_("Quit to menu")
CHOOSE_RULES = N_("Rules of which game")
BACK_TO_MENU = N_("Back to the menu")


@dataclass(frozen=True)
class FamilyWords:
    """The words the families' manifests give the screens, in English (``game_title``,
    ``context_title``, ``game_summary`` and ``level_name`` say them in the language in use)."""

    game_titles: dict[str, str]
    """Each game's name, from its family's ``family.toml``."""
    context_titles: dict[str, str]
    """The heading of each context's keys; a family's table is headed by its manifest's
    title."""
    game_summaries: dict[str, str]
    """The line the game menu reads for each game, from its family's ``family.toml``."""
    level_names: dict[str, str]
    """The name of each computer level (from the families) and of a table's mix."""


@cache
def family_words() -> FamilyWords:
    """The families' words, read when first asked (not before the window's first line,
    which needs none of them)."""
    from ninetynine_audio.families import registered_families

    entries = registered_families()
    return FamilyWords(
        game_titles={game.id: game.title for entry in entries for game in entry.games},
        context_titles={
            "menu": N_("Menus"),
            "table": N_("At every table"),
            **{entry.context: entry.title for entry in entries},
            "help": N_("Reading rules"),
            "review": N_("Reviewing a game"),
            "global": N_("Everywhere"),
        },
        game_summaries={game.id: game.summary for entry in entries for game in entry.games},
        level_names={
            **{level: name for entry in entries for level, name in entry.levels},
            "mixed": N_("mixed levels"),
            "humans": N_("players only"),
        },
    )


YES = N_("Yes")
NO = N_("No")


def context_title(context: str) -> str:
    """The heading of one screen's keys in the Keys reader."""
    title = family_words().context_titles.get(context)
    return _(title) if title else context


def game_title(game: str) -> str:
    """The name of a game as spoken: ``"Classic"``."""
    title = family_words().game_titles.get(game)
    return _(title) if title else game.title()


def game_summary(game: str) -> str:
    """The game menu's line for ``game``, in the language in use."""
    summary = family_words().game_summaries.get(game)
    return _(summary) if summary else game_title(game)


def level_name(level: str) -> str:
    """``"normal"`` → ``"Normal"``."""
    name = family_words().level_names.get(level)
    return _(name) if name else level.title()


def menu_item_text(label: str, index: int, count: int, verbosity: str = NORMAL) -> str:
    """``"Play, 1 of 5"``; brief ``"Play"``."""
    if verbosity == BRIEF:
        return label
    # Translators: a menu item and its place in the menu, "Play, 1 of 5".
    return _("{item}, {number} of {count}").format(item=label, number=index + 1, count=count)


def menu_opened_text(title: str, item: str) -> str:
    """Said when a menu opens: its title, then the current item."""
    if title.endswith(("?", ".", ":")):
        # Translators: a menu's title that is a question, then its current item.
        return _("{title} {item}").format(title=title, item=item)
    # Translators: a menu's title, then its current item: "Main menu. Play, 1 of 7".
    return _("{title}. {item}").format(title=title, item=item)


def players_item(count: int) -> str:
    """``"4 players"``."""
    return ngettext("{count} player", "{count} players", count).format(count=count)


def on_off(value: bool) -> str:
    """``"on"`` or ``"off"``."""
    return pgettext("setting", "on") if value else pgettext("setting", "off")


def setting_item(label: str, value: str) -> str:
    """``"Sound: on"``."""
    # Translators: a setting's name and its value, "Sound: on".
    return _("{setting}: {value}").format(setting=label, value=value)


SETTING_LABELS = {
    "speech_backend": N_("Speech"),
    "verbosity": N_("Verbosity"),
    "sound_enabled": N_("Sound"),
    "sound_volume": N_("Sound volume"),
    "bot_pause_ms": N_("Pause after computer moves"),
    "tts_rate": N_("Voice speed"),
    "tts_volume": N_("Voice volume"),
    "practice": N_("Practice"),
    "keymap_path": N_("Keymap"),
    "screen_reader_rate_wpm": N_("Screen reader speed"),
    "language": N_("Language"),
    "online_server": N_("Online server"),
    "online_name": N_("Your name online"),
    "online_guest_tokens": N_("Guest sign-ins online"),
    "schema": N_("Settings file version"),
}
"""Each setting's name in English (``setting_label`` translates)."""


def setting_label(name: str) -> str:
    """A setting's name in the language in use: ``"Sound"``."""
    return _(SETTING_LABELS[name])


def keymap_choice(file_name: str | None) -> str:
    """A keymap in the settings: a file's name, or the usual keys."""
    return file_name if file_name else _("usual keys")


SPEECH_LABELS = {
    "auto": N_("automatic"),
    "screenreader": N_("screen reader"),
    "tts": N_("built-in voice"),
    "text": N_("text"),
}
"""Each speech choice in English (``speech_label`` translates)."""


def speech_label(choice: str) -> str:
    """A speech choice in the language in use: ``"screen reader"``."""
    label = SPEECH_LABELS.get(choice)
    return _(label) if label else choice


def speech_choice_item(choice: str) -> str:
    """A speech choice as an item of the speech list: ``"Screen reader"``."""
    if choice == "auto":
        return pgettext("speech choice", "Automatic")
    if choice == "screenreader":
        return pgettext("speech choice", "Screen reader")
    if choice == "tts":
        return pgettext("speech choice", "Built-in voice")
    if choice == "text":
        return pgettext("speech choice", "Text")
    return choice


def verbosity_label(level: str) -> str:
    """A verbosity level as the settings say it: ``"brief"``."""
    if level == "brief":
        return pgettext("verbosity", "brief")
    if level == "normal":
        return pgettext("verbosity", "normal")
    if level == "full":
        return pgettext("verbosity", "full")
    return level


def default_value() -> str:
    """The value of an option left to the game."""
    return _("game default")


def default_value_with(value: str) -> str:
    """An option left to the game, with what the game chooses: ``"game default, 7"``."""
    # Translators: {value} is what the game chooses for an option nobody set.
    return _("game default, {value}").format(value=value)


def words_per_minute(value: int) -> str:
    """``"200 words per minute"``."""
    return ngettext("{count} word per minute", "{count} words per minute", value).format(
        count=value
    )


def milliseconds(value: int) -> str:
    """``"900 milliseconds"``."""
    return ngettext("{count} millisecond", "{count} milliseconds", value).format(count=value)


def heading_text(text: str) -> str:
    """A heading in the reader: ``"Scoring, heading"``."""
    # Translators: a heading read in the rules or keys reader, "Scoring, heading".
    return _("{text}, heading").format(text=text)


def keys_here_title(screen: str) -> str:
    """The title of the list of keys of one screen (F1)."""
    if screen:
        # Translators: the title of the list of this screen's keys; {screen} is its title.
        return _("Keys here, {screen}").format(screen=screen)
    return _("Keys here")


def key_range_text(first: str, last: str) -> str:
    """Number keys as one range: ``"1 to 7"``."""
    if first == last:
        return first
    # Translators: number keys as one range, "1 to 7".
    return _("{first} to {last}").format(first=first, last=last)


PLAY_NUMBERED_CARD = N_("Play that card of your hand")
"""Key help's one entry for the number keys that play a card by its place in the hand."""
OTHER_KEYS = N_("Other keys")
"""Key help's heading over the keys that belong to none of a table's groups."""


def keys_or(keys: Sequence[str]) -> str:
    """Several keys that do one thing: ``"Up arrow or Plus"``."""
    if len(keys) == 1:
        return keys[0]
    if len(keys) == 2:
        # Translators: two keys that do the same thing.
        return _("{key} or {other}").format(key=keys[0], other=keys[1])
    # Translators: three or more keys that do the same thing; {keys} is a list joined by commas.
    return _("{keys} or {last}").format(
        keys=pgettext("list separator", ", ").join(keys[:-1]), last=keys[-1]
    )


def key_entry_text(keys: Sequence[str], description: str) -> str:
    """One line of the Keys reader: ``"Up arrow or Plus: Choose the higher value"``."""
    # Translators: a key (or keys) and what it does, "Up arrow or Plus: Choose the higher value".
    return _("{keys}: {description}").format(keys=keys_or(keys), description=description)


def key_help_text(entries: Sequence[tuple[str, Sequence[str]]]) -> str:
    """``"T: Say whose turn it is. C: Announce the total. …"`` from (description, keys) pairs."""
    parts = [key_entry_text(keys, description) for description, keys in entries]
    return pgettext("sentence separator", ". ").join(parts)


def key_help_mode_text(is_on: bool) -> str:
    """Entering or leaving key help."""
    if is_on:
        return _("Key help on: press a key to hear what it does, F12 or Escape to leave")
    return _("Key help off")


def key_does_text(key: str, description: str | None) -> str:
    """In key help: what a key does here."""
    if description:
        return key_entry_text([key], description)
    # Translators: in key help, a key that does nothing on this screen.
    return _("{key}: nothing here").format(key=key)


def unknown_key_text(name: str) -> str:
    """Text mode: a word that names no key."""
    return _("{name} is not a key name").format(name=name)


def setup_error_text(error: SetupError) -> str:
    """A refused set-up (an option out of range, an unknown game) as one sentence in the
    language in use: the engine's template translated and filled with its details."""
    try:
        return _(error.template).format(**error.details)
    except (KeyError, IndexError, ValueError):
        return str(error)


def keymap_problem_text(problem: str) -> str:
    """A broken keymap: the problem, and that the default keys are used."""
    # Translators: {problem} is one or two whole sentences saying what is wrong with the file.
    return _("Your keymap was not used. {problem} The default keys are in use.").format(
        problem=problem
    )


def speech_fallback_text(wanted: str, using: str, reason: str | None = None) -> str:
    """The speech chosen could not start, in a few plain words said before anything else:
    ``"Your screen reader did not answer, so the game speaks with its own voice."``.  The
    reason, often technical, goes to the log (``reason`` is kept for the caller's log)."""
    if wanted == "screenreader":
        if using == "tts":
            return _("Your screen reader did not answer, so the game speaks with its own voice.")
        if using == "text":
            return _("Your screen reader did not answer, so the game writes its words as text.")
        if using == "silent":
            return _("Your screen reader did not answer, so the game cannot speak at all.")
        # Translators: {speech} is a speech choice: "built-in voice", "text".
        return _("Your screen reader did not answer, so the game uses the {speech}.").format(
            speech=speech_label(using)
        )
    wanted_words = speech_label(wanted)
    if using == "tts":
        # Translators: {speech} is a speech choice: "built-in voice", "text".
        text = _("The {speech} did not start, so the game speaks with its own voice.")
    elif using == "text":
        text = _("The {speech} did not start, so the game writes its words as text.")
    elif using == "silent":
        text = _("The {speech} did not start, so the game cannot speak at all.")
    else:
        # Translators: {speech} and {other} are speech choices: "built-in voice", "text".
        text = _("The {speech} did not start, so the game uses the {other}.")
    return text.format(speech=wanted_words, other=speech_label(using))


def speech_refused_text(wanted: str, using: str, reason: str | None = None) -> str:
    """Settings: a speech choice that cannot speak here is not taken."""
    if reason:
        # Translators: {speech} and {other} are speech choices; {reason} is why, in a few words.
        text = _("The {speech} cannot speak here: {reason}. Speech stays with the {other}")
    else:
        text = _("The {speech} cannot speak here. Speech stays with the {other}")
    return text.format(speech=speech_label(wanted), other=speech_label(using), reason=reason)


def speech_in_use(setting: str, backend: str, output: str | None) -> str:
    """The speech setting with what really speaks: ``"screen reader, through NVDA"``."""
    chosen = speech_label(setting)
    if setting == "auto":
        if output:
            # Translators: {speech} is a speech choice; {output} a screen reader's name (NVDA).
            text = _("{chosen}, using {speech}, through {output}")
        else:
            text = _("{chosen}, using {speech}")
        return text.format(chosen=chosen, speech=speech_label(backend), output=output)
    if output:
        # Translators: {chosen} is a speech choice; {output} a screen reader's name (NVDA).
        return _("{chosen}, through {output}").format(chosen=chosen, output=output)
    return chosen


def rules_missing_text(game: str) -> str:
    """No rules file for a game."""
    return _("No rules are written for {game} yet").format(game=game)


def rules_title(game: str) -> str:
    """The rules reader's title: ``"Rules: Classic"``."""
    return _("Rules: {game}").format(game=game)


def rules_edge_text(at_end: bool) -> str:
    """The reader is at the start or the end."""
    return _("End of the text") if at_end else _("Start of the text")


def goodbye_text() -> str:
    """Said when quitting."""
    return _("Goodbye")


def no_display_text(reason: str) -> str:
    """Said in the terminal when no window can be shown, before text mode starts."""
    # Translators: {reason} is why no window can be shown, in a few words.
    return _(
        "No window can be shown here ({reason}), so the game plays in this terminal instead. "
        "Type key names and press Enter; an empty line is Enter."
    ).format(reason=reason)


def event_log_failed_text(reason: str) -> str:
    """The ``--log-events`` file stopped taking lines; the game goes on."""
    return _("The event log could not be written ({reason}); the game goes on without it.").format(
        reason=reason
    )


def hint_text(card_words: str) -> str:
    """The suggested play."""
    # Translators: a suggested play; {cards} is a card or cards, "the Queen".
    return _("Try {cards}").format(cards=card_words)


def history_item_text(text: str, is_first: bool, is_last: bool) -> str:
    """A message read again while stepping through what was said, the ends marked."""
    if is_first and is_last:
        return fill(_("{text}. Only message"), text=text)
    if is_first:
        return fill(_("{text}. First message"), text=text)
    if is_last:
        return fill(_("{text}. Last message"), text=text)
    return text


def history_edge_text() -> str:
    """Stepping past the first or last message."""
    return _("No more messages")


def waiting_for_ready_text(name: str, key: str) -> str:
    """Hot seat: the next human must say they are at the keyboard before the hand is read."""
    if is_you(name):
        return _("Your turn, press {key} when ready").format(key=key)
    return _("{player}'s turn, press {key} when ready").format(player=name, key=key)


def named_at_keys_text(name: str, text: str) -> str:
    """Hot seat: the first words after a player's Enter, led by their name, so the right
    person knows the cards that follow are theirs: ``"Ann, your bid: mark three cards"``
    (a table's words that name the player already are kept as they are)."""
    rest = text[len(name) :] if text.startswith(name) else None
    if name == YOU or (rest is not None and not rest[:1].isalpha()):  # not Yo of "Your"
        return text
    if text.startswith(("Your ", "You ")):  # English words to "you": put the name first
        return f"{name}, {text[0].lower()}{text[1:]}"
    # Translators: hot seat: a player's name, then the first words said to them once they are
    # at the keys ("Ann's turn. Trick 1: Max led the Queen"; in English also "Ann, your bid").
    return _("{player}'s turn. {text}").format(player=name, text=text)


def news_text(name: str, news: str, *, first_turn: bool) -> str:
    """Hot seat: what the table did since a player's last turn (or, before their first,
    since the deal), told once they are at the keys and led by their name: ``"Ben, since
    your last turn: Ann plays Jack, total 32. Lily plays 7, total 39"``; ``news`` is the
    narration's lines joined into one."""
    if first_turn:
        # Translators: hot seat: said to a player who has just sat down for their first turn;
        # {news} is what the others did before it, sentence after sentence ("Ann plays 6,
        # total 6. Lily plays 6, total 12"). Their turn and cards follow.
        return _("{player}, before your first turn: {news}").format(player=name, news=news)
    # Translators: hot seat: said to a player who has just sat down again; {news} is what the
    # others did since this player's last turn, sentence after sentence ("Ann plays Jack,
    # total 32. Lily plays 7, total 39"). Their turn and cards follow.
    return _("{player}, since your last turn: {news}").format(player=name, news=news)


def not_now_text() -> str:
    """A table key pressed when it has nothing to do."""
    return _("Not now")


def game_over_text() -> str:
    """The window's line once a match has ended."""
    return _("Game over")


def out_of_game_text(skip_key: str, leave_key: str) -> str:
    """Everyone at the keyboard is out while the computer players play on."""
    return _(
        "You are out of this game. Press {skip_key} to skip to the end, or {leave_key} to leave"
    ).format(skip_key=skip_key, leave_key=leave_key)


def skipping_text() -> str:
    """The player skipped ahead through the computer players."""
    return _("Skipping ahead")


def settings_saved_problem(problem: str) -> str:
    """Settings could not be saved."""
    return problem


def language_entry_text(code: str, english_games: Sequence[str]) -> str:
    """A language in Settings, by its own name, and the games said in English in it (their
    family has no catalogue or rules in that language): ``"Deutsch, but the game High card is
    in English"``."""
    name = language_name(code)
    if not english_games:
        return name
    # Translators: a language in Settings and the games it lacks, said in English instead;
    # {language} is the language's own name ("Deutsch"), {games} the games' names.
    return ngettext(
        "{language}, but the game {games} is in English",
        "{language}, but the games {games} are in English",
        len(english_games),
    ).format(language=name, games=format_list(english_games))


def language_chosen_text(code: str) -> str:
    """Settings: the language now in use, said in it."""
    return _("Language: {language}").format(language=language_name(code))
