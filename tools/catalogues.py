"""Keep the translation catalogues in step with the code, with Babel.

    python tools/catalogues.py            # extract, update every language, compile
    python tools/catalogues.py extract    # only the template, locale/ninetynine_audio.pot
    python tools/catalogues.py update     # the template into every language's .po
    python tools/catalogues.py compile    # every .po into its .mo, which the game reads
    python tools/catalogues.py add LANG   # start the catalogue of a new language
    python tools/catalogues.py status     # per language: messages, translated, fuzzy

How to translate and how to hear the result: docs/translating.md.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po

TOP = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(TOP))

from ninetynine_audio.i18n import DOMAIN, ENGLISH, LANGUAGES  # noqa: E402
from ninetynine_audio.i18n.extract import KEYWORDS  # noqa: E402

LOCALE = TOP / "ninetynine_audio" / "locale"
TEMPLATE = LOCALE / f"{DOMAIN}.pot"


def _babel(*arguments: str) -> None:
    CommandLineInterface().run(["pybabel", "-q", *arguments])


def extract() -> None:
    LOCALE.mkdir(parents=True, exist_ok=True)
    _babel(
        "extract",
        "-F",
        str(TOP / "babel.cfg"),
        "--add-comments=Translators:",
        *(f"--keyword={name}" for name in KEYWORDS),
        "--sort-by-file",
        "--project=ninetynine-audio",
        "--msgid-bugs-address=",
        "--no-wrap",
        "-o",
        str(TEMPLATE),
        ".",
    )


def translated_codes() -> list[str]:
    return [entry.code for entry in LANGUAGES if entry.code != ENGLISH]


def update() -> None:
    for code in translated_codes():
        po = LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.po"
        if not po.exists():
            add(code)
            continue
        _babel(
            "update",
            "-i",
            str(TEMPLATE),
            "-d",
            str(LOCALE),
            "-D",
            DOMAIN,
            "-l",
            code,
            "--no-wrap",
            "--ignore-obsolete",
            "--no-fuzzy-matching",
        )


def add(code: str) -> None:
    _babel("init", "-i", str(TEMPLATE), "-d", str(LOCALE), "-D", DOMAIN, "-l", code, "--no-wrap")


def compile_all() -> None:
    for code in translated_codes():
        _babel("compile", "-d", str(LOCALE), "-D", DOMAIN, "-l", code)


def status() -> None:
    for code in translated_codes():
        po = LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.po"
        with po.open("rb") as handle:
            catalogue = read_po(handle)
        messages = [m for m in catalogue if m.id]
        done = [m for m in messages if all(m.string if isinstance(m.string, tuple) else [m.string])]
        fuzzy = [m for m in messages if m.fuzzy]
        print(f"{code}: {len(messages)} messages, {len(done)} translated, {len(fuzzy)} fuzzy")


def main(argv: list[str]) -> int:
    os.chdir(TOP)  # so that the catalogue names files by their path in the repository
    command = argv[0] if argv else "all"
    if command == "extract":
        extract()
    elif command == "update":
        update()
    elif command == "compile":
        compile_all()
    elif command == "add" and len(argv) == 2:
        add(argv[1])
    elif command == "status":
        status()
    elif command == "all":
        extract()
        update()
        compile_all()
        status()
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
