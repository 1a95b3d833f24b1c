"""``NamedTuple`` for the package's records, made without the cost of ``typing.NamedTuple``.

Every one-shot command reads some forty record classes (clues, boards, steps, outcomes) before it can
answer. ``typing.NamedTuple`` makes each one by compiling a fresh ``__new__`` from source and checking
every annotation (compiling it again when it is a string), a large share of what the package would add to
Python's and Typer's own start-up (benchmarks/README.md). The
classes made here are the same kind of thing: tuple subclasses with one read-only property per field,
keyword arguments and defaults, ``_make``, ``_replace``, ``_asdict``, ``_fields``, ``_field_defaults``
and ``__match_args__``. Their ``__new__`` is written out once for each number of fields, and its arguments
renamed after each record's fields (``CodeType.replace``): nothing is compiled while a command starts.

Type checkers see ``typing.NamedTuple`` itself: write ``from assistant.engine.records import
NamedTuple`` and declare the class as usual.
"""

from types import FunctionType, GenericAlias
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from typing import NamedTuple as NamedTuple
else:
    from collections import _tuplegetter  # the C property the standard namedtuple gives each field

    _tuple_new = tuple.__new__

    # Each size's ``__new__`` is written out here, read with the module's compiled code, so that no command
    # compiles them from text at start-up. A record of more fields than any written here has its own
    # compiled once (``_template``).
    def _new1(_cls, _0):
        return _tuple_new(_cls, (_0,))

    def _new2(_cls, _0, _1):
        return _tuple_new(_cls, (_0, _1,))

    def _new3(_cls, _0, _1, _2):
        return _tuple_new(_cls, (_0, _1, _2,))

    def _new4(_cls, _0, _1, _2, _3):
        return _tuple_new(_cls, (_0, _1, _2, _3,))

    def _new5(_cls, _0, _1, _2, _3, _4):
        return _tuple_new(_cls, (_0, _1, _2, _3, _4,))

    def _new6(_cls, _0, _1, _2, _3, _4, _5):
        return _tuple_new(_cls, (_0, _1, _2, _3, _4, _5,))

    def _new7(_cls, _0, _1, _2, _3, _4, _5, _6):
        return _tuple_new(_cls, (_0, _1, _2, _3, _4, _5, _6,))

    def _new8(_cls, _0, _1, _2, _3, _4, _5, _6, _7):
        return _tuple_new(_cls, (_0, _1, _2, _3, _4, _5, _6, _7,))

    def _new9(_cls, _0, _1, _2, _3, _4, _5, _6, _7, _8):
        return _tuple_new(_cls, (_0, _1, _2, _3, _4, _5, _6, _7, _8,))

    def _new10(_cls, _0, _1, _2, _3, _4, _5, _6, _7, _8, _9):
        return _tuple_new(_cls, (_0, _1, _2, _3, _4, _5, _6, _7, _8, _9,))

    def _new11(_cls, _0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10):
        return _tuple_new(_cls, (_0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10,))

    def _new12(_cls, _0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11):
        return _tuple_new(_cls, (_0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11,))

    def _new13(_cls, _0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12):
        return _tuple_new(_cls, (_0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12,))

    def _new14(_cls, _0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13):
        return _tuple_new(_cls, (_0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13,))

    def _new15(_cls, _0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14):
        return _tuple_new(_cls, (_0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14,))

    def _new16(_cls, _0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, _15):
        return _tuple_new(_cls, (_0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, _15,))

    def _new17(_cls, _0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, _15, _16):
        return _tuple_new(_cls, (_0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, _15, _16,))

    def _new18(_cls, _0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, _15, _16, _17):
        return _tuple_new(_cls, (_0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, _15, _16, _17,))

    _templates: dict[int, FunctionType] = {
        len(made.__code__.co_varnames) - 1: made
        for made in (_new1, _new2, _new3, _new4, _new5, _new6, _new7, _new8, _new9, _new10, _new11, _new12, _new13,
                     _new14, _new15, _new16, _new17, _new18)}

    def _template(count: int) -> FunctionType:
        """A ``__new__`` taking ``count`` arguments, for all the records of that size."""
        if count not in _templates:
            names = ", ".join(f"_{index}" for index in range(count))
            source = f"def __new__(_cls, {names}): return _tuple_new(_cls, ({names},))"
            scope: dict[str, Any] = {"_tuple_new": tuple.__new__, "__builtins__": {}}
            exec(source, scope)  # a fixed text of our own, made of the count alone
            _templates[count] = scope["__new__"]
        return _templates[count]

    def _make_new(fields: tuple[str, ...], defaults: tuple[Any, ...], qualname: str) -> FunctionType:
        template = _template(len(fields))
        code = template.__code__.replace(co_varnames=("_cls", *fields), co_name="__new__",
                                         co_qualname=f"{qualname}.__new__")
        new = FunctionType(code, template.__globals__, "__new__", defaults or None)
        new.__doc__ = f"Create new instance of {qualname}({', '.join(fields)})"
        return new

    def _repr(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{n}={v!r}' for n, v in zip(self._fields, self, strict=True))})"

    def _asdict(self) -> dict[str, Any]:
        return dict(zip(self._fields, self, strict=True))

    def _replace(self, **changes: Any):
        result = self._make(map(changes.pop, self._fields, self))
        if changes:
            raise ValueError(f"Got unexpected field names: {list(changes)!r}")
        return result

    def _getnewargs(self) -> tuple[Any, ...]:
        return tuple(self)

    def _make(cls, iterable):
        made = _tuple_new(cls, iterable)
        if len(made) != len(cls._fields):
            raise TypeError(f"Expected {len(cls._fields)} arguments, got {len(made)}")
        return made

    class _RecordMaker(type):
        """The metaclass of the ``NamedTuple`` base: ``class Clue(NamedTuple)`` makes a tuple subclass."""

        def __new__(mcls, name: str, bases: tuple[type, ...], namespace: dict[str, Any]):
            fields = tuple(namespace.get("__annotations__", {}))
            defaults = tuple(namespace[field] for field in fields if field in namespace)
            if any(field not in namespace for field in fields[len(fields) - len(defaults):]):
                raise TypeError(f"{name}: a field without a default follows a field with one")
            qualname = namespace.get("__qualname__", name)
            body = {key: value for key, value in namespace.items() if key not in fields}
            body.update(
                __slots__=(), _fields=fields, __match_args__=fields,
                _field_defaults=dict(zip(fields[len(fields) - len(defaults):], defaults, strict=True)),
                __new__=_make_new(fields, defaults, qualname), _make=classmethod(_make),
                _replace=_replace, _asdict=_asdict, __getnewargs__=_getnewargs)
            body.setdefault("__repr__", _repr)
            if any(base is not NamedTuple for base in bases):  # Generic[T]: Entry[Event] in annotations
                body["__class_getitem__"] = classmethod(GenericAlias)
            for index, field in enumerate(fields):
                body[field] = _tuplegetter(index, f"Alias for field number {index}")
            return type.__new__(type, name, (tuple,), body)

    NamedTuple = type.__new__(_RecordMaker, "NamedTuple", (), {"__module__": __name__})
