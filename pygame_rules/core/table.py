"""The typed table: a game declares its whole position once, as annotated attributes, and the core derives the rest.

A game's :class:`~pygame_rules.core.game.State` subclass lists every attribute of its position with a type in the
class body (``hands: PerSeat[list[Card]]``, ``current: Seat``, ``phase: Literal["draw", "play"]``...). From those
annotations this module builds, once per class, a codec per field that

- encodes a value to plain JSON (lists for tuples, records as objects) sharing nothing with the live value,
- decodes JSON back, checking types, ranges, lengths and cards, and naming the path of the first problem
  (``stocks[2][5] must be a card, not 13``),
- copies a value cheaply (clone), and
- gives the empty value a new game starts from.

Supported annotations: ``int``, ``bool``, ``str``, ``None``, ``X | None``, ``Literal[...]``, ``list[X]``,
``tuple[X, ...]``, ``dict[str, X]``, frozen dataclass records, ``TypedDict`` records (live as plain dicts),
``Any`` (any JSON value, deep-copied), each optionally
wrapped in ``Annotated[..., constraint, ...]`` with the constraints below. Every integer must also be a safe JSON
integer (at most 2**53 - 1 either way), because saves travel through JavaScript, where larger ones lose digits.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Mapping
from typing import Annotated, Any, Literal, TypeVar

T = TypeVar("T")

MAX_INT = 2**53 - 1


class TableError(ValueError):
    """A value does not fit its declared type; ``path`` names where (``hands[1][3]``)."""

    def __init__(self, path: str, problem: str) -> None:
        super().__init__(f"{path} {problem}" if path else problem)
        self.path = path


# ----- constraints (used inside Annotated[...]) -----------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class Range:
    """An integer from ``low`` to ``high`` inclusive (``None``: unbounded on that side, within the JSON range)."""

    low: int | None = None
    high: int | None = None


@dataclasses.dataclass(frozen=True)
class Size:
    """A list of exactly ``count`` items, or one per seat (``per_seat``), or at most ``most`` items."""

    count: int | None = None
    per_seat: bool = False
    most: int | None = None


@dataclasses.dataclass(frozen=True)
class Is:
    """A value that passes ``test``; ``what`` words it for errors ("a card")."""

    test: Callable[[Any], bool]
    what: str


class _SeatMark:
    """Marks an integer as a seat of this table (0 to players - 1)."""


SEAT = _SeatMark()
PER_SEAT = Size(per_seat=True)
NON_NEGATIVE = Range(0)

Seat = Annotated[int, SEAT]
Count = Annotated[int, NON_NEGATIVE]
PerSeat = Annotated[list[T], PER_SEAT]


@dataclasses.dataclass
class Context:
    """What decoding needs to know besides the value: the number of seats."""

    players: int


# ----- codecs ---------------------------------------------------------------------------------------------------
class Codec:
    """Encode, decode, copy and default for one declared type."""

    scalar = False  # immutable values: copies may share them
    plain = False  # values that are already plain JSON (str, int, bool, None): encoding returns them as they are

    def decode(self, value: Any, path: str, ctx: Context) -> Any:
        """The live value for JSON ``value``; :class:`TableError` naming ``path`` when it does not fit."""
        raise NotImplementedError

    def encode(self, value: Any) -> Any:
        """Plain JSON for the live ``value``, sharing no mutable object with it."""
        return value

    def copy(self, value: Any) -> Any:
        """An independent copy of the live ``value``."""
        return value

    def default(self, ctx: Context) -> Any:
        """The empty value of a new table."""
        raise NotImplementedError


def _name(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


class _Scalar(Codec):
    scalar = True
    plain = True

    def __init__(self, kind: type, checks: tuple[Any, ...]) -> None:
        self.kind = kind
        self.checks = checks

    def decode(self, value: Any, path: str, ctx: Context) -> Any:
        kind = self.kind
        if kind is int:
            if isinstance(value, bool) or not isinstance(value, int):
                raise TableError(path, f"must be a whole number, not {_name(value)}")
            if not -MAX_INT <= value <= MAX_INT:
                raise TableError(path, f"is too large ({_name(value)})")
        elif kind is bool:
            if not isinstance(value, bool):
                raise TableError(path, f"must be true or false, not {_name(value)}")
        elif kind is str:
            if not isinstance(value, str):
                raise TableError(path, f"must be a string, not {_name(value)}")
            check_text(value, path)
        for check in self.checks:
            if isinstance(check, Range):
                if (check.low is not None and value < check.low) or (check.high is not None and value > check.high):
                    low = "" if check.low is None else f"at least {check.low}"
                    high = "" if check.high is None else f"at most {check.high}"
                    raise TableError(path, f"must be {' and '.join(filter(None, (low, high)))}, not {value}")
            elif isinstance(check, _SeatMark):
                if not 0 <= value < ctx.players:
                    raise TableError(path, f"must be a seat from 0 to {ctx.players - 1}, not {value}")
            elif isinstance(check, Is) and not check.test(value):
                raise TableError(path, f"must be {check.what}, not {_name(value)}")
        return value

    def all_fit(self, values: list[Any], ctx: Context) -> bool:
        """Whether every one of ``values`` fits (the fast path for long lists; errors are found one by one)."""
        kind = self.kind
        if not values:
            return True
        if not all(type(v) is kind for v in values):
            return False
        if kind is str and not all(map(_is_text, values)):
            return False
        if kind is int:
            low, high = min(values), max(values)
            if not -MAX_INT <= low <= high <= MAX_INT:
                return False
        for check in self.checks:
            if isinstance(check, Range):
                if (check.low is not None and low < check.low) or (check.high is not None and high > check.high):
                    return False
            elif isinstance(check, _SeatMark):
                if low < 0 or high >= ctx.players:
                    return False
            elif isinstance(check, Is) and not all(map(check.test, values)):
                return False
        return True

    def default(self, ctx: Context) -> Any:
        for check in self.checks:
            if isinstance(check, Range) and check.low is not None:
                return check.low
        return {int: 0, bool: False, str: ""}[self.kind]


class _None(Codec):
    scalar = True
    plain = True

    def decode(self, value: Any, path: str, ctx: Context) -> Any:
        if value is not None:
            raise TableError(path, f"must be null, not {_name(value)}")
        return None

    def default(self, ctx: Context) -> Any:
        return None


class _Literal(Codec):
    scalar = True
    plain = True

    def __init__(self, values: tuple[Any, ...]) -> None:
        self.values = values

    def decode(self, value: Any, path: str, ctx: Context) -> Any:
        if isinstance(value, bool) or value not in self.values or type(value) not in {type(v) for v in self.values}:
            raise TableError(path, f"must be one of {', '.join(map(repr, self.values))}, not {_name(value)}")
        return value

    def default(self, ctx: Context) -> Any:
        return self.values[0]


class _Optional(Codec):
    def __init__(self, inner: Codec) -> None:
        self.inner = inner
        self.scalar = inner.scalar
        self.plain = inner.plain

    def decode(self, value: Any, path: str, ctx: Context) -> Any:
        return None if value is None else self.inner.decode(value, path, ctx)

    def encode(self, value: Any) -> Any:
        return None if value is None else self.inner.encode(value)

    def copy(self, value: Any) -> Any:
        return value if value is None or self.scalar else self.inner.copy(value)

    def default(self, ctx: Context) -> Any:
        return None


class _List(Codec):
    def __init__(self, item: Codec, size: Size | None, as_tuple: bool) -> None:
        self.item = item
        self.size = size
        self.as_tuple = as_tuple
        self.scalar = as_tuple and item.scalar

    def decode(self, value: Any, path: str, ctx: Context) -> Any:
        if not isinstance(value, list):
            raise TableError(path, f"must be a list, not {_name(value)}")
        size = self.size
        if size is not None:
            want = ctx.players if size.per_seat else size.count
            if want is not None and len(value) != want:
                per = " (one per seat)" if size.per_seat else ""
                raise TableError(path, f"must hold {want} items{per}, not {len(value)}")
            if size.most is not None and len(value) > size.most:
                raise TableError(path, f"may hold at most {size.most} items, not {len(value)}")
        item = self.item
        if isinstance(item, _Scalar) and item.all_fit(value, ctx):
            return tuple(value) if self.as_tuple else list(value)
        items = [item.decode(v, f"{path}[{i}]", ctx) for i, v in enumerate(value)]
        return tuple(items) if self.as_tuple else items

    def encode(self, value: Any) -> Any:
        # Only items that are plain JSON may be copied as they are. Immutable is not enough: a tuple of cards or a
        # frozen record is shared by copies (``scalar``) but must still become a list or an object in a save.
        if self.item.plain:
            return list(value)
        return [self.item.encode(v) for v in value]

    def copy(self, value: Any) -> Any:
        if self.as_tuple and self.item.scalar:
            return value
        if self.item.scalar:
            return list(value)
        copied = [self.item.copy(v) for v in value]
        return tuple(copied) if self.as_tuple else copied

    def default(self, ctx: Context) -> Any:
        size = self.size
        count = 0 if size is None else ctx.players if size.per_seat else (size.count or 0)
        items = [self.item.default(ctx) for _ in range(count)]
        return tuple(items) if self.as_tuple else items


class _Dict(Codec):
    def __init__(self, item: Codec) -> None:
        self.item = item

    def decode(self, value: Any, path: str, ctx: Context) -> Any:
        if not isinstance(value, dict):
            raise TableError(path, f"must be an object, not {_name(value)}")
        for key in value:
            check_text(key, path)
        return {k: self.item.decode(v, f"{path}.{k}", ctx) for k, v in value.items()}

    def encode(self, value: Any) -> Any:
        return {k: self.item.encode(v) for k, v in value.items()}

    def copy(self, value: Any) -> Any:
        return {k: self.item.copy(v) for k, v in value.items()}

    def default(self, ctx: Context) -> Any:
        return {}


class _Json(Codec):
    """Any JSON value (checked to be JSON: string keys, safe integers, text without lone surrogates)."""

    def decode(self, value: Any, path: str, ctx: Context) -> Any:
        return _json_copy(value, path)

    def encode(self, value: Any) -> Any:
        return _json_copy(value, "")

    def copy(self, value: Any) -> Any:
        return _json_copy(value, "")

    def default(self, ctx: Context) -> Any:
        return None


def _json_copy(value: Any, path: str) -> Any:
    if isinstance(value, dict):
        for key in value:
            if not isinstance(key, str):
                raise TableError(path, f"has a key that is not a string: {_name(key)}")
            check_text(key, path)
        return {k: _json_copy(v, f"{path}.{k}") for k, v in value.items()}
    if isinstance(value, list):
        return [_json_copy(v, f"{path}[{i}]") for i, v in enumerate(value)]
    if isinstance(value, str):
        check_text(value, path)
        return value
    if isinstance(value, int) and not isinstance(value, bool) and not -MAX_INT <= value <= MAX_INT:
        raise TableError(path, f"is too large ({_name(value)})")
    if value is None or isinstance(value, (bool, int)):
        return value
    raise TableError(path, f"must be JSON (null, true/false, whole numbers, strings, lists, objects), not "
                           f"{_name(value)}")


class _Record(Codec):
    """A frozen dataclass as a JSON object with exactly its fields."""

    scalar = True  # frozen: copies may share it

    def __init__(self, cls: type) -> None:
        self.cls = cls
        hints = typing.get_type_hints(cls, include_extras=True)
        self.fields = [(f.name, codec_for(hints[f.name])) for f in dataclasses.fields(cls)]
        self.scalar = all(c.scalar for _, c in self.fields)

    def decode(self, value: Any, path: str, ctx: Context) -> Any:
        check_keys(value, [n for n, _ in self.fields], path)
        return self.cls(**{n: c.decode(value[n], f"{path}.{n}" if path else n, ctx) for n, c in self.fields})

    def encode(self, value: Any) -> Any:
        return {n: c.encode(getattr(value, n)) for n, c in self.fields}

    def copy(self, value: Any) -> Any:
        if self.scalar:
            return value
        return self.cls(**{n: c.copy(getattr(value, n)) for n, c in self.fields})

    def default(self, ctx: Context) -> Any:
        return self.cls(**{n: c.default(ctx) for n, c in self.fields})


class _TypedDict(Codec):
    """A ``TypedDict`` as a JSON object with exactly its keys; the live value is a plain dict."""

    def __init__(self, cls: type) -> None:
        hints = typing.get_type_hints(cls, include_extras=True)
        self.fields = [(name, codec_for(hint)) for name, hint in hints.items()]

    def decode(self, value: Any, path: str, ctx: Context) -> Any:
        check_keys(value, [n for n, _ in self.fields], path)
        return {n: c.decode(value[n], f"{path}.{n}" if path else n, ctx) for n, c in self.fields}

    def encode(self, value: Any) -> Any:
        return {n: c.encode(value[n]) for n, c in self.fields}

    def copy(self, value: Any) -> Any:
        return {n: c.copy(value[n]) for n, c in self.fields}

    def default(self, ctx: Context) -> Any:
        return {n: c.default(ctx) for n, c in self.fields}


def check_keys(value: Any, names: list[str], path: str) -> None:
    """``value`` is an object with exactly the keys ``names``; :class:`TableError` says which differ."""
    if not isinstance(value, Mapping):
        raise TableError(path, f"must be an object, not {_name(value)}")
    missing = [n for n in names if n not in value]
    if missing:
        raise TableError(path or "the object", f"is missing {', '.join(missing)}")
    extra = sorted(str(k) for k in value if k not in names)
    if extra:
        raise TableError(path or "the object", f"has unknown field(s) {', '.join(extra)}")


def _is_text(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def check_text(text: str, path: str) -> str:
    """Refuse strings that cannot be written as UTF-8 (lone surrogates): saving or hashing them fails later."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise TableError(path, "holds a character that is not text (a lone surrogate)") from None
    return text


_CODECS: dict[Any, Codec] = {}


def codec_for(hint: Any) -> Codec:
    """The codec for a declared type (built once per distinct annotation)."""
    try:
        cached = _CODECS.get(hint)
    except TypeError:  # unhashable metadata: build every time
        cached = None
    if cached is not None:
        return cached
    codec = _build(hint)
    try:
        _CODECS[hint] = codec
    except TypeError:
        pass
    return codec


def _build(hint: Any) -> Codec:
    checks: tuple[Any, ...] = ()
    if typing.get_origin(hint) is Annotated:
        args = typing.get_args(hint)
        hint, checks = args[0], tuple(args[1:])
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    size = next((c for c in checks if isinstance(c, Size)), None)
    if hint is Any:
        return _Json()
    if hint in (int, bool, str):
        return _Scalar(hint, checks)
    if hint is None or hint is type(None):
        return _None()
    if origin is Literal:
        return _Literal(args)
    if origin in (typing.Union, types.UnionType):
        rest = [a for a in args if a is not type(None)]
        if len(rest) == 1 and len(args) == 2:
            return _Optional(_build(Annotated[(rest[0], *checks)]) if checks else codec_for(rest[0]))
        raise TypeError(f"unsupported union {hint!r} in a table (only X | None)")
    if origin is list:
        return _List(codec_for(args[0]), size, as_tuple=False)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return _List(codec_for(args[0]), size, as_tuple=True)
    if origin is dict and args[0] is str:
        return _Dict(codec_for(args[1]))
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _Record(hint)
    if typing.is_typeddict(hint):
        return _TypedDict(hint)
    raise TypeError(f"unsupported annotation {hint!r} in a table")  # a programming error, not input


@dataclasses.dataclass(frozen=True)
class Field:
    """One declared attribute of a table."""

    name: str
    codec: Codec


def table_fields(cls: type) -> tuple[Field, ...]:
    """The declared table of ``cls``: its own class-body annotations, minus ``ClassVar`` and ``_private`` names."""
    cached = cls.__dict__.get("_table_fields")
    if cached is not None:
        return typing.cast(tuple[Field, ...], cached)
    own = cls.__dict__.get("__annotations__", {})
    if "_data_to_json" in cls.__dict__:  # a game that writes its own saves keeps its own persistence
        own = {}
    hints = typing.get_type_hints(cls, include_extras=True)
    out = []
    for name in own:
        hint = hints[name]
        if name.startswith("_") or typing.get_origin(hint) is typing.ClassVar or hint is typing.ClassVar:
            continue
        out.append(Field(name, codec_for(hint)))
    fields = tuple(out)
    setattr(cls, "_table_fields", fields)  # noqa: B010 - a cache on the class itself
    return fields
