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
from ninetynine_audio.i18n import N_

MENU = "menu"
TABLE = "table"
HELP = "help"
REVIEW = "review"
GLOBAL = "global"


def table_context(family: str) -> str:
    """The context of one family's table (``"table.adding"``): its own keys, then the
    shared ``table`` keys, then the global ones."""
    return f"{TABLE}.{family}"


FAMILY_CONTEXTS: tuple[str, ...] = tuple(
    table_context(entry.name) for entry in registered_families()
)
"""The table of each registered family, in the order of the families' folders."""

CONTEXTS: tuple[str, ...] = (MENU, TABLE, *FAMILY_CONTEXTS, HELP, REVIEW, GLOBAL)
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
        description: the short sentence key help speaks (``"Announce the total"``), in
            English: the catalogue's message, said through ``_`` (the families' come from
            their manifests, the shared ones are marked with ``N_`` here).
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
register("move_up", N_("Move to the previous item"), [MENU])
register("move_down", N_("Move to the next item"), [MENU])
register("first_item", N_("Move to the first item"), [MENU])
register("last_item", N_("Move to the last item"), [MENU])
register("select", N_("Choose this item"), [MENU])
register("increase_value", N_("Raise the value of this setting"), [MENU])
register("decrease_value", N_("Lower the value of this setting"), [MENU])
register("back", N_("Go back"), [MENU, HELP, REVIEW])

# Every card table.
register("announce_turn", N_("Say whose turn it is"), [TABLE])
register("previous_card", N_("Move to the previous card in your hand"), [TABLE])
register("next_card", N_("Move to the next card in your hand"), [TABLE])
register("play_card", N_("Play the selected card"), [TABLE])
register("first_card", N_("Move to the first card in your hand"), [TABLE])
register("last_card", N_("Move to the last card in your hand"), [TABLE])
# Nine number keys: the trick-taking game plays from a hand of nine.
_PLAY_CARD_N = (
    N_("Play card 1 of your hand"),
    N_("Play card 2 of your hand"),
    N_("Play card 3 of your hand"),
    N_("Play card 4 of your hand"),
    N_("Play card 5 of your hand"),
    N_("Play card 6 of your hand"),
    N_("Play card 7 of your hand"),
    N_("Play card 8 of your hand"),
    N_("Play card 9 of your hand"),
)
for _position, _description in enumerate(_PLAY_CARD_N, start=1):
    register(f"play_card_{_position}", _description, [TABLE])
register("speak_hand", N_("Read your whole hand"), [TABLE])
register("skip_wait", N_("Skip ahead through the computer players' turns"), [TABLE])
register("pause_menu", N_("Open the pause menu"), [TABLE])
register("hint", N_("Ask for a hint"), [TABLE])
register("read_rules", N_("Read the rules of this game"), [TABLE])
register("table_chat", N_("Say a line to the others at an online table"), [TABLE])

# The people online (a table of the server, and the lobby's menus).
register("who_online", N_("Who is online, and where"), [MENU, TABLE])
register("friends_list", N_("Your friends, and who of them is online"), [MENU])

# The rules reader.
register("previous_paragraph", N_("Read the previous paragraph"), [HELP])
register("next_paragraph", N_("Read the next paragraph"), [HELP])
register("previous_heading", N_("Go to the previous heading"), [HELP])
register("next_heading", N_("Go to the next heading"), [HELP])
register("first_paragraph", N_("Go to the start of the text"), [HELP])
register("last_paragraph", N_("Go to the end of the text"), [HELP])

# The review of a finished game.
register("review_next_move", N_("Go to your next move"), [REVIEW])
register("review_previous_move", N_("Go to your previous move"), [REVIEW])
register("review_next_costly", N_("Go to the next costly move, the costliest first"), [REVIEW])
register("review_previous_costly", N_("Go back to the previous costly move"), [REVIEW])
register("review_first_move", N_("Go to your first move"), [REVIEW])
register("review_last_move", N_("Go to your last move"), [REVIEW])
register("review_table", N_("Tell the table at this move, every hand shown"), [REVIEW])
register("review_summary", N_("Say the review's summary again"), [REVIEW])

# Everywhere.
register("repeat_last", N_("Repeat the last thing said"), [GLOBAL])
register("key_help_list", N_("List the keys of this screen"), [GLOBAL])
register("key_help_mode", N_("Turn key help on or off: press a key to hear what it does"), [GLOBAL])
register("history_previous", N_("Step back through what was said"), [GLOBAL])
register("history_next", N_("Step forward through what was said"), [GLOBAL])
register("stop_speech", N_("Stop speaking"), [GLOBAL])
register("answer_message", N_("Answer the last private message"), [GLOBAL])
register("accept_offer", N_("Accept the last invitation or friend request"), [GLOBAL])
register("decline_offer", N_("Decline the last invitation or friend request"), [GLOBAL])

PEOPLE_COMMANDS = frozenset(
    {"who_online", "friends_list", "answer_message", "accept_offer", "decline_offer"}
)
"""The commands of the people on a server: they mean something only online."""
register("history_first", N_("Go to the first message of this buffer"), [GLOBAL])
register("history_last", N_("Go to the last message of this buffer"), [GLOBAL])
register("buffer_previous", N_("Switch to the previous message buffer"), [GLOBAL])
register("buffer_next", N_("Switch to the next message buffer"), [GLOBAL])
register("buffer_mute", N_("Mute or unmute the kind of messages of this buffer"), [GLOBAL])
register("chat_mute", N_("Mute or unmute the table's chat"), [GLOBAL])
register("ping", N_("Say the time a message takes to the server and back"), [GLOBAL])


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
