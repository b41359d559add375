"""The screen stack's building blocks: a screen, and a menu screen with spoken positions."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING

from ninetynine_audio.audio.utterance import Priority, Utterance
from ninetynine_audio.i18n import _
from ninetynine_audio.input.commands import MENU
from ninetynine_audio.present import screens as words

if TYPE_CHECKING:
    from ninetynine_audio.ui.host import Host as App
    from ninetynine_audio.ui.host import ResultCallback


@dataclass
class Display:
    """What the window shows for a screen: a title, big lines, and an optional highlighted line."""

    title: str
    lines: list[str] = field(default_factory=list)
    highlight: int | None = None
    big_first: bool = False  # the first line is the one to see from afar (the total)


class Screen:
    """One screen of the stack. Subclasses answer commands of their ``context``."""

    context: str = MENU
    title: str = ""
    result_callback: ResultCallback | None = None  # set by the host when the screen is opened
    hides_typing: bool = False  # what is typed here is secret (a password): never echoed

    def enter(self, app: App) -> None:
        """Called when the screen is pushed: say where the player is."""

    def resume(self, app: App) -> None:
        """Called when the screen above was closed and this one is on top again."""
        self.enter(app)

    def handle_gesture(self, app: App, gesture: str) -> bool:
        """A first look at a key before the keymap (menus jump by first letter); True if used."""
        return False

    def handle(self, app: App, command: str) -> bool:
        """Carry out ``command``; False when it means nothing here."""
        return False

    def tick(self, app: App) -> None:
        """Called every frame (timers, computer players)."""

    def take_line(self, app: App, line: str) -> bool:
        """Text mode: a screen that asks for a line of text (not keys) takes the whole input
        line here; True when it did."""
        return False

    def take_typed(self, app: App, text: str) -> bool:
        """The window: characters typed as the keyboard's layout gives them (any script);
        True when the screen asks for text and took them."""
        return False

    def is_busy(self, app: App) -> bool:
        """True while the screen is about to act by itself (a computer player is due)."""
        return False

    def hidden_commands(self, app: App) -> frozenset[str]:
        """Commands of this screen's context that do nothing here (left out of key help)."""
        return frozenset()

    def number_keys(self, app: App) -> int | None:
        """How many card-number keys mean something here (None: all there are)."""
        return None

    def key_descriptions(self, app: App) -> Mapping[str, str]:
        """Key help's own words for some commands here (the rest keep their description)."""
        return {}

    def key_groups(self, app: App) -> Sequence[tuple[str, frozenset[str]]]:
        """Key help in groups under headings, as (heading, command ids); empty: one list."""
        return ()

    def display(self, app: App) -> Display:
        """What the window shows."""
        return Display(self.title)


NUMBER_TYPING_S = 1.0
"""Two number keys pressed within this many seconds on a menu name one item (1, 2: the 12th)."""

Label = str | Callable[[], str]
MenuAction = Callable[["App"], None]


@dataclass
class MenuItem:
    """One entry of a menu: its label (fixed or computed) and what choosing it does."""

    label: Label
    action: Callable[[App], None]
    adjust: Callable[[App, int], None] | None = None
    """For a setting: step its value up (+1) or down (-1) with Right and Left."""

    def text(self) -> str:
        """The label as it is now."""
        return self.label() if callable(self.label) else self.label


class Menu(Screen):
    """A vertical list: Up/Down wrap, Home/End, Enter chooses, Escape goes back.

    Each move speaks "label, n of m". A letter key jumps to the next item starting with it, a
    number key to the item of that number (two typed quickly: past the ninth).
    """

    context = MENU

    def __init__(
        self,
        title: str,
        items: Sequence[MenuItem],
        *,
        on_back: Callable[[App], None] | None = None,
        index: int = 0,
    ) -> None:
        self.title = title
        self.items = list(items)
        self.index = max(0, min(index, len(self.items) - 1))
        self.on_back = on_back
        self._typed = 0
        self._typed_at = 0.0

    def item_text(self, app: App) -> str:
        """The current item with its position."""
        item = self.items[self.index]
        return words.menu_item_text(
            item.text(), self.index, len(self.items), app.settings.verbosity
        )

    def enter(self, app: App) -> None:
        """Say the menu's title and the current item."""
        app.say(words.menu_opened_text(self.title, self.item_text(app)))

    def resume(self, app: App) -> None:
        """Back on this menu: say it again."""
        self.enter(app)

    def _move(self, app: App, index: int, *, wrapped: bool = False, edge: bool = False) -> None:
        self.index = index
        cue = "menu_edge" if wrapped or edge else "menu_move"
        app.say(self.item_text(app), cue=cue)

    def handle_gesture(self, app: App, gesture: str) -> bool:
        """A letter jumps to the next item starting with it, and a number key to the item of
        that number (two typed within :data:`NUMBER_TYPING_S` make one number: 1 then 2 is the
        twelfth), unless a key of the menu or of every screen is on that key (R repeats the
        last phrase here too, as everywhere)."""
        if len(gesture) != 1 or not gesture.isalnum():
            return False
        if app.command_for(MENU, gesture) is not None:
            return False
        if gesture.isdigit():
            return self._number_key(app, int(gesture))
        count = len(self.items)
        for step in range(1, count + 1):
            candidate = (self.index + step) % count
            if self.items[candidate].text().lower().startswith(gesture):
                self._move(app, candidate)
                return True
        return False

    def _number_key(self, app: App, digit: int) -> bool:
        now = app.now()
        number = digit
        if self._typed and now - self._typed_at <= NUMBER_TYPING_S:
            number = self._typed * 10 + digit
            if number > len(self.items):
                number = digit  # no item of that number: the digit starts a new one
        self._typed, self._typed_at = number, now
        if not 1 <= number <= len(self.items):
            return False
        self._move(app, number - 1)
        return True

    def handle(self, app: App, command: str) -> bool:
        """Move, choose or go back."""
        count = len(self.items)
        if command == "move_down":
            wrapped = self.index == count - 1
            self._move(app, (self.index + 1) % count, wrapped=wrapped)
        elif command == "move_up":
            wrapped = self.index == 0
            self._move(app, (self.index - 1) % count, wrapped=wrapped)
        elif command == "first_item":
            self._move(app, 0, edge=True)
        elif command == "last_item":
            self._move(app, count - 1, edge=True)
        elif command == "select":
            app.play_cue("menu_select")
            self.items[self.index].action(app)
        elif command in ("increase_value", "decrease_value"):
            adjust = self.items[self.index].adjust
            if adjust is None:
                return False
            adjust(app, 1 if command == "increase_value" else -1)
        elif command == "back":
            if self.on_back is None:
                return False
            self.on_back(app)
        else:
            return False
        return True

    def display(self, app: App) -> Display:
        """The title and every item, the current one highlighted."""
        return Display(self.title, [item.text() for item in self.items], self.index)

    def refresh(self, app: App) -> None:
        """Say the current item again after its label changed (a setting was toggled)."""
        app.say(self.item_text(app))


def confirm_menu(question: str) -> Menu:
    """Yes or No, No first so that a hurried Enter loses nothing.

    It answers ``True`` or ``False`` to the screen that opened it (Escape is No).
    """

    def answer(app: App, yes: bool) -> None:
        app.dismiss(yes)

    return Menu(
        question,
        [
            MenuItem(_(words.YES), partial(answer, yes=True)),
            MenuItem(_(words.NO), partial(answer, yes=False)),
        ],
        on_back=partial(answer, yes=False),
        index=1,
    )


def ask(app: App, question: str, on_yes: MenuAction) -> None:
    """Ask a yes-or-no question; on Yes run ``on_yes``, on No say the screen again."""

    def answered(yes: object) -> None:
        if yes is True:
            on_yes(app)
        else:
            app.resume_top()

    app.push(confirm_menu(question), on_result=answered)


def say_now(text: str, cue: str | None = None) -> Utterance:
    """An utterance that answers the player at once."""
    return Utterance(text, Priority.NOW, cue=cue)
