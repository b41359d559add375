"""The catalogues keep up with the code: every message translated in every language, the same
placeholders, compiled, and no phrase that the extractor cannot see."""

from __future__ import annotations

import ast
import io
import re
import string
from functools import cache
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from ninetynine_audio.i18n import DOMAIN, ENGLISH, LANGUAGES, catalogue_dir
from ninetynine_audio.i18n.extract import KEYWORDS

TOP = Path(__file__).resolve().parent.parent
TRANSLATED = [entry.code for entry in LANGUAGES if entry.code != ENGLISH]
GETTEXT_CALLS = {"_": 1, "N_": 1, "ngettext": 2, "pgettext": 2, "npgettext": 3, "SetupError": 1}

Key = tuple[str | None, str]


@cache
def template() -> dict[Key, tuple[str, ...]]:
    """Every message the code has today, as Babel extracts it: (context, id) → all its ids."""
    with (TOP / "babel.cfg").open(encoding="utf-8") as handle:
        method_map, options_map = parse_mapping_cfg(handle)
    found: dict[Key, tuple[str, ...]] = {}
    for _file, _line, message, _comments, context in extract_from_dir(
        str(TOP), method_map, options_map, keywords={**DEFAULT_KEYWORDS, **KEYWORDS}
    ):
        ids = message if isinstance(message, tuple) else (message,)
        found[(context, ids[0])] = tuple(ids)
    return found


def catalogue_path(code: str) -> Path:
    return catalogue_dir() / code / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def catalogue(code: str) -> Catalog:
    with catalogue_path(code).open("rb") as handle:
        return read_po(handle, locale=code)


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_the_template_finds_the_games_phrases() -> None:
    messages = template()
    # A rank, a family manifest's title and an ordinal: the three ways phrases are marked.
    assert ("rank", "Queen") in messages
    assert (None, "Classic") in messages
    assert ("ordinal place", "{number}st") in messages
    # A refused set-up's sentence, written in an engine, and an option's name marked there.
    assert (None, "lives must be from 1 to {high}, not {value}") in messages
    assert (None, "Hand size") in messages
    assert len(messages) > 300


def missing_messages(code: str) -> list[Key]:
    """The messages of the code that ``code``'s catalogue does not translate."""
    assert catalogue_path(code).is_file(), f"{code} has no catalogue"
    done = {
        (message.context, message.id if isinstance(message.id, str) else message.id[0])
        for message in catalogue(code)
        if message.id
        and not message.fuzzy
        and all(message.string if isinstance(message.string, tuple) else (message.string,))
    }
    return sorted((k for k in template() if k not in done), key=str)


@pytest.mark.parametrize("code", TRANSLATED)
def test_a_language_is_offered_exactly_when_every_message_is_translated(code: str) -> None:
    missing = missing_messages(code)
    entry = next(e for e in LANGUAGES if e.code == code)
    if entry.complete:
        assert not missing, f"{code}: {len(missing)} messages not translated, e.g. {missing[:8]}"
    else:
        assert missing, f"{code} is complete: mark it complete in i18n.LANGUAGES to offer it"


@pytest.mark.parametrize("code", TRANSLATED)
def test_translations_keep_every_placeholder(code: str) -> None:
    wrong = []
    for message in catalogue(code):
        if not message.id or not message.string:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        expected = set().union(*(fields(i) for i in ids))
        if not all(strings):
            continue  # not translated yet: test_every_message_is_translated says so
        for text in strings:
            got = fields(text)
            # A language's singular form may leave the count out ("a card"), nothing else.
            if got != expected and not (len(ids) == 2 and got == expected - {"count"}):
                wrong.append((message.id, text))
    assert not wrong, f"{code}: placeholders differ in {len(wrong)} messages: {wrong[:5]}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_plural_forms_are_the_languages(code: str) -> None:
    po = catalogue(code)
    for message in po:
        if message.id and isinstance(message.id, tuple):
            assert len(message.string) == po.num_plurals, message.id


@pytest.mark.parametrize("code", TRANSLATED)
def test_compiled_catalogue_matches_its_source(code: str) -> None:
    compiled = io.BytesIO()
    write_mo(compiled, catalogue(code))
    mo = catalogue_path(code).with_suffix(".mo")
    assert mo.is_file() and mo.read_bytes() == compiled.getvalue(), (
        f"{mo} is not compiled from its .po: run python tools/catalogues.py compile"
    )


def _call_name(node: ast.Call) -> str | None:
    if isinstance(node.func, ast.Name):
        return node.func.id
    return None


def _is_literal(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def _is_marked_constant(node: ast.expr) -> bool:
    """``_(PLAY)`` or ``_(words.PLAY)``: a constant, whose text ``N_`` marks where it is
    defined."""
    return isinstance(node, ast.Name | ast.Attribute | ast.Subscript)


MARKED_ELSEWHERE = {"_", "ngettext"}
"""Calls that may take a constant or a name: ``N_`` marks the text where it is defined, or a
family's manifest holds it (its ``[progress]`` singular and plural), which the catalogue's
extractor reads."""


def test_every_message_is_a_literal_the_extractor_sees() -> None:
    bad = []
    for path in sorted((TOP / "ninetynine_audio").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = _call_name(node)
            if name not in GETTEXT_CALLS:
                continue
            arguments = node.args[: GETTEXT_CALLS[name]]
            if len(arguments) < GETTEXT_CALLS[name] or not all(
                _is_literal(a) or (name in MARKED_ELSEWHERE and _is_marked_constant(a))
                for a in arguments
            ):
                bad.append(f"{path.relative_to(TOP)}:{node.lineno}")
    assert not bad, f"messages that are not string literals (the catalogue misses them): {bad}"


def test_messages_name_their_placeholders() -> None:
    positional = [
        ids[0] for ids in template().values() if any(re.search(r"\{\}|\{\d|%[sd]", i) for i in ids)
    ]
    assert not positional, f"placeholders must be named: {positional[:5]}"


HEADING = re.compile(r"^(#+)\s", re.MULTILINE)


@pytest.mark.parametrize("code", TRANSLATED)
def test_rules_and_guide_are_translated_section_by_section(code: str) -> None:
    for english in sorted((TOP / "docs" / "rules").glob("*.md")):
        translated = TOP / "docs" / "rules" / code / english.name
        assert translated.is_file(), f"{translated} is missing"
        levels = HEADING.findall(english.read_text(encoding="utf-8"))
        assert HEADING.findall(translated.read_text(encoding="utf-8")) == levels, (
            f"{translated} has not the sections of {english.name}"
        )
    assert (TOP / "docs" / code / "playing.md").is_file()
