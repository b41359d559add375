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
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ninetynine_audio.games.base import HUMAN, AnySpec, CodecError, GameSetup
from ninetynine_audio.games.errors import GameError
from ninetynine_audio.games.registry import find_game, game_ids, is_game
from ninetynine_audio.games.setup import safe_name

__all__ = [
    "HUMAN",
    "MIXED",
    "NO_BOTS",
    "SAVE_SCHEMA",
    "RecordMaker",
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

MIXED = "mixed"
"""The level of a match whose computer players are not all of one level."""

NO_BOTS = "humans"
"""The level of a match with no computer players at all (every seat at the keyboard)."""


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
    actions: tuple[Any, ...] = ()
    round: int = 1
    saved_at: str | None = None

    @property
    def spec(self) -> AnySpec:
        """The game being played."""
        return find_game(self.setup.game)

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


def start_match(setup: GameSetup) -> tuple[SavedMatch, Any, tuple[Any, ...]]:
    """Deal a new match from ``setup``: its saved form, the state and the opening events.

    Raises:
        SetupError: the set-up is not a game the engine can start.
    """
    spec = find_game(setup.game)
    state, events = spec.new_game(setup)
    return SavedMatch(setup, (), spec.progress(state)), state, events


def record_action(saved: SavedMatch, action: Any, after: Any) -> SavedMatch:
    """``saved`` with ``action`` added; ``after`` is the state the action led to.

    The action must be the one just applied to the state ``saved`` describes; :func:`advance`
    does both steps at once and is the safer call.
    """
    progress = saved.spec.progress(after)
    return dataclasses.replace(saved, actions=(*saved.actions, action), round=progress)


def advance(saved: SavedMatch, state: Any, action: Any) -> tuple[SavedMatch, Any, tuple[Any, ...]]:
    """Apply ``action`` to ``state`` and record it in ``saved``.

    Raises:
        IllegalAction: the engine refused the action; nothing is recorded.
    """
    after, events = saved.spec.apply(state, action)
    return record_action(saved, action, after), after, events


def restore(saved: SavedMatch) -> tuple[Any, tuple[Any, ...]]:
    """Rebuild the table of ``saved`` by dealing again and replaying every action.

    Returns the state after the last action and the events of the whole match, oldest first
    (for a history or a log).

    Raises:
        SaveError: the set-up cannot be dealt, an action is not legal where it stands, or the
            match is already over (a finished match is never continued).
    """
    state, events = replay_record(saved)
    if saved.spec.is_over(state):
        raise SaveError("the saved match is already over")
    return state, events


def replay_record(saved: SavedMatch) -> tuple[Any, tuple[Any, ...]]:
    """Deal ``saved`` again and apply every action: the state after the last one and the
    events of the whole match, oldest first, over or not (a finished match's log).

    Raises:
        SaveError: the set-up cannot be dealt, or an action is not legal where it stands.
    """
    try:
        _, state, opening = start_match(saved.setup)
    except GameError as error:
        raise SaveError(f"the match cannot be dealt again: {error}") from None
    spec = saved.spec
    events: list[Any] = list(opening)
    for number, action in enumerate(saved.actions, start=1):
        if not 0 <= action.seat < len(saved.setup.names):
            raise SaveError(f"action {number}: there is no seat {action.seat}")
        try:
            state, caused = spec.apply(state, action)
        except GameError as error:
            problem = f"action {number} ({_describe(spec, action)}) is not legal: {error}"
            raise SaveError(problem) from None
        events.extend(caused)
    return state, tuple(events)


def resume(
    record: Mapping[str, Any], known_kinds: Collection[str] | None = None
) -> tuple[SavedMatch, Any, tuple[Any, ...]]:
    """:func:`from_record` then :func:`restore`: the match, its state and all its events.

    The saved match comes back with ``round`` taken from the restored state.

    Raises:
        SaveError: anything wrong with the record or its actions.
    """
    saved = from_record(record, known_kinds)
    state, events = restore(saved)
    return dataclasses.replace(saved, round=saved.spec.progress(state)), state, events


def _describe(spec: AnySpec, action: Any) -> str:
    return " ".join(str(part) for part in spec.codec.encode(action))


# ---------------------------------------------------------------------------- records


def to_record(saved: SavedMatch, codes: Sequence[Any] | None = None) -> dict[str, Any]:
    """The JSON object of ``saved`` (``saved_at`` included only when known); ``codes``: its
    actions already encoded (:class:`RecordMaker`)."""
    setup = saved.setup
    if codes is None:
        codes = [saved.spec.codec.encode(action) for action in saved.actions]
    record: dict[str, Any] = {
        "schema": SAVE_SCHEMA,
        "game": setup.game,
        "names": list(setup.names),
        "kinds": list(setup.kinds),
        "options": dict(setup.options),
        "seed": setup.seed,
        "deck": None if setup.deck is None else saved.spec.deck_text(setup.deck),
        "actions": list(codes),
        "summary": {"game": setup.game, "level": saved.level, "round": saved.round},
    }
    if saved.saved_at is not None:
        record["saved_at"] = saved.saved_at
    return record


class RecordMaker:
    """:func:`to_record` for a match stored after every action: each action is encoded once,
    as the match grows by one at a time, instead of the whole list again at each."""

    def __init__(self) -> None:
        self._of: tuple[Any, ...] = ()
        self._codes: list[Any] = []

    def record(self, saved: SavedMatch) -> dict[str, Any]:
        """The JSON object of ``saved``, as :func:`to_record` makes it."""
        actions = saved.actions
        known = self._of
        earlier = actions[: len(known)]
        if len(known) > len(actions) or any(
            a is not b for a, b in zip(known, earlier, strict=True)
        ):
            known, self._codes = (), []  # another match, or one taken back: start again
        self._codes.extend(saved.spec.codec.encode(action) for action in actions[len(known) :])
        self._of = actions
        return to_record(saved, self._codes)


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
    if not is_game(game):
        raise SaveError(f"game {game!r} is not one of {', '.join(game_ids())}")
    spec = find_game(game)
    written_names = _strings(record, "names")
    kinds = _strings(record, "kinds")
    if len(kinds) != len(written_names):
        raise SaveError(f"there are {len(written_names)} names but {len(kinds)} kinds")
    if known_kinds is not None:
        for kind in kinds:
            if kind not in known_kinds:
                raise SaveError(f"kinds: {kind!r} is not a known kind of player")
    # A name edited by hand (a lone surrogate, control characters, a megabyte of text) must
    # neither stop the next save nor reach the speech: it is mended, never refused.
    names = _safe_names(spec, written_names, kinds)
    try:
        options = spec.check_options(_field(record, "options", dict))
    except GameError as error:
        raise SaveError(f"options: {error}") from None
    seed = _field(record, "seed", int)
    deck = None
    if record.get("deck") is not None:
        try:
            deck = spec.parse_deck(_strings(record, "deck"))
        except ValueError as error:
            raise SaveError(f"deck: {error}") from None
    raw_actions = _field(record, "actions", list)
    actions = []
    for number, item in enumerate(raw_actions, start=1):
        try:
            actions.append(spec.codec.decode(item, len(names)))
        except CodecError as error:
            raise SaveError(f"action {number}: {error}") from None
    summary = record.get("summary")
    round_number = summary.get("round") if isinstance(summary, Mapping) else None
    if not (isinstance(round_number, int) and not isinstance(round_number, bool)):
        round_number = 1
    saved_at = record.get("saved_at")
    return SavedMatch(
        setup=GameSetup(game, names, kinds, options, seed, deck),
        actions=tuple(actions),
        round=max(round_number, 1),
        saved_at=saved_at if isinstance(saved_at, str) else None,
    )


def _safe_names(spec: AnySpec, written: tuple[str, ...], kinds: tuple[str, ...]) -> tuple[str, ...]:
    """The names of a save made safe (``games.setup.safe_name``). A name with nothing left
    takes its seat's default, and one that mending made the same as another's gets its seat
    number, since every player needs a name of their own."""
    try:
        defaults = spec.default_names(kinds)
    except Exception:
        # A table the game cannot seat is refused when it is dealt again.
        defaults = tuple(str(seat + 1) for seat in range(len(written)))
    names: list[str] = []
    for seat, name in enumerate(written):
        default = defaults[seat] if seat < len(defaults) else str(seat + 1)
        mended = safe_name(name, default)
        if mended in names and mended != name:
            mended = default if default not in names else f"{mended[:36]} {seat + 1}"
        names.append(mended)
    return tuple(names)


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
