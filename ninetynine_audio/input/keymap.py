"""Keymaps: which gestures give which command, loaded from TOML and checked before use.

The default keymap ships in ``keymaps/default.toml`` (the keys every screen shares) and in each
game family's ``keys.toml`` (the section of its table, ``[table.<family>]``, beside its
``family.toml``). A player's keymap has the same form and replaces the default keys of each
command it names, leaving the others alone. A user file with
any problem is refused as a whole (a half-applied keymap could leave a player without the key
they rely on), its problems are returned for the game to speak, and the defaults stay.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path

from ninetynine_audio.families import registered_families
from ninetynine_audio.i18n import N_, _
from ninetynine_audio.input.commands import (
    COMMANDS,
    CONTEXTS,
    FAMILY_CONTEXTS,
    GLOBAL,
    Command,
    commands_for,
    context_chain,
    parent_context,
    table_context,
)
from ninetynine_audio.input.keynames import (
    GestureError,
    gesture_from_name,
    is_forbidden,
    is_lone_modifier,
    speakable_gesture,
)
from ninetynine_audio.resources import FileProblem, decode_text, read_file_bytes, shipped_dir

__all__ = [
    "DEFAULT_KEYMAP_PATH",
    "SCHEMA",
    "Keymap",
    "KeymapError",
    "document_sections",
    "keymap_path_from_text",
    "load_default_keymap",
    "load_keymap",
    "read_keymap_file",
    "speakable_gesture",
]

DEFAULT_KEYMAP_PATH = shipped_dir("keymaps") / "default.toml"
"""The keymap that ships with the game."""

KEYMAP_READ_LIMIT = 1024 * 1024
"""A keymap is a few kilobytes; a file over this size is refused without being read."""

_READ_PROBLEMS = {
    FileProblem.MISSING: N_("the file was not found."),
    FileProblem.NOT_A_FILE: N_("this is not a file (a folder, a device or a pipe)."),
    FileProblem.TOO_LARGE: N_("the file is far too large to be a keymap."),
    # Translators: {detail} is the system's own reason, as it gives it.
    FileProblem.UNREADABLE: N_("the file could not be read ({detail})."),
}


def keymap_path_from_text(text: str) -> Path:
    """The path a player typed for a keymap file, with ``~`` for their home folder expanded.

    ``~name`` for a user the system does not know is kept as it is written (it then names a
    file that is not found, which is what the player is told).
    """
    path = Path(text)
    try:
        return path.expanduser()
    except RuntimeError:
        return path


SCHEMA = 1
"""The keymap format version this code reads (the ``schema`` line of a keymap file)."""

Bindings = dict[str, dict[str, tuple[str, ...]]]
"""context -> command id -> canonical gestures."""


class KeymapError(Exception):
    """One problem in a keymap file, naming the file, and where known the section and key.

    ``str(error)`` is a sentence fit to speak, e.g. ``keymap.toml, section [table],
    announce_total: "r" is already used by repeat_last in [global].``
    """

    def __init__(
        self, path: Path, problem: str, section: str | None = None, key: str | None = None
    ) -> None:
        self.path = path
        self.problem = problem
        self.section = section
        self.key = key
        self.is_missing = False  # the file itself is not there
        super().__init__(self._message())

    def _message(self) -> str:
        # Translators: {file} is a keymap file's name, {section} a section of it written as
        # in the file, {key} a command's name there, {problem} a sentence saying what is wrong.
        if self.section is not None and self.key is not None:
            message = _("{file}, section [{section}], {key}: {problem}")
        elif self.section is not None:
            message = _("{file}, section [{section}]: {problem}")
        elif self.key is not None:
            message = _("{file}, {key}: {problem}")
        else:
            message = _("{file}: {problem}")
        return message.format(
            file=self.path.name, section=self.section, key=self.key, problem=self.problem
        )


class Keymap:
    """Checked bindings from gestures to command ids for every context.

    Build one with ``load_keymap`` or ``load_default_keymap``; the constructor trusts its input.
    """

    def __init__(self, bindings: Mapping[str, Mapping[str, tuple[str, ...]]]) -> None:
        """Keep ``bindings`` (context -> command id -> canonical gestures)."""
        self._bindings: Bindings = {
            context: dict(bindings.get(context, {})) for context in CONTEXTS
        }
        self._index: dict[str, dict[str, str]] = {
            context: {g: command for command, gs in per_context.items() for g in gs}
            for context, per_context in self._bindings.items()
        }

    @property
    def bindings(self) -> Mapping[str, Mapping[str, tuple[str, ...]]]:
        """context -> command id -> gestures, as loaded (a copy)."""
        return {context: dict(per) for context, per in self._bindings.items()}

    def command_for(self, context: str, gesture: str) -> str | None:
        """The command a canonical gesture gives in ``context`` (then in its parent, as
        ``table`` for ``table.adding``, then in ``global``), or None."""
        _check_context(context)
        for ctx in context_chain(context):
            found = self._index[ctx].get(gesture)
            if found is not None:
                return found
        return None

    def gestures_for(self, context: str, command: str) -> tuple[str, ...]:
        """The gestures that give ``command`` in ``context``, its parent or ``global``."""
        _check_context(context)
        for ctx in context_chain(context):
            found = self._bindings[ctx].get(command)
            if found is not None:
                return found
        return ()

    def bindings_for(
        self, context: str, *, include_global: bool = True
    ) -> tuple[tuple[Command, tuple[str, ...]], ...]:
        """Commands of ``context`` with their gestures in declaration order, for key help.

        The global commands follow unless ``include_global`` is false. Commands without a key
        are left out.
        """
        _check_context(context)
        chain = context_chain(context)
        contexts = [c for c in chain if include_global or c != GLOBAL or c == context]
        listed: list[tuple[Command, tuple[str, ...]]] = []
        for ctx in contexts:
            for command in commands_for(ctx):
                gestures = self._bindings[ctx].get(command.id, ())
                if gestures:
                    listed.append((command, gestures))
        return tuple(listed)

    def lone_modifiers(self) -> frozenset[str]:
        """Modifiers bound on their own (like ``"ctrl"``), so a press of them must be kept."""
        return frozenset(
            g
            for per in self._bindings.values()
            for gs in per.values()
            for g in gs
            if is_lone_modifier(g)
        )


def _check_context(context: str) -> None:
    if context not in CONTEXTS:
        raise ValueError(f"unknown context {context!r}")


def read_keymap_file(path: Path) -> tuple[Bindings, list[KeymapError]]:
    """Read and check one keymap file on its own: the bindings it gives and its problems.

    Clashes with bindings in other files are found later, by ``load_keymap``.
    """
    errors: list[KeymapError] = []
    try:
        text = decode_text(read_file_bytes(path, KEYMAP_READ_LIMIT), guess=False)
    except FileProblem as exc:
        error = KeymapError(path, _(_READ_PROBLEMS[exc.kind]).format(detail=exc.detail))
        error.is_missing = exc.kind == FileProblem.MISSING
        return {}, [error]
    except UnicodeDecodeError:
        return {}, [KeymapError(path, _("the file is not UTF-8 text."))]
    if "\x00" in text:
        return {}, [KeymapError(path, _("the file is not text: it holds NUL characters."))]
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        # Translators: {reason} is the TOML reader's own words, with the line and column.
        problem = _("this is not valid TOML: {reason}.").format(reason=exc)
        return {}, [KeymapError(path, problem)]
    except ValueError:
        # A whole number of more than 4,300 digits, which Python will not convert.
        problem = _("this is not a keymap: it holds a number far too long.")
        return {}, [KeymapError(path, problem)]
    except RecursionError:
        problem = _("this is not a keymap: its values are nested too deeply.")
        return {}, [KeymapError(path, problem)]

    bindings: Bindings = {}
    for name, value in document_sections(document):
        if name == "schema":
            if value != SCHEMA or isinstance(value, bool):
                errors.append(
                    KeymapError(
                        path,
                        _("schema must be {schema}, not {value}.").format(
                            schema=SCHEMA, value=repr(value)
                        ),
                        key="schema",
                    )
                )
            continue
        if name not in CONTEXTS:
            sections = ", ".join(CONTEXTS)
            errors.append(
                KeymapError(
                    path,
                    _("there is no such section; the sections are {sections}.").format(
                        sections=sections
                    ),
                    section=name,
                )
            )
            continue
        if not isinstance(value, dict):
            errors.append(
                KeymapError(path, _("this must be a section, written [name]."), section=name)
            )
            continue
        for context, per in _read_section(path, name, value, errors).items():
            bindings.setdefault(context, {}).update(per)
    return bindings, errors


def document_sections(document: dict[str, object]) -> list[tuple[str, object]]:
    """The document's sections by context name: ``[table.adding]`` is ``table.adding``."""
    found: list[tuple[str, object]] = []
    for name, value in document.items():
        if isinstance(value, dict) and name in CONTEXTS:
            own = {k: v for k, v in value.items() if not isinstance(v, dict)}
            found.append((name, own))
            found.extend((f"{name}.{k}", v) for k, v in value.items() if isinstance(v, dict))
        else:
            found.append((name, value))
    return found


def _home(section: str, command: Command) -> str | None:
    """Where a command written in ``section`` is bound: the section itself, or, for a family's
    command written in the shared ``[table]``, that family's table (keymaps written before the
    families had sections of their own keep working)."""
    if section in command.contexts:
        return section
    children = [c for c in command.contexts if parent_context(c) == section]
    return children[0] if len(children) == 1 else None


def _read_section(
    path: Path, section: str, table: dict[str, object], errors: list[KeymapError]
) -> dict[str, dict[str, tuple[str, ...]]]:
    per_context: dict[str, dict[str, tuple[str, ...]]] = {}
    for command_id, value in table.items():
        command = COMMANDS.get(command_id)
        if command is None:
            errors.append(
                KeymapError(path, _("there is no command with this name."), section, command_id)
            )
            continue
        home = _home(section, command)
        if home is None:
            homes = ", ".join(f"[{c}]" for c in CONTEXTS if c in command.contexts)
            problem = _("this command does not work here; it belongs in {sections}.").format(
                sections=homes
            )
            errors.append(KeymapError(path, problem, section, command_id))
            continue
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            errors.append(
                KeymapError(
                    path,
                    _('keys must be a list of names in quotes, like ["t"].'),
                    section,
                    command_id,
                )
            )
            continue
        if not value:
            errors.append(
                KeymapError(path, _("a command needs at least one key."), section, command_id)
            )
            continue
        gestures: list[str] = []
        for name in value:
            try:
                gesture = gesture_from_name(name)
            except GestureError as exc:
                # Translators: {reason} is why a key name was not understood.
                problem = _("{reason}.").format(reason=exc)
                errors.append(KeymapError(path, problem, section, command_id))
                continue
            if is_forbidden(gesture):
                errors.append(
                    KeymapError(
                        path,
                        _('"{key}" is kept for the screen reader and cannot be bound.').format(
                            key=name
                        ),
                        section,
                        command_id,
                    )
                )
                continue
            if gesture not in gestures:
                gestures.append(gesture)
        per_context.setdefault(home, {})[command_id] = tuple(gestures)
    return per_context


Origins = dict[tuple[str, str], Path]


def _find_clashes(
    bindings: Bindings, origins: Origins, user_path: Path | None
) -> list[KeymapError]:
    """Gestures bound twice within a context, or in a context and in ``global``.

    Each clash is reported against a binding from the user file when one takes part, since
    that is the file the player can change.
    """
    errors: list[KeymapError] = []

    def report(mine: tuple[str, str], theirs: tuple[str, str], gesture: str) -> None:
        if origins.get(theirs) == user_path and origins.get(mine) != user_path:
            mine, theirs = theirs, mine
        section, command = mine
        other_section, other_command = theirs
        if other_section == section:
            problem = _('"{key}" is already used by {command}.').format(
                key=gesture, command=other_command
            )
        else:
            problem = _('"{key}" is already used by {command} in [{section}].').format(
                key=gesture, command=other_command, section=other_section
            )
        errors.append(KeymapError(origins[mine], problem, section, command))

    global_owner: dict[str, tuple[str, str]] = {}
    for command, gestures in bindings.get(GLOBAL, {}).items():
        for gesture in gestures:
            if gesture in global_owner:
                report((GLOBAL, command), global_owner[gesture], gesture)
            else:
                global_owner[gesture] = (GLOBAL, command)
    for context in CONTEXTS:
        if context == GLOBAL:
            continue
        owner = dict(global_owner)
        parent = parent_context(context)
        if parent is not None:
            # A family's table keys must not clash with the shared table keys either.
            for command, gestures in bindings.get(parent, {}).items():
                for gesture in gestures:
                    owner.setdefault(gesture, (parent, command))
        for command, gestures in bindings.get(context, {}).items():
            for gesture in gestures:
                if gesture in owner:
                    report((context, command), owner[gesture], gesture)
                else:
                    owner[gesture] = (context, command)
    return errors


def family_keymap_paths() -> tuple[Path, ...]:
    """The default keys of each registered family, one file per family."""
    return tuple(entry.keymap for entry in registered_families())


def _family_of(path: Path) -> str | None:
    for entry in registered_families():
        if entry.keymap == path:
            return entry.name
    return None


def _read_defaults(
    path: Path, family_paths: Sequence[Path] | None
) -> tuple[Bindings, Origins, list[KeymapError]]:
    """The shared default keymap and each family's, merged, with where each binding is from.

    A family's file may hold only its own table's section.
    """
    bindings, errors = read_keymap_file(path)
    origins: Origins = {(c, cmd): path for c, per in bindings.items() for cmd in per}
    for family_path in family_keymap_paths() if family_paths is None else family_paths:
        found, problems = read_keymap_file(family_path)
        errors += problems
        family = _family_of(family_path)
        own = table_context(family) if family is not None else None
        for context, per in found.items():
            if context != own and (own is not None or context not in FAMILY_CONTEXTS):
                mine = f"[{own}]" if own is not None else "[table.<family>]"
                errors.append(
                    KeymapError(
                        family_path,
                        _("a family's keys hold only its own section, {section}.").format(
                            section=mine
                        ),
                        section=context,
                    )
                )
                continue
            for command, gestures in per.items():
                bindings.setdefault(context, {})[command] = gestures
                origins[(context, command)] = family_path
    return bindings, origins, errors


def load_default_keymap(
    path: Path = DEFAULT_KEYMAP_PATH, family_paths: Sequence[Path] | None = None
) -> Keymap:
    """Load the keymap that ships with the game: ``path`` and each family's ``keys.toml``
    (``family_paths``, every registered family's when ``None``).

    Raises:
        KeymapError: a file has a problem (the first one found); a shipped keymap must be clean.
    """
    bindings, origins, errors = _read_defaults(path, family_paths)
    errors += _find_clashes(bindings, origins, None)
    if errors:
        raise errors[0]
    return Keymap(bindings)


def load_keymap(
    user_path: Path | None = None,
    *,
    default_path: Path = DEFAULT_KEYMAP_PATH,
    missing_ok: bool = False,
) -> tuple[Keymap, list[str]]:
    """Load the default keymap with the player's keymap laid over it, command by command.

    Returns the keymap and the problems found in the user file, one sentence each, naming the
    file, section and key. If there is any problem the user file is ignored as a whole and the
    keymap returned is the default one. A missing user file is a problem unless ``missing_ok``
    (use that for the optional ``keymap.toml`` in the config folder).

    Raises:
        KeymapError: the default keymap itself is broken.
    """
    shipped, origins, broken = _read_defaults(default_path, None)
    broken += _find_clashes(shipped, origins, None)
    if broken:
        raise broken[0]
    default = Keymap(shipped)
    if user_path is None:
        return default, []
    user_bindings, errors = read_keymap_file(user_path)
    if missing_ok and any(error.is_missing for error in errors):
        return default, []
    merged: Bindings = {c: dict(per) for c, per in default.bindings.items()}
    for context, per in user_bindings.items():
        for command, gestures in per.items():
            merged[context][command] = gestures
            origins[(context, command)] = user_path
    errors += _find_clashes(merged, origins, user_path)
    if errors:
        return default, [str(e) for e in errors]
    return Keymap(merged), []
