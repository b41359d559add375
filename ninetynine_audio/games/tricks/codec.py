"""How the trick-taking game's actions are written in saves and found again in logs.

``["bid", seat, ["AS", "KH", "6C"]]`` (with ``"declare"`` or ``"reveal"`` as a fourth item when
the bid is declared) and ``["play", seat, "10H"]``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ninetynine_audio.cards import CardParseError, card_text, parse_card
from ninetynine_audio.games.base import ActionCodec, CodecError
from ninetynine_audio.games.tricks.model import Action, BidCards, Declaration, PlayCard


def encode(action: Action) -> list[Any]:
    """The action as a JSON list."""
    if isinstance(action, BidCards):
        data: list[Any] = ["bid", action.seat, [card_text(card) for card in action.cards]]
        if action.declaration is not None:
            data.append(action.declaration.value)
        return data
    return ["play", action.seat, card_text(action.card)]


def decode(data: Any, seats: int) -> Action:
    """A JSON list back into an action; raises :class:`CodecError`."""
    if not isinstance(data, list) or len(data) < 3:
        raise CodecError(f"{data!r} is not an action of the trick-taking game")
    kind, seat = data[0], data[1]
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats:
        raise CodecError(f"{seat!r} is not a seat")
    try:
        if kind == "bid" and len(data) in (3, 4) and isinstance(data[2], list):
            cards = tuple(parse_card(str(text)) for text in data[2])
            declaration = Declaration(data[3]) if len(data) == 4 else None
            return BidCards(seat, cards, declaration)
        if kind == "play" and len(data) == 3 and isinstance(data[2], str):
            return PlayCard(seat, parse_card(data[2]))
    except (CardParseError, ValueError) as error:
        raise CodecError(str(error)) from None
    raise CodecError(f"{data!r} is not an action of the trick-taking game")


def from_log(
    records: Sequence[Mapping[str, Any]], position: int, seats: Mapping[str, int]
) -> list[Any] | None:
    """The encoded action a player took at log line ``position``, or ``None``.

    A ``bid_made`` line is that player's bid, with the ``declaration`` it names. A log written
    without that field gives the declaration of the deal's ``bid_declared`` line (after the three
    bids, before the first card) to the player it names.
    """
    record = records[position]
    kind = record.get("event")
    if kind not in ("bid_made", "card_played"):
        return None
    player = record.get("player")
    if not isinstance(player, str) or player not in seats:
        return None
    seat = seats[player]
    if kind == "card_played":
        return ["play", seat, record.get("card")]
    data: list[Any] = ["bid", seat, list(record.get("cards", []))]
    if record.get("declaration") is not None:
        data.append(record["declaration"])
        return data
    for later in records[position + 1 :]:
        event = later.get("event")
        if event == "bid_declared":
            if later.get("player") == player:
                data.append(
                    Declaration.REVEAL.value if later.get("reveal") else Declaration.DECLARE.value
                )
            break
        if event != "bid_made":
            break
    return data


CODEC = ActionCodec(encode=encode, decode=decode, from_log=from_log)
