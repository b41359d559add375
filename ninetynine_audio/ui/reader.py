"""A paragraph reader: the rules of a game, or the list of keys, read a paragraph at a time.

Headings are said with the word "heading" after them, so the player knows where a part begins.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ninetynine_audio.families import family_of_game, game_entry
from ninetynine_audio.i18n import ENGLISH, language
from ninetynine_audio.i18n.pseudo import PSEUDO_LANGUAGES
from ninetynine_audio.input.commands import HELP
from ninetynine_audio.present import screens as words
from ninetynine_audio.resources import FileProblem, read_file_bytes, shipped_dir
from ninetynine_audio.ui.screen import Display, Screen

if TYPE_CHECKING:
    from ninetynine_audio.ui.host import Host as App

RULES_DIR = shipped_dir("rules")


@dataclass(frozen=True)
class Paragraph:
    """One piece of text, and whether it is a heading."""

    text: str
    is_heading: bool = False


_LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")


def plain(text: str) -> str:
    """Markdown marks removed: emphasis, code, links."""
    text = _LINK.sub(r"\1", text)
    return " ".join(text.replace("**", "").replace("`", "").replace("__", "").split())


def parse_markdown(text: str) -> list[Paragraph]:
    """Headings, paragraphs and list items of a Markdown text, in order."""
    paragraphs: list[Paragraph] = []
    lines: list[str] = []

    def flush() -> None:
        if lines:
            paragraphs.append(Paragraph(plain(" ".join(lines))))
            lines.clear()

    in_code = False
    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("```"):
            flush()
            in_code = not in_code
            continue
        if in_code:
            if line:
                paragraphs.append(Paragraph(line))
            continue
        if not line:
            flush()
        elif line.startswith("#"):
            flush()
            paragraphs.append(Paragraph(plain(line.lstrip("#")), is_heading=True))
        elif re.match(r"^([-*+]|\d+[.)])\s+", line):
            flush()
            lines.append(re.sub(r"^([-*+]|\d+[.)])\s+", "", line))
        elif line.startswith(">"):
            lines.append(line.lstrip("> "))
        else:
            lines.append(line)
    flush()
    return [p for p in paragraphs if p.text]


def rules_files(game: str, code: str) -> tuple[Path, Path]:
    """Where the rules of ``game`` are in ``code`` and in English: the family's own rules
    folder (``games/<family>/rules/``) when it has the file, else ``docs/rules/``; the file
    its ``family.toml`` names (``<game>.md`` for a game no family names)."""
    entry = game_entry(game)
    name = entry.rules if entry is not None else f"{game}.md"
    owner = family_of_game(game)
    folders = (owner.rules_dir, RULES_DIR) if owner is not None else (RULES_DIR,)
    translated = next(
        (folder / code / name for folder in folders if (folder / code / name).is_file()),
        RULES_DIR / code / name,
    )
    english = next(
        (folder / name for folder in folders if (folder / name).is_file()), RULES_DIR / name
    )
    return translated, english


def rules_in_language(game: str, code: str) -> bool:
    """Whether the rules of ``game`` are written in ``code`` (English and the pseudo-languages,
    which translate only messages, always are)."""
    if code == ENGLISH or code in PSEUDO_LANGUAGES:
        return True
    return rules_files(game, code)[0].is_file()


def rules_paragraphs(game: str) -> list[Paragraph] | None:
    """The rules of ``game`` (:func:`rules_files`) in the language in use when they are written
    in it, else the English ones, or None when there are none."""
    translated, english = rules_files(game, language())
    path = translated if translated.is_file() else english
    try:
        text = read_file_bytes(path).decode("utf-8")
    except (FileProblem, UnicodeDecodeError):  # missing, not a file, or damaged
        return None
    return parse_markdown(text)


class Reader(Screen):
    """Up/Down by paragraph, Left/Right by heading, Home/End, Escape closes."""

    context = HELP

    def __init__(self, title: str, paragraphs: list[Paragraph]) -> None:
        self.title = title
        self.paragraphs = paragraphs or [Paragraph(title)]
        self.index = 0

    def enter(self, app: App) -> None:
        """Say the title and the first paragraph."""
        first = self.paragraphs[0]
        if first.text == self.title:
            app.say(words.heading_text(first.text) if first.is_heading else first.text)
            return
        app.say(f"{self.title}. {self._words(first)}")

    def resume(self, app: App) -> None:
        """Read the current paragraph again."""
        self._speak(app)

    @staticmethod
    def _words(paragraph: Paragraph) -> str:
        # A heading says so, as a screen reader does on a web page.
        return words.heading_text(paragraph.text) if paragraph.is_heading else paragraph.text

    def _speak(self, app: App, cue: str | None = None) -> None:
        app.say(self._words(self.paragraphs[self.index]), cue=cue)

    def _go(self, app: App, index: int) -> None:
        if not 0 <= index < len(self.paragraphs):
            app.say(words.rules_edge_text(index > 0), cue="menu_edge")
            return
        self.index = index
        self._speak(app)

    def _heading(self, app: App, step: int) -> None:
        index = self.index + step
        while 0 <= index < len(self.paragraphs):
            if self.paragraphs[index].is_heading:
                self.index = index
                self._speak(app)
                return
            index += step
        app.say(words.rules_edge_text(step > 0), cue="menu_edge")

    def handle(self, app: App, command: str) -> bool:
        """Move through the text or close it."""
        if command == "next_paragraph":
            self._go(app, self.index + 1)
        elif command == "previous_paragraph":
            self._go(app, self.index - 1)
        elif command == "next_heading":
            self._heading(app, 1)
        elif command == "previous_heading":
            self._heading(app, -1)
        elif command == "first_paragraph":
            self._go(app, 0)
        elif command == "last_paragraph":
            self._go(app, len(self.paragraphs) - 1)
        elif command == "back":
            app.pop()
        else:
            return False
        return True

    def display(self, app: App) -> Display:
        """The current paragraph and the next few."""
        shown = [p.text for p in self.paragraphs[self.index : self.index + 4]]
        return Display(self.title, shown, 0)
