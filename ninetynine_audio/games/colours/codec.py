"""The colour game's actions as JSON lists, and where a log shows each action being taken.

``["score_row", 0]``, ``["row_card", 0, "purple-9"]``, ``["pile", 0, "purple-9", 1]`` and
``["end_piles", 0]``. In a log, a voluntary ``row_scored``, a ``row_card_placed`` and a
``pile_card_played`` line each start an action; ending Action B has no line of its own, so it
starts at the first line that follows it (a draw, the next turn, or the end of the game).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ninetynine_audio.cards import (
    ColourCardParseError,
    colour_card_text,
    parse_colour_card,
)
from ninetynine_audio.games.base import CodecError
from ninetynine_audio.games.colours.model import (
    Action,
    EndPiles,
    PlaceRowCard,
    PlayToPile,
    ScoreRow,
)
from ninetynine_audio.games.colours.rules import PILES, TARGET


def encode(action: Action) -> list[Any]:
    """The action as a JSON list."""
    if isinstance(action, ScoreRow):
        return ["score_row", action.seat]
    if isinstance(action, PlaceRowCard):
        return ["row_card", action.seat, colour_card_text(action.card)]
    if isinstance(action, PlayToPile):
        return ["pile", action.seat, colour_card_text(action.card), action.pile]
    if isinstance(action, EndPiles):
        return ["end_piles", action.seat]
    raise CodecError(f"not a colour game action: {action!r}")


def decode(data: Any, seats: int) -> Action:
    """The action a JSON list names, for a table of ``seats`` seats.

    Raises:
        CodecError: the list names no action; the message says why.
    """
    if not isinstance(data, list) or len(data) < 2 or not isinstance(data[0], str):
        raise CodecError(f"{data!r} is not a colour game action")
    kind, seat = data[0], data[1]
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < seats:
        raise CodecError(f"{seat!r} is not a seat of {seats}")
    sizes = {"score_row": 2, "row_card": 3, "pile": 4, "end_piles": 2}
    if kind not in sizes:
        raise CodecError(f"{kind!r} is not a colour game action")
    if len(data) != sizes[kind]:
        raise CodecError(f"{kind} takes {sizes[kind] - 1} values, not {len(data) - 1}")
    if kind == "score_row":
        return ScoreRow(seat)
    if kind == "end_piles":
        return EndPiles(seat)
    if not isinstance(data[2], str):
        raise CodecError(f"{data[2]!r} is not a card")
    try:
        card = parse_colour_card(data[2])
    except ColourCardParseError as error:
        raise CodecError(str(error)) from None
    if kind == "row_card":
        return PlaceRowCard(seat, card)
    pile = data[3]
    if pile not in PILES or isinstance(pile, bool):
        raise CodecError(f"{pile!r} is not a pile: the piles are 1 and 2")
    return PlayToPile(seat, card, pile)


_AFTER_END = frozenset(
    {"cards_drawn", "turn_started", "game_ended", "reserve_rebuilt", "draw_pile_renewed"}
)
_END_FOLLOWS = frozenset({"turn_started", "row_card_placed", "pile_card_played", "row_scored"})


def from_log(
    records: Sequence[Mapping[str, Any]], position: int, seats: Mapping[str, int]
) -> list[Any] | None:
    """The encoded action that starts at line ``position`` of one game's records, or ``None``."""
    if not 0 <= position < len(records):
        return None
    record = records[position]
    kind = record.get("event")
    try:
        if kind == "row_scored":
            return None if record.get("forced") else ["score_row", seats[record["player"]]]
        if kind == "row_card_placed":
            return ["row_card", seats[record["player"]], record["card"]]
        if kind == "pile_card_played":
            return ["pile", seats[record["player"]], record["card"], record["pile"]]
        if kind not in _AFTER_END or position == 0:
            return None
        previous = records[position - 1]
        before = previous.get("event")
        if before not in _END_FOLLOWS:
            return None
        if before == "row_scored" and int(previous.get("score", 0)) >= TARGET:
            return None
        player = _player_of_turn(records, position)
        return None if player is None else ["end_piles", seats[player]]
    except (KeyError, TypeError, ValueError):
        return None


def _player_of_turn(records: Sequence[Mapping[str, Any]], position: int) -> str | None:
    for index in range(position - 1, -1, -1):
        if records[index].get("event") == "turn_started":
            player = records[index].get("player")
            return player if isinstance(player, str) else None
    return None
