"""Who a player is on the server: one identity per name, names that cannot pass for
another's, and guests known by their token's hash.

A name is taken as the player typed it, made canonical twice over:

- what is shown (:func:`display_name`) is the name in Unicode NFKC, its spaces collapsed:
  the ligature "ﬁ", a full-width "Ａ" or a superscript "²" become the letters they stand for;
- what the name *is* (:func:`name_key`) is that, case-folded (NFKC, then full case folding,
  then NFKC again): "José", "JOSÉ" and "josé" are one account, as are "Strauß" and "STRAUSS".
  Accounts are stored, found and kept unique by this key alone, and a session's identity is
  made from it, so no spelling of a name reaches another's account or seat.

A name is refused (:func:`name_problem`) when it is empty or too long, holds anything but
letters (with their accents), digits, spaces and ``-_'.`` (and Persian's non-joiner between two
of its letters), or mixes alphabets that share
look-alike letters: a Latin "Paul" with a Cyrillic "а" is refused. The mixes a language writes
with (Latin beside Chinese, Japanese or Korean) are allowed. A name written wholly in one
alphabet can still look like another's ("Асе" in Cyrillic, "Ace" in Latin): both have one
:func:`skeleton`, and the server refuses a new name whose skeleton is an account's.
"""

from __future__ import annotations

import hashlib
import unicodedata

NAME_LIMIT = 30
"""The longest name, in characters as shown."""
NAME_PUNCTUATION = frozenset(" -_'.")
"""What a name may hold beside letters and digits."""
NON_JOINER = "\u200c"
"""The zero-width non-joiner, which Persian writes inside words ("علی‌رضا"): allowed between
two Arabic-script letters only, and no part of what the name is (said alike with or without it,
so the two spellings are one account)."""

ALLOWED_MIXES = (
    frozenset({"LATIN", "CJK", "HIRAGANA", "KATAKANA"}),
    frozenset({"LATIN", "CJK", "BOPOMOFO"}),
    frozenset({"LATIN", "CJK", "HANGUL"}),
)
"""Alphabets a name may mix: Latin with Japanese, Chinese or Korean writing (their letters
do not pass for one another)."""

_SAME_SCRIPT = {
    "IDEOGRAPHIC": "CJK",
    "KATAKANA-HIRAGANA": "KATAKANA",
    "ARABIC-INDIC": "ARABIC",
    "EXTENDED": "ARABIC",  # EXTENDED ARABIC-INDIC DIGIT ...
}


LOOK_ALIKES = str.maketrans(
    {
        # Cyrillic letters, case-folded (so their capitals too), that look like Latin ones.
        "а": "a", "в": "b", "е": "e", "ѕ": "s", "і": "i", "ј": "j", "к": "k", "м": "m",
        "н": "h", "о": "o", "р": "p", "с": "c", "т": "t", "х": "x", "у": "y", "ԁ": "d",
        "һ": "h", "ӏ": "l", "ԛ": "q", "ԝ": "w", "ё": "ë", "ї": "ï",
        # Greek letters, case-folded, that look like Latin ones.
        "α": "a", "β": "b", "ε": "e", "ζ": "z", "η": "h", "ι": "i", "κ": "k", "μ": "m",
        "ν": "n", "ο": "o", "ρ": "p", "τ": "t", "υ": "y", "χ": "x",
    }
)  # fmt: skip
"""Letters of other alphabets that pass for Latin ones, mapped to the Latin letter."""


def display_name(raw: str) -> str:
    """The name as it is shown and stored: NFKC, with its spaces collapsed."""
    return " ".join(unicodedata.normalize("NFKC", raw).split())


def name_key(name: str) -> str:
    """What the name is: the one identity of every spelling of it that differs only in case
    or in Unicode's compatibility forms."""
    folded = unicodedata.normalize("NFKC", display_name(name)).casefold().replace(NON_JOINER, "")
    return " ".join(unicodedata.normalize("NFKC", folded).split())


def skeleton(name: str) -> str:
    """What ``name`` looks like: its key with every letter that passes for a Latin one made
    that letter. Two names with one skeleton and different keys could be taken for each
    other."""
    return name_key(name).translate(LOOK_ALIKES)


def script_of(char: str) -> str | None:
    """The alphabet a letter or digit belongs to (None: one shared by all, such as the
    ASCII digits and punctuation, or an accent that takes its letter's)."""
    if char in NAME_PUNCTUATION or ("0" <= char <= "9") or unicodedata.category(char)[0] == "M":
        return None
    if char == NON_JOINER:
        return None
    first = unicodedata.name(char, "").split(" ", 1)[0]
    return _SAME_SCRIPT.get(first, first) or None


def scripts_of(name: str) -> frozenset[str]:
    """The alphabets ``name`` is written in."""
    return frozenset(script for char in name if (script := script_of(char)) is not None)


def name_problem(name: str) -> str | None:
    """Why ``name`` (as :func:`display_name` gives it) cannot be a player's name: ``"bad_name"``
    (empty, too long, or holding what a name may not), ``"mixed_scripts"`` (alphabets with
    look-alike letters mixed), or None when it can."""
    if not 1 <= len(name) <= NAME_LIMIT or name != display_name(name):
        return "bad_name"
    for index, char in enumerate(name):
        category = unicodedata.category(char)
        if char in NAME_PUNCTUATION or category[0] == "L" or category == "Nd":
            continue
        if category[0] == "M" and index > 0:  # an accent on the letter before it
            continue
        if char == NON_JOINER and _between_arabic_letters(name, index):
            continue
        return "bad_name"
    if not any(unicodedata.category(char)[0] == "L" or char.isdigit() for char in name):
        return "bad_name"
    scripts = scripts_of(name)
    if len(scripts) > 1 and not any(scripts <= mix for mix in ALLOWED_MIXES):
        return "mixed_scripts"
    return None


def _between_arabic_letters(name: str, index: int) -> bool:
    """Whether the character at ``index`` stands between two Arabic-script letters."""
    if not 0 < index < len(name) - 1:
        return False
    return all(
        unicodedata.category(c)[0] == "L" and script_of(c) == "ARABIC"
        for c in (name[index - 1], name[index + 1])
    )


def account_identity(name: str) -> str:
    """The identity of the account called ``name`` (any spelling of it)."""
    return f"account:{name_key(name)}"


def token_hash(token: str) -> str:
    """What the server keeps of a guest's token: its SHA-256 (the token is 144 random bits,
    so a plain hash cannot be reversed by guessing)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def guest_identity(token: str) -> str:
    """The identity of the guest holding ``token``: the token itself is never kept."""
    return f"guest:{token_hash(token)}"
