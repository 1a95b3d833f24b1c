import pytest
from conftest import shipped_board

from assistant.engine.cells import CellSet, Grid, column_index, column_letters
from assistant.engine.errors import InputError
from assistant.store.folder import Store


@pytest.mark.parametrize("name", Store("/nonexistent").board_names())
def test_every_cell_of_every_shipped_board_round_trips(name):
    board = shipped_board(name)
    for cell in range(board.grid.size):
        text = board.name_of(cell)
        assert board.parse_cell(text) == cell
        assert board.parse_cell(text.lower()) == cell
        assert board.name_of(board.parse_cell(text)) == text


def test_b3_is_column_b_row_3():
    grid = Grid(3, 6)
    cell = grid.parse("B3")
    assert (grid.row_of(cell), grid.column_of(cell)) == (2, 1)


@pytest.mark.parametrize("text", ["", "B", "3", "G1", "A4", "A0", "1A", "B-2", "B²", "Ⅻ1", "B 2x"])
def test_cells_outside_the_garden_are_refused(text):
    with pytest.raises(InputError, match="column A-F then a row 1-3"):
        Grid(3, 6).parse(text)


def test_column_letters_go_past_z_like_a_spreadsheet():
    assert [column_letters(i) for i in (0, 25, 26, 27, 701)] == ["A", "Z", "AA", "AB", "ZZ"]
    assert all(column_index(column_letters(i)) == i for i in range(1000))
    grid = Grid(100, 100)
    assert all(grid.parse(grid.name(cell)) == cell for cell in range(grid.size))


def test_cellset_is_a_set_of_ints():
    cells = CellSet.of([0, 5, 17])
    assert list(cells) == [0, 5, 17]
    assert len(cells) == 3 and 5 in cells and 6 not in cells
    assert (cells - CellSet.of([5])) == CellSet.of([0, 17])
    assert (cells & CellSet.of([5, 6])).only() == 5
    assert CellSet().only() is None and not CellSet()


def test_within_is_clipped_at_corners_and_edges():
    grid = Grid(3, 6)
    assert grid.names(grid.within(grid.parse("A1"), 1)) == ["A1", "A2", "B1", "B2"]
    assert len(grid.within(grid.parse("C1"), 1)) == 6
    assert len(grid.within(grid.parse("C2"), 1)) == 9
