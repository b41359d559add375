"""Frozen states and actions made quickly, for the engines' hot paths.

A frozen dataclass's ``__init__`` sets each field through ``object.__setattr__``, and
``dataclasses.replace`` reads every field and calls it again: for a state of twenty fields that
is most of the time of a small play. The engines make their states and their many actions
here instead: the same fields, set at once, so an object equal to the one ``__init__`` makes.
Only for frozen dataclasses without ``__post_init__``, ``slots`` or init-only fields.
"""

from __future__ import annotations

from typing import Any, TypeVar

_T = TypeVar("_T")


def made(cls: type[_T], fields: dict[str, Any]) -> _T:
    """An instance of ``cls`` holding ``fields`` (every field of it)."""
    instance = object.__new__(cls)
    instance.__dict__.update(fields)
    return instance


def replaced(instance: _T, **changes: Any) -> _T:
    """``dataclasses.replace(instance, **changes)``: a copy with ``changes``."""
    copy = object.__new__(type(instance))
    held = copy.__dict__
    held.update(instance.__dict__)
    held.update(changes)
    return copy
