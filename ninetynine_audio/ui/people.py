"""Play with several people at one computer (hot seat): how many, and each one's name.

The level menu offers it; what comes after (the computer players' level, the options, the
start) is the caller's, handed in as ``then``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from ninetynine_audio.games.base import HUMAN
from ninetynine_audio.games.setup import heard_as
from ninetynine_audio.present import people as words
from ninetynine_audio.ui.entry import TextEntry
from ninetynine_audio.ui.screen import Menu, MenuItem

if TYPE_CHECKING:
    from ninetynine_audio.ui.draft import Draft
    from ninetynine_audio.ui.host import Host as App

Then = Callable[["App"], None]


def offers_people(draft: Draft) -> bool:
    """Whether the game can seat several people at these keys: not when it names its seats
    itself (arcade), nor on a server (the people of a table join it from elsewhere)."""
    return (
        draft.people_here
        and draft.spec.fixed_seats is None
        and draft.players >= 2
        and draft.humans == 1
    )


def computer_names(draft: Draft, humans: int) -> list[str]:
    """The names the computer seats will have with ``humans`` people at the table."""
    kinds = (HUMAN,) * humans + (draft.level,) * (draft.players - humans)
    return list(draft.spec.default_names(kinds)[humans:])


def people_menu(draft: Draft, then: Then) -> Menu:
    """2 people up to every seat; then each person's name."""

    def pick(app: App, count: int) -> None:
        draft.humans = count
        draft.names = []
        ask_name(app, draft, then)

    counts = range(2, draft.players + 1)
    items = [MenuItem(words.people_item(n), partial(pick, count=n)) for n in counts]
    return Menu(words.CHOOSE_PEOPLE, items, on_back=lambda app: _back(app, draft))


def _back(app: App, draft: Draft) -> None:
    draft.humans = 1
    draft.names = []
    app.pop()


def ask_name(app: App, draft: Draft, then: Then) -> None:
    """Ask the next person's name; once everyone has one, go on with ``then``."""
    number = len(draft.names) + 1
    default = words.default_name(number)

    def check(name: str) -> str | None:
        taken = {heard_as(n) for n in [*draft.names, *computer_names(draft, draft.humans)]}
        # "You" would be worded as the listener for everyone at the table.
        if heard_as(name) in taken | {"you"}:
            return words.name_taken_text(name)
        return None

    def got(name: object) -> None:
        if not isinstance(name, str):
            draft.names = []
            app.resume_top()  # back on the people menu
            return
        draft.names.append(name)
        app.say(words.name_chosen_text(number, name))
        if len(draft.names) < draft.humans:
            ask_name(app, draft, then)
        else:
            then(app)

    app.push(TextEntry(words.name_prompt(number, default), default, check), got)
