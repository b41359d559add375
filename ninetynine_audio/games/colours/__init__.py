"""The colour game, Ninety Nine (2025): rows that rise, two shared piles, and a race to 99."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ninetynine_audio.cards import (
    Colour,
    ColourCard,
    ColourCardParseError,
    colour_cards_text,
    parse_colour_cards,
)
from ninetynine_audio.games.base import (
    N_,
    SWITCH,
    ActionCodec,
    GameSetup,
    GameSpec,
    OptionSpec,
    check_options,
)
from ninetynine_audio.games.colours import codec
from ninetynine_audio.games.colours.engine import (
    GAME_ID,
    all_cards,
    apply,
    can_score,
    check,
    legal_actions,
    legal_for_view,
    new_game,
    outcome,
    progress,
    resample,
    scores,
    seats_to_act,
    starting_seats,
    view,
)
from ninetynine_audio.games.colours.errors import (
    AlreadyScored,
    ColourInRow,
    NoSuchPile,
    NothingToScore,
    NoWayOntoPile,
    PileLimitReached,
    RowCardAlreadyPlaced,
    RowCardFirst,
    RowNotRising,
    ScoringTooLate,
)
from ninetynine_audio.games.colours.model import (
    Action,
    CardsDealt,
    CardsDrawn,
    ColoursState,
    ColoursView,
    DrawPileRenewed,
    EndPiles,
    Event,
    GameEnded,
    GameStarted,
    Phase,
    PileCardPlayed,
    PlaceRowCard,
    PlayToPile,
    ReserveRebuilt,
    RowCardPlaced,
    RowScored,
    ScoreRow,
    TurnStarted,
)
from ninetynine_audio.games.colours.rules import (
    DRAW_PILE_SIZE,
    HAND_SIZE,
    MAX_PILE_PLAYS,
    PILES,
    RENEWAL_POINTS,
    TARGET,
    Way,
    can_extend,
    fits_row,
    row_colours,
    row_points,
    ways_onto,
)
from ninetynine_audio.games.errors import SetupError
from ninetynine_audio.games.registry import register

OPTIONS = (
    OptionSpec(
        name="pro_variant",
        label=N_("Pro variant: extra turns"),
        kind=SWITCH,
        default=False,
        help=N_("a player who empties the hand onto the piles takes another whole turn"),
    ),
)


def parse_deck(text: str | Sequence[str]) -> tuple[ColourCard, ...]:
    """The cards of a stacked deck (``"purple-9 red-0"``), top first.

    Raises:
        SetupError: a card text names no card.
    """
    try:
        return parse_colour_cards(text)
    except ColourCardParseError as error:
        raise _deck_error(error) from None


def _deck_error(error: ColourCardParseError) -> SetupError:
    """A card of a stacked deck that names no colour card, as the sentence that says why."""
    colours = ", ".join(c.value for c in Colour)
    facts = {"option": "deck", "value": error.text, "part": error.part, "colours": colours}
    if error.kind == "hyphen":
        return SetupError(
            "{value!r} is not a colour card: there is no hyphen between colour and value; "
            "write the colour, a hyphen and the value 0 to 10, for example purple-9",
            **facts,
        )
    if error.kind == "colour_missing":
        return SetupError(
            "{value!r} is not a colour card: the colour is missing; write the colour, a "
            "hyphen and the value 0 to 10, for example purple-9",
            **facts,
        )
    if error.kind == "colour":
        return SetupError(
            "{value!r} is not a colour card: {part!r} is not a colour (the colours are {colours})",
            **facts,
        )
    return SetupError(
        "{value!r} is not a colour card: {part!r} is not a value from 0 to 10", **facts
    )


def deck_text(cards: Sequence[ColourCard]) -> list[str]:
    """A stacked deck written back in notation."""
    return colour_cards_text(cards)


def setup_from_log(record: Mapping[str, Any]) -> GameSetup:
    """The set-up a ``game_started`` line describes.

    Raises:
        SetupError: the line is not a colour game's start or misses a field.
    """
    if record.get("event") != "game_started" or record.get("game") != GAME_ID:
        raise SetupError("the line does not start a colour game", option="game")
    try:
        names = tuple(str(name) for name in record["players"])
        kinds = tuple(str(kind) for kind in record["kinds"])
        seed = int(record["seed"])
    except (KeyError, TypeError, ValueError) as error:
        raise SetupError("the game_started line is incomplete: {reason}", reason=error) from None
    options = check_options(OPTIONS, dict(record.get("options", {})))
    deck = parse_deck(record["deck"]) if record.get("deck") else None
    return GameSetup(GAME_ID, names, kinds, options, seed, deck)


def turn_seat(state: ColoursState) -> int | None:
    """The seat whose turn it is; ``None`` once the game is over."""
    return None if state.is_over else state.to_act


def immediate_seats(state: ColoursState) -> tuple[int, ...]:
    """A turn under way (its row card placed or its row scored) goes on at once for a
    computer player: its turn is heard as one short summary."""
    if state.is_over:
        return ()
    under_way = state.phase is Phase.PILES or state.has_scored
    return (state.to_act,) if under_way else ()


SPEC = GameSpec[ColoursState, Action, ColoursView](
    id=GAME_ID,
    family="colours",
    aliases=("colour", "color", "colors", "ninety-nine-2025"),
    min_players=2,
    max_players=4,
    options=OPTIONS,
    new_game=new_game,
    seats_to_act=seats_to_act,
    legal_actions=legal_actions,
    check=check,
    apply=apply,
    view=view,
    outcome=outcome,
    progress=progress,
    scores=scores,
    codec=ActionCodec(encode=codec.encode, decode=codec.decode, from_log=codec.from_log),
    parse_deck=parse_deck,
    deck_text=deck_text,
    setup_from_log=setup_from_log,
    turn_seat=turn_seat,
    immediate_seats=immediate_seats,
    default_kinds=("human", "normal", "normal"),
    resample=resample,
)

__all__ = [
    "DRAW_PILE_SIZE",
    "GAME_ID",
    "HAND_SIZE",
    "MAX_PILE_PLAYS",
    "OPTIONS",
    "PILES",
    "RENEWAL_POINTS",
    "SPEC",
    "TARGET",
    "Action",
    "AlreadyScored",
    "CardsDealt",
    "CardsDrawn",
    "ColourInRow",
    "ColoursState",
    "ColoursView",
    "DrawPileRenewed",
    "EndPiles",
    "Event",
    "GameEnded",
    "GameStarted",
    "NoSuchPile",
    "NoWayOntoPile",
    "NothingToScore",
    "Phase",
    "PileCardPlayed",
    "PileLimitReached",
    "PlaceRowCard",
    "PlayToPile",
    "ReserveRebuilt",
    "RowCardAlreadyPlaced",
    "RowCardFirst",
    "RowCardPlaced",
    "RowNotRising",
    "RowScored",
    "ScoreRow",
    "ScoringTooLate",
    "TurnStarted",
    "Way",
    "all_cards",
    "apply",
    "can_extend",
    "can_score",
    "check",
    "deck_text",
    "fits_row",
    "legal_actions",
    "legal_for_view",
    "new_game",
    "outcome",
    "parse_deck",
    "progress",
    "resample",
    "row_colours",
    "row_points",
    "scores",
    "seats_to_act",
    "setup_from_log",
    "starting_seats",
    "view",
    "ways_onto",
]

register(SPEC)
