"""The part of msgspec the protocol's definitions use, in plain Python, for the browser build.

``online/protocol.py`` defines every message once, as msgspec structs. Pyodide's own files
carry no msgspec (it is compiled code), so in the page's worker this module stands in for it
(:func:`install`): the same class definitions make the same messages, written as the same JSON
(tagged by ``type``, fields in their order, defaults left out, compact), and read back from the
page's JSON into the same classes. It checks what the worker relies on — the tag, unknown and
missing fields — not every bound a ``Meta`` sets: the page that talks to it is the game's own.
``tests/web/test_browser_worker.py`` writes every message with both and compares.
"""

from __future__ import annotations

import copy
import inspect
import json as _json
import sys
import types
import typing
from typing import Any, ClassVar


class ValidationError(ValueError):
    """A message whose fields do not fit its definition."""


class DecodeError(ValueError):
    """Text that is not JSON."""


class Meta:
    """Constraints on a field; kept for their reader, not checked here."""

    def __init__(self, **constraints: Any) -> None:
        self.constraints = constraints


_MISSING = object()


class Struct:
    """A message class: keyword or positional fields in the order declared, each with its
    default where one is given; equal when of the same class with the same fields."""

    __struct_fields__: ClassVar[tuple[str, ...]] = ()
    __struct_defaults__: ClassVar[dict[str, Any]] = {}
    __struct_tag_field__: ClassVar[str | None] = None
    __struct_tag__: ClassVar[str | None] = None
    __struct_omit_defaults__: ClassVar[bool] = False
    __struct_forbid_unknown__: ClassVar[bool] = False

    def __init_subclass__(
        cls,
        *,
        tag_field: str | None = None,
        tag: str | None = None,
        forbid_unknown_fields: bool | None = None,
        omit_defaults: bool | None = None,
        **rest: Any,
    ) -> None:
        super().__init_subclass__(**rest)
        if tag_field is not None:
            cls.__struct_tag_field__ = tag_field
        cls.__struct_tag__ = tag
        if forbid_unknown_fields is not None:
            cls.__struct_forbid_unknown__ = forbid_unknown_fields
        if omit_defaults is not None:
            cls.__struct_omit_defaults__ = omit_defaults
        fields = list(cls.__struct_fields__)
        defaults = dict(cls.__struct_defaults__)
        for name in inspect.get_annotations(cls):
            if name.startswith("__"):
                continue
            if name not in fields:
                fields.append(name)
            if name in cls.__dict__:
                defaults[name] = cls.__dict__[name]
                delattr(cls, name)
        cls.__struct_fields__ = tuple(fields)
        cls.__struct_defaults__ = defaults

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        fields = self.__struct_fields__
        if len(args) > len(fields):
            raise TypeError(f"{type(self).__name__} takes at most {len(fields)} fields")
        given = dict(zip(fields, args, strict=False))
        for name, value in kwargs.items():
            if name not in fields or name in given:
                raise TypeError(f"{type(self).__name__}: unexpected field {name!r}")
            given[name] = value
        for name in fields:
            value = given.get(name, _MISSING)
            if value is _MISSING:
                if name not in self.__struct_defaults__:
                    raise TypeError(f"{type(self).__name__}: missing field {name!r}")
                value = copy.copy(self.__struct_defaults__[name])
            object.__setattr__(self, name, value)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return all(getattr(self, f) == getattr(other, f) for f in self.__struct_fields__)

    __hash__ = None  # type: ignore[assignment]  # mutable, as msgspec's are

    def __repr__(self) -> str:
        inside = ", ".join(f"{f}={getattr(self, f)!r}" for f in self.__struct_fields__)
        return f"{type(self).__name__}({inside})"


def _plain(value: Any) -> Any:
    """A value as JSON data: structs as objects, the tag first."""
    if isinstance(value, Struct):
        data: dict[str, Any] = {}
        if value.__struct_tag_field__ is not None and value.__struct_tag__ is not None:
            data[value.__struct_tag_field__] = value.__struct_tag__
        for name in value.__struct_fields__:
            item = getattr(value, name)
            defaults = value.__struct_defaults__
            if value.__struct_omit_defaults__ and name in defaults and item == defaults[name]:
                continue
            data[name] = _plain(item)
        return data
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    return value


def _struct_types(target: Any) -> list[type[Struct]]:
    """The struct classes a union (or one class) names."""
    if isinstance(target, type) and issubclass(target, Struct):
        return [target]
    return [arg for arg in typing.get_args(target) if isinstance(arg, type)]


def _build(classes: list[type[Struct]], data: Any) -> Struct:
    if not isinstance(data, dict):
        raise ValidationError("Expected `object`")
    chosen = classes[0]
    tag_field = chosen.__struct_tag_field__
    if tag_field is not None:
        tags = {cls.__struct_tag__: cls for cls in classes}
        tag = data.get(tag_field)
        if tag not in tags:
            raise ValidationError(f"Invalid value {tag!r} - at `$.{tag_field}`")
        chosen = tags[tag]
    fields = {key: value for key, value in data.items() if key != tag_field}
    unknown = [key for key in fields if key not in chosen.__struct_fields__]
    if unknown and chosen.__struct_forbid_unknown__:
        raise ValidationError(f"Object contains unknown field `{unknown[0]}`")
    kept = {key: _nested(chosen, key, fields[key]) for key in fields if key not in unknown}
    try:
        return chosen(**kept)
    except TypeError as error:
        raise ValidationError(str(error)) from None


def _nested(cls: type[Struct], name: str, value: Any) -> Any:
    """A field's value with the structs inside it (a list of groups) made again."""
    inner = _struct_of(typing.get_type_hints(cls).get(name))
    if inner is None:
        return value
    if isinstance(value, list):
        return [_build([inner], item) for item in value]
    return _build([inner], value)


def _struct_of(hint: Any) -> type[Struct] | None:
    """The struct class a field holds (alone or in a list), if any."""
    for arg in (hint, *typing.get_args(hint)):
        if isinstance(arg, type) and issubclass(arg, Struct):
            return arg
        if typing.get_origin(arg) is list:
            return _struct_of(typing.get_args(arg)[0])
    return None


class _Encoder:
    def encode(self, value: Any) -> bytes:
        return _json.dumps(_plain(value), ensure_ascii=False, separators=(",", ":")).encode()


class _Decoder:
    def __init__(self, target: Any) -> None:
        self._classes = _struct_types(target)

    def decode(self, frame: str | bytes) -> Any:
        try:
            data = _json.loads(frame)
        except ValueError as error:
            raise DecodeError(str(error)) from None
        return _build(self._classes, data)


def _decode(frame: str | bytes) -> Any:
    try:
        return _json.loads(frame)
    except ValueError as error:
        raise DecodeError(str(error)) from None


json = types.SimpleNamespace(Encoder=_Encoder, Decoder=_Decoder, decode=_decode)
"""``msgspec.json``: ``Encoder().encode``, ``Decoder(type).decode`` and ``decode``."""


def install() -> None:
    """Answer ``import msgspec`` with this module where msgspec is not installed."""
    if "msgspec" not in sys.modules:
        sys.modules["msgspec"] = sys.modules[__name__]
