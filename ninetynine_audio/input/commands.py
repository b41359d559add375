"""The command registry: every command the player can give, where it works, and what it does.

A command is declared once, with the short sentence key help speaks for it and the contexts
(screens) where it means something. The commands every screen shares are declared here; each
game family declares its table's own in the ``[commands]`` of its ``family.toml``
(``ninetynine_audio/families.py``), and its table is one more context, ``table.<family>``.
Which keys give a command is data, kept in ``keymaps/default.toml``, the families'
``keymap.toml`` and the player's keymap, and loaded by ``keymap.py``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from ninetynine_audio.families import FamilyEntry, registered_families

MENU = "menu"
TABLE = "table"
HELP = "help"
GLOBAL = "global"


def table_context(family: str) -> str:
    """The context of one family's table (``"table.adding"``): its own keys, then the
    shared ``table`` keys, then the global ones."""
    return f"{TABLE}.{family}"


FAMILY_CONTEXTS: tuple[str, ...] = tuple(
    table_context(entry.name) for entry in registered_families()
)
"""The table of each registered family, in the order of the families' folders."""

CONTEXTS: tuple[str, ...] = (MENU, TABLE, *FAMILY_CONTEXTS, HELP, GLOBAL)
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
register("first_card", "Move to the first card in your hand", [TABLE])
register("last_card", "Move to the last card in your hand", [TABLE])
# Nine number keys: the trick-taking game plays from a hand of nine.
for _position in range(1, 10):
    register(f"play_card_{_position}", f"Play card {_position} of your hand", [TABLE])
register("speak_hand", "Read your whole hand", [TABLE])
register("skip_wait", "Skip ahead through the computer players' turns", [TABLE])
register("pause_menu", "Open the pause menu", [TABLE])
register("hint", "Ask for a hint", [TABLE])
register("read_rules", "Read the rules of this game", [TABLE])
register("table_chat", "Say a line to the others at an online table", [TABLE])

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


def register_family_commands(entries: Iterable[FamilyEntry]) -> None:
    """Declare each family's table commands from its manifest.

    Two families may share a command (the scores key of two tables) when both describe it in
    the same words: it then works at both tables.

    Raises:
        CommandRegistryError: a family names a shared command, or describes a command another
            family has in other words; the message names the manifest.
    """
    for entry in entries:
        for command_id, description in entry.commands:
            known = _registry.get(command_id)
            if known is None:
                register(command_id, description, [entry.context])
                continue
            if not known.contexts <= set(FAMILY_CONTEXTS) or known.description != description:
                raise CommandRegistryError(
                    f"{entry.manifest}: command {command_id!r} is already declared"
                    f" as {known.description!r} for {sorted(known.contexts)}"
                )
            _registry[command_id] = Command(
                command_id, description, known.contexts | {entry.context}
            )


register_family_commands(registered_families())
