"""The adding games as the rest of the program sees them: one :class:`GameSpec` each.

Classic, arcade and tactical share the engine, the action codec, the names and the deck
notation; they differ in their player counts and in the options a player may set.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import fields, replace
from typing import TYPE_CHECKING, Any

from ninetynine_audio.cards import CardParseError, card_text, parse_card, parse_cards
from ninetynine_audio.games.adding.rules import (
    CLASSIC_FLAGS,
    HAND_SIZES,
    MAX_LIVES,
    PLAYER_RANGE,
    AddingOptions,
    make_rules,
)
from ninetynine_audio.games.base import (
    CHOICE,
    COMPUTER_NAMES,
    HUMAN,
    N_,
    NUMBER,
    SWITCH,
    ActionCodec,
    CodecError,
    GameSetup,
    GameSpec,
    OptionSpec,
    Outcome,
    seat_names,
)
from ninetynine_audio.games.errors import SetupError

if TYPE_CHECKING:
    import random

    from ninetynine_audio.games.adding.model import AddingState, AddingView, DrawCard, PlayCard

# The engine is imported by the functions below when a game is first played, not when the
# games are registered: listing the games (menus, --help) must not load it.

FAMILY = "adding"
DEFAULT_NAMES = COMPUTER_NAMES
ARCADE_NAMES = ("You", "Lily", "Max", "Zoe")
LIVES_STEPS = (1, 2, 3, 5, 7, 10, 15, 20)
"""The lives a menu offers, after the game's own default."""

# ---------------------------------------------------------------------------- options

LIVES = OptionSpec(
    "lives",
    N_("Lives"),
    NUMBER,
    default=None,
    values=LIVES_STEPS,
    low=1,
    high=MAX_LIVES,
    help=N_("lives (tokens, points) each"),
    game_default=lambda players: make_rules("classic", players).lives,
)
TACTICAL_POINTS = replace(
    LIVES,
    label=N_("Points"),
    help=N_("points each"),
    game_default=lambda players: make_rules("tactical", players).lives,
)
"""Tactical's lives are points, in the menu as in the game (the option keeps its name)."""
HAND_SIZE = OptionSpec(
    "hand_size",
    N_("Hand size"),
    CHOICE,
    default=3,
    values=HAND_SIZES,
    help=N_("classic: 3, 4, 5 or 7"),
)
_FLAG_TEXTS = {
    "ten_always_minus": (N_("10 always minus"), N_("a 10 always takes 10 away")),
    "swap_nine_king": (N_("9 and King swapped"), N_("the 9 makes 99 and the King passes")),
    "keep_going": (
        N_("Keep going after a lost life"),
        N_("after a lost token only the total goes back to 0; hands are kept"),
    ),
    "two_player_four": (
        N_("Two-player 4 plays again"),
        N_("with two players a 4 gives its player another turn"),
    ),
    "straight_out": (N_("Straight out"), N_("no tokens: a stuck player is out at once")),
    "manual_draw": (N_("Draw by hand"), N_("players draw with a key and can forget to")),
}
CLASSIC_OPTIONS = (
    LIVES,
    HAND_SIZE,
    *(
        OptionSpec(name, _FLAG_TEXTS[name][0], SWITCH, default=False, help=_FLAG_TEXTS[name][1])
        for name in CLASSIC_FLAGS
    ),
)

_OPTION_NAMES = frozenset(f.name for f in fields(AddingOptions))


def adding_options(options: Mapping[str, Any]) -> AddingOptions:
    """The engine's options from a set-up's mapping (names of other families are refused)."""
    if isinstance(options, AddingOptions):
        return options
    unknown = sorted(set(options) - _OPTION_NAMES)
    if unknown:
        raise SetupError("unknown option {option!r}", option=unknown[0])
    return AddingOptions(**options)


# ---------------------------------------------------------------------------- engine


def _new_game(setup: GameSetup) -> tuple[AddingState, tuple[Any, ...]]:
    from ninetynine_audio.games.adding.engine import new_game

    return new_game(
        setup.game,
        setup.names,
        kinds=setup.kinds,
        options=adding_options(setup.options),
        seed=setup.seed,
        deck=setup.deck,
    )


def _legal_actions(state: AddingState, seat: int) -> tuple[PlayCard | DrawCard, ...]:
    from ninetynine_audio.games.adding.engine import legal_actions_for

    return legal_actions_for(state, seat)


def _check(state: AddingState, action: PlayCard | DrawCard) -> object:
    from ninetynine_audio.games.adding.engine import check

    return check(state, action)


def _apply(state: AddingState, action: PlayCard | DrawCard) -> tuple[AddingState, tuple[Any, ...]]:
    from ninetynine_audio.games.adding.engine import apply

    return apply(state, action)


def _view(state: AddingState, seat: int) -> AddingView:
    from ninetynine_audio.games.adding.engine import view

    return view(state, seat)


def seats_to_act(state: AddingState) -> tuple[int, ...]:
    """Seats owing a draw first, in seat order (manual draw), then the seat whose turn it is."""
    if state.is_over:
        return ()
    if True not in state.owes_draw:
        return (state.to_act,)
    drawing = tuple(
        seat for seat, owed in enumerate(state.owes_draw) if owed and _legal_actions(state, seat)
    )
    return drawing if state.to_act in drawing else (*drawing, state.to_act)


def turn_seat(state: AddingState) -> int | None:
    """The seat whose turn it is to play (a draw owed by hand does not make a turn)."""
    return None if state.is_over else state.to_act


def immediate_seats(state: AddingState) -> tuple[int, ...]:
    """Seats owing a draw (manual draw): computer players draw at once."""
    if state.is_over:
        return ()
    return tuple(seat for seat, owed in enumerate(state.owes_draw) if owed)


def is_out(state: AddingState, seat: int) -> bool:
    """Out of lives (tokens, points) while the game goes on."""
    return not state.is_in(seat)


def owed_action(state: AddingState, seat: int) -> DrawCard | None:
    """Draw by hand: a seat that has played and not drawn owes its draw."""
    from ninetynine_audio.games.adding.model import DrawCard

    if state.is_over or not state.owes_draw[seat]:
        return None
    return DrawCard(seat)


def outcome(state: AddingState) -> Outcome | None:
    """Places: players still in by lives left, then those out, the last out first."""
    if not state.is_over:
        return None
    remaining = sorted(state.active_seats, key=lambda s: (-state.lives[s], s))
    out = [seat for seat, _ in sorted(state.places, key=lambda p: p[1])]
    return Outcome(tuple(remaining + out), state.lives, state.winner)


def _progress(state: AddingState) -> int:
    return state.round


def _scores(state: AddingState) -> tuple[int, ...]:
    return state.lives


def resample(state: AddingState, seat: int, rng: random.Random) -> AddingState:
    """The table as ``seat`` may imagine it: the other hands and the stock dealt again.

    The cards ``seat`` cannot see are the other players' hands and the stock; they are
    shuffled together by ``rng`` and dealt back, each hand keeping its size and the rest
    becoming the stock. The seed of later shuffles (a rebuilt stock, the next deal) is drawn
    again too, since ``seat`` cannot know the order those will take. Everything public — the
    pile, the cleared cards, the total, lives, turn and direction — stays as it is.
    """
    others = [other for other in range(len(state.hands)) if other != seat]
    unseen = [card for other in others for card in state.hands[other]]
    unseen.extend(state.stock)
    rng.shuffle(unseen)
    cards = iter(unseen)
    hands = list(state.hands)
    for other in others:
        hands[other] = tuple(next(cards) for _ in state.hands[other])
    return replace(state, hands=tuple(hands), stock=tuple(cards), seed=rng.getrandbits(32))


# ---------------------------------------------------------------------------- actions

PLAY = "play"
DRAW = "draw"


def encode(action: PlayCard | DrawCard) -> list[Any]:
    """``["play", seat, "10H", "-10"]`` (the choice ``None`` for a card with one way) or
    ``["draw", seat]``."""
    from ninetynine_audio.games.adding.model import DrawCard

    if isinstance(action, DrawCard):
        return [DRAW, action.seat]
    return [
        PLAY,
        action.seat,
        card_text(action.card),
        action.choice.value if action.choice else None,
    ]


def _is_int(value: object) -> bool:
    # JSON true/false load as bool, which Python counts as int; an action never means them so.
    return isinstance(value, int) and not isinstance(value, bool)


def decode(item: Any, seats: int) -> PlayCard | DrawCard:
    """The action written by :func:`encode`, for a table of ``seats`` seats."""
    from ninetynine_audio.games.adding.model import Choice, DrawCard, PlayCard

    if not isinstance(item, list) or not item or item[0] not in (PLAY, DRAW):
        raise CodecError(f"{item!r} is not a play or a draw")
    expected = 4 if item[0] == PLAY else 2
    if len(item) != expected:
        raise CodecError(f"a {item[0]} has {expected} entries, not {len(item)}")
    seat = item[1]
    if not _is_int(seat) or not 0 <= seat < seats:
        raise CodecError(f"there is no seat {seat!r}")
    if item[0] == DRAW:
        return DrawCard(seat)
    text = item[2]
    try:
        card = parse_card(text) if isinstance(text, str) else None
    except CardParseError:
        card = None
    if card is None:
        raise CodecError(f"{text!r} is not a card")
    if item[3] is None:
        return PlayCard(seat, card)
    try:
        return PlayCard(seat, card, Choice(item[3]))
    except ValueError:
        raise CodecError(f"{item[3]!r} is not a way to play a card") from None


def from_log(
    records: Sequence[Mapping[str, Any]], position: int, seats: Mapping[str, int]
) -> list[Any] | None:
    """The action a logged line records: a ``card_played``, or a ``card_drawn`` a player chose
    to make (manual draw; a rebuilt stock may be logged just before it)."""
    # A play may open with the draws that players owing one missed (manual draw).
    while records[position].get("event") == "draw_missed" and position + 1 < len(records):
        position += 1
    record = records[position]
    if record.get("event") == "stock_rebuilt" and position + 1 < len(records):
        record = records[position + 1]
    kind = record.get("event")
    if kind not in ("card_played", "card_drawn"):
        return None
    player = record.get("player")
    if not isinstance(player, str) or player not in seats:
        raise CodecError(f"{player!r} is not a player of this game")
    if kind == "card_drawn":
        return [DRAW, seats[player]]
    return [PLAY, seats[player], record.get("card"), record.get("choice")]


CODEC: ActionCodec[PlayCard | DrawCard] = ActionCodec(
    encode=encode, decode=decode, from_log=from_log
)


# ---------------------------------------------------------------------------- names and logs


def default_names(game: str, kinds: Sequence[str]) -> tuple[str, ...]:
    """Arcade's fixed four; elsewhere You for the first human, Player 2… for other humans, and
    the usual names for computer players."""
    if game == "arcade":
        return ARCADE_NAMES[: len(kinds)]
    return seat_names(kinds)


def setup_from_log(start: Mapping[str, Any]) -> GameSetup:
    """The set-up of a logged ``game_started`` line (every option of the family is named)."""
    options = AddingOptions.from_mapping(dict(start.get("options", {})))
    deck = parse_cards(start["deck"]) if start.get("deck") else None
    players = tuple(start["players"])
    kinds = tuple(start.get("kinds") or (HUMAN,) * len(players))
    return GameSetup(str(start["game"]), players, kinds, options, int(start["seed"]), deck)


AddingSpec = GameSpec["AddingState", "PlayCard | DrawCard", "AddingView"]
"""The contract of an adding game, typed by the family's state, actions and view."""


def _spec(game: str, options: tuple[OptionSpec, ...], aliases: tuple[str, ...]) -> AddingSpec:
    low, high = PLAYER_RANGE[game]
    return AddingSpec(
        id=game,
        family=FAMILY,
        aliases=aliases,
        min_players=low,
        max_players=high,
        options=options,
        new_game=_new_game,
        seats_to_act=seats_to_act,
        legal_actions=_legal_actions,
        check=_check,
        apply=_apply,
        view=_view,
        outcome=outcome,
        progress=_progress,
        scores=_scores,
        codec=CODEC,
        default_names=lambda kinds: default_names(game, kinds),
        parse_deck=parse_cards,
        setup_from_log=setup_from_log,
        turn_seat=turn_seat,
        immediate_seats=immediate_seats,
        is_out=is_out,
        owed_action=owed_action,
        fixed_seats=ARCADE_NAMES if game == "arcade" else None,
        resample=resample,
    )


CLASSIC = _spec("classic", CLASSIC_OPTIONS, ("adding", "99"))
ARCADE = _spec("arcade", (), ("skill",))
TACTICAL = _spec("tactical", (TACTICAL_POINTS,), ("33",))
SPECS = (CLASSIC, ARCADE, TACTICAL)
