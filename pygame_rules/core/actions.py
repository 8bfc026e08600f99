"""Actions are frozen, hashable values with one canonical JSON form.

A game declares each kind of action as a frozen dataclass subclass of :class:`Action` with a ``kind`` class
variable. Field values are JSON-like and immutable: ``int``, ``str``, ``bool``, ``None`` and tuples of those
(tuples become JSON lists). :func:`parse_action` turns a JSON dict back into the dataclass, checking every field
against its annotation, so malformed input is refused before any rule is consulted. A field may be
``Annotated[X, Is(test, what)]`` (:class:`~pygame_rules.core.table.Is`): a value failing ``test`` is malformed
("add.card must be a card name, not ''").
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Mapping
from typing import Annotated, Any, ClassVar

from .errors import MalformedAction


@dataclasses.dataclass(frozen=True)
class Action:
    """Base class of every action. Subclasses are frozen dataclasses with a unique ``kind``."""

    kind: ClassVar[str] = ""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "to_json" not in cls.__dict__:  # each class gets its own, written at first use (below)
            type.__setattr__(cls, "to_json", _write_to_json)

    def to_json(self) -> dict[str, Any]:
        """Canonical JSON: ``{"type": kind, field: value, ...}`` in declaration order, tuples as lists.

        Every action class gets this as straight-line code made from its dataclass fields the first time one of
        its actions is written (``return {"type": "discard", "card": self.card, ...}``), as :mod:`.compiled`
        writes a table's ``clone``: every logged move carries its action, so this runs for every event.
        """
        return _json_writer(type(self))(self)

    def __str__(self) -> str:
        args = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in dataclasses.fields(self))
        return f"{self.kind}({args})"


def _write_to_json(self: Action) -> dict[str, Any]:
    """The placeholder ``to_json`` of an action class until its own is written (at its first call)."""
    return _json_writer(type(self))(self)


def _plain_type(hint: Any) -> bool:
    """Whether a field of type ``hint`` is written to JSON as it is (no tuple inside to turn into a list)."""
    if typing.get_origin(hint) is Annotated:
        return _plain_type(typing.get_args(hint)[0])
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        return all(_plain_type(option) for option in typing.get_args(hint))
    return hint in (int, str, bool, None, type(None))


def _json_writer(cls: type[Action]) -> Callable[[Action], dict[str, Any]]:
    """The generated ``to_json`` of ``cls``, written and compiled the first time it is asked for.

    It is installed as ``cls.to_json`` unless the class wrote its own ``to_json`` in its body (that one is kept).
    """
    writer: Callable[[Action], dict[str, Any]] | None = cls.__dict__.get("_generated_to_json")
    if writer is not None:
        return writer
    try:
        hints = _hints(cls)
    except (NameError, TypeError):  # (annotations that do not resolve: every field goes through _to_plain)
        hints = {}
    items = [f"'type': {cls.kind!r}"]
    for field in dataclasses.fields(cls):
        value = f"self.{field.name}"
        plain = field.name in hints and _plain_type(hints[field.name])
        items.append(f"{field.name!r}: {value if plain else f'_to_plain({value})'}")
    text = f"def to_json(self):\n    return {{{', '.join(items)}}}\n"
    scope: dict[str, Any] = {}
    exec(compile(text, f"<{cls.__name__}.to_json generated from its fields>", "exec"),  # noqa: S102
         {"_to_plain": _to_plain}, scope)
    writer = scope["to_json"]
    assert writer is not None
    writer.__qualname__ = f"{cls.__name__}.to_json"
    writer.__doc__ = Action.to_json.__doc__
    setattr(writer, "__source__", text)  # noqa: B010 - kept for reading and for tests
    type.__setattr__(cls, "_generated_to_json", writer)
    if cls.__dict__.get("to_json") is _write_to_json:
        type.__setattr__(cls, "to_json", writer)
    return writer


def _to_plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_to_plain(v) for v in value]
    return value


def _hints(cls: type) -> dict[str, Any]:
    cached = cls.__dict__.get("_field_hints")
    if cached is None:
        cached = typing.get_type_hints(cls, include_extras=True)
        cls._field_hints = cached  # type: ignore[attr-defined]
    return cached


# The plain JSON values a field may be declared as: what accepts one, and how a refusal names it. (JSON's true and
# false are Python bools, which are ints too: a whole number is an int that is not a bool.)
_SCALARS: dict[type, tuple[Callable[[Any], bool], str]] = {
    bool: (lambda v: isinstance(v, bool), "true or false"),
    int: (lambda v: isinstance(v, int) and not isinstance(v, bool), "a whole number"),
    str: (lambda v: isinstance(v, str), "a string"),
}


def _convert(value: Any, hint: Any, where: str) -> Any:
    """Check ``value`` (plain JSON) against ``hint`` and return it with lists turned into tuples."""
    origin = typing.get_origin(hint)
    if origin is Annotated:
        base, *checks = typing.get_args(hint)
        value = _convert(value, base, where)
        for check in checks:
            test = getattr(check, "test", None)
            if test is not None and not test(value):
                raise MalformedAction(f"{where} must be {check.what}, not {value!r}", field=where)
        return value
    if hint is Any:
        return _freeze(value)
    if origin in (typing.Union, types.UnionType):
        for option in typing.get_args(hint):
            try:
                return _convert(value, option, where)
            except MalformedAction:
                continue
        raise MalformedAction(f"{where} has an unexpected value {value!r}", field=where)
    if hint is type(None) or hint is None:
        if value is None:
            return None
        raise MalformedAction(f"{where} must be null", field=where)
    scalar = _SCALARS.get(hint) if isinstance(hint, type) else None
    if scalar is not None:
        accepts, what = scalar
        if accepts(value):
            return value
        raise MalformedAction(f"{where} must be {what}, not {value!r}", field=where)
    if origin is tuple:
        if not isinstance(value, (list, tuple)):
            raise MalformedAction(f"{where} must be a list, not {value!r}", field=where)
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_convert(v, args[0], f"{where}[{i}]") for i, v in enumerate(value))
        if len(args) != len(value):
            raise MalformedAction(f"{where} must have {len(args)} items, not {len(value)}", field=where)
        return tuple(_convert(v, a, f"{where}[{i}]") for i, (v, a) in enumerate(zip(args, value, strict=True)))
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return parse_fields(hint, value, where)
    raise TypeError(f"unsupported annotation {hint!r} in an action field")  # a programming error, not input


def _freeze(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


def parse_fields(cls: type, data: Any, where: str) -> Any:
    """Build dataclass ``cls`` from a JSON object whose keys are exactly its fields (besides ``type``)."""
    if not isinstance(data, Mapping):
        raise MalformedAction(f"{where} must be a JSON object, not {type(data).__name__}")
    hints = _hints(cls)
    names = [f.name for f in dataclasses.fields(cls)]
    extra = sorted(k for k in data if k not in names and k not in ("type", "player"))
    if extra:
        raise MalformedAction(f"{where} has unknown field(s): {', '.join(map(str, extra))}", fields=extra)
    kwargs = {}
    for name in names:
        if name not in data:
            raise MalformedAction(f"{where} is missing the field '{name}'", field=name)
        kwargs[name] = _convert(data[name], hints[name], f"{where}.{name}")
    return cls(**kwargs)


def parse_action(data: Any, kinds: Mapping[str, type[Action]], game: str) -> Action:
    """Turn a JSON dict into one of ``kinds`` (mapping from ``kind`` to class) or raise :class:`MalformedAction`."""
    if isinstance(data, Action):
        if type(data) is not kinds.get(data.kind):
            raise MalformedAction(f"{data} is not an action of {game}")
        return data
    if not isinstance(data, Mapping):
        raise MalformedAction(f"an action must be a JSON object, not {type(data).__name__}")
    kind = data.get("type")
    if not isinstance(kind, str):
        raise MalformedAction("an action needs a string field 'type'")
    cls = kinds.get(kind)
    if cls is None:
        known = ", ".join(sorted(kinds))
        raise MalformedAction(f"{game} has no action type '{kind}' (known: {known})", field="type")
    action: Action = parse_fields(cls, data, kind)
    return action


def action_kinds(*classes: type[Action]) -> dict[str, type[Action]]:
    """A ``kind -> class`` table, checking that kinds are unique and non-empty."""
    table: dict[str, type[Action]] = {}
    for cls in classes:
        if not cls.kind or cls.kind in table:
            raise TypeError(f"action kind {cls.kind!r} of {cls.__name__} is empty or repeated")
        table[cls.kind] = cls
    return table
