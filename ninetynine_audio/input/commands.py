"""The command registry: every command the player can give, where it works, and what it does.

A command is declared here once, with the short sentence key help speaks for it and the
contexts (screens) where it means something. Which keys give a command is data, kept in
``keymaps/*.toml`` and loaded by ``keymap.py``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

MENU = "menu"
TABLE = "table"
HELP = "help"
GLOBAL = "global"

FAMILIES: tuple[str, ...] = ("adding", "colours", "tricks")
"""The game families whose tables have keys of their own, in ``[table.<family>]``."""


def table_context(family: str) -> str:
    """The context of one family's table (``"table.adding"``): its own keys, then the
    shared ``table`` keys, then the global ones."""
    return f"{TABLE}.{family}"


TABLE_ADDING = table_context("adding")
TABLE_COLOURS = table_context("colours")
TABLE_TRICKS = table_context("tricks")

CONTEXTS: tuple[str, ...] = (
    MENU,
    TABLE,
    *(table_context(family) for family in FAMILIES),
    HELP,
    GLOBAL,
)
"""Every context, in the order keymap sections are written. ``global`` works on every screen."""


def parent_context(context: str) -> str | None:
    """The context whose keys also work in ``context``: ``table`` for a family's table."""
    head, dot, _ = context.partition(".")
    return head if dot else None


def context_chain(context: str) -> tuple[str, ...]:
    """``context``, its parent, and ``global``: where a key is looked up, in that order."""
    chain = [context]
    parent = parent_context(context)
    if parent is not None:
        chain.append(parent)
    if context != GLOBAL:
        chain.append(GLOBAL)
    return tuple(chain)


@dataclass(frozen=True)
class Command:
    """A thing the player can ask for.

    Attributes:
        id: verb_object name used in keymaps and by screens (``announce_total``).
        description: the short sentence key help speaks (``"Announce the total"``).
        contexts: where the command works; ``{"global"}`` means on every screen.
    """

    id: str
    description: str
    contexts: frozenset[str]


class CommandRegistryError(ValueError):
    """A command declared twice, or declared for a context that does not exist."""


_registry: dict[str, Command] = {}

COMMANDS: Mapping[str, Command] = MappingProxyType(_registry)
"""All declared commands by id, in declaration order (a read-only view)."""


def register(command_id: str, description: str, contexts: Iterable[str]) -> Command:
    """Declare a command and return it.

    Raises:
        CommandRegistryError: the id is taken, no context is given, a context is unknown,
            or ``global`` is mixed with other contexts (a global command already works there).
    """
    context_set = frozenset(contexts)
    if command_id in _registry:
        raise CommandRegistryError(f"command {command_id!r} is declared twice")
    if not context_set:
        raise CommandRegistryError(f"command {command_id!r} has no context")
    unknown = sorted(context_set - set(CONTEXTS))
    if unknown:
        raise CommandRegistryError(f"command {command_id!r} names unknown contexts {unknown}")
    if GLOBAL in context_set and len(context_set) > 1:
        raise CommandRegistryError(f"global command {command_id!r} may not name other contexts")
    command = Command(command_id, description, context_set)
    _registry[command_id] = command
    return command


def commands_for(context: str) -> tuple[Command, ...]:
    """The commands declared for one context, in declaration order (global ones not included).

    Raises:
        ValueError: the context is unknown.
    """
    if context not in CONTEXTS:
        raise ValueError(f"unknown context {context!r}")
    return tuple(c for c in _registry.values() if context in c.contexts)


# Menus.
register("move_up", "Move to the previous item", [MENU])
register("move_down", "Move to the next item", [MENU])
register("first_item", "Move to the first item", [MENU])
register("last_item", "Move to the last item", [MENU])
register("select", "Choose this item", [MENU])
register("increase_value", "Raise the value of this setting", [MENU])
register("decrease_value", "Lower the value of this setting", [MENU])
register("back", "Go back", [MENU, HELP])

# Every card table.
register("announce_turn", "Say whose turn it is", [TABLE])
register("previous_card", "Move to the previous card in your hand", [TABLE])
register("next_card", "Move to the next card in your hand", [TABLE])
register("play_card", "Play the selected card", [TABLE])
for _position in range(1, 8):
    register(f"play_card_{_position}", f"Play card {_position} of your hand", [TABLE])
register("speak_hand", "Read your whole hand", [TABLE])
register("skip_wait", "Skip ahead through the computer players' turns", [TABLE])
register("pause_menu", "Open the pause menu", [TABLE])
register("hint", "Ask for a hint", [TABLE])
register("read_rules", "Read the rules of this game", [TABLE])
register("table_chat", "Say a line to the others at an online table", [TABLE])

# The table of the adding games (classic, arcade, tactical).
register("announce_total", "Announce the total", [TABLE_ADDING])
register("choose_up", "Choose the higher value for the card, like plus 10", [TABLE_ADDING])
register("choose_down", "Choose the lower value for the card, like minus 10", [TABLE_ADDING])
register("announce_lives", "Announce everyone's lives", [TABLE_ADDING])
register("announce_direction", "Say which way play is going", [TABLE_ADDING])
register("draw_card", "Draw a card", [TABLE_ADDING])
register("announce_danger", "Hear the danger sound for the total", [TABLE_ADDING])

# The table of the colour game.
register("announce_row", "Describe your row: length, last card, colours and worth", [TABLE_COLOURS])
register("announce_other_rows", "Describe the other players' rows", [TABLE_COLOURS])
register("announce_piles", "Say the top cards of the two piles", [TABLE_COLOURS])
register("announce_draw_pile", "Say how many cards are left in your draw pile", [TABLE_COLOURS])
register(
    "announce_scores",
    "Say every score and how far each player is from winning",
    [TABLE_COLOURS, TABLE_TRICKS],
)
register("announce_last_turn", "Tell the last computer turn in full", [TABLE_COLOURS])
register("toggle_hand_order", "Sort your hand by value or by colour", [TABLE_COLOURS])
register("choose_left_pile", "Choose the left pile", [TABLE_COLOURS])
register("choose_right_pile", "Choose the right pile", [TABLE_COLOURS])
register("score_row", "Score your row now", [TABLE_COLOURS])
register("end_piles", "End your plays onto the piles and draw", [TABLE_COLOURS])
# The table of the trick-taking game.
register("mark_card", "Mark or unmark the selected card for your bid", [TABLE_TRICKS])
register("previous_suit", "Move to the previous suit in your hand", [TABLE_TRICKS])
register("next_suit", "Move to the next suit in your hand", [TABLE_TRICKS])
register("choose_declaration", "Choose to declare or reveal your bid, or neither", [TABLE_TRICKS])
register("announce_trick", "Say the cards of the trick so far", [TABLE_TRICKS])
register("announce_leader", "Say who leads the trick", [TABLE_TRICKS])
register("announce_trumps", "Say the trump suit", [TABLE_TRICKS])
register("announce_bid", "Say your bid and the tricks you have taken", [TABLE_TRICKS])
register("announce_tricks", "Say everyone's tricks this deal", [TABLE_TRICKS])
register("announce_deal_details", "Say the last deal's score in full", [TABLE_TRICKS])
register("announce_declaration", "Say the declared bid and any open hand", [TABLE_TRICKS])

# The rules reader.
register("previous_paragraph", "Read the previous paragraph", [HELP])
register("next_paragraph", "Read the next paragraph", [HELP])
register("previous_heading", "Go to the previous heading", [HELP])
register("next_heading", "Go to the next heading", [HELP])
register("first_paragraph", "Go to the start of the text", [HELP])
register("last_paragraph", "Go to the end of the text", [HELP])

# Everywhere.
register("repeat_last", "Repeat the last thing said", [GLOBAL])
register("key_help_list", "List the keys of this screen", [GLOBAL])
register("key_help_mode", "Turn key help on or off: press a key to hear what it does", [GLOBAL])
register("history_previous", "Step back through what was said", [GLOBAL])
register("history_next", "Step forward through what was said", [GLOBAL])
register("stop_speech", "Stop speaking", [GLOBAL])
