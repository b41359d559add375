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

from ninetynine_audio.families import FamilyEntry, registered_families
from ninetynine_audio.families import family as family_entry
from ninetynine_audio.i18n import (
    DOMAIN,
    ENGLISH,
    LANGUAGES,
    catalogue_dir,
    family_catalogues,
    family_in_language,
)
from ninetynine_audio.i18n.extract import KEYWORDS

TOP = Path(__file__).resolve().parents[2]
TRANSLATED = [entry.code for entry in LANGUAGES if entry.code != ENGLISH]
GETTEXT_CALLS = {"_": 1, "N_": 1, "ngettext": 2, "pgettext": 2, "npgettext": 3, "SetupError": 1}

Key = tuple[str | None, str]


@cache
def extracted() -> dict[Key, tuple[tuple[str, ...], frozenset[str]]]:
    """Every message the code has today, as Babel extracts it: (context, id) → all its ids
    and the files it is in."""
    with (TOP / "babel.cfg").open(encoding="utf-8") as handle:
        method_map, options_map = parse_mapping_cfg(handle)
    found: dict[Key, tuple[str, ...]] = {}
    files: dict[Key, set[str]] = {}
    for file, _line, message, _comments, context in extract_from_dir(
        str(TOP), method_map, options_map, keywords={**DEFAULT_KEYWORDS, **KEYWORDS}
    ):
        ids = message if isinstance(message, tuple) else (message,)
        found[(context, ids[0])] = tuple(ids)
        files.setdefault((context, ids[0]), set()).add(Path(file).as_posix())
    return {key: (ids, frozenset(files[key])) for key, ids in found.items()}


def template() -> dict[Key, tuple[str, ...]]:
    """Every message the code has today: (context, id) → all its ids."""
    return {key: ids for key, (ids, _files) in extracted().items()}


def family_places(entry: FamilyEntry) -> tuple[str, ...]:
    """The files and folders of a family, below the repository: its folder and the modules
    its manifest names (table, wording, computer players)."""
    modules = (entry.table, entry.narrator, entry.bots)
    folder = entry.folder.resolve()
    inside = [folder.relative_to(TOP).as_posix() + "/"] if folder.is_relative_to(TOP) else []
    return (*inside, *(module.replace(".", "/") for module in modules))


def family_messages(entry: FamilyEntry) -> set[Key]:
    """The messages only the family's own files have."""
    places = family_places(entry)
    return {
        key
        for key, (_ids, files) in extracted().items()
        if all(file.startswith(places) for file in files)
    }


def shared_messages() -> set[Key]:
    """The messages of the program itself: those of no family alone."""
    of_families = set().union(*(family_messages(entry) for entry in registered_families()))
    return set(template()) - of_families


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


def translated(catalogue: Catalog) -> set[Key]:
    return {
        (message.context, message.id if isinstance(message.id, str) else message.id[0])
        for message in catalogue
        if message.id
        and not message.fuzzy
        and all(message.string if isinstance(message.string, tuple) else (message.string,))
    }


def missing_messages(code: str, messages: set[Key] | None = None) -> list[Key]:
    """The messages of the code (or of ``messages``) that ``code``'s catalogue does not
    translate."""
    assert catalogue_path(code).is_file(), f"{code} has no catalogue"
    wanted = set(template()) if messages is None else messages
    done = translated(catalogue(code))
    return sorted((k for k in wanted if k not in done), key=str)


def family_catalogue_sources(entry: FamilyEntry, code: str) -> list[Path]:
    """The sources of a family's own catalogues in ``code``."""
    return [path.with_suffix(".po") for path in family_catalogues(entry, code)]


@pytest.mark.parametrize("code", TRANSLATED)
def test_a_language_is_offered_exactly_when_every_shared_message_is_translated(code: str) -> None:
    missing = missing_messages(code, shared_messages())
    entry = next(e for e in LANGUAGES if e.code == code)
    if entry.complete:
        assert not missing, f"{code}: {len(missing)} messages not translated, e.g. {missing[:8]}"
    else:
        assert missing, f"{code} is complete: mark it complete in i18n.LANGUAGES to offer it"


@pytest.mark.parametrize("code", TRANSLATED)
@pytest.mark.parametrize("family", [entry.name for entry in registered_families()])
def test_a_family_said_in_a_language_has_every_message_translated(code: str, family: str) -> None:
    """A family is said in a language when its messages are in the program's catalogue
    (``catalogue = "shared"``) or it has a catalogue of its own in that language; then every
    one of its messages is translated there. Any other family is said in English, and Settings
    says so."""
    entry = family_entry(family)
    if not next(e for e in LANGUAGES if e.code == code).complete:
        return  # its translators hear it by name, missing messages and all
    if not family_in_language(entry, code):
        assert not entry.shared_catalogue
        return
    done = translated(catalogue(code))
    for source in family_catalogue_sources(entry, code):
        assert source.is_file(), f"{source} is missing beside its compiled catalogue"
        with source.open("rb") as handle:
            done |= translated(read_po(handle, locale=code))
    missing = sorted((key for key in family_messages(entry) if key not in done), key=str)
    assert not missing, (
        f"{code}: {len(missing)} messages of the family {family} are not translated, e.g."
        f" {missing[:8]}; translate them, or give {code} no catalogue of the family (it is then"
        " said in English)"
    )


def test_the_families_messages_are_told_apart_from_the_programs() -> None:
    # The tricks table's own words are the family's; the main menu's are the program's.
    tricks = family_messages(family_entry("tricks"))
    assert (None, "Say the trump suit") in tricks
    assert (None, "Settings") in shared_messages()
    assert (None, "Settings") not in set().union(
        *(family_messages(entry) for entry in registered_families())
    )


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


def same_sections(english: Path, translated: Path) -> None:
    levels = HEADING.findall(english.read_text(encoding="utf-8"))
    assert HEADING.findall(translated.read_text(encoding="utf-8")) == levels, (
        f"{translated} has not the sections of {english.name}"
    )


@pytest.mark.parametrize("code", TRANSLATED)
def test_rules_and_guide_are_translated_section_by_section(code: str) -> None:
    if not next(e for e in LANGUAGES if e.code == code).complete:
        return  # read in English until it is complete, as its messages are
    for english in sorted((TOP / "docs" / "rules").glob("*.md")):
        translated = TOP / "docs" / "rules" / code / english.name
        assert translated.is_file(), f"{translated} is missing"
        same_sections(english, translated)
    assert (TOP / "docs" / code / "playing.md").is_file()
    # A family's own rules may lack a language (they are read in English there), but those
    # it has keep the English sections.
    for entry in registered_families():
        for english in sorted(entry.rules_dir.glob("*.md")):
            translated = entry.rules_dir / code / english.name
            if translated.is_file():
                same_sections(english, translated)
