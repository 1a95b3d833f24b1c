"""The package's records (assistant.engine.records.NamedTuple) behave as the standard library's.

They exist for start-up speed alone (see the module), so every behaviour the code may lean on is compared
with ``collections.namedtuple`` on the same fields and values, for any number of fields and defaults."""

import copy
import pickle
import string
from collections import namedtuple
from typing import Generic, TypeVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assistant.engine.records import NamedTuple

T = TypeVar("T")


class Point(NamedTuple):
    """A cell's place, for the tests."""

    row: int
    column: int = 0
    label: str = "x"

    def moved(self, rows: int) -> "Point":
        return self._replace(row=self.row + rows)


class Boxed(NamedTuple, Generic[T]):
    value: T


class Sub(Point):
    """A subclass of a record, as the deduction game's Game is of its fields."""

    def twice(self) -> int:
        return self.row * 2


def test_a_record_is_a_tuple_with_named_fields_defaults_and_methods():
    point = Point(3, label="y")
    assert point == (3, 0, "y") and isinstance(point, tuple)
    assert (point.row, point.column, point.label) == (3, 0, "y")
    assert point.moved(2) == Point(5, 0, "y") and repr(point) == "Point(row=3, column=0, label='y')"
    assert Point._fields == ("row", "column", "label") and Point.__match_args__ == Point._fields
    assert Point._field_defaults == {"column": 0, "label": "x"} and Point.__doc__ == "A cell's place, for the tests."
    assert Point._make([1, 2, "z"]) == Point(1, 2, "z") and point._asdict() == {"row": 3, "column": 0, "label": "y"}
    assert pickle.loads(pickle.dumps(point)) == point and copy.copy(point) == point and copy.deepcopy(point) == point
    assert not hasattr(point, "__dict__")  # slots, as a namedtuple: no per-record dictionary
    match point:
        case Point(row, column, label):
            assert (row, column, label) == (3, 0, "y")
    with pytest.raises(AttributeError):
        point.row = 4  # type: ignore[misc]


def test_a_record_refuses_what_a_namedtuple_refuses():
    with pytest.raises(TypeError):
        Point()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Point(1, 2, "z", "extra")  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Point(1, row=2)  # type: ignore[misc]
    with pytest.raises(ValueError):
        Point(1)._replace(height=2)
    with pytest.raises(TypeError):
        Point._make([1, 2])
    with pytest.raises(TypeError):
        class Wrong(NamedTuple):
            first: int = 0
            second: int


def test_generic_records_and_subclasses():
    assert Boxed[int](3) == (3,) and Boxed(value="a").value == "a"
    sub = Sub(4)
    assert sub.twice() == 8 and isinstance(sub, Point) and sub._replace(row=1) == Sub(1)
    assert type(sub._replace(row=1)) is Sub


@given(st.lists(st.sampled_from(string.ascii_lowercase), min_size=1, max_size=20, unique=True),
       st.data())
def test_any_record_behaves_as_the_standard_namedtuple(names, data):
    fields = [f"f_{name}" for name in names]
    count = data.draw(st.integers(0, len(fields)))
    defaults = tuple(range(100, 100 + count))
    record = type(NamedTuple)("Record", (NamedTuple,), {
        "__annotations__": dict.fromkeys(fields, int), "__qualname__": "Record", "__module__": __name__,
        **dict(zip(fields[len(fields) - count:], defaults, strict=True))})
    standard = namedtuple("Record", fields, defaults=defaults)
    values = data.draw(st.lists(st.integers(), min_size=len(fields) - count, max_size=len(fields)))
    keywords = data.draw(st.booleans())
    arguments = dict(zip(fields, values, strict=False))
    ours = record(**arguments) if keywords else record(*values)
    theirs = standard(**arguments) if keywords else standard(*values)
    assert tuple(ours) == tuple(theirs) and repr(ours) == repr(theirs)
    assert ours._asdict() == theirs._asdict() and record._field_defaults == standard._field_defaults
    changed = {fields[0]: -1}
    assert tuple(ours._replace(**changed)) == tuple(theirs._replace(**changed))
    assert [getattr(ours, field) for field in fields] == [getattr(theirs, field) for field in fields]


@pytest.mark.parametrize("size", [1, 2, 9, 18, 19, 30])
def test_every_size_of_record_takes_its_fields_by_place_and_by_name(size):
    # Up to 18 fields a record's __new__ is one written out in records.py; beyond, one compiled for its size.
    fields = [f"f{index}" for index in range(size)]
    record = type(NamedTuple)("Record", (NamedTuple,), {
        "__annotations__": dict.fromkeys(fields, int), "__qualname__": "Record", "__module__": __name__,
        fields[-1]: -1})
    values = list(range(size))
    assert tuple(record(*values)) == tuple(values) == tuple(record(**dict(zip(fields, values, strict=True))))
    assert record(*values[:-1])[-1] == -1
    with pytest.raises(TypeError):
        record(*values, 99)
    assert record.__new__.__code__.co_varnames[:size + 1] == ("_cls", *fields)
