"""A game as set up by the player or the command line: which game, who sits where, options.

Everything here works through the registry, for any game.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from ninetynine_audio.games.base import HUMAN, GameSetup
from ninetynine_audio.games.errors import SetupError
from ninetynine_audio.games.registry import find_game

__all__ = [
    "MAX_NAME_LENGTH",
    "GameSetup",
    "clean_text",
    "default_names",
    "game_id",
    "parse_players",
    "recover_text",
    "safe_name",
]

MAX_NAME_LENGTH = 40
"""The longest name a seat may have; speech and the window read the whole of it."""


_REORDERING = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""The marks that reorder text (bidirectional embeddings, overrides and isolates)."""


def recover_text(text: str) -> str:
    """``text`` as it was meant, when it came through a decoder that kept what it could not
    read as lone surrogates.

    Python reads the command line and the environment that way (``surrogateescape``): bytes
    that are not text in the locale's encoding arrive as U+DC80 to U+DCFF. Those bytes are
    read again as UTF-8 where they are UTF-8 (a UTF-8 name given in a locale that is not), and
    otherwise each as the Latin-1 letter of that byte (``Zo\\xff`` is ``Zoÿ``). Any other lone
    surrogate (a save edited by hand can hold ``\\ud800``) stands for nothing and is dropped.
    Text with no surrogate comes back unchanged.
    """
    if not any(0xD800 <= ord(c) <= 0xDFFF for c in text):
        return text
    raw = bytearray()
    for c in text:
        code = ord(c)
        if 0xDC80 <= code <= 0xDCFF:
            raw.append(code - 0xDC00)
        elif not 0xD800 <= code <= 0xDFFF:
            raw += c.encode("utf-8")
    decoded = raw.decode("utf-8", errors="surrogateescape")
    return "".join(chr(ord(c) - 0xDC00) if 0xDC80 <= ord(c) <= 0xDCFF else c for c in decoded)


_UNSPEAKABLE = frozenset(
    "\u200e\u200f\u061c\ufffd\ufeff"  # direction marks, the replacement character, a BOM
)


_DROPPED = frozenset({"Cc", "Cs", "Cn", "Co"})
"""Controls, surrogates, unassigned and private-use characters: nothing a voice can say."""


def clean_text(text: str, limit: int) -> str:
    """``text`` made safe to store, print and speak, at most ``limit`` characters long.

    Bytes kept as surrogates are read again (:func:`recover_text`). Dropped: control
    characters (escape sequences, bells, NUL), the marks that reorder text, the replacement
    character, and what no voice can say (unassigned and private-use characters). Runs of
    white space (line breaks too) become one space; the letters are composed (NFC), so one
    letter is stored and compared one way. What is left is cut to ``limit`` characters.
    Nothing here raises, and the result always encodes as UTF-8.
    """
    # A 1 MB word need not be read in full to keep its first few letters.
    text = recover_text(text[: limit * 8 + 64])
    kept = []
    for c in unicodedata.normalize("NFC", text):
        category = unicodedata.category(c)
        if category in ("Zl", "Zp") or c in "\t\n\r\v\f":
            kept.append(" ")
        elif category not in _DROPPED and c not in _REORDERING and c not in _UNSPEAKABLE:
            kept.append(c)
    return " ".join("".join(kept).split())[:limit].strip()


def safe_name(text: object, fallback: str) -> str:
    """A seat's name from anywhere (a save, the network, the locale) made safe to keep and to
    speak: :func:`clean_text` cut to ``MAX_NAME_LENGTH``; ``fallback`` when nothing is left
    or ``text`` is not text at all.

    The command line refuses such names instead, with a sentence (:func:`parse_players`): a
    player typing them can mend them, a file or a message cannot be asked.
    """
    if not isinstance(text, str):
        return fallback
    return clean_text(text, MAX_NAME_LENGTH) or fallback


def _check_name(name: str) -> None:
    """Refuse names that would reach the terminal or the screen reader as controls.

    Control characters (escape sequences, bells, NUL) and the marks that reorder text
    (bidirectional overrides) are refused; the name is otherwise kept exactly as written, in
    the player's own spelling and case.
    """
    bad = [c for c in name if unicodedata.category(c) == "Cc" or c in _REORDERING]
    if bad:
        shown = ", ".join(f"U+{ord(c):04X}" for c in dict.fromkeys(bad))
        raise SetupError(
            "a player's name cannot hold control characters ({shown})",
            option="players",
            value=name,
            shown=shown,
        )
    if len(name) > MAX_NAME_LENGTH:
        raise SetupError(
            "a player's name can be at most {limit} characters long",
            option="players",
            value=name,
            limit=MAX_NAME_LENGTH,
        )


def game_id(text: str) -> str:
    """The game id for a name or alias (``"Classic"`` → ``"classic"``)."""
    return find_game(text).id


def default_names(game: str, kinds: Sequence[str]) -> tuple[str, ...]:
    """Seat names for ``kinds`` in ``game`` (arcade's fixed four; else You and others)."""
    return find_game(game).default_names(tuple(kinds))


def heard_as(name: str) -> str:
    """``name`` as a voice says it, to tell two players apart by ear: a speech synthesizer
    says "Zoë" and "Zoe", "ZOE" and " zoe " alike, so their accents, case and spaces go."""
    letters = unicodedata.normalize("NFKD", name)
    bare = "".join(c for c in letters if not unicodedata.combining(c))
    return " ".join(bare.casefold().split())


def parse_players(
    game: str, spec: str, known_kinds: Sequence[str]
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Read ``"easy,normal"`` or ``"You:human,Sam:human,Lily:normal"`` into names and kinds."""
    names: list[str | None] = []
    kinds: list[str] = []
    for part in spec.split(","):
        part = part.strip()
        if not part:
            raise SetupError("an empty entry in --players", option="players", value=spec)
        name, sep, kind = part.rpartition(":")
        if not sep:
            name, kind = "", part
        kind = kind.strip().lower()
        if kind not in known_kinds:
            raise SetupError(
                "unknown player kind {value!r}; use {human} or a level: {levels}",
                option="players",
                value=kind,
                human=HUMAN,
                levels=", ".join(k for k in known_kinds if k != HUMAN),
            )
        # Bytes the locale could not read come as surrogates: read them again before checking.
        name = recover_text(name).strip()
        _check_name(name)
        names.append(clean_text(name, MAX_NAME_LENGTH) or None)
        kinds.append(kind)
    game_spec = find_game(game)
    defaults = game_spec.default_names(tuple(kinds))
    if game_spec.fixed_seats is not None and any(names):
        raise SetupError(
            "{game} seats are {seats}; give only kinds",
            option="players",
            game=game,
            seats=", ".join(game_spec.fixed_seats),
        )
    named = tuple(n or d for n, d in zip(names, defaults, strict=True))
    # The same name twice is the engine's to refuse; two spellings one voice says alike
    # ("Zoë" and "Zoe") would leave the players unable to tell who played.
    for index, first in enumerate(named):
        for second in named[index + 1 :]:
            if first != second and heard_as(first) == heard_as(second):
                raise SetupError(
                    "{first} and {value} sound the same when spoken: give them names "
                    "a voice tells apart",
                    option="players",
                    value=second,
                    first=first,
                )
    return named, tuple(kinds)
