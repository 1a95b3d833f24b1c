"""The table screen, driven through Textual's pilot as a player would: keys in, screen and game file out.

No test waits on the clock: the pilot's ``pause()`` lets every pending message
run, and the file watcher is called directly where a test needs it to look.
"""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

import pytest
from conftest import game_file
from rich.console import Console
from textual._wait import wait_for_idle as _textual_wait

from assistant.faces.table.screen import BoardScreen, TableApp, value_keys
from assistant.store.folder import Store

SNAPSHOTS = Path(__file__).parent / "snapshots"
SLOW_FOLLOW = 3600.0  # seconds: the timer never fires during a test; tests call follow() themselves


async def _settled(min_sleep: float = 0, max_sleep: float = 1) -> None:
    """Textual's pilot, after each key it presses, waits until the process looks idle: it sleeps 20 ms at a time
    until a sleep passes with almost no CPU spent (textual._wait). On a machine busy with other work each of those
    sleeps gave the core away and waited to get it back (test_table.py: 188 s of wall time for 56 s of CPU in a
    run beside other work).
    The screen works on the event loop alone (no thread, no I/O), so it is idle exactly when no task of the loop
    is ready to run: this waits for that, without a sleep. A timer (the screen's refresh) is not waited for:
    every test reads the screen after ``pause()``, which refreshes it."""
    ready = getattr(asyncio.get_running_loop(), "_ready", None)  # asyncio's callbacks ready to run
    if ready is None:  # another event loop: Textual's own wait
        return await _textual_wait(min_sleep, max_sleep)
    for _ in range(100_000):  # a bound on a screen that never settles: the test then fails on what it reads
        await asyncio.sleep(0)
        if not ready:
            return


def _idle_without_sleeping() -> None:
    import textual.app
    import textual.pilot

    for module in (textual.app, textual.pilot):
        if getattr(module, "wait_for_idle", None) is _textual_wait:  # else: Textual's own waits, slower
            module.wait_for_idle = _settled


_idle_without_sleeping()


def screen_text(app) -> str:
    """The whole screen as plain text, line by line (what tmux capture-pane would show)."""
    console = Console(width=app.size.width, height=app.size.height, file=io.StringIO(), record=True,
                      force_terminal=True, color_system=None, legacy_windows=False)
    console.print(app.screen._compositor.render_update(full=True))
    return console.export_text()


def drive(app, script, size=(80, 24)):
    """Run ``script(pilot)`` against the app in a headless terminal of ``size``."""
    async def go():
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            # The footer lists its keys a few messages after the screen first shows: wait for them, however
            # busy the machine (a script reading the screen at once saw it blank)
            for _ in range(200):
                if pilot.app.screen.query("FooterKey") or not pilot.app.screen.query("Footer"):
                    break
                await pilot.pause()
            await script(pilot)
    asyncio.run(go())


async def type_line(pilot, text: str) -> None:
    for char in text:
        await pilot.press("space" if char == " " else char)
    await pilot.pause()


async def keys(pilot, *names: str) -> str:
    """Press keys; the screen after."""
    await pilot.press(*names)
    await pilot.pause()
    return screen_text(pilot.app)


async def enter(pilot, text: str, typed: bool = True) -> str:
    """Type ``text`` key by key (or set it at once), press Enter; the screen after."""
    if typed:
        await type_line(pilot, text)
    else:
        pilot.app.query_one("#entry").value = text
    await pilot.press("enter")
    await pilot.pause()
    return screen_text(pilot.app)


@pytest.fixture
def garden_game(run, home) -> Path:
    assert run("new", "gnom-street", "--opponents", "red,blue,yellow", "--mine", "C2").exit_code == 0
    return home


def table_app(home: Path, **extra) -> TableApp:
    return TableApp(Store(home), None, follow_seconds=SLOW_FOLLOW, **extra)


def test_an_entry_is_recorded_saved_and_shown(garden_game):
    app = table_app(garden_game)

    async def script(pilot):
        text = await enter(pilot, "clue area B3 yes -o red")
        assert "1. clue area B3 red=yes -> red: 4 cells left" in text  # the answer line
        assert "red: 4 left" in text and "blue: 15 left" in text  # every opponent's sheet
        assert "  1. clue area B3 red=yes" in text  # the numbered history

    drive(app, script)
    saved = game_file(garden_game, "gnom-street-1").decode()
    assert "clue area B3 red=yes" in saved


def test_the_history_keeps_its_latest_entry_in_view(garden_game):
    # More entries than the panel shows, and refusals on two lines between them (one shrinks the panel after
    # the redraw asked to scroll): the panel ends scrolled to its end, the latest entry on the screen.
    app = table_app(garden_game)

    async def script(pilot):
        side = pilot.app.query_one("#side")
        for number in range(1, 15):
            opponent = ("red", "blue", "yellow")[number % 3]
            await enter(pilot, f"clue area B3 yes -o {opponent}", typed=False)
            if number % 3 == 0:
                text = await enter(pilot, "clue area B3 maybe -o blue " + "x" * 60, typed=False)
                assert "refused" in text
            for _ in range(100):  # the last scroll is made after the screen is laid out again
                if side.scroll_y == side.max_scroll_y:
                    break
                await pilot.pause()
            assert side.scroll_y == side.max_scroll_y
            assert f"{number}. clue area B3 {opponent}=yes" in screen_text(pilot.app)
        assert side.max_scroll_y > 0  # the history outgrew its panel

    drive(app, script, size=(60, 24))


def test_a_refused_entry_shows_one_line_and_changes_nothing(garden_game, run):
    run("clue", "area", "B3", "yes", "-o", "red")
    before = game_file(garden_game, "gnom-street-1")
    app = table_app(garden_game)

    async def script(pilot):
        text = await enter(pilot, "clue area Z9 yes -o red")
        assert len([line for line in text.splitlines() if line.startswith("refused (nothing written): ")]) == 1
        answer = pilot.app.query_one("#answer").content.plain
        assert "\n" not in answer and "no cell 'Z9'" in answer
        assert "red: 4 left" in text  # the sheet is still the one before

    drive(app, script)
    assert game_file(garden_game, "gnom-street-1") == before


def test_the_undo_key_takes_back_the_last_entry_struck_out_in_the_history(garden_game, run):
    run("clue", "area", "B3", "yes", "-o", "red")
    app = table_app(garden_game)

    async def script(pilot):
        text = await keys(pilot, "ctrl+z")
        assert "took back 1. clue area B3 red=yes" in text
        assert "(taken back)" in text  # said in words, not by the strike alone
        assert "red: 15 left" in text

    drive(app, script)
    assert game_file(garden_game, "gnom-street-1").decode().rstrip().endswith("- undo")


def test_up_and_down_walk_the_earlier_entries(garden_game, run):
    run("clue", "area", "B3", "yes", "-o", "red")
    app = table_app(garden_game)

    async def script(pilot):
        await enter(pilot, "clue area A1 no -o blue")
        entry = pilot.app.query_one("#entry")
        await pilot.press("up")
        assert entry.value == "clue area A1 no -o blue"
        await pilot.press("up")
        assert entry.value == "clue area B3 red=yes"  # a step recorded before the screen opened
        await pilot.press("down", "down")
        assert entry.value == ""

    drive(app, script)


def test_tab_completes_each_word_from_the_grammar_and_shows_the_candidates(garden_game):
    app = table_app(garden_game)

    async def script(pilot):
        entry = pilot.app.query_one("#entry")
        choices = pilot.app.query_one("#choices")
        await type_line(pilot, "cl")
        await keys(pilot, "tab")
        assert entry.value == "clue "  # one value fits: completed, as a shell does
        await type_line(pilot, "ar")
        await keys(pilot, "tab")
        assert entry.value == "clue area "
        await type_line(pilot, "b")
        await keys(pilot, "tab")
        assert entry.value == "clue area b" and str(choices.content) == "B1  B3"  # several: shown
        await type_line(pilot, "3")
        await keys(pilot, "tab")
        assert entry.value == "clue area B3 "
        await type_line(pilot, "ye")
        await keys(pilot, "tab")
        assert str(choices.content) == "yes  yellow=yes  yellow=no"
        await type_line(pilot, "s")
        await keys(pilot, "tab")
        await type_line(pilot, "-o ")
        await keys(pilot, "tab")
        assert str(choices.content) == "red  blue  yellow"  # this game's opponents
        await type_line(pilot, "y")
        await keys(pilot, "tab")
        assert entry.value == "clue area B3 yes -o yellow "
        await keys(pilot, "enter")

    drive(app, script)
    assert "clue area B3 yellow=yes" in game_file(garden_game, "gnom-street-1").decode()


def test_keys_typed_in_a_burst_apply_in_order(garden_game):
    """A fast typist (or tmux send-keys): Tab and Enter act where they were typed, not after later keys."""
    from textual import events

    app = table_app(garden_game)
    burst = [*"cl", "tab", *"ar", "tab", *"B3 yes -o red", "enter", *"undo", "enter", *"clue"]

    async def script(pilot):
        for key in burst:  # all queued at once, as a terminal delivers them
            character = key if len(key) == 1 else None
            pilot.app.post_message(events.Key("space" if key == " " else key, character))
        await pilot.pause()
        assert pilot.app.query_one("#entry").value == "clue"
        assert "took back 1. clue area B3 red=yes" in screen_text(pilot.app)

    drive(app, script)


def test_the_help_panel_lists_the_words_of_the_game(garden_game):
    app = table_app(garden_game)

    async def script(pilot):
        text = await keys(pilot, "f1")
        for form in pilot.app.game.forms():
            assert (form.usage or form.verb) in text

    drive(app, script, size=(100, 60))


def test_a_change_made_from_another_terminal_appears(garden_game, run):
    app = table_app(garden_game)

    async def script(pilot):
        assert "red: 15 left" in screen_text(pilot.app)
        assert run("clue", "area", "B3", "yes", "-o", "red").exit_code == 0  # the CLI, elsewhere
        pilot.app.follow()  # what the timer does every half second
        await pilot.pause()
        text = screen_text(pilot.app)
        assert "red: 4 left" in text and "1. clue area B3 red=yes" in text

    drive(app, script)


def test_the_file_is_watched_by_a_timer_of_under_a_second(garden_game):
    assert TableApp(Store(garden_game), None).follow_seconds < 1


def test_a_cli_line_pasted_whole_reads_the_same(garden_game):
    app = table_app(garden_game)

    async def script(pilot):
        await enter(pilot, "assistant clue area B3 yes -o red", typed=False)

    drive(app, script)
    assert "clue area B3 red=yes" in game_file(garden_game, "gnom-street-1").decode()


def test_keys_toggle_the_odds_the_suggestions_and_the_help(garden_game, run):
    run("clue", "area", "B3", "yes", "-o", "red")
    app = table_app(garden_game)

    async def script(pilot):
        assert "odds in %" in await keys(pilot, "f2")
        text = await keys(pilot, "f3")
        assert "suggestions" in text and "rules out" in text and "bits" not in text  # issue 35: plain words
        text = await keys(pilot, "f3", "f1")
        assert "Tab completes" in text and "rules out" not in text

    drive(app, script, size=(120, 40))


def test_the_garden_pieces_are_shown_under_the_sheets(garden_game, run):
    assert run("miniature", "red", "C3").exit_code == 0
    assert run("token", "red", "C3").exit_code == 0
    assert run("miniature", "me", "A1").exit_code == 0
    app = table_app(garden_game)

    async def script(pilot):
        text = await enter(pilot, "token me A1 mole", typed=False)
        assert "miniatures: me A1; red C3" in text
        assert "stacks (bottom first): C3 [red face down]; A1 [me mole]" in text  # others' tokens lie face down

    drive(app, script, size=(120, 40))


def test_a_score_pad_shows_its_pad_and_takes_its_words(run, home):
    assert run("quest", "new", "--players", "Ana,Ben,Cleo").exit_code == 0
    app = table_app(home)

    async def script(pilot):
        text = await enter(pilot, "deal 7A --special druid --tricks Ana=5,Ben=4,Cleo=4", typed=False)
        assert "Le Roi des Nains" in text and "1. deal 7A" in text
        text = await enter(pilot, "quest trick Ana 5g 7g Kb", typed=False)  # a deal summed up takes no trick
        assert "refused (nothing written):" in text
        await type_line(pilot, "deal 1A --special dr")
        await keys(pilot, "tab")
        assert pilot.app.query_one("#entry").value == "deal 1A --special dragon "  # the druid was dealt already

    drive(app, script, size=(100, 30))


def test_a_rope_match_takes_its_moves_and_completes_its_colours(run, home):
    assert run("tug", "new", "--sides", "Ana,Ben").exit_code == 0
    app = table_app(home)

    async def script(pilot):
        text = await enter(pilot, "tug gnome red --by Ana", typed=False)  # a CLI line pasted whole
        assert "1. gnome red --by Ana" in text and "Ana" in text
        await type_line(pilot, "gnome ")
        await keys(pilot, "tab")
        assert str(pilot.app.query_one("#choices").content) == "red  blue  yellow  green  multi"

    drive(app, script)
    assert "gnome red --by Ana" in game_file(home, "oh-les-nains-1").decode()


# -- the board screen ------------------------------------------------------------------------


def target_garden(board) -> dict[str, dict]:
    """A garden unlike the shipped guess on every cell: other terrain, other flowers, ponds moved."""
    terrains = [value.name for value in board.attribute("terrain").values]
    flowers = [value.name for value in board.attribute("flowers").values]
    cells = {}
    ponds = {"A1", "F3"}
    for number, name in enumerate(board.describe()["cells"]):
        if name in ponds:
            cells[name] = {"pond": True}
            continue
        shipped = board.describe()["cells"][name]
        terrain = next(t for t in terrains[number % 4:] + terrains if t != shipped["terrain"])
        pair = [f for f in flowers if f not in (shipped["flowers"] or [])][:2]
        if len(pair) < 2:
            pair = flowers[number % 3:number % 3 + 2]
        cells[name] = {"terrain": terrain, "flowers": sorted(pair)}
    return cells


def keys_for_cell(board, keys, wanted: dict) -> list[str]:
    """The keys a player presses on one cell to make it ``wanted``."""
    if wanted.get("pond"):
        return ["p"]
    by_value = {value: key for key, (_, value) in keys.items()}
    return [by_value[wanted["terrain"]], *(by_value[f] for f in wanted["flowers"])]


def test_the_whole_garden_is_set_up_from_the_box_in_at_most_120_keystrokes(garden_game):
    """Issue 13: "the whole garden must take at most 120 keystrokes", counted here by driving the screen."""
    store = Store(garden_game)
    board = store.board("gnom-street")
    wanted = target_garden(board)
    keys = value_keys(board)
    app = table_app(garden_game)
    pressed = []

    async def press(pilot, *names):
        pressed.extend(names)
        await pilot.press(*names)

    async def script(pilot):
        await press(pilot, "f4")
        await pilot.pause()
        assert isinstance(pilot.app.screen, BoardScreen)
        rows, columns = board.grid.rows, board.grid.columns
        for row in range(rows):
            order = range(columns) if row % 2 == 0 else reversed(range(columns))  # a snake over the rows
            for position, column in enumerate(order):
                if position:
                    await press(pilot, "right" if row % 2 == 0 else "left")
                name = board.name_of(board.grid.cell(row, column))
                await press(pilot, *keys_for_cell(board, keys, wanted[name]))
            if row < rows - 1:
                await press(pilot, "down")
        await press(pilot, "escape")
        await pilot.pause()

    drive(app, script)
    corrected = store.board("gnom-street").describe()["cells"]
    for name, cell in wanted.items():
        if cell.get("pond"):
            assert corrected[name]["pond"], name
        else:
            assert (corrected[name]["terrain"], sorted(corrected[name]["flowers"])) == \
                   (cell["terrain"], cell["flowers"]), name
    assert len(pressed) <= 120, len(pressed)


def test_the_board_screen_saves_exactly_like_board_set(garden_game, run, tmp_path, monkeypatch):
    app = TableApp(Store(garden_game), None, board="gnom-street", follow_seconds=SLOW_FOLLOW)

    async def script(pilot):
        assert isinstance(pilot.app.screen, BoardScreen)
        await pilot.press("right", "right", "down")  # C2
        await pilot.press("a", "b", "y")  # gravel; blue and yellow
        await pilot.pause()
        assert "saved: gnom-street C2: terrain=gravel, flowers=blue,yellow" in screen_text(pilot.app)

    drive(app, script)
    by_screen = (garden_game / "boards" / "fixes" / "gnom-street.yaml").read_bytes()
    other = tmp_path / "other"
    monkeypatch.setenv("ASSISTANT_HOME", str(other))
    assert run("board", "set", "gnom-street", "C2", "terrain=gravel", "flowers=blue,yellow").exit_code == 0
    assert (other / "boards" / "fixes" / "gnom-street.yaml").read_bytes() == by_screen


def test_a_pond_turned_into_land_waits_for_its_whole_cell(garden_game):
    store = Store(garden_game)
    app = TableApp(store, None, board="gnom-street", follow_seconds=SLOW_FOLLOW)

    async def script(pilot):
        await pilot.press("right", "down")  # B2, a pond in the shipped guess
        await pilot.press("o")  # wood
        await pilot.pause()
        assert "not saved until the cell is whole" in screen_text(pilot.app)
        assert store.board("gnom-street").describe()["cells"]["B2"]["pond"]
        await pilot.press("B", "w")  # as the sheets write blue (either case), and white
        await pilot.pause()
        assert store.board("gnom-street").describe()["cells"]["B2"] == \
               {"terrain": "wood", "flowers": ["blue", "white"], "pond": False}

    drive(app, script)


# -- whole screens --------------------------------------------------------------------------


async def snapshot(pilot, name: str) -> None:
    """Compare the screen's SVG with the committed one (written when missing: review it, then commit)."""
    for line in pilot.app.query("Input"):
        line.cursor_blink = False  # a blinking cursor would make the picture depend on the clock
    await pilot.pause()
    svg = pilot.app.export_screenshot(title=name)
    path = SNAPSHOTS / f"{name}.svg"
    if not path.exists():
        SNAPSHOTS.mkdir(exist_ok=True)
        path.write_text(svg, encoding="utf-8")
        pytest.fail(f"wrote a new snapshot {path.name}: look at it, then commit it")
    assert svg == path.read_text(encoding="utf-8"), f"the screen differs from {path.name}"


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("size", [(80, 24), (140, 45)], ids=["80x24", "140x45"])
@pytest.mark.parametrize("no_color", [False, True], ids=["colour", "no-colour"])
def test_snapshots_of_an_evening_in_both_languages_at_both_sizes(garden_game, run, monkeypatch, no_color, size,
                                                                  language):
    """The sheets keep their terrain and flowers at every size (stacked when they do not fit across),
    the footer fits 80 columns, and a refusal is one line, in English and in French."""
    from assistant.engine import i18n

    for clue in (["area", "B3", "yes", "-o", "red"], ["line-of-sight", "D1", "no", "-o", "blue"],
                 ["flower", "C3", "red=yes", "blue=no", "yellow=no", "--colour", "yellow"]):
        assert run("clue", *clue).exit_code == 0
    run("miniature", "red", "C3")
    monkeypatch.setenv("NO_COLOR", "1") if no_color else monkeypatch.delenv("NO_COLOR", raising=False)
    i18n.use(language)
    app = table_app(garden_game)

    async def script(pilot):
        text = await enter(pilot, "clue area A1 nope -o red")
        assert '"BR' in text and "~BL" in text.replace("~BW", "~BL")  # A1: grass, blue and red flowers
        footer = text.splitlines()[-1]
        assert footer.rstrip().endswith(("undo last", "annuler"))  # whole, not cut
        await snapshot(pilot, f"evening-{language}-{size[0]}x{size[1]}-{'no-colour' if no_color else 'colour'}")

    try:
        drive(app, script, size=size)
    finally:
        i18n.use("en")


def test_snapshot_of_the_board_screen(garden_game, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    app = TableApp(Store(garden_game), None, board="gnom-street", follow_seconds=SLOW_FOLLOW)

    async def script(pilot):
        await pilot.press("down")
        await pilot.pause()
        await snapshot(pilot, "board-80x24-no-colour")

    drive(app, script)


def test_textual_is_imported_by_the_table_screen_only():
    root = Path(__file__).resolve().parent.parent
    users = sorted(str(path.relative_to(root)) for path in [root / "cli.py", *(root / "assistant").rglob("*.py")]
                   if "from textual" in path.read_text() or "import textual" in path.read_text())
    assert users == ["assistant/faces/table/lines.py", "assistant/faces/table/screen.py"]  # the table face alone
    launcher = (root / "assistant" / "faces" / "cli" / "faces.py").read_text()
    assert "from assistant.faces.table import screen" in launcher
    assert "\nfrom assistant.faces.table import screen" not in launcher  # inside table() only


# -- shell completion for the plain CLI (same grammar) ------------------------------------------


def shell_complete(words: str, shell: str = "bash") -> list[str]:
    """What the shell would offer for the last word of ``words`` (as the installed script asks)."""
    from typer.testing import CliRunner

    import cli

    typed = words.split(" ")
    env = {"_ASSISTANT_COMPLETE": f"complete_{shell}", "COMP_WORDS": words, "COMP_CWORD": str(len(typed) - 1),
           "_TYPER_COMPLETE_ARGS": words, "_TYPER_COMPLETE_FISH_ACTION": "get-args"}
    result = CliRunner().invoke(cli.app_for([]), [], env=env, prog_name="assistant")
    return result.output.split()


def test_the_shell_completes_cells_opponents_and_kinds_from_the_grammar(garden_game):
    assert shell_complete("assistant clue ") == ["area", "line-of-sight", "flower", "at"]
    assert shell_complete("assistant clue area b") == ["b1", "b3"]  # ponds are no asking cell
    assert shell_complete("assistant clue area B3 yes -o ") == ["red", "blue", "yellow"]
    assert shell_complete("assistant accuse F") == []  # the garden has no accusation: nothing offered
    assert shell_complete("assistant explain C") == ["C1", "C2", "C3"]


def test_without_a_game_the_shell_is_offered_nothing(home):
    assert shell_complete("assistant clue area ") == []


def test_install_completion_is_offered(run, monkeypatch):
    assert "--install-completion" in run("--help").output
    # Typer finds the shell from the processes above this one (shellingham): say it is bash, whatever ran pytest
    # (a terminal's bash, a CI runner's sh, a background job), so the script asked for is always bash's.
    monkeypatch.setattr("typer.completion._get_shell_name", lambda: "bash")
    assert "_COMPLETE=complete_bash" in run("--show-completion").output


@pytest.mark.parametrize("shell", ["zsh", "fish"])
def test_zsh_and_fish_are_offered_the_same_words(garden_game, shell):
    assert "yellow" in " ".join(shell_complete("assistant clue area B3 yes -o ", shell))


def test_the_shell_shows_each_options_help_in_the_language_spoken(garden_game, monkeypatch):
    # Help texts are translated when help is shown, not on every run: completion shows them too.
    monkeypatch.setenv("ASSISTANT_LANG", "fr")
    offered = " ".join(shell_complete("assistant candidates --", "zsh"))
    assert "Écrit un objet JSON" in offered and "Print a JSON object" not in offered


def test_the_table_command_without_a_game_says_so_in_one_line(run):
    result = run("table")
    assert result.exit_code == 2
    assert result.stderr.startswith("error: no current game") and result.stderr.count("\n") == 1


def test_the_table_command_refuses_an_unknown_board_and_a_pipe_in_one_line(run, garden_game):
    result = run("table", "--board", "nowhere")
    assert result.exit_code == 2 and result.stderr.count("\n") == 1 and "nowhere" in result.stderr
    result = run("table")  # the runner's input is no terminal: the screen could only spin
    assert result.exit_code == 2 and result.stderr.startswith("error: the table screen needs a terminal")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_board_screen_keys_never_contradict_the_sheets_letters(home, language):
    """A flower's key is its letter on the sheets (French: L blanc, B bleu), and no other value takes a
    letter the sheets give a flower; the screen sets 80 columns wide with whole terrain names."""
    from assistant.engine import i18n
    from assistant.faces import pictures as render

    i18n.use(language)
    try:
        board = Store(home).board("gnom-street")
        keys = value_keys(board)
        flowers = board.attribute("flowers")
        letters = {code.lower(): value for value, code in render.codes(flowers).items()}
        assert {key: value for key, (attribute, value) in keys.items() if attribute == "flowers"} == letters
        app = TableApp(Store(home), None, board="gnom-street", follow_seconds=SLOW_FOLLOW)

        async def script(pilot):
            text = screen_text(pilot.app)
            legend = "  ".join(f"{code} {flowers.value(value).local_name}" for value, code in
                               render.codes(flowers).items())
            assert legend in text  # as the sheets' legend says it
            assert ("gravier" if language == "fr" else "gravel") in text
            assert "(unverified)" in text.splitlines()[0] or "(non vérifié)" in text.splitlines()[0]

        drive(app, script)
    finally:
        i18n.use("en")


def test_the_board_set_up_needs_no_game_and_leaves_when_done(home):
    app = TableApp(Store(home), None, board="gnom-street", follow_seconds=SLOW_FOLLOW)

    async def script(pilot):
        await pilot.press("a", "escape")  # gravel
        await pilot.pause()

    drive(app, script)
    assert app.return_code == 0 and Store(home).board("gnom-street").describe()["cells"]["A1"]["terrain"] == "gravel"
    assert app.return_value == ("board gnom-street: your corrections are saved; start a game on it with "
                                "new gnom-street --opponents red,blue")  # said once the screen is closed


def test_leaving_the_board_set_up_untouched_says_nothing_was_corrected(home):
    app = TableApp(Store(home), None, board="gnom-street", follow_seconds=SLOW_FOLLOW)

    async def script(pilot):
        await pilot.press("right", "down", "escape")
        await pilot.pause()

    drive(app, script)
    assert app.return_value == ("board gnom-street: nothing corrected; start a game on it with "
                                "new gnom-street --opponents red,blue")
    assert not (home / "boards" / "fixes" / "gnom-street.yaml").exists()


# -- in French ------------------------------------------------------------------------------


def test_the_screen_speaks_french(garden_game, run):
    """ASSISTANT_LANG=fr assistant table: titles, keys, answers and refusals in French (the steps stay as typed)."""
    from assistant.engine import i18n

    run("clue", "area", "B3", "yes", "-o", "red")
    before = game_file(garden_game, "gnom-street-1")
    i18n.use("fr")  # as the command does before the screen starts
    app = table_app(garden_game)

    async def script(pilot):
        text = screen_text(pilot.app)
        assert "historique" in text and "  1. indice zone B3 red=oui" in text
        assert "aide" in text and "quitter" in text  # the keys at the bottom
        assert "une étape (indice, annuler, retirer...) ; Tab complète ; F1 : les mots" in text
        text = await enter(pilot, "clue area Z9 yes -o red")
        assert len([line for line in text.splitlines() if line.startswith("refusé (rien n'a été noté) : ")]) == 1
        text = await keys(pilot, "f1")
        assert "les mots de cette partie" in text and "l'écran" in text
        assert "  cotes    affiche ou cache la carte des chances (F2)" in text
        await type_line(pilot, "ai")
        await keys(pilot, "tab")
        assert pilot.app.query_one("#entry").value == "aide "
        pilot.app.query_one("#entry").value = ""
        text = await enter(pilot, "aide")  # the screen's words in French too: the help closes again
        assert "les mots de cette partie" not in text
        text = await keys(pilot, "ctrl+z")
        assert "entrée 1 retirée : indice zone B3 red=oui" in text and "(entrée retirée)" in text

    drive(app, script, size=(100, 40))
    assert game_file(garden_game, "gnom-street-1") != before  # the undo, saved in English words
    assert game_file(garden_game, "gnom-street-1").decode().endswith("- undo\n")


def test_the_board_screen_speaks_french(garden_game):
    from assistant.engine import i18n

    i18n.use("fr")
    app = TableApp(Store(garden_game), None, board="gnom-street", follow_seconds=SLOW_FOLLOW)

    async def script(pilot):
        text = screen_text(pilot.app)
        assert "75 Gnom' Street : le jardin : mise en place d'après votre boîte (non vérifié)" in text  # one line
        # the flowers' keys are the sheets' letters (L blanc); the terrains', the names' first free letters
        assert "touches : terrain : h herbe  o bois  g gravier  t terre" in text, text
        assert "fleurs (lettres des feuilles) : B bleu  R rouge  J jaune  L blanc" in text
        assert "Échap : retour à la partie" in text
        await pilot.press("right", "down", "o")  # B2, a pond: land (bois) waits for its flowers
        await pilot.pause()
        text = screen_text(pilot.app)
        assert "B2 : il manque encore fleurs (rien n'est enregistré avant que la case soit complète)" in text
        await pilot.press("j", "l")  # jaune, blanc: the cell is whole, and said back in French
        await pilot.pause()
        assert "enregistré : gnom-street B2 : terrain=bois, fleurs=jaune,blanc" in screen_text(pilot.app)

    drive(app, script, size=(120, 40))


# -- every command of the command line, on the screen ---------------------------------------


def cli_commands() -> list[list[str]]:
    """Every command of the command line, as words ('tally', 'quest show')."""
    import cli
    from assistant.faces.cli import command_name

    found = [[command_name(command)] for command in cli.app.registered_commands]
    for group in cli.app.registered_groups:
        found += [[group.name, command_name(command)] for command in group.typer_instance.registered_commands]
    return found


def every_kind_of_game(run, home) -> dict[str, object]:
    """One game of each registered kind, started as its game declares (``Start``) and named after its kind, then
    a garden with my loot, ``garden``, current at the end."""
    import shlex

    from assistant.engine import registry

    kinds = [each.kind for each in registry.registered() if each.kind != registry.BOARD_GAMES and each.start]
    for kind in kinds:
        words = shlex.split(registry.find(kind).start.said(kind))[1:]
        assert run(*words, "--name", kind).exit_code == 0, words
    assert run("new", "gnom-street", "--opponents", "red,blue", "--mine", "C2", "--name", "garden").exit_code == 0
    return {name: Store(home).load(name) for name in [*kinds, "garden"]}


def test_every_command_of_the_command_line_is_an_entry_of_the_screen(run, home):
    """Each command of the command line is a step of a game (recorded by the screen), or a form of the
    screen's grammar whose every word has its slot (values offered, or a free word said so), or is
    CLI-only with why (CLI_ONLY). Its first word after the command completes through the pilot."""
    from assistant.engine import commands, grammar
    from assistant.faces import cli as command_line
    from assistant.faces.table.screen import CLI_ONLY, command_words, speaker

    games = every_kind_of_game(run, home)
    store = Store(home)
    params = {tuple(words): found for words, found in command_line.command_params()}
    found = cli_commands()
    assert len(found) > 40 and ["tally"] in found and ["quest", "show"] in found and ["board", "set"] in found
    to_complete = []
    for words in found:
        if words[0] in CLI_ONLY:
            assert CLI_ONLY[words[0]]  # a reason, said to the player who types it
            continue
        steps = [game for game in games.values() if command_words(game, words) is None]
        if steps:  # the game's own step: its verb is one of the game's forms
            assert any(words[-1] in form.verbs for game in steps for form in game.forms()), words
            continue
        assert command_words(games["garden"], words) == words
        form, named, rest = grammar.resolve(speaker(store, games["garden"]), words)
        assert form.verb == words[-1] and named == words and not rest, words
        for name, _spellings, flag, *_rest in params[tuple(words)]:
            assert flag or commands.slot_of(words, name) is not None, (words, name)  # every word has its slot
        to_complete.append(words)
    assert ["new"] in to_complete and ["board", "set"] in to_complete and ["export"] in to_complete
    app = table_app(home)

    async def script(pilot):
        entry, choices = pilot.app.query_one("#entry"), pilot.app.query_one("#choices")
        for words in to_complete:
            typed = " ".join(words) + " "
            entry.value, entry.cursor_position = typed, len(typed)
            await keys(pilot, "tab")
            slot = grammar.expect(speaker(store, pilot.app.game), words)
            said = str(choices.content)
            assert slot.name != "unknown" and "unknown" not in said, (words, said)
            if slot.values:  # its values (the boards, the games, the cells ...), one completed or all listed
                assert entry.value != typed or said.split() == list(slot.values), (words, said)
            else:  # its options (one completed, or listed), or the name of the free word it takes
                assert entry.value != typed or any(option in said for option in slot.options) \
                    or commands.slot_said(slot.name) in said, (words, said)

    drive(app, script, size=(100, 40))


async def tab_through(pilot, typed: str) -> str:
    """Type ``typed`` key by key, ⇥ for Tab; the line after."""
    for char in typed:
        await pilot.press({"⇥": "tab", " ": "space"}.get(char, char))
    await pilot.pause()
    return pilot.app.query_one("#entry").value


@pytest.mark.parametrize("language", ["fr", "en"])
def test_tab_completes_the_words_of_the_commands_in_the_table_s_language(garden_game, language):
    from assistant.engine import i18n

    french = language == "fr"
    i18n.use(language)
    app = table_app(garden_game)

    async def script(pilot):
        entry, choices = pilot.app.query_one("#entry"), pilot.app.query_one("#choices")
        line = await tab_through(pilot, "nou⇥gn⇥--adv⇥" if french else "ne⇥gn⇥--opp⇥")
        assert line == ("nouvelle gnom-street --adversaires " if french else "new gnom-street --opponents ")
        line = await tab_through(pilot, "Matt --bu⇥" if french else "Matt --mi⇥")
        assert line.endswith("--butin " if french else "--mine ")
        await keys(pilot, "tab")  # my loot's cell: a cell of that board, not a pond
        assert "C2" in str(choices.content) and "B2" not in str(choices.content).split()
        entry.value = ""
        line = await tab_through(pilot, "plateau corriger gn⇥C2 ter⇥" if french else "board set gn⇥C2 ter⇥")
        assert line.endswith("C2 terrain=")  # every terrain begins so: the line goes as far as they agree
        terrains = "terrain=herbe  terrain=bois  terrain=gravier  terrain=terre" if french else \
            "terrain=grass  terrain=wood  terrain=gravel  terrain=earth"
        assert str(choices.content) == terrains
        await tab_through(pilot, "⇥")
        assert str(choices.content) == terrains  # after 'terrain=': the board's terrains, in the table's language
        line = await tab_through(pilot, "gr⇥fl⇥" if french else "grav⇥fl⇥")
        assert line.endswith("terrain=gravier fleurs=" if french else "terrain=gravel flowers=")
        assert ("fleurs=bleu,jaune" if french else "flowers=blue,yellow") in str(choices.content)  # two flowers a cell
        line = await tab_through(pilot, "bleu,j⇥" if french else "blue,y⇥")
        assert line.endswith("fleurs=bleu,jaune " if french else "flowers=blue,yellow ")
        await tab_through(pilot, "⇥")
        assert "terrain" not in entry.value[len(line):] + str(choices.content)  # given already
        entry.value = line
        text = await keys(pilot, "enter")
        assert "refus" not in text and "C2" in pilot.app.answer_line, pilot.app.answer_line
        line = await tab_through(pilot, ("plateau réinit⇥gn⇥⇥" if french else "board res⇥gn⇥⇥"))
        assert line.endswith("gnom-street C2 ")  # the one cell corrected is the one to reset
        entry.value = ""
        line = await tab_through(pilot, "exporter --bg⇥" if french else "expo⇥--bg⇥")
        assert line.startswith("exporter --bgstats" if french else "export --bgstats")
        assert str(choices.content) == "--bgstats  --bgstats-link"
        entry.value = ""
        await tab_through(pilot, "quête montrer --⇥" if french else "quest show --⇥")
        assert str(choices.content) == ("--partie" if french else "--game") + "  --svg  --html  --help"
        entry.value = ""
        await tab_through(pilot, "feuille --⇥" if french else "sheet --⇥")
        assert str(choices.content) == ("--chances  --leurs  --partie  --svg  --html  --help" if french else
                                        "--odds  --theirs  --game  --svg  --html  --help")
        entry.value = ""
        line = await tab_through(pilot, "décompte --reg⇥⇥" if french else "tally --ru⇥⇥")
        assert str(choices.content) == "fr  en"

    try:
        drive(app, script, size=(100, 40))
    finally:
        i18n.use("en")
    fixes = (garden_game / "boards" / "fixes" / "gnom-street.yaml").read_text()
    assert "gravel" in fixes and "yellow" in fixes


def test_a_bad_command_is_refused_in_one_line_before_it_runs(garden_game):
    """The screen reads a command with its grammar: a word its place does not take is refused, saying what
    to type, and nothing runs (no correction written, no game made)."""
    from assistant.engine import i18n

    i18n.use("fr")
    app = table_app(garden_game)

    async def script(pilot):
        text = await enter(pilot, "plateau corriger gnom-street Z9 terrain=herbe", typed=False)
        refusals = [line for line in text.splitlines() if line.startswith("refusé")]
        assert len(refusals) == 1 and "Z9" in pilot.app.answer_line
        assert "plateau corriger PLATEAU CASE ATTRIBUT=VALEUR..." in pilot.app.answer_line  # what to type
        await enter(pilot, "nouvelle gnom --adversaires Matt", typed=False)
        assert "gnom-street" in pilot.app.answer_line and "nouvelle PLATEAU" in pilot.app.answer_line
        await enter(pilot, "décompte --regles de", typed=False)
        assert "fr, en" in pilot.app.answer_line
        await enter(pilot, "nouvelle", typed=False)
        assert pilot.app.answer_line.startswith("il manque plateau")
        await enter(pilot, "exporter --bgstat", typed=False)
        assert "--bgstats" in pilot.app.answer_line and "--help" not in pilot.app.answer_line

    try:
        drive(app, script, size=(100, 40))
    finally:
        i18n.use("en")
    assert not (garden_game / "boards" / "fixes" / "gnom-street.yaml").exists()
    assert Store(garden_game).game_names() == ["gnom-street-1"]


def test_the_tally_a_new_game_and_a_board_correction_are_entries_of_the_screen(run, home):
    from assistant.engine import i18n

    run("new", "gnom-street", "--opponents", "rouge,bleu,Ana", "--mine", "C2", "--me", "Léa")
    for step in (["miniature", "me", "A1"], ["miniature", "rouge", "D1"], ["loot", "rouge", "A3"],
                 ["loot", "bleu", "F1"], ["loot", "Ana", "D3"]):
        assert run(*step).exit_code == 0
    i18n.use("fr")
    app = table_app(home)

    async def script(pilot):
        text = await enter(pilot, "décompte", typed=False)
        assert "points de victoire" in text and "égalité entre vous et rouge à 1" in text  # said to me (Léa)
        assert "refusé" not in text
        text = await enter(pilot, "plateau corriger gnom-street C2 terrain=gravier fleurs=bleu,jaune", typed=False)
        assert "C2" in pilot.app.answer_line and "refusé" not in text
        text = await enter(pilot, "table", typed=False)
        assert pilot.app.answer_line.startswith("table est pour la ligne de commande")
        text = await enter(pilot, "nouvelle gnom-street --adversaires Matt --butin C2", typed=False)
        assert pilot.app.game_name == "gnom-street-2" and "Matt : 15 cases restantes" in text
        assert pilot.app.answer_line.startswith("nouvelle partie gnom-street-2 sur gnom-street")
        text = await enter(pilot, "indice zone A1 oui", typed=False)
        assert "indice zone A1 oui" in text and "points de victoire" not in text  # the tally made way
        text = await enter(pilot, "décompte", typed=False)
        assert len([line for line in text.splitlines() if line.startswith("refusé")]) == 1
        assert "taupe CASE trouvé|raté" in pilot.app.answer_line  # the step to type, in French

    try:
        drive(app, script, size=(100, 40))
    finally:
        i18n.use("en")
    assert b"terrain: gravel" in (home / "boards" / "fixes" / "gnom-street.yaml").read_bytes() or \
        b"gravel" in (home / "boards" / "fixes" / "gnom-street.yaml").read_bytes()


def test_the_screen_follows_the_game_made_current_whatever_game_it_was_opened_on(run, home):
    """Opened with --game on an earlier game, the screen shows the game a 'new' or a 'use' makes current,
    and the next steps go there (not into the game it was opened on)."""
    from assistant.engine import i18n

    run("new", "gnom-street", "--opponents", "red,blue", "--mine", "C2")
    run("new", "gnom-street", "--opponents", "red,blue", "--mine", "C2")
    i18n.use("fr")
    app = TableApp(Store(home), "gnom-street-1", follow_seconds=SLOW_FOLLOW)

    async def script(pilot):
        await enter(pilot, "nouvelle gnom-street --adversaires rouge,bleu,jaune --butin E3 --moi Léa", typed=False)
        assert pilot.app.game_name == "gnom-street-3"
        await enter(pilot, "indice zone A1 oui -o rouge", typed=False)
        assert pilot.app.answer_line.startswith("1. indice zone A1 rouge=oui")

    try:
        drive(app, script, size=(100, 40))
        used = TableApp(Store(home), "gnom-street-1", follow_seconds=SLOW_FOLLOW)

        async def use(pilot):
            await enter(pilot, "utiliser gnom-street-3", typed=False)  # already current: shown all the same
            assert pilot.app.game_name == "gnom-street-3" and "rouge : 3 cases restantes" in screen_text(pilot.app)

        drive(used, use, size=(100, 40))
    finally:
        i18n.use("en")
    assert len(Store(home).load("gnom-street-3").history().entries) == 1
    assert not Store(home).load("gnom-street-1").history().entries


def test_a_question_put_to_me_says_the_answer_to_give_first_then_their_maps_of_my_loot(run, home):
    """The screen reads a question put to me back as the command line does (mirror.read_back): the answer
    to give first, then each opponent's map of my loot (not my own sheets), then the warnings; taking it
    back says their maps too."""
    from assistant.engine import i18n

    run("new", "gnom-street", "--opponents", "rouge,bleu,jaune", "--mine", "E3", "--me", "Léa")
    run("asked", "area", "C1", "--by", "rouge")
    i18n.use("fr")
    app = table_app(home)

    async def script(pilot):
        await enter(pilot, "question zone F3 --par rouge --haut", typed=False)
        said = pilot.app.query_one("#answer").content.plain.split("\n")
        assert said[:3] == ["réponse : oui",  # alone on its line, first
                            "2. question zone F3 oui --par rouge --haut -> rouge : 3 cases pour votre butin ; bleu : "
                            "3 cases pour votre butin ; jaune : 3 cases pour votre butin",
                            "attention : rouge ne peut placer votre butin que sur 3 cases : E3, F2 et F3"], said
        assert not any("restantes" in line for line in said)  # my own sheets did not move
        await enter(pilot, "annuler", typed=False)
        assert pilot.app.answer_line == (
            "entrée 2 retirée : question zone F3 oui --par rouge --haut -> rouge : 11 cases pour votre butin ; "
            "bleu : 16 cases pour votre butin ; jaune : 16 cases pour votre butin"), pilot.app.answer_line
        assert "restantes" not in pilot.app.answer_line

    try:
        drive(app, script, size=(100, 40))
    finally:
        i18n.use("en")


def test_the_suggestions_panel_asks_what_suggest_asks_of_the_rounds_fight(run, home):
    """The panel takes whom I may ask from the round's fight, as suggest does: the loser asks nobody."""
    run("new", "gnom-street", "--opponents", "red,blue,yellow", "--mine", "E3", "--me", "Lea")
    run("fight", "Lea=5", "red=3", "blue=5", "yellow=2", "--throw", "blue,Lea")
    refused = run("suggest")
    assert refused.exit_code != 0 and "you ask nobody" in refused.output
    app = table_app(home)

    async def script(pilot):
        await keys(pilot, "f3")
        panel = pilot.app.query_one("#suggest").content.plain
        assert "you are the loser this round (red, yellow, blue, you): you ask nobody" in panel
        assert "on average" not in panel  # no question proposed
        run("fight", "Lea=8", "red=4", "blue=6", "yellow=1")  # now I lead: I may ask everyone after me
        pilot.app.follow()
        await pilot.pause()
        assert "rules out" in pilot.app.query_one("#suggest").content.plain

    drive(app, script, size=(100, 40))


def test_a_fight_on_the_screen_says_the_rounds_ranking_and_whom_i_ask_as_the_command_line_does(run, home):
    run("new", "gnom-street", "--opponents", "red,blue,yellow", "--mine", "E3", "--me", "Lea")
    app = table_app(home)

    async def script(pilot):
        text = await enter(pilot, "fight Lea=5 red=3 blue=5 yellow=2 --throw blue,Lea", typed=False)
        assert "this round: red, yellow, blue, you" in text
        assert "you are the loser this round: you ask nobody, unless a power lets you" in text
        assert "cells left" not in pilot.app.answer_line  # a fight moves no sheet: its ranking is what is said

    drive(app, script, size=(100, 40))
    fought = run("fight", "Lea=8", "red=4", "blue=6", "yellow=1").output.splitlines()
    assert fought[1:] == ["this round: you, blue, red, yellow", "you ask: blue, red and yellow"]


def test_a_board_correction_a_saved_game_contradicts_is_refused_once_naming_the_game(run, home):
    """The store names the game (not its file) and the screen says 'refused' once, not the CLI's own
    'refused, nothing was changed' after its own."""
    from assistant.engine import i18n

    run("new", "gnom-street", "--opponents", "rouge,bleu", "--mine", "E3")
    run("loot", "rouge", "C2")
    i18n.use("fr")
    app = table_app(home)

    async def script(pilot):
        text = await enter(pilot, "plateau corriger gnom-street C2 mare=oui", typed=False)
        said = pilot.app.answer_line
        assert said.startswith("des parties enregistrées contiennent des entrées que ce plateau contredirait "
                               "(gnom-street-1 : entrée 1 (butin rouge C2) : C2 est une mare"), said
        assert said.count("refusé") == 0 and "/" not in said.partition("--partie")[0]
        assert text.count("refusé") == 1 and "refusé (rien n'a été noté) : des parties" in text

    try:
        drive(app, script)
    finally:
        i18n.use("en")
    assert not (home / "boards" / "fixes" / "gnom-street.yaml").exists()
    run("new", "gnom-street", "--opponents", "red", "--mine", "C2")  # my loot on the cell: the game's header
    refused = run("board", "set", "gnom-street", "C2", "pond=yes")
    assert refused.exit_code != 0 and "gnom-street-2: C2 is a pond" in refused.output
    assert str(home) not in refused.output


def test_the_score_table_is_an_entry_of_a_score_pad(run, home):
    run("quest", "new", "--players", "Ana,Ben,Cleo")
    app = table_app(home)

    async def script(pilot):
        text = await enter(pilot, "show", typed=False)  # quest show: the pad's own command, without its group
        output = pilot.app.query_one("#output")
        # the pad's own table is the screen's picture already: named in the answer line, not drawn twice
        assert not output.display and pilot.app.answer_line.startswith("roi-des-nains-1: ")
        assert text.count("│ Ana │") == 1
        await enter(pilot, "show --game roi-des-nains-1", typed=False)  # asked with options: shown as asked
        assert output.display and "Ana" in output.content.plain
        assert await tab_through(pilot, "sho⇥--⇥") == "show --"  # its options
        assert str(pilot.app.query_one("#choices").content) == "--game  --svg  --html  --help"
        pilot.app.query_one("#entry").value = ""
        assert await tab_through(pilot, "quest ne⇥--⇥") == "quest new --"  # the next game: its options
        assert str(pilot.app.query_one("#choices").content) == "--players  --name  --help"
        pilot.app.query_one("#entry").value = ""
        assert await tab_through(pilot, "quest tr⇥") == "quest trick "  # the pad's step, in its group
        await enter(pilot, "quest new --players Ana,Ben,Cleo,Dan", typed=False)
        assert pilot.app.game_name == "roi-des-nains-2" and "Dan" in screen_text(pilot.app)

    drive(app, script, size=(100, 40))


async def footer_line(pilot, shows=str.strip) -> str:
    """The footer's line once it ``shows`` what is awaited (by default, any key): the footer composes its keys
    again after the screen's next refresh, a timer the idle wait does not wait for (seen blank at the first
    pause on a busy machine, and still the pad's keys after a garden was put back on screen)."""
    footer = ""
    for _ in range(100):  # a bound on a hang, never a measure of speed
        footer = screen_text(pilot.app).splitlines()[-1]
        if shows(footer):
            break
        await pilot.pause(0.05)
    return footer


def test_the_footer_shows_only_the_keys_that_work_for_the_game_shown(run, home):
    """A score pad has no odds, suggestions nor board: F2, F3 and F4 are not offered there (nor do they act)."""
    run("new", "gnom-street", "--opponents", "red,blue", "--mine", "C2")
    app = table_app(home)

    async def script(pilot):
        footer = await footer_line(pilot)
        assert "f2 odds" in footer and "f3 suggest" in footer and "f4 board" in footer
        await enter(pilot, "quest new --players Ana,Ben,Cleo", typed=False)
        footer = await footer_line(pilot, lambda line: "f1 help" in line and "f2" not in line)
        assert "f1 help" in footer and "^z undo last" in footer
        assert "f2" not in footer and "f3" not in footer and "f4" not in footer, footer
        await keys(pilot, "f3", "f4")
        assert "suggestions" not in screen_text(pilot.app) and not isinstance(pilot.app.screen, BoardScreen)
        await enter(pilot, "use gnom-street-1", typed=False)
        assert "f2 odds" in await footer_line(pilot, lambda line: "f2" in line)

    drive(app, script)


def test_a_picture_shown_is_named_in_the_answer_line_in_the_words_typed(run, home):
    """'montrer' on a French pad: the score table (the screen's own picture) is named in the answer line by
    its headline, never 'done: quest montrer' (the English group word the screen added)."""
    from assistant.engine import i18n

    run("quest", "new", "--players", "Ana,Ben,Cleo")
    i18n.use("fr")
    app = table_app(home)

    async def script(pilot):
        await enter(pilot, "montrer", typed=False)
        assert not pilot.app.query_one("#output").display  # drawn above already
        assert pilot.app.answer_line == "roi-des-nains-1 : Le Roi des Nains"
        await enter(pilot, "montrer --partie roi-des-nains-1", typed=False)
        assert pilot.app.query_one("#output").display
        assert pilot.app.answer_line == "roi-des-nains-1 : Le Roi des Nains"

    try:
        drive(app, script, size=(100, 40))
    finally:
        i18n.use("en")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_loot_found_is_said_once_beside_the_full_sheets(run, home, language):
    from assistant.engine import i18n

    run("new", "gnom-street", "--opponents", "red,blue", "--mine", "C2")
    for clue in (["A1", "yes"], ["A3", "no"], ["C1", "no"]):
        assert run("clue", "area", *clue, "-o", "red").exit_code == 0
    i18n.use(language)
    app = table_app(home)

    async def script(pilot):
        await pilot.pause()
        text = screen_text(pilot.app)
        assert text.count(">>> found" if language == "en" else ">>> trouvé") == 1, text

    try:
        drive(app, script, size=(140, 45))
    finally:
        i18n.use("en")


def test_at_80_columns_a_commands_notes_stand_on_their_own_lines_and_nothing_is_cut(run, home):
    """The answer wraps (never cut) and a command's note (the board is unverified) is a line of its own."""
    from assistant.engine import i18n

    run("new", "gnom-street", "--opponents", "red,blue", "--mine", "C2")
    i18n.use("fr")
    app = table_app(home)

    async def script(pilot):
        text = await enter(pilot, "nouvelle gnom-street --adversaires rouge,bleu,jaune --butin E3 --moi Léa",
                           typed=False)
        answer = pilot.app.query_one("#answer").content.plain
        assert answer.startswith("nouvelle partie gnom-street-2 sur gnom-street")
        assert "\nremarque : le plateau" in answer
        assert "vérifier gnom-street'" in " ".join(text.split())  # the note's end, on the screen

    try:
        drive(app, script)
    finally:
        i18n.use("en")


def test_at_80_columns_a_score_table_shown_keeps_its_lines_whole(run, home):
    """The command is given the output panel's own width (less its scrollbar): no line of the table breaks."""
    run("quest", "new", "--players", "Ana,Ben,Cleo,Dan,Eve")
    dealt = run("quest", "deal", "13A", "--special", "porte-etendard", "--won", "Ana=Kg,Kb,Qr,flag-bearer")
    assert dealt.exit_code == 0
    app = table_app(home)

    async def script(pilot):
        text = await enter(pilot, "show", typed=False)
        tops = [line.rstrip() for line in text.splitlines() if "┌" in line]
        assert tops and all(line.rstrip("▁ ").endswith("┐") for line in tops), text
        assert not any(line.strip() in ("│", "┐", "┤", "┘") for line in text.splitlines()), text

    drive(app, script)


def test_ten_clues_of_an_evening_take_at_most_150_keys_with_completion(garden_game):
    """Typed as a French table types them: Tab finishes each word that one value fits."""
    from assistant.engine import i18n

    evening = ["i⇥z⇥B3⇥r⇥o⇥", "i⇥l⇥D1⇥b⇥n⇥", "i⇥z⇥F1⇥y⇥n⇥", "i⇥f⇥A1⇥b⇥b⇥n⇥", "i⇥s⇥E3⇥r⇥n⇥",
               "i⇥z⇥A3⇥b⇥o⇥", "i⇥l⇥F3⇥y⇥o⇥", "i⇥z⇥D3⇥r⇥n⇥", "i⇥s⇥A2⇥b⇥n⇥", "i⇥z⇥C1⇥y⇥n⇥"]
    i18n.use("fr")
    app = table_app(garden_game)
    pressed = []

    async def script(pilot):
        for clue in evening:
            for char in clue:
                key = {"⇥": "tab", " ": "space"}.get(char, char)
                pressed.append(key)
                await pilot.press(key)
            pressed.append("enter")
            await pilot.press("enter")
            await pilot.pause()
            assert "refusé" not in pilot.app.query_one("#answer").content.plain, (clue, pilot.app.answer_line)

    try:
        drive(app, script, size=(100, 40))
    finally:
        i18n.use("en")
    assert len(Store(garden_game).load().history().entries) == 10
    assert len(pressed) <= 150, len(pressed)


# -- the mouse and the palette ---------------------------------------------------------------


def where(text: str, word: str) -> tuple[int, int]:
    """The screen column and line of ``word``'s first appearance."""
    for y, line in enumerate(text.splitlines()):
        if word in line:
            return line.index(word), y
    raise AssertionError(f"{word} is not on the screen")


def test_a_click_on_a_cell_explains_it(run, home):
    run("new", "gnom-street", "--opponents", "Matt", "--mine", "C2")
    run("clue", "area", "A1", "no")
    app = table_app(home)

    async def script(pilot):
        x, y = where(screen_text(pilot.app), "F3")
        await pilot.click(offset=(x, y))
        await pilot.pause()
        assert "F3" in pilot.app.answer_line and "refused" not in screen_text(pilot.app)  # why F3 is possible
        x, y = where(screen_text(pilot.app), "╳")  # a cell the clue ruled out
        await pilot.click(offset=(x, y))
        await pilot.pause()
        assert "clue 1" in pilot.app.answer_line and "area A1" in pilot.app.answer_line

    drive(app, script, size=(100, 40))


def test_a_candidate_is_typed_by_a_click(garden_game):
    app = table_app(garden_game)

    async def script(pilot):
        await type_line(pilot, "clue area B3 ")
        text = await keys(pilot, "tab")  # several answers: listed, each a click away
        x, y = where(text, "blue=yes")
        await pilot.click(offset=(x, y))
        await pilot.pause()
        assert pilot.app.query_one("#entry").value == "clue area B3 blue=yes "

    drive(app, script, size=(100, 40))


def test_the_palette_lists_the_steps_of_the_game_in_french(garden_game):
    from assistant.engine import i18n

    i18n.use("fr")
    app = table_app(garden_game)

    async def script(pilot):
        await pilot.press("ctrl+p")
        await pilot.pause()
        await type_line(pilot, "révél")
        text = screen_text(pilot.app)
        assert "révéler CASE N taupe|appât" in text
        await pilot.press("enter")
        await pilot.pause()
        assert pilot.app.query_one("#entry").value == "révéler "

    try:
        drive(app, script, size=(100, 40))
    finally:
        i18n.use("en")


def test_the_suggestions_panel_closes_when_a_score_pad_comes_on_screen(run, home):
    """On a pad F3 is gone from the footer: a panel left open by the garden could never be closed there."""
    run("new", "gnom-street", "--opponents", "red,blue", "--mine", "C2")
    app = table_app(home)

    async def script(pilot):
        await keys(pilot, "f3")
        assert not pilot.app.query_one("#suggest").has_class("hidden")
        await enter(pilot, "quest new --players Ana,Ben,Cleo", typed=False)
        assert pilot.app.game_name == "roi-des-nains-1"
        assert pilot.app.query_one("#suggest").has_class("hidden")

    drive(app, script, size=(100, 40))


def test_leaving_the_board_opened_from_a_game_untouched_says_nothing_was_corrected(run, home):
    run("new", "gnom-street", "--opponents", "red,blue", "--mine", "C2")
    app = table_app(home)

    async def script(pilot):
        await keys(pilot, "f4")
        assert isinstance(pilot.app.screen, BoardScreen)
        await keys(pilot, "escape")
        assert not isinstance(pilot.app.screen, BoardScreen)
        assert pilot.app.answer_line == "board gnom-street: nothing corrected"

    drive(app, script, size=(100, 40))


def test_an_entry_that_changes_no_sheet_keeps_the_picture_drawn(garden_game):
    """A clue heard again, a piece moved: the sheets are as they were, so the screen keeps the picture it shows
    (drawing it again is most of what an entry costs); a clue that narrows a sheet draws it again."""
    app = table_app(garden_game)

    async def script(pilot):
        picture = pilot.app.query_one("#picture")
        await enter(pilot, "clue area B3 yes -o red", typed=False)
        drawn = picture.content
        await enter(pilot, "clue area B3 yes -o red", typed=False)
        assert "it adds nothing to the sheet" in pilot.app.answer_line and picture.content is drawn
        await enter(pilot, "miniature red A3", typed=False)
        assert pilot.app.answer_line.startswith("3. miniature red A3") and picture.content is drawn
        await enter(pilot, "miniature me A1", typed=False)  # my question comes after my miniature
        text = await enter(pilot, "clue area A1 no -o blue", typed=False)
        assert "blue: 12 left" in text and picture.content is not drawn

    drive(app, script)


def test_an_answer_a_line_longer_or_shorter_moves_nothing_above_it(garden_game, run):
    """Issue 32 ("no layout thrash"): the answer and Tab's choices keep their room, so the sheets and the history
    above them stay where they are whether an answer takes one line or two, and the line under a one-line
    answer is where the choices show."""
    assert run("clue", "area", "B3", "yes", "-o", "red").exit_code == 0
    app = table_app(garden_game)

    async def script(pilot):
        answer, body = pilot.app.query_one("#answer"), pilot.app.query_one("#body")
        await enter(pilot, "clue area A1 no -o blue", typed=False)
        assert answer.text_lines() == 1
        where = (body.region, answer.region)
        text = await enter(pilot, "clue area B3 yes -o red", typed=False)  # a repeat: said on two lines
        assert "it repeats" in text and answer.text_lines() == 2
        assert (body.region, answer.region) == where
        await enter(pilot, "undo", typed=False)
        assert answer.text_lines() == 1 and (body.region, answer.region) == where
        await type_line(pilot, "clue area ")
        text = await keys(pilot, "tab")
        assert text.splitlines()[-3].startswith("A1  A2  A3") and body.region == where[0]  # under the answer

    drive(app, script, size=(100, 30))


def test_the_parse_cache_of_an_entry_is_written_once_the_screen_is_drawn_and_a_refusal_writes_none(garden_game):
    """The player does not wait for the parse cache (issue 32), yet it is there for the next command; a refused
    entry leaves the data folder as it was, its cache included."""
    import marshal

    from assistant.store import files, yamlfile

    store = Store(garden_game)
    cache = yamlfile._cache_file(store.cache_dir, store.game_path("gnom-street-1"))
    app = table_app(garden_game)

    def cached() -> bytes | None:
        return marshal.loads(cache.read_bytes())[1] if cache.exists() else None

    async def script(pilot):
        await enter(pilot, "clue area A1 no -o blue", typed=False)
        # written after the screen's next refresh, which is a timer: let it come, however busy the machine
        for _ in range(1000):
            if cached() == game_file(garden_game, "gnom-street-1"):
                break
            await pilot.pause(0.01)
        assert cached() == game_file(garden_game, "gnom-street-1")
        before = {path: path.read_bytes() for path in garden_game.rglob("*") if path.is_file()}
        await enter(pilot, "clue area Z9 no -o blue", typed=False)
        assert {path: path.read_bytes() for path in garden_game.rglob("*") if path.is_file()} == before
        assert files._held is None  # nothing held after the entry: later writes are made at once

    drive(app, script)
