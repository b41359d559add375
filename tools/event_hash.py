"""One hash of every event of seeded games of every registered game, to show that a change
left the games as they were, event for event.

Each game is played by computer players (its default seats, a person's seat taken by a Normal
player) over the seeds ``0 .. --seeds - 1``; every event's log line is written as sorted JSON
into one SHA-256 per game and one over all of them. The same run also hashes what the game's
set-up helpers give for those games: the seat names, the stacked deck written and read back,
and the set-up read from the ``game_started`` line, so that those helpers are covered too.

    python tools/event_hash.py            # 25 seeds a game
    python tools/event_hash.py --seeds 5
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from typing import Any

from ninetynine_audio.bots.tournament import play_bot_game
from ninetynine_audio.games.base import HUMAN, AnySpec
from ninetynine_audio.games.registry import all_games


def _line(data: Any) -> bytes:
    return json.dumps(data, sort_keys=True, ensure_ascii=False, default=repr).encode() + b"\n"


def _kinds(spec: AnySpec) -> tuple[str, ...]:
    return tuple("normal" if kind == HUMAN else kind for kind in spec.default_kinds)


def _strings(data: Any) -> list[str]:
    if isinstance(data, str):
        return [data]
    if isinstance(data, dict):
        return [text for value in data.values() for text in _strings(value)]
    if isinstance(data, list):
        return [text for value in data for text in _strings(value)]
    return []


def _cards(spec: AnySpec, logged: list[dict[str, Any]]) -> tuple[Any, ...]:
    # Every text of the log the family's notation reads as a card, once, in order of first use.
    found: list[Any] = []
    for text in dict.fromkeys(_strings(logged)):
        try:
            found.extend(spec.parse_deck([text]))
        except (ValueError, KeyError, TypeError):
            continue
    return tuple(found)


def game_hashes(spec: AnySpec, seeds: int) -> tuple[str, str]:
    """The hash of the events and the hash of the set-up helpers over ``seeds`` games."""
    events = hashlib.sha256()
    helpers = hashlib.sha256()
    kinds = _kinds(spec)
    for seed in range(seeds):
        record = play_bot_game(spec.id, kinds, seed)
        logged = [event.to_log() for event in record.events]
        for line in logged:
            events.update(_line(line))
        setup = spec.setup_from_log(logged[0])
        cards = _cards(spec, logged)
        deck = spec.deck_text(setup.deck) if setup.deck else None
        helpers.update(
            _line(
                {
                    "names": list(spec.default_names(kinds)),
                    "setup": [setup.game, setup.names, setup.kinds, dict(setup.options)],
                    "seed": setup.seed,
                    "deck": deck,
                    "parsed": [repr(card) for card in spec.parse_deck(deck)] if deck else None,
                    "cards": [repr(card) for card in cards],
                    "cards_text": spec.deck_text(cards),
                }
            )
        )
    return events.hexdigest(), helpers.hexdigest()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=25, help="games of each game (25)")
    args = parser.parse_args(argv)
    whole = hashlib.sha256()
    for spec in all_games():
        events, helpers = game_hashes(spec, args.seeds)
        whole.update(f"{spec.id} {events} {helpers}\n".encode())
        print(f"{spec.id:10} events {events[:16]}  set-up helpers {helpers[:16]}")
    print(f"all games, {args.seeds} seeds each: {whole.hexdigest()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
