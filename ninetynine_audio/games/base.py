"""The contract every game offers, and the data that sets a game up.

A game family (the adding games, the colour game, the trick-taking game) writes its rules as
pure functions over frozen states and describes each of its games with a :class:`GameSpec`:
how to deal, who may act, what they may do, what an action does, what one seat may know, and
how the game ended. Everything outside the family — the match screen, the menus, the command
line, saves, statistics, the tournament — works through the spec alone and never imports the
family.

States, actions and views are the family's own types: :class:`GameSpec` is generic over them
(``GameSpec[AddingState, AddingAction, AddingView]``), so mypy checks every function a family
hands to its spec against the one state, action and view types. An action always has a
``seat``; an event always has ``to_log()`` (see ``games/events.py``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from ninetynine_audio.cards import Card, CardParseError, card_text, parse_cards
from ninetynine_audio.games.errors import SetupError, unreadable_card

HUMAN = "human"
"""The kind of a seat played at the keyboard; every other kind is a computer level."""


class Event(Protocol):
    """Something that happened; every event can be written as one log line."""

    def to_log(self) -> dict[str, Any]:
        """The event as a JSON object (``{"event": "card_played", ...}``)."""
        ...


class Action(Protocol):
    """Something a seat does."""

    @property
    def seat(self) -> int:
        """The seat acting."""
        ...


StateT = TypeVar("StateT")
"""A family's frozen state."""
ActionT = TypeVar("ActionT")
"""A family's actions (usually a union of frozen dataclasses with a ``seat``)."""
ViewT = TypeVar("ViewT")
"""What one seat of a family's game may know."""


# ---------------------------------------------------------------------------- options


SWITCH = "switch"
NUMBER = "number"
CHOICE = "choice"


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue and give it back unchanged: the engines stay free of
    translation, and the presenter translates what they name (an option's label and help)."""
    return message


@dataclass(frozen=True)
class OptionSpec:
    """One option a player can set, described as data.

    The setup menus, the command-line flags (``--hand-size``), saves and the log's
    ``options`` object are all built from these. ``default`` ``None`` means the game decides
    (a number that depends on the player count, say).

    Attributes:
        name: the key in saves and logs, and the flag on the command line.
        label: what the menu calls it.
        kind: ``switch`` (on or off), ``number`` (``low`` to ``high``) or ``choice``
            (one of ``values``).
        help: one line for ``--help``.
        game_default: the value the game takes when left to it, by the number of players.
    """

    name: str
    label: str
    kind: str
    default: Any = None
    values: tuple[Any, ...] = ()
    low: int | None = None
    high: int | None = None
    help: str = ""
    game_default: Callable[[int], Any] | None = field(default=None, compare=False)
    """With ``default`` ``None``: the value the game takes for so many players, so a menu can
    say it ("game default, 5")."""

    @property
    def flag(self) -> str:
        """The command-line flag."""
        return "--" + self.name.replace("_", "-")

    def allowed(self, value: Any) -> bool:
        """Whether ``value`` is of this option's form (the game may still refuse it).

        ``None`` is always allowed for a number or a choice: it leaves the value to the game.
        """
        if self.kind == SWITCH:
            return isinstance(value, bool)
        if value is None:
            return True
        if isinstance(value, bool):
            return False
        if self.kind == NUMBER:
            return (
                isinstance(value, int)
                and (self.low is None or value >= self.low)
                and (self.high is None or value <= self.high)
            )
        return value in self.values

    def menu_values(self) -> tuple[Any, ...]:
        """The values a menu steps through; ``None`` (the game's default) first where the
        default is ``None``. A number option with ``values`` steps through those."""
        if self.kind == SWITCH:
            return (False, True)
        unset: tuple[Any, ...] = (None,) if self.default is None else ()
        if self.values:
            return unset + self.values
        low = self.low if self.low is not None else 0
        high = self.high if self.high is not None else low
        return unset + tuple(range(low, high + 1))


def check_options(specs: Sequence[OptionSpec], data: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of ``data`` once every value is of its option's form.

    Options left out take their default when the game is dealt. A name that is not an option
    of this game is accepted only with an unset value (``None`` or off): a family's logs and
    saves name every option of the family, and a game without that option leaves it unset.

    Raises:
        SetupError: an unknown option that is set, or a value of the wrong form.
    """
    known = {spec.name: spec for spec in specs}
    for name, value in data.items():
        spec = known.get(name)
        if spec is None:
            if value is None or value is False:
                continue
            raise SetupError("unknown option {option!r}", option=name, value=value)
        if not spec.allowed(value):
            raise SetupError("the option {option} cannot be {value!r}", option=name, value=value)
    return dict(data)


# ---------------------------------------------------------------------------- set-up


@dataclass(frozen=True)
class GameSetup:
    """Everything needed to start one game.

    ``options`` holds a value for each of the game's :class:`OptionSpec` (missing ones take
    their default); ``deck`` stacks the cards, in the family's own card type, top first.
    """

    game: str
    names: tuple[str, ...]
    kinds: tuple[str, ...]
    options: Mapping[str, Any] = field(default_factory=dict)
    seed: int = 0
    deck: tuple[Any, ...] | None = None

    def option(self, name: str, default: Any = None) -> Any:
        """The value of one option."""
        return self.options.get(name, default)


# ---------------------------------------------------------------------------- results


@dataclass(frozen=True)
class Outcome:
    """How a game ended, the same for every game.

    Attributes:
        places: seats, first place first; every seat appears once.
        scores: one number per seat: lives or tokens left, or points.
        winner: the seat that won, or ``None`` (an arcade match ends when You are out).
    """

    places: tuple[int, ...]
    scores: tuple[int, ...]
    winner: int | None

    def place_of(self, seat: int) -> int:
        """The place of ``seat``, 1 for the winner."""
        return self.places.index(seat) + 1


# ---------------------------------------------------------------------------- actions


class CodecError(ValueError):
    """Data that names no action of the game; the message says what is wrong."""


@dataclass(frozen=True)
class ActionCodec(Generic[ActionT]):
    """One way to write a game's actions as JSON, for saves and for log replay.

    Attributes:
        encode: the action as a JSON list (``["play", 0, "10H", "-10"]``).
        decode: the list back into an action for a table of ``seats`` seats; raises
            :class:`CodecError`.
        from_log: at ``position`` of one game's log records, the encoded action a player took
            there (``None`` when the line is not the start of an action); ``seats`` maps the
            names of the log to seats. Log replay uses it with ``decode``.
    """

    encode: Callable[[ActionT], list[Any]]
    decode: Callable[[Any, int], ActionT]
    from_log: Callable[[Sequence[Mapping[str, Any]], int, Mapping[str, int]], list[Any] | None]


# ---------------------------------------------------------------------------- who acts


def no_seats(state: Any) -> tuple[int, ...]:
    """``immediate_seats`` for a game whose every move waits for a computer player's pause."""
    return ()


def never_out(state: Any, seat: int) -> bool:
    """``is_out`` for a game that every seat plays to the end."""
    return False


def owes_nothing(state: Any, seat: int) -> None:
    """``owed_action`` for a game with no side action owed beside the turn."""
    return None


# ---------------------------------------------------------------------------- the 52-card deck

COMPUTER_NAMES = ("Lily", "Max", "Zoe", "Oskar", "Frida", "Igor", "Petra", "Boris")
"""The names computer players take at a table whose seats are not named: eight that no voice
of the game's languages says alike, nor like a short name a person often has (Ann, Ben, Eva,
Jan: ``tools/name_sounds.py`` measures it), each begun with a sound of its own. Lily, Max and
Zoe are the arcade's opponents. Women's and men's names alternate, each plainly one or the
other, for the languages whose words agree with who is meant."""


def seat_names(kinds: Sequence[str], computers: Sequence[str] = COMPUTER_NAMES) -> tuple[str, ...]:
    """``default_names`` of most games: You for the first human, Player 2 and on for other
    humans, ``computers`` in turn for the computer players (Player <n> once they run out)."""
    names: list[str] = []
    spare = iter(computers)
    humans = 0
    for kind in kinds:
        if kind == HUMAN:
            humans += 1
            names.append("You" if humans == 1 else f"Player {humans}")
        else:
            names.append(next(spare, f"Player {len(names) + 1}"))
    return tuple(names)


def parse_standard_deck(text: str | Sequence[str]) -> tuple[Card, ...]:
    """``parse_deck`` of a 52-card game: a stacked deck, top first (``"AS 10H 6C"``).

    Raises:
        SetupError: a card text names no card; the sentence says how to write one.
    """
    try:
        return parse_cards(text)
    except CardParseError as error:
        raise unreadable_card(error.text) from None


def standard_deck_text(cards: Sequence[Card]) -> list[str]:
    """``deck_text`` of a 52-card game: each card in notation (``"10H"``)."""
    return [card_text(card) for card in cards]


def standard_setup_from_log(record: Mapping[str, Any]) -> GameSetup:
    """``setup_from_log`` of a 52-card game whose options are plain values: the game, players,
    kinds (people where the line names none), options, seed and stacked deck of a
    ``game_started`` line.

    Raises:
        SetupError: a field is missing or of the wrong form, or a card names no card.
    """
    try:
        game = str(record["game"])
        players = tuple(str(name) for name in record["players"])
        kinds = tuple(str(kind) for kind in record.get("kinds", [HUMAN] * len(players)))
        options = dict(record.get("options", {}))
        seed = int(record["seed"])
    except (KeyError, TypeError, ValueError) as error:
        raise SetupError("the game_started line cannot be read: {reason}", reason=error) from None
    deck = parse_standard_deck(record["deck"]) if record.get("deck") else None
    return GameSetup(game=game, names=players, kinds=kinds, options=options, seed=seed, deck=deck)


# ---------------------------------------------------------------------------- the spec


@dataclass(frozen=True)
class GameSpec(Generic[StateT, ActionT, ViewT]):
    """One game as the rest of the program sees it.

    The functions are the family's engine; ``state`` is the family's frozen state, which the
    functions never change.

    Attributes:
        id: the game id (``"classic"``), used in saves, logs, statistics and ``--game``.
        family: the family whose engine, bots, wording and table play it (``"adding"``).
        aliases: other names accepted on the command line.
        min_players / max_players: how many seats the game takes.
        options: what a player may set.
        new_game: deal from a set-up; the new state and the opening events. Raises
            ``SetupError``.
        seats_to_act: the seats that may act now (several can: a manual draw beside the turn,
            a bidding round); empty once the game is over.
        legal_actions: what one seat may do now.
        check: raise a subclass of ``IllegalAction`` when an action is not allowed now.
        apply: check, then carry out an action: the new state and what happened.
        view: all one seat may know.
        outcome: how the game ended, or ``None`` while it goes on.
        progress: the round or deal being played (for menus and summaries).
        scores: one number per seat now: lives or tokens left, or points.
        codec: how actions are written in saves and found in logs.
        default_names: names for seats of the given kinds (by default :func:`seat_names`).
        parse_deck: the cards of a stacked deck written in the family's notation (by default
            the 52-card deck's, :func:`parse_standard_deck`).
        deck_text: a stacked deck written back in that notation (:func:`standard_deck_text`).
        fixed_seats: where the game names its seats itself (arcade's You, Lily, Max, Zoe).
        setup_from_log: the set-up a log's ``game_started`` line describes (by default
            :func:`standard_setup_from_log`).
        turn_seat: the seat whose turn it is (a side action owed beside the turn, as a draw
            by hand, is not the turn); ``None`` once the game is over.
        immediate_seats: the seats that act at once, without the pause a computer player
            takes before a move (a bidding round, a draw owed, the rest of a turn under way);
            by default none.
        is_out: ``is_out(state, seat)``: whether ``seat`` has left a game that goes on (by
            default nobody leaves).
        owed_action: ``owed_action(state, seat)``: the action ``seat`` owes beside the turn
            (a draw by hand), or ``None`` (by default nothing is owed). The table asks a person
            for it by name.
        resample: ``resample(state, seat, rng)`` is a state that ``seat`` cannot tell from
            ``state`` (its view is the same) with every card that seat cannot see dealt again
            at random by ``rng``: the same cards, the same number in each hidden place. A
            search that may not peek plays on such states; the conformance test uses it to
            check that no view shows a hidden card. ``None`` for a game without one yet.
    """

    id: str
    family: str
    min_players: int
    max_players: int
    new_game: Callable[[GameSetup], tuple[StateT, tuple[Any, ...]]]
    seats_to_act: Callable[[StateT], tuple[int, ...]]
    legal_actions: Callable[[StateT, int], tuple[ActionT, ...]]
    check: Callable[[StateT, ActionT], object]
    apply: Callable[[StateT, ActionT], tuple[StateT, tuple[Any, ...]]]
    view: Callable[[StateT, int], ViewT]
    outcome: Callable[[StateT], Outcome | None]
    progress: Callable[[StateT], int]
    scores: Callable[[StateT], tuple[int, ...]]
    codec: ActionCodec[ActionT]
    # Who acts, answered by the rules for every table (the match, a seat's port, a server):
    # these are public facts, the same for every seat.
    turn_seat: Callable[[StateT], int | None]
    # Everything below has a default: a game of the 52-card deck (parse_deck, deck_text,
    # setup_from_log), seats named You, Lily, Max… (default_names), where nobody leaves early,
    # nothing is owed beside the turn and no seat acts without a computer player's pause.
    aliases: tuple[str, ...] = ()
    options: tuple[OptionSpec, ...] = ()
    default_names: Callable[[Sequence[str]], tuple[str, ...]] = seat_names
    parse_deck: Callable[[str | Sequence[str]], tuple[Any, ...]] = parse_standard_deck
    deck_text: Callable[[Sequence[Any]], list[str]] = standard_deck_text
    setup_from_log: Callable[[Mapping[str, Any]], GameSetup] = standard_setup_from_log
    immediate_seats: Callable[[StateT], tuple[int, ...]] = no_seats
    is_out: Callable[[StateT, int], bool] = never_out
    owed_action: Callable[[StateT, int], ActionT | None] = owes_nothing
    fixed_seats: tuple[str, ...] | None = None
    default_kinds: tuple[str, ...] = ("human", "normal", "normal", "normal")
    resample: Callable[[StateT, int, random.Random], StateT] | None = None

    def is_over(self, state: StateT) -> bool:
        """Whether the game has ended."""
        return self.outcome(state) is not None

    def check_options(self, data: Mapping[str, Any]) -> dict[str, Any]:
        """``data`` checked against the game's options (see :func:`check_options`)."""
        return check_options(self.options, data)


AnySpec = GameSpec[Any, Any, Any]
"""A game of any family, as the code that runs every game holds it."""
