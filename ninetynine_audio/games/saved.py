"""A match in progress as plain data, and the way back from that data to the game.

A saved match is the set-up (game, seats, options, seed, stacked deck) and every action taken
since the deal, oldest first. The engine gives the same game for the same seed and actions, so
replaying the actions rebuilds the table exactly: the same hands, the same stock, the same
order. Nothing here touches files; ``store.saves`` writes and reads the records made here.

A record (the JSON object of a save file) looks like this::

    {"schema": 1, "game": "classic", "names": ["You", "Lily"], "kinds": ["human", "normal"],
     "options": {"lives": null, ...}, "seed": 7, "deck": null,
     "actions": [["play", 0, "10H", "-10"], ["draw", 0], ["play", 1, "KS", null]],
     "summary": {"game": "classic", "level": "normal", "round": 2}}

``summary`` is what the main menu says about the match without replaying it; it is written
for that purpose and rebuilt, never trusted, when the match is restored. ``store.saves`` adds
``saved_at``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any

from ninetynine_audio.cards import Card, CardParseError, card_text, parse_card
from ninetynine_audio.games.adding import (
    Action,
    AddingOptions,
    AddingState,
    Choice,
    DrawCard,
    Event,
    PlayCard,
    apply,
    new_game,
)
from ninetynine_audio.games.errors import GameError
from ninetynine_audio.games.setup import GAMES, GameSetup

__all__ = [
    "HUMAN",
    "MIXED",
    "NO_BOTS",
    "SAVE_SCHEMA",
    "SaveError",
    "SavedMatch",
    "advance",
    "from_record",
    "match_level",
    "record_action",
    "restore",
    "resume",
    "start_match",
    "to_record",
]

SAVE_SCHEMA = 1
"""Version of the saved-match format, written as ``schema``."""

HUMAN = "human"
"""The kind of a seat played at the keyboard."""

MIXED = "mixed"
"""The level of a match whose computer players are not all of one level."""

NO_BOTS = "humans"
"""The level of a match with no computer players at all (every seat at the keyboard)."""

PLAY = "play"
DRAW = "draw"


class SaveError(ValueError):
    """A saved match that cannot be turned back into a game; the message names the fault."""


@dataclass(frozen=True)
class SavedMatch:
    """A match as it is saved: how it was set up, and every action taken since.

    Attributes:
        setup: the game, seats, options, seed and stacked deck the match began with.
        actions: every action applied after the deal, oldest first.
        round: the round being played after the last action (for the Continue menu).
        saved_at: when the record was last written (ISO 8601, from ``store.saves``), if known.
    """

    setup: GameSetup
    actions: tuple[Action, ...] = ()
    round: int = 1
    saved_at: str | None = None

    @property
    def level(self) -> str:
        """The level of the match's computer players (see :func:`match_level`)."""
        return match_level(self.setup.kinds)


def match_level(kinds: Collection[str]) -> str:
    """The level statistics and the menu use for a table of seats of ``kinds``.

    The computer players' level when they all share one (arcade always does), ``MIXED`` when
    they differ, ``NO_BOTS`` when every seat is human.
    """
    levels = {kind for kind in kinds if kind != HUMAN}
    if not levels:
        return NO_BOTS
    if len(levels) == 1:
        return next(iter(levels))
    return MIXED


# ---------------------------------------------------------------------------- playing


def start_match(setup: GameSetup) -> tuple[SavedMatch, AddingState, tuple[Event, ...]]:
    """Deal a new match from ``setup``: its saved form, the state and the opening events.

    Raises:
        SetupError: the set-up is not a game the engine can start.
    """
    state, events = new_game(
        setup.game,
        setup.names,
        kinds=setup.kinds,
        options=setup.options,
        seed=setup.seed,
        deck=setup.deck,
    )
    return SavedMatch(setup, (), state.round), state, events


def record_action(saved: SavedMatch, action: Action, after: AddingState) -> SavedMatch:
    """``saved`` with ``action`` added; ``after`` is the state the action led to.

    The action must be the one just applied to the state ``saved`` describes; :func:`advance`
    does both steps at once and is the safer call.
    """
    return dataclasses.replace(saved, actions=(*saved.actions, action), round=after.round)


def advance(
    saved: SavedMatch, state: AddingState, action: Action
) -> tuple[SavedMatch, AddingState, tuple[Event, ...]]:
    """Apply ``action`` to ``state`` and record it in ``saved``.

    Raises:
        IllegalAction: the engine refused the action; nothing is recorded.
    """
    after, events = apply(state, action)
    return record_action(saved, action, after), after, events


def restore(saved: SavedMatch) -> tuple[AddingState, tuple[Event, ...]]:
    """Rebuild the table of ``saved`` by dealing again and replaying every action.

    Returns the state after the last action and the events of the whole match, oldest first
    (for a history or a log).

    Raises:
        SaveError: the set-up cannot be dealt, an action is not legal where it stands, or the
            match is already over (a finished match is never continued).
    """
    try:
        _, state, opening = start_match(saved.setup)
    except GameError as error:
        raise SaveError(f"the match cannot be dealt again: {error}") from None
    events: list[Event] = list(opening)
    for number, action in enumerate(saved.actions, start=1):
        if not 0 <= action.seat < len(state.players):
            raise SaveError(f"action {number}: there is no seat {action.seat}")
        try:
            state, caused = apply(state, action)
        except GameError as error:
            problem = f"action {number} ({_describe(action)}) is not legal: {error}"
            raise SaveError(problem) from None
        events.extend(caused)
    if state.is_over:
        raise SaveError("the saved match is already over")
    return state, tuple(events)


def resume(
    record: Mapping[str, Any], known_kinds: Collection[str] | None = None
) -> tuple[SavedMatch, AddingState, tuple[Event, ...]]:
    """:func:`from_record` then :func:`restore`: the match, its state and all its events.

    The saved match comes back with ``round`` taken from the restored state.

    Raises:
        SaveError: anything wrong with the record or its actions.
    """
    saved = from_record(record, known_kinds)
    state, events = restore(saved)
    return dataclasses.replace(saved, round=state.round), state, events


def _describe(action: Action) -> str:
    if isinstance(action, DrawCard):
        return f"seat {action.seat} draws"
    choice = f" as {action.choice.value}" if action.choice else ""
    return f"seat {action.seat} plays {card_text(action.card)}{choice}"


# ---------------------------------------------------------------------------- records


def to_record(saved: SavedMatch) -> dict[str, Any]:
    """The JSON object of ``saved`` (``saved_at`` included only when known)."""
    setup = saved.setup
    record: dict[str, Any] = {
        "schema": SAVE_SCHEMA,
        "game": setup.game,
        "names": list(setup.names),
        "kinds": list(setup.kinds),
        "options": dataclasses.asdict(setup.options),
        "seed": setup.seed,
        "deck": None if setup.deck is None else [card_text(card) for card in setup.deck],
        "actions": [_action_to_list(action) for action in saved.actions],
        "summary": {"game": setup.game, "level": saved.level, "round": saved.round},
    }
    if saved.saved_at is not None:
        record["saved_at"] = saved.saved_at
    return record


def _action_to_list(action: Action) -> list[Any]:
    if isinstance(action, DrawCard):
        return [DRAW, action.seat]
    choice = action.choice.value if action.choice else None
    return [PLAY, action.seat, card_text(action.card), choice]


def from_record(
    record: Mapping[str, Any], known_kinds: Collection[str] | None = None
) -> SavedMatch:
    """Read a record back into a :class:`SavedMatch`, checking every field's form.

    ``known_kinds`` (``"human"`` and the bot levels), when given, is what a seat's kind must be
    one of. Whether the actions are legal is only known by replaying them: see :func:`restore`.

    Raises:
        SaveError: a field is missing or of the wrong form; the message names it.
    """
    if not isinstance(record, Mapping):
        raise SaveError("a saved match must be a JSON object")
    schema = _field(record, "schema", int)
    if schema != SAVE_SCHEMA:
        raise SaveError(f"schema {schema} is not the supported version {SAVE_SCHEMA}")
    game = _field(record, "game", str)
    if game not in GAMES:
        raise SaveError(f"game {game!r} is not one of {', '.join(GAMES)}")
    names = _strings(record, "names")
    kinds = _strings(record, "kinds")
    if len(kinds) != len(names):
        raise SaveError(f"there are {len(names)} names but {len(kinds)} kinds")
    if known_kinds is not None:
        for kind in kinds:
            if kind not in known_kinds:
                raise SaveError(f"kinds: {kind!r} is not a known kind of player")
    options = _options(_field(record, "options", dict))
    seed = _field(record, "seed", int)
    deck_texts = record.get("deck")
    deck = None
    if deck_texts is not None:
        deck = tuple(_card(text, "deck") for text in _strings(record, "deck"))
    raw_actions = _field(record, "actions", list)
    actions = tuple(
        _action_from_list(item, number, len(names))
        for number, item in enumerate(raw_actions, start=1)
    )
    summary = record.get("summary")
    round_number = summary.get("round") if isinstance(summary, Mapping) else None
    if not (isinstance(round_number, int) and not isinstance(round_number, bool)):
        round_number = 1
    saved_at = record.get("saved_at")
    return SavedMatch(
        setup=GameSetup(game, names, kinds, options, seed, deck),
        actions=actions,
        round=max(round_number, 1),
        saved_at=saved_at if isinstance(saved_at, str) else None,
    )


def _is_int(value: object) -> bool:
    # JSON true/false load as bool, which Python counts as int; a save never means them so.
    return isinstance(value, int) and not isinstance(value, bool)


def _field(record: Mapping[str, Any], name: str, kind: type) -> Any:
    if name not in record:
        raise SaveError(f"the field {name!r} is missing")
    value = record[name]
    is_right = _is_int(value) if kind is int else isinstance(value, kind)
    if not is_right:
        raise SaveError(f"the field {name!r} should be {kind.__name__}, not {value!r}")
    return value


def _strings(record: Mapping[str, Any], name: str) -> tuple[str, ...]:
    values = _field(record, name, list)
    if not all(isinstance(value, str) for value in values):
        raise SaveError(f"every entry of {name!r} should be text")
    return tuple(values)


def _options(data: dict[str, Any]) -> AddingOptions:
    fields = {field.name: field for field in dataclasses.fields(AddingOptions)}
    for name, value in data.items():
        if name not in fields:
            raise SaveError(f"options: {name!r} is not an option")
        # The number options may be null (the game's default); the others are switches.
        if name in ("lives", "hand_size"):
            is_right = value is None or _is_int(value)
        else:
            is_right = isinstance(value, bool)
        if not is_right:
            raise SaveError(f"options: {name} cannot be {value!r}")
    return AddingOptions(**data)


def _card(text: object, where: str) -> Card:
    if not isinstance(text, str):
        raise SaveError(f"{where}: {text!r} is not a card")
    try:
        return parse_card(text)
    except CardParseError:
        raise SaveError(f"{where}: {text!r} is not a card") from None


def _action_from_list(item: object, number: int, seats: int) -> Action:
    where = f"action {number}"
    if not isinstance(item, list) or not item or item[0] not in (PLAY, DRAW):
        raise SaveError(f"{where}: {item!r} is not a play or a draw")
    expected = 4 if item[0] == PLAY else 2
    if len(item) != expected:
        raise SaveError(f"{where}: a {item[0]} has {expected} entries, not {len(item)}")
    seat = item[1]
    if not _is_int(seat) or not 0 <= seat < seats:
        raise SaveError(f"{where}: there is no seat {seat!r}")
    if item[0] == DRAW:
        return DrawCard(seat)
    card = _card(item[2], where)
    choice_text = item[3]
    if choice_text is None:
        return PlayCard(seat, card)
    try:
        return PlayCard(seat, card, Choice(choice_text))
    except ValueError:
        raise SaveError(f"{where}: {choice_text!r} is not a way to play a card") from None
