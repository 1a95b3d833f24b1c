import copy

import pytest

from assistant.engine.board import Board
from assistant.engine.errors import DataError, InputError
from assistant.store import yamlfile, yamlparse
from assistant.store.folder import shipped_folder


def garden_data() -> dict:
    return yamlfile.load(shipped_folder("boards") / "gnom-street.yaml")


def problems_of(data) -> list[str]:
    with pytest.raises(DataError) as caught:
        Board.from_mapping(data, "boards/gnom-street.yaml")
    return caught.value.problems


def test_the_garden_frame_matches_the_known_facts(garden):
    assert (garden.grid.rows, garden.grid.columns) == (3, 6)
    assert len(garden.ponds) == 2 and len(garden.open) == 16
    assert [v.name for v in garden.attribute("terrain").values] == ["grass", "wood", "gravel", "earth"]
    assert "blue" in [v.name for v in garden.attribute("flowers").values]
    for cell in garden.open:
        assert len(garden.values_at(cell, "flowers")) == 2
        assert len(garden.values_at(cell, "terrain")) == 1
    assert garden.verified is False, "the cell-by-cell layout is not public: it must ship unverified"


def test_a_misspelt_terrain_is_reported_with_file_path_and_choices():
    data = garden_data()
    data["cells"]["B1"]["terrain"] = "gras"
    assert problems_of(data) == [
        "boards/gnom-street.yaml: cells.B1.terrain: expected one of grass, wood, gravel, earth (got 'gras')"
    ]


def test_every_problem_is_reported_at_once():
    data = garden_data()
    data["cells"]["B1"]["terrain"] = "gras"
    data["cells"]["C1"]["flowers"] = ["blue"]
    data["cells"]["D1"]["colour"] = "x"
    del data["cells"]["F3"]
    found = problems_of(data)
    assert len(found) == 4
    assert any("cells.C1.flowers: expected exactly 2 values" in p for p in found)
    assert any("cells.D1.colour: unknown attribute" in p for p in found)
    assert any("missing F3" in p for p in found)


def test_duplicate_keys_are_refused():
    text = "name: x\nname: y\n"
    with pytest.raises(DataError, match="line 2: duplicate key 'name'"):
        yamlparse.loads(text, "boards/x.yaml")


def test_yes_and_no_stay_words_not_booleans():
    assert yamlparse.loads("a: no\nb: yes\nc: true\nd: off", "x") == {"a": "no", "b": "yes", "c": True, "d": "off"}


def test_a_value_yaml_would_turn_into_a_boolean_is_caught():
    data = garden_data()
    data["cells"]["A1"]["terrain"] = False
    assert problems_of(data) == [
        "boards/gnom-street.yaml: cells.A1.terrain: expected one of grass, wood, gravel, earth (got False)"
    ]


def test_python_tags_and_aliases_are_refused():
    with pytest.raises(DataError):
        yamlparse.loads("a: !!python/object/apply:os.system ['true']", "x")
    with pytest.raises(DataError, match="anchors and aliases"):
        yamlparse.loads("a: &x [1]\nb: *x\n", "x")


def test_attribute_values_accept_french_names(garden):
    assert garden.attribute("terrain").value("Herbe").name == "grass"
    assert garden.attribute("fleurs").value("bleu").name == "blue"
    with pytest.raises(InputError, match="expected one of blue, red, yellow, white"):
        garden.attribute("flowers").value("purple")


def test_describe_gives_every_cell_with_a_pond_flag(garden):
    described = garden.describe()
    assert (described["rows"], described["columns"]) == (3, 6)
    assert len(described["cells"]) == 18
    assert described["cells"]["A1"] == {"terrain": "grass", "flowers": ["blue", "red"], "pond": False}
    assert described["cells"]["B2"]["pond"] is True


def test_a_new_board_is_only_a_yaml_file():
    data = copy.deepcopy(garden_data())
    data.update(name="tiny", rows=1, columns=2,
                cells={"A1": {"terrain": "wood", "flowers": ["blue", "red"]}, "B1": {"pond": True}})
    board = Board.from_mapping(data, "tiny.yaml")
    assert board.names(board.open) == ["A1"]
