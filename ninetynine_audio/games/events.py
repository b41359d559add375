"""Events that write their own log line from their fields.

An event of any family is a frozen dataclass; subclassing :class:`LoggedEvent` gives it
``to_log()``: the JSON object of the event log (``docs/event-log.md``), whose ``"event"`` key is
the class name in snake case (``CardPlayed`` → ``"card_played"``) followed by every field in the
order the class declares them. Each value is made plain JSON the same way everywhere: an enum
becomes its value, a tuple a list, an object with ``to_log()`` its log object, and a value of a
type in the family's :attr:`LoggedEvent.log_values` (its cards) that type's notation.

What differs from that default is said on the field, with ``dataclasses.field(metadata=...)``:

- ``NOT_LOGGED``: a fact for the wording or the table only (a seat number beside the name);
- ``OMIT_IF_NONE``: left out of the line when it is ``None`` (a deck that was not stacked);
- :func:`log_as`: written by a conversion, under another key if need be (pairs as an object,
  one value per player as an object keyed by the players' names).

So the log a family writes is visible in its event classes, and one mechanism writes them all.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from enum import Enum
from typing import Any, ClassVar

__all__ = [
    "NOT_LOGGED",
    "OMIT_IF_NONE",
    "LogValues",
    "LoggedEvent",
    "by_player",
    "log_as",
    "pairs_as_object",
    "seats_as_names",
]

_LOG = "log"

LogValues = Mapping[type, Callable[[Any], Any]]
"""Types whose values are written by a function of their own, as a card by its notation."""

Conversion = Callable[[Any, Any], Any]
"""``conversion(event, value)``: what a field's value is written as (then made plain)."""


@dataclass(frozen=True)
class _FieldLog:
    """How one field is written: under ``key``, converted by ``convert``, left out if unset."""

    key: str | None = None
    convert: Conversion | None = None
    omit_if_none: bool = False
    skip: bool = False


NOT_LOGGED: Mapping[str, Any] = {_LOG: _FieldLog(skip=True)}
"""Field metadata: the field is not part of the log line."""

OMIT_IF_NONE: Mapping[str, Any] = {_LOG: _FieldLog(omit_if_none=True)}
"""Field metadata: the field is left out of the log line while it is ``None``."""


def log_as(
    convert: Conversion | None = None, *, key: str | None = None, omit_if_none: bool = False
) -> Mapping[str, Any]:
    """Field metadata: write the field as ``convert(event, value)``, under ``key`` if given."""
    return {_LOG: _FieldLog(key=key, convert=convert, omit_if_none=omit_if_none)}


def pairs_as_object(event: Any, pairs: Any) -> dict[Any, Any]:
    """``(("You", x), ("Lily", y))`` as ``{"You": x, "Lily": y}``."""
    return dict(pairs)


def by_player(names_field: str = "players") -> Conversion:
    """One value per seat as an object keyed by the names in the event's ``names_field``."""

    def convert(event: Any, values: Any) -> dict[str, Any]:
        return dict(zip(getattr(event, names_field), values, strict=True))

    return convert


def seats_as_names(names_field: str = "players") -> Conversion:
    """Seat numbers as the names in the event's ``names_field``."""

    def convert(event: Any, seats: Any) -> list[str]:
        names = getattr(event, names_field)
        return [names[seat] for seat in seats]

    return convert


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


class LoggedEvent:
    """The base of every family's event dataclasses: ``to_log()`` from the fields.

    A family sets :attr:`log_values` on its own subclass to say how its cards are written.
    """

    log_values: ClassVar[LogValues] = {}
    """Types whose values are written by a function of their own (a card as ``"10H"``)."""

    _plan: ClassVar[tuple[tuple[str, str, _FieldLog], ...] | None] = None

    @classmethod
    def event_name(cls) -> str:
        """The ``"event"`` of the log line: the class name in snake case."""
        return _snake(cls.__name__)

    @classmethod
    def _log_plan(cls) -> tuple[tuple[str, str, _FieldLog], ...]:
        # Worked out once per class: which fields are written, under which key, how.
        plan = cls.__dict__.get("_plan")
        if plan is None:
            steps: list[tuple[str, str, _FieldLog]] = []
            for item in fields(cls):  # type: ignore[arg-type]
                how: _FieldLog = item.metadata.get(_LOG, _FieldLog())
                if not how.skip:
                    steps.append((item.name, how.key or item.name, how))
            plan = tuple(steps)
            cls._plan = plan
        return plan

    def to_log(self) -> dict[str, Any]:
        """The event as one JSON object of the log."""
        data: dict[str, Any] = {"event": self.event_name()}
        for name, key, how in self._log_plan():
            value = getattr(self, name)
            if value is None and how.omit_if_none:
                continue
            if how.convert is not None:
                value = how.convert(self, value)
            data[key] = self._plain(value)
        return data

    def _plain(self, value: Any) -> Any:
        if value is None:
            return None
        for kind, write in self.log_values.items():
            if isinstance(value, kind):
                return write(value)
        if isinstance(value, Enum):
            return value.value
        if isinstance(value, bool | int | float | str):
            return value
        if isinstance(value, tuple | list):
            return [self._plain(item) for item in value]
        if isinstance(value, Mapping):
            return {key: self._plain(item) for key, item in value.items()}
        to_log = getattr(value, "to_log", None)
        if callable(to_log):
            return to_log()
        raise TypeError(f"{type(self).__name__}: cannot write {value!r} in the log")
