"""The rules table of the adding games, and the presets ``classic``, ``arcade`` and ``tactical``.

One engine plays all three; everything that differs between them is a field of
:class:`AddingRules`, built from the player's :class:`AddingOptions` by :func:`make_rules`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import asdict, dataclass, fields
from enum import Enum
from typing import Any

from ninetynine_audio.games.errors import SetupError


class Scoring(Enum):
    """How a round is lost."""

    STUCK = "stuck"  # classic and arcade: every play must stay at 99; a stuck player loses a life
    LIMITS = "limits"  # tactical: any card may be played; landing on or passing 33/66/99 scores


class NextStarter(Enum):
    """Who starts the next round."""

    DEALER_LEFT = "dealer_left"  # classic: the deal passes left, its left neighbour starts
    AFTER_LOSER = "after_loser"  # arcade: after the loser, in the direction play was going
    AFTER_ENDER = "after_ender"  # tactical: clockwise after the player whose play ended the round


HAND_SIZES = (3, 4, 5, 7)
MAX_LIVES = 50


@dataclass(frozen=True, eq=False)
class AddingOptions(Mapping[str, Any]):
    """What a player may set; ``None`` means the game's own default.

    The field names are the option names of the command line (``--hand-size``) and of the
    event log (``hand_size``). It is also a read-only mapping of those names to their values,
    the form a :class:`~ninetynine_audio.games.base.GameSetup` holds options in, and it is
    equal to any mapping with the same items.
    """

    lives: int | None = None
    hand_size: int | None = None
    ten_always_minus: bool = False
    swap_nine_king: bool = False
    keep_going: bool = False
    two_player_four: bool = False
    straight_out: bool = False
    manual_draw: bool = False

    @classmethod
    def from_mapping(cls, data: dict[str, Any]) -> AddingOptions:
        """Options from a log's ``options`` object (unknown keys are an error)."""
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise SetupError("unknown option {option!r}", option=unknown[0])
        return cls(**data)

    def __getitem__(self, name: str) -> Any:
        if name not in _OPTION_NAMES:
            raise KeyError(name)
        return getattr(self, name)

    def __iter__(self) -> Iterator[str]:
        return iter(_OPTION_NAMES)

    def __len__(self) -> int:
        return len(_OPTION_NAMES)


_OPTION_NAMES = tuple(f.name for f in fields(AddingOptions))


CLASSIC_FLAGS = (
    "ten_always_minus",
    "swap_nine_king",
    "keep_going",
    "two_player_four",
    "straight_out",
    "manual_draw",
)
"""The on/off table variants of classic, by their option names."""
CLASSIC_ONLY = ("hand_size", *CLASSIC_FLAGS)


@dataclass(frozen=True)
class AddingRules:
    """Everything the engine needs to know about the game being played."""

    game: str
    scoring: Scoring
    next_starter: NextStarter
    lives: int
    hand_size: int
    decks: int
    ten_always_minus: bool = False
    swap_nine_king: bool = False
    keep_going: bool = False
    two_player_four: bool = False
    straight_out: bool = False
    manual_draw: bool = False
    ends_when_human_out: bool = False

    def options_for_log(self) -> dict[str, Any]:
        """The options as written in the log's ``game_started`` event."""
        data = asdict(self)
        return {name: data[name] for name in ("lives", *CLASSIC_ONLY)}


PLAYER_RANGE = {"classic": (2, 8), "arcade": (4, 4), "tactical": (2, 6)}


def make_rules(game: str, players: int, options: AddingOptions | None = None) -> AddingRules:
    """Build the rules of ``game`` for ``players`` seats, checking every option."""
    options = options or AddingOptions()
    if game not in PLAYER_RANGE:
        raise SetupError("unknown adding game {game!r}", game=game)
    low, high = PLAYER_RANGE[game]
    if not low <= players <= high:
        if low == high:
            raise SetupError(
                "{game} is played by {low} players, not {value}",
                option="players",
                value=players,
                game=game,
                low=low,
            )
        raise SetupError(
            "{game} is played by {low} to {high} players, not {value}",
            option="players",
            value=players,
            game=game,
            low=low,
            high=high,
        )
    if options.lives is not None and not 1 <= options.lives <= MAX_LIVES:
        raise SetupError(
            "lives must be from 1 to {high}, not {value}",
            option="lives",
            value=options.lives,
            high=MAX_LIVES,
        )
    if game != "classic":
        for name in CLASSIC_ONLY:
            value = getattr(options, name)
            # A log names every option; the fixed values of these games are accepted.
            if value not in (None, False) and not (name == "hand_size" and value == 3):
                raise SetupError(
                    "the option {option} is only for classic, not {game}",
                    option=name,
                    value=value,
                    game=game,
                )
    if game == "tactical":
        return AddingRules(
            game=game,
            scoring=Scoring.LIMITS,
            next_starter=NextStarter.AFTER_ENDER,
            lives=options.lives or 10,
            hand_size=3,
            decks=1,
        )
    if game == "arcade":
        if options.lives not in (None, 3):
            raise SetupError(
                "arcade is played with 3 lives each, not {value}",
                option="lives",
                value=options.lives,
            )
        return AddingRules(
            game=game,
            scoring=Scoring.STUCK,
            next_starter=NextStarter.AFTER_LOSER,
            lives=3,
            hand_size=3,
            decks=1,
            ends_when_human_out=True,
        )
    hand_size = options.hand_size if options.hand_size is not None else 3
    if hand_size not in HAND_SIZES:
        raise SetupError(
            "hand size must be 3, 4, 5 or 7, not {value}", option="hand_size", value=hand_size
        )
    decks = 2 if players >= 5 else 1
    lives = options.lives or (3 if decks == 2 else 5)
    if options.straight_out:
        lives = 1
    return AddingRules(
        game=game,
        scoring=Scoring.STUCK,
        next_starter=NextStarter.DEALER_LEFT,
        lives=lives,
        hand_size=hand_size,
        decks=decks,
        ten_always_minus=options.ten_always_minus,
        swap_nine_king=options.swap_nine_king,
        keep_going=options.keep_going,
        two_player_four=options.two_player_four,
        straight_out=options.straight_out,
        manual_draw=options.manual_draw,
    )
