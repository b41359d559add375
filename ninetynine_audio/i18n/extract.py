"""Babel's extractor for the families' manifests (``games/<family>/family.toml``).

A manifest holds phrases (titles, summaries, level names, what key help says of each command)
beside module names and file names. ``babel.cfg`` names this function for ``family.toml``;
it yields each phrase with the manifest's key path as a comment for the translator. The code
that speaks them passes them through ``_`` at the moment they are said.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator, Mapping
from typing import IO, Any

KEYWORDS: dict[str, None] = {"SetupError": None}
"""Calls whose first argument is a message, besides gettext's own (``_``, ``N_``…): a refused
set-up's sentence (``games/errors.py``), which the engines write without importing the
catalogue. ``tools/catalogues.py`` extracts with them, and the catalogue test reads the code
with them."""

# Keys whose values are names of modules or files, never said.
NOT_PHRASES = frozenset({"table", "narrator", "bots", "catalogue", "rules", "keys", "schema"})


def manifest_phrases(
    data: Mapping[str, Any], prefix: str = ""
) -> Iterator[tuple[str, str | tuple[str, str]]]:
    """``(key path, phrase)`` for every phrase of a manifest, in file order; a list of two
    phrases is a message's singular and plural (``count = ["{count} turn", "{count} turns"]``)."""
    for key, value in data.items():
        path = f"{prefix}{key}"
        if isinstance(value, Mapping):
            yield from manifest_phrases(value, f"{path}.")
        elif isinstance(value, str) and key not in NOT_PHRASES:
            yield path, value
        elif isinstance(value, list) and len(value) == 2 and all(isinstance(v, str) for v in value):
            yield path, (value[0], value[1])


def extract_manifest(
    fileobj: IO[bytes], keywords: object, comment_tags: object, options: object
) -> Iterator[tuple[int, str | None, str | tuple[str, str], list[str]]]:
    """The Babel extraction method: ``(line, function, message, comments)`` per phrase (a
    singular and plural as ``ngettext``'s)."""
    text = fileobj.read().decode("utf-8")
    data = tomllib.loads(text)
    lines = text.splitlines()
    for path, phrase in manifest_phrases(data):
        key = path.rsplit(".", 1)[-1]
        first = phrase if isinstance(phrase, str) else phrase[0]
        line = next(
            (
                number
                for number, content in enumerate(lines, start=1)
                if content.strip().startswith(f"{key} ") and first in content
            ),
            0,
        )
        function = None if isinstance(phrase, str) else "ngettext"
        yield line, function, phrase, [f"family.toml: {path}"]
