"""Plain data for stored events, chosen by each field's declared type.

An event field's type (``typing.get_type_hints`` of its dataclass) picks how its value is
written to JSON-friendly data and read back, so a new field of a type already stored
needs no edit here.  The stored forms:

* ``int``, ``bool``, ``str``, ``float``: as they are.
* ``Tile`` (``tuple[int, int]``, a plain alias): a two-item list, read back normalised
  (low first, validated).  Every pair of ints in an event is a tile; a pair that is not
  one needs a type of its own.
* ``tuple[X, ...]``: a list of X's stored form; a ``NamedTuple`` (``ConnectionPoint``): a
  list of its fields' stored forms.
* ``X | None``: null, or X's stored form.
* A type with ``to_dict``/``from_dict`` (``Turn``): its own dict.

A stored null reads back as None whatever the field's type, as it always has.  A type
outside this list raises TypeError when the event class's codec is built (at import).
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from fiveup_core import Tile, normalize_tile

Convert = Callable[[Any], Any]

# A field with this metadata key set is left out of the stored body while it is None
# (``Event.turn``: bodies without one keep the form they had before it existed).
ABSENT_WHEN_NONE = "absent_when_none"

_LEAVES = (int, bool, str, float)


def _same(value: Any) -> Any:
    return value


def _read_tile(value: Any) -> Tile:
    return normalize_tile(tuple(value))


@dataclass(frozen=True, slots=True)
class FieldCodec:
    """How one field of an event class is stored."""

    name: str
    write: Convert
    read: Convert
    required: bool  # no default: a missing key reads as None (as a stored null does)
    absent_when_none: bool


def converters(tp: Any) -> tuple[Convert, Convert]:
    """``(write, read)`` for values of type ``tp``: to plain data and back."""
    if tp in _LEAVES:
        return _same, _same
    if tp == Tile:
        return list, _read_tile
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        present = [arg for arg in args if arg is not type(None)]
        if len(present) == 1 and len(args) == 2:
            write, read = converters(present[0])
            return _optional(write), _optional(read)
    elif origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        write, read = converters(args[0])
        return (lambda value: [write(v) for v in value]), (
            lambda value: tuple(read(v) for v in value)
        )
    elif isinstance(tp, type) and issubclass(tp, tuple) and hasattr(tp, "_fields"):
        hints = typing.get_type_hints(tp)
        pairs = [converters(hints[name]) for name in tp._fields]
        return (lambda value: [w(v) for (w, _), v in zip(pairs, value, strict=True)]), (
            lambda value: tp(*(r(v) for (_, r), v in zip(pairs, value, strict=True)))
        )
    elif isinstance(tp, type) and hasattr(tp, "to_dict") and hasattr(tp, "from_dict"):
        return tp.to_dict, tp.from_dict
    raise TypeError(f"events cannot store a field of type {tp!r} (see fiveup.engine.codec)")


def _optional(convert: Convert) -> Convert:
    return lambda value: None if value is None else convert(value)


_CODECS: dict[type, tuple[FieldCodec, ...]] = {}


def field_codecs(cls: type) -> tuple[FieldCodec, ...]:
    """The codec of every field of the dataclass ``cls``, in field order (the order of
    the keys of its stored body); built once per class."""
    found = _CODECS.get(cls)
    if found is not None:
        return found
    hints = typing.get_type_hints(cls)
    codecs = []
    for f in dataclasses.fields(cls):
        write, read = converters(hints[f.name])
        required = f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
        codecs.append(
            FieldCodec(f.name, write, read, required, bool(f.metadata.get(ABSENT_WHEN_NONE)))
        )
    found = _CODECS[cls] = tuple(codecs)
    return found


def to_plain(obj: Any) -> dict[str, Any]:
    """The dataclass ``obj``'s fields as plain data (JSON-friendly), in field order."""
    out: dict[str, Any] = {}
    for codec in field_codecs(type(obj)):
        value = getattr(obj, codec.name)
        if value is None:
            if not codec.absent_when_none:
                out[codec.name] = None
        else:
            out[codec.name] = codec.write(value)
    return out


def from_plain(cls: type, data: dict[str, Any]) -> dict[str, Any]:
    """The keyword arguments that rebuild a ``cls`` from its plain data: a key missing
    from ``data`` leaves its field's default."""
    kwargs: dict[str, Any] = {}
    for codec in field_codecs(cls):
        if codec.name in data or codec.required:
            value = data.get(codec.name)
            kwargs[codec.name] = None if value is None else codec.read(value)
    return kwargs
