"""Straight-line code for a game's table, generated from its declaration (as ``dataclasses`` writes ``__init__``).

A game declares its table as class annotations (:mod:`pygame_rules.core.table`). Walking that declaration field by
field through the codecs is general but slow, and a deal (a blank table) and a bot's rollout (a clone) run it all
the time. So the core writes, once per game class, the Python source of these functions from the declaration and
compiles them:

- ``__init__(self, players, options, rng)``: the blank table, each field set to its empty value by an expression
  (``[[] for _ in range(players)]`` for a list per seat, ``0`` for a count, a class-level preset as it is);
- ``clone(self)``: an independent copy, each field copied by an expression that copies exactly as deep as its
  type needs (``self.hands`` as ``[[*v] for v in self.hands]``, a seat as itself);
- ``__eq__``: the fields compared one after another (unless the class writes its own).

Both are installed on the game class the first time the class makes a table, so later calls go straight to the
generated code. A codec the generator does not know is called through its own ``default`` / ``copy``, so the
generated functions always do what the codecs do (``tests/test_core_compiled.py`` holds them equal for every game).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

from .rng import GameRandom
from .table import (
    Codec,
    Context,
    _Dict,
    _List,
    _Literal,
    _None,
    _Optional,
    _Scalar,
    _TypedDict,
    table_fields,
)


class _Source:
    """Names handed to generated code (objects it calls or shares) and fresh variable names."""

    def __init__(self) -> None:
        self.names: dict[str, Any] = {"GameRandom": GameRandom, "Context": Context}
        self._count = itertools.count()

    def name(self, value: Any, stem: str) -> str:
        """A name bound to ``value`` in the generated module."""
        name = f"_{stem}{next(self._count)}"
        self.names[name] = value
        return name

    def var(self) -> str:
        """A fresh local variable name (for comprehensions)."""
        return f"v{next(self._count)}"


def copy_code(codec: Codec, expr: str, src: _Source) -> str:
    """A Python expression that copies the live value ``expr`` as ``codec.copy`` does (``expr`` is a name, an
    attribute or a subscript: it may be read more than once)."""
    if codec.scalar:
        return expr
    if isinstance(codec, _Optional):
        return f"(None if {expr} is None else {copy_code(codec.inner, expr, src)})"
    if isinstance(codec, _List):
        if codec.item.scalar:
            return f"[*{expr}]"
        v = src.var()
        inner = f"[{copy_code(codec.item, v, src)} for {v} in {expr}]"
        return f"tuple({inner})" if codec.as_tuple else inner
    if isinstance(codec, _Dict):
        k, v = src.var(), src.var()
        return f"{{{k}: {copy_code(codec.item, v, src)} for {k}, {v} in {expr}.items()}}"
    if isinstance(codec, _TypedDict):
        items = ", ".join(f"{n!r}: {copy_code(c, f'{expr}[{n!r}]', src)}" for n, c in codec.fields)
        return f"{{{items}}}"
    return f"{src.name(codec.copy, 'copy')}({expr})"


def default_code(codec: Codec, src: _Source) -> str:
    """A Python expression for ``codec.default(Context(players))``, reading the local ``players``."""
    if isinstance(codec, (_Scalar, _Literal)):
        value = codec.default(Context(1))
        return repr(value) if isinstance(value, (int, str, bool)) or value is None else src.name(value, "const")
    if isinstance(codec, (_None, _Optional)):
        return "None"
    if isinstance(codec, _List):
        size = codec.size
        count = "0" if size is None else "players" if size.per_seat else str(size.count or 0)
        if count == "0":
            items = "[]"
        elif codec.item.scalar and isinstance(codec.item, (_Scalar, _Literal, _None, _Optional)):
            items = f"[{default_code(codec.item, src)}] * {count}"
        else:
            items = f"[{default_code(codec.item, src)} for _ in range({count})]"
        return f"tuple({items})" if codec.as_tuple else items
    if isinstance(codec, _Dict):
        return "{}"
    return f"{src.name(codec.default, 'default')}(Context(players))"


def _compile(cls: type, name: str, lines: list[str], src: _Source) -> Callable[..., Any]:
    text = "\n".join(lines) + "\n"
    scope: dict[str, Any] = {}
    exec(compile(text, f"<{cls.__name__}.{name} generated from its table>", "exec"), src.names, scope)  # noqa: S102
    fn: Callable[..., Any] = scope[name]
    fn.__qualname__ = f"{cls.__name__}.{name}"
    fn.__doc__ = f"{name} of {cls.__name__}, generated from its table declaration (pygame_rules.core.compiled)."
    setattr(fn, "__source__", text)  # noqa: B010 - kept for reading and for tests
    return fn


def blank_source(cls: type) -> tuple[list[str], _Source]:
    """The lines and names of ``__init__`` for ``cls``: the blank table, then the game's ``_init`` hook."""
    src = _Source()
    lines = ["def __init__(self, players, options, rng):",
             "    self.players = players", "    self.options = options", "    self.rng = rng"]
    for field in table_fields(cls):
        preset = cls.__dict__.get(field.name)
        value = src.name(preset, "preset") if preset is not None else default_code(field.codec, src)
        lines.append(f"    self.{field.name} = {value}")
    lines += ["    self._legal = None", "    self._init()"]
    return lines, src


def clone_source(cls: type) -> tuple[list[str], _Source]:
    """The lines and names of ``clone`` for ``cls``: every field copied as deep as its type needs."""
    src = _Source()
    lines = ["def clone(self):", "    other = _new(self.__class__)",
             "    other.players = self.players", "    other.options = dict(self.options)",
             "    other.rng = self.rng.copy()"]
    src.names["_new"] = object.__new__
    for field in table_fields(cls):
        lines.append(f"    other.{field.name} = {copy_code(field.codec, f'self.{field.name}', src)}")
    lines += ["    other._legal = self._legal  # actions are immutable and the list is copied on every read",
              "    other._init()", "    return other"]
    return lines, src


def eq_source(cls: type) -> tuple[list[str], _Source]:
    """The lines and names of ``__eq__`` for ``cls``: the same class, seats, options, random state and fields."""
    src = _Source()
    lines = ["def __eq__(self, other):",
             "    if other.__class__ is not self.__class__:",
             "        return False",
             "    return (self.players == other.players and self.options == other.options",
             "            and self.rng.to_json() == other.rng.to_json()"]
    lines += [f"            and self.{f.name} == other.{f.name}" for f in table_fields(cls)]
    lines[-1] += ")"
    return lines, src


def compile_table(cls: type) -> bool:
    """Generate and install ``__init__`` and ``clone`` on ``cls`` from its table; ``False`` when ``cls`` declares
    no table (it keeps the core's JSON round trip) or defines either method itself."""
    if not table_fields(cls) or "__init__" in cls.__dict__ or "clone" in cls.__dict__:
        return False
    type.__setattr__(cls, "__init__", _compile(cls, "__init__", *blank_source(cls)))
    type.__setattr__(cls, "clone", _compile(cls, "clone", *clone_source(cls)))
    if "__eq__" not in cls.__dict__:
        type.__setattr__(cls, "__eq__", _compile(cls, "__eq__", *eq_source(cls)))
    return True
