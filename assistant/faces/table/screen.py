"""The table screen: one full-screen view of the current game for the whole evening.

Face 2 of the tool (``assistant table``), built with Textual; nothing but the
``table`` command imports this module, so no other command pays for Textual.
The screen holds no game logic: an entry is read by the game's own grammar
(``read_step``) and recorded through the same store as the CLI (lock, atomic
write), then the game is drawn again with ``render``'s pictures. Tab asks the
grammar what may come next (``grammar.complete``); the help panel lists the
game's own forms. A timer watches the game file, so a change made from
another terminal appears within a second.

The board screen (F4) corrects the garden from the box one key at a time,
each finished cell saved like ``assistant board set``.
"""

from __future__ import annotations

import functools
import os
import sys
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingsMap
from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.containers import Horizontal, VerticalScroll
from textual.geometry import Size
from textual.reactive import Reactive
from textual.screen import Screen
from textual.widgets import Footer, Input, Static
from textual.widgets._footer import FooterKey

from assistant.engine import commands, grammar, registry
from assistant.engine.board import Board, cell_line
from assistant.engine.cells import column_letters
from assistant.engine.errors import AssistantError, printable
from assistant.engine.i18n import N_, _, language
from assistant.engine.words import split, use_face
from assistant.faces import panels
from assistant.faces import pictures as render
from assistant.faces.ending import header_line
from assistant.faces.table.lines import Kept, TextLines
from assistant.store import spreading
from assistant.store.files import hold_caches, release_caches
from assistant.store.folder import UNCHANGED, Store

WIDE = 110  # columns: from here the history stands beside the sheets, not below them
HELP_VALUES = 12  # the help lists the words after a verb when there are no more than this (not every cell)
FOLLOW_SECONDS = 0.5  # how often the game file is checked for changes made elsewhere
DISPLAY_WORDS = {
    "sheet": N_("the sheet without odds"),
    "odds": N_("toggle the odds heat map (F2)"),
    "suggest": N_("toggle the suggestions panel (F3)"),
    "help": N_("toggle this help (F1)"),
    "board": N_("set up the board from the box (F4)"),
    "quit": N_("leave the table screen (Ctrl+Q)"),
}
# The screen's own words in French, accepted and never listed (the table speaks both languages).
# 'cotes' rather than 'chances' for the odds: 'ch' then completes the cat's step (chat) alone.
FRENCH_WORDS = {"sheet": "feuille", "odds": "cotes", "suggest": "suggérer", "help": "aide", "board": "plateau",
                "quit": "quitter"}  # what the help and Tab offer while French is spoken
SCREEN_ALIASES = {**{french: word for word, french in FRENCH_WORDS.items()}, "suggerer": "suggest", "sortir": "quit",
                  "chances": "odds"}
# The names of the grammar's slots, shown in the help panel and after Tab (what the next word is).
SLOT_WORDS = (N_("entry"), N_("opponent"), N_("colour"), N_("answer"), N_("token"), N_("found"), N_("distance"),
              N_("row"), N_("column"), N_("place"), N_("assignment"), N_("asking-cell"), N_("step"), N_("unknown"))


# The commands of the command line that are no entry of the screen, and why (every other command runs
# here, typed as on the command line: tests/test_table.py checks the list against the CLI's commands).
CLI_ONLY = {"table": N_("this is the table screen already"),
            "serve": N_("it serves the phones until Ctrl+C: run it in a terminal of its own")}


def run(store: Store, name: str | None, board: str | None = None) -> str | None:
    """Open the table screen on game ``name`` (default: the current one), or on a board's set-up;
    what to say once it is closed (the board set up, no game yet: how to start one), if anything."""
    return TableApp(store, name, board).run()


# -- what the screen shows, from the game ------------------------------------------------------


is_pad = panels.is_pad


def report_lines(game) -> list[str]:
    """What the table needs to hear after a change (the log protocol's ``report``)."""
    return list(game.report())


# Parsed once: a style named by a string is parsed again each time a text is drawn.
BOLD, STRUCK, DIM = Style.parse("bold"), Style.parse("strike dim"), Style.parse("dim")


def history_lines(game, last: int | None = None, known: dict | None = None) -> list[Text]:
    """The numbered history, line by line, oldest first; taken-back entries struck out and marked in words.

    ``known`` keeps each entry's line for a caller that shows one game entry after entry (thirty entries are
    not put into words again at each new one); a caller that reads the game anew starts a new one."""
    entries = game.history().entries
    lines = [Text(_("history"), style=BOLD)]  # the whole panel in bold, as it has always been drawn
    if not entries:
        return [*lines, Text(style=BOLD).append(_("nothing recorded yet"), style=DIM)]
    shown = entries[-last:] if last else entries
    if len(shown) < len(entries):
        lines.append(Text(style=BOLD).append(_("({count} earlier)").format(count=len(entries) - len(shown)),
                                             style=DIM))
    return lines + [history_line(game, entry, known) for entry in shown]


def history_line(game, entry, known: dict | None = None) -> Text:
    """One entry of the history (``history_lines``), kept in ``known``."""
    key = (entry.number, entry.retracted, type(entry.event), entry.event)  # events of two kinds may be equal
    try:
        line = known.get(key) if known is not None else None
    except TypeError:  # an event that cannot be hashed is said each time
        known, line = None, None
    if line is None:
        line = Text(f"{entry.number:>3}. ", style=BOLD)
        said = grammar.said(game, game.step(entry.event))
        if entry.retracted:
            line.append(said, style=STRUCK)
            line.append(" " + _("(taken back)"), style=DIM)
        else:
            line.append(said)
        if known is not None:
            known[key] = line
    return line


def pieces_text(game) -> Text | None:
    """The garden's pieces: miniatures, the cat, token stacks, finished sets (None: nothing to show)."""
    lines = panels.pieces_lines(game)
    return None if lines is None else Text("\n".join(lines), style="")


def theirs_lines(game) -> list[Text]:
    """What each opponent can know of my loot (``panels.theirs_lines``), the warnings in bold."""
    maps, warnings = panels.theirs_lines(game)
    return [Text(line) for line in maps] + [Text(line, style="bold") for line in warnings]


def suggestions_text(game) -> Text:
    """The best questions now (or, where nobody asks, the likeliest cells): the suggest command's figures."""
    text = Text(_("suggestions") + "\n", style="bold")
    lines, some = panels.suggestion_lines(game)
    text.append("\n".join(lines) + ("\n" if some and lines else ""), style="" if some else "dim")
    return text


def help_text(game) -> Text:
    """The words of this game (from its forms), then the screen's own words and keys."""
    text = Text(_("words of this game") + "\n", style="bold")
    forms = game.forms()
    shown = set()
    for form in forms:
        other = [verb for verb in form.verbs if verb != grammar.spoken_verb(form)]
        text.append(f"  {usage(form)}")
        text.append(f"  ({', '.join(other)})\n" if other else "\n", style="dim")
        first = grammar.expect(game, [form.verb])  # what comes after the verb, when it is a short list
        if first.values and len(first.values) <= HELP_VALUES:
            said = _("{slot}: {values}").format(slot=_(first.name), values=", ".join(grammar.said_values(game, first)))
            if said not in shown:  # a list said once (a question's kinds after clue and asked)
                text.append(f"      {said}\n", style="dim")
            shown.add(said)
    if not forms:
        text.append("  " + _("as on the command line, without 'assistant'") + "\n", style="dim")
    text.append(_("the screen") + "\n", style="bold")
    for word, what in DISPLAY_WORDS.items():
        text.append(f"  {screen_word(word):<8} {_(what)}\n")
    text.append("  " + _("every command too, as on the command line: tally, quest show, new gnom-street ..., "
                         "board set ..., sheet --svg FILE") + "\n")
    text.append("  " + _("Tab completes, Up/Down recall earlier entries, Ctrl+Z undoes the last entry; "
                         "Ctrl+P lists every step and command; a click on a cell explains it"), style="dim")
    return text


def screen_word(word: str) -> str:
    """A word of the screen as offered in the language spoken (both languages are read: SCREEN_ALIASES)."""
    return FRENCH_WORDS[word] if language() == "fr" else word


def usage(form) -> str:
    """How a form is written, in the language spoken (the core marks its usage texts; the words typed stay)."""
    return _(form.usage) if form.usage else form.verb


def picture(game, odds: bool, width: int, height: int, stack: bool = True) -> RenderableType:
    """The game's picture: every sheet (full grids when they fit, else compact), or the score pad.
    A click on a cell explains it (``TableApp.action_explain``)."""
    if is_pad(game):
        return render.pad(game)
    from assistant.engine import advice as advisor

    sheet = game.sheet()
    the_odds = advisor.odds(sheet) if odds else None
    if fits(game.board, len(game.items), width, height, stack, odds):
        closed = {item: game.closed(item) for item in game.items}
        return render.sheet(sheet, closed, the_odds, link=explain_link)
    return render.compact_sheet(sheet, the_odds, link=explain_link)


def explain_link(cell: str) -> Style:
    """What a click on ``cell`` does: the screen explains it (Textual reads the style's '@click')."""
    return Style.from_meta({"@click": f"app.explain({cell!r})"})


def choice_link(word: str) -> Style:
    """What a click on a candidate does: it is typed (completion, by the mouse)."""
    return Style.from_meta({"@click": f"app.choose({word!r})"})


def breakpoint_classes(width: int) -> dict[str, bool]:
    """The screen's classes at ``width`` columns (``TableApp.HORIZONTAL_BREAKPOINTS``, as Textual sets them)."""
    chosen = max((point for point in TableApp.HORIZONTAL_BREAKPOINTS if point[0] <= width), default=None)
    return {name: (at, name) == chosen for at, name in TableApp.HORIZONTAL_BREAKPOINTS}


def stacks(width: int) -> bool:
    """Whether full grids may stack: on a wide screen, where the history stands beside them (on a narrow
    one the history is below them and needs the height)."""
    return width >= WIDE


def picture_shape(game, odds: bool, width: int, height: int, stack: bool = True) -> tuple | None:
    """What decides the picture's size: when it is unchanged, a redraw needs no new layout (None: unknown)."""
    if is_pad(game):
        return None
    sheet = game.sheet()
    found = tuple(sheet.found(item) is not None for item in game.items)
    return fits(game.board, len(game.items), width, height, stack, odds), odds, width, found, sheet.consistent


def picture_key(game, odds: bool, width: int, height: int, stack: bool = True) -> tuple | None:
    """Everything the sheets' ``picture`` is drawn from (the odds too are worked out from the candidates alone):
    while it is unchanged, so is the picture, and the screen keeps the one it shows (an entry that adds nothing
    to the sheets, a piece moved). None for a score pad: its picture is drawn anew each time."""
    if is_pad(game):
        return None
    sheet = game.sheet()
    # The size only as far as it decides the drawing (full grids or compact): the picture is drawn at each width
    # by Textual, and kept per width (lines.Kept). The first draw, before the first layout, knows the screen's
    # width alone, and the sheets' pane is narrower on a wide screen: the same picture serves both.
    return (game.board, game.items, tuple(sheet.candidates(item) for item in game.items), sheet.mine,
            sheet.consistent, tuple(game.closed(item) for item in game.items), odds,
            fits(game.board, len(game.items), width, height, stack, odds), language())


def fits(board: Board, items: int, width: int, height: int, stack: bool = True, odds: bool = False) -> bool:
    """Whether the full grids (6 characters a column, 8 with the odds; 2 lines a row) all fit, side by
    side or (``stack``) stacked as many across as the width takes (as ``feuille`` draws them), with
    their legend."""
    grid_width = board.grid.columns * (8 if odds else 6) + 3
    across = min(items, width // (grid_width + 3))
    if board.grid.size > render.COMPACT_ABOVE or across < 1 or (across < items and not stack):
        return False
    stacked = -(-items // across)
    legend = len(board.attributes) + 2 + (2 if odds else 0)  # the marks' lines; how the odds were counted
    return stacked * (board.grid.rows * 2 + 4) + legend <= height  # each grid: its title and frame


cli_prefix, step_text, said, said_lines = (panels.cli_prefix, panels.step_text, panels.said,
                                          panels.said_lines)  # shared with the phones' page


def command_words(game, words: list[str]) -> list[str] | None:
    """``words`` as a command of the command line ('tally', 'quest show', 'board set ...'), or None when
    they are a step of the game (or nothing the command line knows): a step is recorded by the screen
    itself, a command runs as ``assistant WORDS`` would (its own words, its own refusals)."""
    if not words or _is_step(game, words[0]):
        return None
    first = cli_command(words)
    if first in commands.command_groups():
        if len(words) > 1 and _is_step(game, words[1]):
            return None  # 'quest trick Ana 5g': the pad's own step, recorded here
        return words
    if first in commands.command_names():
        return words
    kind = getattr(game, "kind", None)
    group = registry.pad_groups().get(kind) if isinstance(kind, str) else None
    if group is not None and first in commands.command_names(group):
        return [group, *words]  # 'show' on a score pad is 'quest show'
    return None


@functools.cache
def command_params() -> tuple:
    """The command line's commands and their parameters (``assistant.faces.cli.command_params``), CLI_ONLY
    left out."""
    from assistant.faces import cli as command_line

    return tuple(spec for spec in command_line.command_params() if spec[0][0] not in CLI_ONLY)


@functools.cache
def command_forms(spoken: str) -> tuple[grammar.Form, ...]:
    """The forms of the command line's commands, their usage in the language ``spoken``."""
    return commands.build(command_params(), commands.ALIASES)


def speaker(store: Store, game) -> commands.Table:
    """What the screen's line reads: the game's steps, then the commands of the command line."""
    return commands.Table(store, game, command_forms(language()), registry.pad_groups())


def cli_command(words: list[str]) -> str:
    """The command ``words`` name, in English ('décompte' is tally)."""
    return commands.english(words[0]) if words else ""


def foreign_step(game, word: str) -> bool:
    """Whether ``word`` is the command of a step another kind of game takes (a clue on a score pad, a
    miniature on the city): the command line would refuse it for this game, so Tab does not offer it."""
    from assistant.engine import registry
    from assistant.engine.words import key

    verbs = {key(verb) for each in registry.registered() if not each.pad
             for step in getattr(each.game_class(), "STEPS", ()) for verb in step.FORM.verbs}
    return key(word) in verbs and not _is_step(game, word)


def _is_step(game, verb: str) -> bool:
    try:
        grammar.form_for(game, verb)
    except AssistantError:
        return False
    return True


def run_command(words: list[str], home: Path, width: int) -> tuple[int, str, str]:
    """Run ``assistant WORDS`` in this process, as from a shell in the data folder ``home`` at ``width``
    columns, in the language spoken: its exit code, what it printed, and its refusal or notes.
    Nothing is read from the keyboard: a command that would ask (delete without --yes) is aborted."""
    import contextlib
    import io

    from assistant.faces import cli as command_line

    out, err = io.StringIO(), io.StringIO()
    environ = {"ASSISTANT_HOME": str(home), "COLUMNS": str(max(40, width)), "NO_COLOR": "1"}
    saved = {name: os.environ.get(name) for name in environ}
    stdin, code = sys.stdin, 0
    os.environ.update(environ)
    sys.stdin = io.StringIO("")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                command_line.app_for(words)(args=["--lang", language(), *words], prog_name="assistant")
            except SystemExit as exit_:
                code = exit_.code if isinstance(exit_.code, int) else 1
    finally:
        sys.stdin = stdin
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
    return code, out.getvalue(), err.getvalue()


def without_error_word(line: str) -> str:
    """A refusal of the command line without its 'error: ', nor the store's 'refused, nothing was changed: '
    (the screen says 'refused (nothing written)' itself)."""
    for message in (_("error: {message}"), _(UNCHANGED)):
        head = message.partition("{")[0]
        line = line[len(head):] if line.startswith(head) else line
    return line


def headline(printed: str) -> str:
    """A picture's first line of words (a score table's title), without the frame around it."""
    return next((line.strip(" │┃|") for line in printed.splitlines() if any(c.isalnum() for c in line)), "")


def refusal_said(line: str) -> bool:
    """Whether a refusal already says it is one ('refused: with clue 1 ...'): it is not said twice."""
    heads = (_("refused: {error}"), _("refused: {reason}"))
    return any(line.startswith(head.partition("{")[0]) for head in heads)


def wrapped_height(plain: str, width: int) -> int:
    """The lines ``plain`` takes in a panel ``width`` columns wide (each line wraps on its own)."""
    return sum(max(1, -(-len(line) // max(1, width))) for line in plain.split("\n"))


def file_stamp(paths: list[Path]) -> tuple:
    """What tells that a file changed, cheaply: size and modification time of each."""
    stamp: list[tuple[int, int] | None] = []
    for path in paths:
        try:
            status = path.stat()
            stamp.append((status.st_mtime_ns, status.st_size))
        except OSError:
            stamp.append(None)
    return tuple(stamp)


# -- the widgets ---------------------------------------------------------------------------


def table_app(part: Input | Provider) -> TableApp:
    """The table screen a widget or the palette's provider belongs to (Textual types ``app`` as any App)."""
    app = part.app
    assert isinstance(app, TableApp), "the screen's widgets live on the table screen only"
    return app


class EntryLine(Input):
    """The one input line: Tab completes from the grammar, Up/Down walk the entries typed before.

    These keys and Enter are read here, in order with the characters, rather
    than as bindings: a binding runs once the key has bubbled up to the app,
    after the characters typed behind it, so a quick 'cl<Tab>ar<Tab>' would
    complete 'clar' and a line typed right after Enter would lose its start."""

    # What is typed scrolls within the line and never changes its size (one line, the screen's width): a new
    # value repaints the line alone. Input's own virtual size asks for a layout, and a layout draws the whole
    # screen again, at each key typed and when Enter clears the line.
    virtual_size: Reactive[Size] = Reactive(Size(0, 0), repaint=True)

    async def _on_key(self, event) -> None:
        app = table_app(self)
        actions = {"tab": app.complete, "up": lambda: app.recall(-1), "down": lambda: app.recall(1)}
        if event.key in actions:
            event.stop()
            event.prevent_default()
            actions[event.key]()
        elif event.key == "enter":
            event.stop()
            event.prevent_default()
            line, self.value = self.value, ""  # cleared now: keys typed behind Enter start the next line
            app.submit(line)
        else:
            await super()._on_key(event)


class KeysFooter(Footer):
    """Textual's footer, composed with its keys at once and again only when the keys it shows change.

    Textual's own starts empty and composes its keys anew after each change of the screen's bindings (the game
    loaded, the input line focused): at each start it was composed three times, each key styled twice over."""

    def __init__(self) -> None:
        super().__init__()
        self.set_reactive(Footer._bindings_ready, True)  # the app's bindings are there from the start
        self.composed: tuple | None = None  # the keys shown (``keys_shown``)
        self.pending = False  # a look at the keys is due after the next refresh

    def keys_shown(self) -> tuple:
        """What the footer shows: each key shown, its words, whether it is enabled."""
        return self.show_command_palette, tuple((binding.key, binding.description, binding.action, enabled, tooltip)
                                                for _node, binding, enabled, tooltip
                                                in self.screen.active_bindings.values() if binding.show)

    def compose(self) -> ComposeResult:
        self.composed = self.keys_shown()
        for widget in super().compose():
            if isinstance(widget, FooterKey):  # as compact as the footer from the start: Textual's key starts
                widget.set_reactive(FooterKey.compact, self.compact)  # compact, then is bound to the footer's,
            yield widget  # and would be styled again at each change

    def bindings_changed(self, screen: Screen) -> None:
        # As Footer's: but once for any number of changes before the next refresh, and only if the keys changed.
        if screen.app.app_focus and self.is_attached and screen is self.screen and not self.pending:
            self.pending = True
            self.call_after_refresh(self.compose_if_changed)

    async def compose_if_changed(self) -> None:
        self.pending = False
        if self.is_attached and self.keys_shown() != self.composed:
            await self.recompose()


class StepCommands(Provider):
    """Ctrl+P: the palette of the game's steps (their usage, in the language spoken), the screen's
    words and the commands of the command line; choosing one types its first word."""

    def entries(self) -> list[tuple[str, str, str]]:
        """(what is typed, what is shown, help) for each step, screen word and command."""
        app = table_app(self)
        found = []
        if app.game is not None:
            found += [(grammar.spoken_verb(form), usage(form), _("a step of this game")) for form in app.game.forms()]
        found += [(screen_word(word), screen_word(word), _(what)) for word, what in DISPLAY_WORDS.items()]
        if app.game is not None:
            found += [(grammar.spoken_verb(form), form.usage, _("a command, run as on the command line"))
                      for form in speaker(app.store, app.game).commands]
        return found

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for typed, shown, help in self.entries():
            score = matcher.match(shown)
            if score > 0:
                yield Hit(score, matcher.highlight(shown), partial(table_app(self).begin, typed), text=shown,
                          help=help)

    async def discover(self) -> Hits:
        for typed, shown, help in self.entries():
            yield DiscoveryHit(shown, partial(table_app(self).begin, typed), text=shown, help=help)


class TableApp(App):
    """The table screen. ``store`` and ``name`` say which game; ``board`` opens the board set-up first."""

    TITLE = "assistant"
    COMMANDS = {StepCommands}  # Ctrl+P (the footer keeps to the game's keys: it fits 80 columns)
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (WIDE, "-wide")]
    CSS = """
    #title { height: auto; background: $boost; text-style: bold; }
    #main { scrollbar-size-vertical: 1; }
    #body { height: 1fr; }
    #main { width: 1fr; }
    #side { width: 40%; max-width: 60; border-left: vkey $foreground 30%; padding: 0 1; }
    /* A small terminal: the sheets across the top, the history and panels below them. */
    .-narrow #body { layout: vertical; }
    .-narrow #main { height: auto; max-height: 70%; }
    .-narrow #side { width: 100%; max-width: 100%; height: 1fr; border-left: none; border-top: hkey $foreground 30%; }
    .panel.hidden { display: none; }
    #answer { height: auto; }
    #choices { height: auto; max-height: 2; color: $text-muted; }
    EntryLine { border: none; height: 1; padding: 0 1; }
    """
    BINDINGS = [
        Binding("f1", "toggle('help')", N_("help")),
        Binding("f2", "toggle('odds')", N_("odds")),
        Binding("f3", "toggle('suggest')", N_("suggest")),
        Binding("f4", "board", N_("board")),
        Binding("ctrl+z", "undo", N_("undo last"), priority=True),
        Binding("ctrl+q", "quit", N_("quit"), priority=True),
    ]

    def __init__(self, store: Store, name: str | None = None, board: str | None = None,
                 follow_seconds: float = FOLLOW_SECONDS):
        super().__init__()
        speak_keys(self)
        self.store = store
        self.board_name = board
        self.name_asked = name
        self.follow_seconds = follow_seconds
        # A deduction game or a score pad (each a log.Log): the screen asks a kind for its own methods (its
        # board, its pieces) where is_pad says it has them, which no one static type of a game tells.
        self.game: Any = None
        self.game_name: str | None = None
        self.owner: str | None = None  # whose phone started the game shown (None: the laptop)
        self.toggled = {"odds": False, "suggest": False, "help": False}
        self.typed: list[str] = []
        self.recall_at = 0
        self.stamp: tuple = ()
        self.answer_line = ""
        self.answer_lines = [0, 0]  # the lines the last two answers took (fit_choices)
        self.on_panel: dict[str, object] = {}  # what each panel shows now (see show)
        self.heights: dict[str, int] = {}  # lines each text panel takes now (see update_text)
        self.said: dict = {}  # each entry of the game shown as the history says it (history_line); emptied by load
        self.history_scroll_asked = False  # the history's scrolls to its end are asked, not run yet
        self.drawn_game: Any = None  # the game drawn last, and the sizes and panels it was drawn at (draw)
        self.drawn_at: tuple = ()

    # -- layout ----------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        # The screen's breakpoint class (narrow or wide) before its widgets are first styled: Textual sets it on
        # the first resize, after the first layout, and every widget would then be styled and laid out again.
        self.screen.update_classes(breakpoint_classes(self.size.width), update=False)
        yield Static(id="title")
        with Horizontal(id="body"):
            with VerticalScroll(id="main"):
                output = Static(id="output")  # what a command of the command line printed (tally, quest show)
                output.display = False  # until a command prints a picture: hidden before the first layout
                yield output
                yield Static(id="picture")
                yield Static(id="pieces")
            with VerticalScroll(id="side"):
                yield Static(id="help", classes="panel hidden")
                yield Static(id="suggest", classes="panel hidden")
                yield TextLines(id="history")  # drawn line by line: an entry draws its own line alone
        yield TextLines(id="answer")  # two lines kept: a one-line answer then the choices' line (fit_choices)
        yield Static(id="choices")
        yield EntryLine(placeholder=_("type a step, as on the command line"), id="entry")
        footer = KeysFooter()
        footer.show_command_palette = False  # Ctrl+P still opens it: the footer fits 80 columns
        yield footer

    def on_mount(self) -> None:
        use_face("screen")  # a refusal points at F1, not at --help
        self.fit_choices()  # none yet: their line is the answer's second
        try:
            self.load()
            self.call_after_refresh(self.draw)  # the first layout gives the sheets their width
            if not is_pad(self.game) and not self.game.board.verified:  # said here, never over the screen
                self.say(_("notice: board {board} is unverified: F4 compares it with your box, cell by cell")
                         .format(board=self.game.board.name))
        except AssistantError:
            if self.board_name is None:
                raise
            # Only the board's set-up was asked for and there is no game to show after it.
        self.set_interval(self.follow_seconds, self.follow)
        self.query_one(EntryLine).focus()
        if self.board_name is not None:
            self.open_board(self.board_name)

    def on_unmount(self) -> None:
        use_face("cli")

    def on_resize(self) -> None:
        if self.game is not None:
            self.call_after_refresh(self.draw)  # once the panes have their new sizes

    # -- the game ----------------------------------------------------------------------------

    def load(self) -> None:
        """Read the game again (the name is resolved once, at start)."""
        self.game_name = self.store.resolve(self.name_asked if self.game_name is None else self.game_name)
        self.game = self.store.load(self.game_name)
        self.owner = self.store.phone_owner(self.game_name)  # a phone's private sheet: its title says whose
        self.said = {}  # read anew: perhaps another game, or another language
        self.stamp = self.watched_stamp()
        self.refresh_bindings()  # the keys of this game in the footer (check_action)
        if is_pad(self.game) and self.toggled["suggest"]:  # its key is gone on a pad: nothing could close it
            self.action_toggle("suggest")
        if not self.typed:
            self.typed = [self.game.step(entry.event) for entry in self.game.history().entries]
            self.recall_at = len(self.typed)
            forms = self.game.forms()
            self.query_one(EntryLine).placeholder = (
                _("a step ({verbs}...); Tab completes; F1: the words").format(
                    verbs=", ".join(grammar.spoken_verb(form) for form in forms[:3])) if forms
                else _("a step; F1: the words"))  # short: it fits 80 columns
        self.draw()

    def watched(self) -> list[Path]:
        assert self.game_name is not None, "a game is watched once it is loaded (load resolves its name)"
        paths = [self.store.game_path(self.game_name)]
        if self.game is not None and not is_pad(self.game):
            paths.append(self.store.fixes_dir / f"{self.game.kind}.yaml")  # the board's corrections
        return paths

    def watched_stamp(self) -> tuple:
        return file_stamp(self.watched())

    def follow(self) -> None:
        """Redraw when another process changed the game (or its board's corrections)."""
        if self.game_name is None:
            return
        stamp = self.watched_stamp()
        if stamp != self.stamp:
            try:
                self.load()
            except AssistantError as error:
                self.stamp = stamp
                self.say(_("the game file changed and cannot be read: {error}").format(error=error), refused=True)

    def draw(self) -> None:
        game = self.game
        width = self.query_one("#main").size.width or self.size.width
        height = self.size.height - 5  # title, answer, completions, input, footer
        if self.size.width < WIDE:
            height = height * 7 // 10  # the sheets' share above the history (see CSS)
        # At start the screen is drawn once laid out, and again on the first resize, at the same size: the same
        # game at the same size, with the same panels open, is drawn already (a game read or recorded is a new one).
        drawn = (width, height, self.size, tuple(self.toggled.values()), language())
        if game is self.drawn_game and drawn == self.drawn_at:
            self.keep_history_in_view()
            return
        self.drawn_game, self.drawn_at = game, drawn
        ended = header_line(game)  # the game's outcome, worded as the page's header words it
        title = Text(f" {self.game_name}  ·  {game.kind}  ·  {ended or game.summary()}")
        if self.owner is not None:  # asked for by name: shown, and said to be that player's own
            title.append("  ·  " + _("{player}'s private sheet, started on their phone").format(player=self.owner))
        self.update_text("#title", title)  # wraps on a narrow screen rather than being cut
        stack = stacks(self.size.width)
        shape = picture_shape(game, self.toggled["odds"], width, height, stack)
        drawn_from = picture_key(game, self.toggled["odds"], width, height, stack)
        if drawn_from is None or drawn_from != self.on_panel.get("#picture-drawn-from"):  # else it is shown already
            self.query_one("#picture", Static).update(Kept(picture(game, self.toggled["odds"], width, height, stack)),
                                                      layout=shape is None or shape != self.on_panel.get("#picture"))
            self.on_panel["#picture"], self.on_panel["#picture-drawn-from"] = shape, drawn_from
        full_sheets = shape is not None and shape[0]
        # What the table needs to hear (the game's report); the full sheets say "found" themselves.
        found = _(">>> found: {what} is on {cell}").partition("{")[0]  # in the language spoken
        lines = [Text(line, style="bold") for line in report_lines(game)
                 if not (full_sheets and line.startswith(found))]
        parts = [part for part in [pieces_text(game), *theirs_lines(game), *lines] if part is not None]
        self.query_one("#pieces").display = bool(parts)
        self.show("#pieces", Group(*parts) if parts else Text(""))
        # The latest entries that fit the panel (an evening has hundreds; `history` lists them all).
        self.query_one("#history", TextLines).update(history_lines(game, max(8, self.size.height), self.said))
        if self.toggled["suggest"]:
            self.query_one("#suggest", Static).update(suggestions_text(game))
        if self.toggled["help"]:
            self.query_one("#help", Static).update(help_text(game))
        self.keep_history_in_view()

    def keep_history_in_view(self) -> None:
        """An open panel is what was asked for: show it; else the latest entries, once the screen is laid out
        again (a refusal on two lines shrinks the history panel after this call).

        An entry asks twice (its answer, then the redraw): the scrolls asked first, not run yet, run at the
        same moments as the second's would, so they are asked once."""
        side = self.query_one("#side")
        if self.toggled["suggest"] or self.toggled["help"]:
            side.scroll_home(animate=False)
            return
        if self.history_scroll_asked:
            return
        self.history_scroll_asked = True
        side.scroll_end(animate=False)
        self.call_after_refresh(self._scroll_history_again)

    def _scroll_history_again(self) -> None:
        self.history_scroll_asked = False
        self.query_one("#side").scroll_end(animate=False)

    def show(self, selector: str, content: Text | Group) -> None:
        """Update a panel only if what it shows changed: a redraw costs layout and paint."""
        widget = self.query_one(selector, Static)
        shown = (content.plain if isinstance(content, Text)
                 else tuple(part.plain if isinstance(part, Text) else id(part) for part in content.renderables))
        if self.on_panel.get(selector) != shown:
            self.on_panel[selector] = shown
            if selector == "#choices":  # at most two lines (CSS): new candidates of the same height need no layout
                width = max(1, widget.content_region.width or self.size.width)
                height = min(2, wrapped_height(content.plain, width)) if isinstance(content, Text) else 0  # 0: unknown
                widget.update(content, layout=not height or height != self.heights.get(selector))
                self.heights[selector] = height
                self.fit_choices()  # shown or hidden: a layout if that changed (display)
            else:
                widget.update(content)

    def fit_choices(self) -> None:
        """The line under a one-line answer is the choices' (Tab's candidates), blank while there are none; a
        two-line answer takes it while it is blank. The answer and the choices then keep their two lines
        between entries, one line long or two: the sheets and the history above them do not move, and the
        screen needs no new layout (which draws all of it again). A longer answer keeps its room for the
        next one too, so that answers of three lines and two in turn (a clue, its undo, on a narrow screen)
        do not move the screen either."""
        choices = self.query_one("#choices", Static)
        shown = bool(self.on_panel.get("#choices"))
        self.query_one("#answer", TextLines).keep_lines(1 if shown else max(2, self.answer_lines[0]))
        choices.display = shown

    def say(self, line: str, refused: bool = False, notes: list[str] | tuple = ()) -> None:
        """The last answer, or the refusal: one line (it wraps on a narrow screen, never cut), then each of a
        command's ``notes`` on a line of its own (the board is unverified...); control characters escaped."""
        line = printable(line)
        self.answer_line = line
        notes = [printable(note) for note in notes]
        if refused and not refusal_said(line):  # the words around the refusal in bold, the refusal itself plain
            before, __, after = _("refused (nothing written): {refusal}").partition("{refusal}")
            text = Text(before, style="bold")
            text.append(line)
            text.append(after, style="bold")
        else:
            text = Text(line, style="bold")
        for note in notes:
            text.append("\n" + note)
        answer = self.query_one("#answer", TextLines)
        self.answer_lines = [self.answer_lines[-1], 0]
        self.fit_choices()  # the room the last answer took, first: then this one needs no layout if it fits
        answer.update(text)
        self.answer_lines[-1] = answer.text_lines()
        self.keep_history_in_view()  # the answer's height may have changed the history panel's

    def update_text(self, selector: str, text: Text) -> None:
        """Show ``text``; the screen is laid out again only if its height changes (a new layout repaints it all),
        and the panel is left as it is when it shows this text already at this width (the title, most often)."""
        widget = self.query_one(selector, Static)
        width = max(1, widget.content_region.width or self.size.width)
        shown = (width, text.plain, tuple(text.spans), str(text.style))
        if self.on_panel.get(selector) == shown:
            return
        self.on_panel[selector] = shown
        height = wrapped_height(text.plain, width)
        widget.update(text, layout=height != self.heights.get(selector))
        self.heights[selector] = height

    # -- entries -------------------------------------------------------------------------------

    def submit(self, line: str) -> None:
        """Enter: one line from the input."""
        text = line.strip()
        self.show("#choices", Text(""))
        if not text:
            return
        self.typed.append(text)
        self.recall_at = len(self.typed)
        self.enter(text)

    def enter(self, text: str) -> None:
        """One line from the input: a word of the screen, or a step recorded in the game."""
        word = text.lower()
        word = SCREEN_ALIASES.get(word, word)
        if word in ("quit", "exit"):
            self.exit()
        elif word == "sheet":
            self.toggled["odds"] = False
            self.query_one("#output").display = False  # the sheets alone again
            self.draw()
        elif word in ("odds", "suggest", "help"):
            self.action_toggle(word)
        elif word == "board":
            self.action_board()
        else:
            words = split(text[len(cli_prefix(text, groups=False)):])
            command = command_words(self.game, words) if self.game is not None else None
            if command is None:
                self.record(step_text(text))
            else:
                self.command(command, words)

    def record(self, step: str) -> None:
        """Read the step with the game's grammar and record it under the store's lock; a refusal changes nothing."""
        before = self.game
        # The parse cache of the file written is written once the screen is drawn: the player does not wait for
        # it (a cache, rebuilt at will); a refused step leaves none behind, as on the command line.
        hold_caches()
        try:  # a sheet of a table: the entry reaches every sheet of the table that learns it
            spread = spreading.spread(self.store, self.game_name, lambda game: game.record(game.read_step(step)))
        except BaseException as error:
            release_caches(False)
            if not isinstance(error, AssistantError):
                raise
            self.say(str(error), refused=True)
            return
        self.game = after = spread.game
        self.stamp = self.watched_stamp()
        self.query_one("#output").display = False  # a command's output is of the game before this step
        first, *then = said_lines(before, after)
        # a question put to me: the answer to give alone on the first line; then what the table's other sheets said
        self.say(first, notes=[*then, *spread.lines()])
        self.draw()
        self.call_after_refresh(release_caches, True)

    def command(self, words: list[str], typed: list[str] | None = None) -> None:
        """A command of the command line, run here: its words read by the screen's grammar first (a bad
        line is refused in one line saying what to type, before anything runs), its picture in the output
        panel, its refusal in one line; then the game is read again (a new game or a 'use' makes another
        one current). ``typed``: the words as typed ('show' on a pad, for 'quest show')."""
        name = cli_command(words)
        if name in CLI_ONLY:
            self.say(_("{command} is for the command line: {why}").format(command=words[0], why=_(CLI_ONLY[name])),
                     refused=True)
            return
        try:
            commands.check(speaker(self.store, self.game), typed or words)
        except AssistantError as error:
            self.say(str(error), refused=True)
            return
        current = self.store.current_name()
        code, out, err = run_command(words, self.store.home, self.output_width())
        notes = [line for line in err.splitlines() if line.strip()]
        printed = out.rstrip("\n")
        output = self.query_one("#output", Static)
        output.update(Text(printed))  # drawn at the panel's width (output_width): a table's lines fit; prose wraps
        # a picture, a table; one line is said as the answer; the pad's own table is drawn above already
        output.display = "\n" in printed and not self.draws_already(words)
        if code:
            self.say(without_error_word(notes[-1]) if notes else _("the command failed"), refused=True)
        else:  # one line printed is the answer; a picture is shown above and named here by its headline
            said = (printed if "\n" not in printed else headline(printed)) if printed else ""
            if said or not notes:
                self.say(said or _("done: {command}").format(command=" ".join(typed or words)), notes=notes)
            else:
                self.say(notes[0], notes=notes[1:])
        if code == 0 and (self.store.current_name() != current or name in ("use", "new", "import")):
            # The game made current is the one shown now, whichever game the screen was opened on (--game).
            self.name_asked, self.game_name, self.typed = None, None, []
        try:
            self.load()
        except AssistantError as error:
            self.say(str(error), refused=True)
            return
        self.query_one("#main").scroll_home(animate=False)

    def draws_already(self, words: list[str]) -> bool:
        """Whether ``words`` ask for the picture the screen draws anyway: a pad's score table ('show', without
        options, on the pad shown)."""
        group = registry.pad_groups().get(self.game.kind) if self.game is not None else None
        return len(words) == 2 and words[0] == group and cli_command(words[1:]) == "show"

    def output_width(self) -> int:
        """The columns a command's picture may take: the panel's, less its scrollbar (a table drawn one column
        wider would break each of its lines in two)."""
        main = self.query_one("#main")
        return main.size.width - main.styles.scrollbar_size_vertical if main.size.width else self.size.width

    def check_action(self, action: str, parameters: tuple) -> bool:
        """The game's keys work on the game's screen only (not over the board set-up); a score pad has no
        odds, suggestions nor board, so their keys neither act nor show there (False: left out of the footer)."""
        if isinstance(self.screen, BoardScreen):
            return action == "quit"
        return not (self.game is not None and is_pad(self.game)
                    and (action == "board" or parameters in (("odds",), ("suggest",))))

    def action_undo(self) -> None:
        if self.game is not None:
            self.record("undo")

    # The screen's panels' toggle: it replaces DOMNode's toggle of an attribute (async there), which this app
    # never binds; the key bindings name it 'toggle'.
    def action_toggle(self, what: str) -> None:  # type: ignore[override]
        self.toggled[what] = not self.toggled[what]
        if what != "odds":
            self.query_one(f"#{what}").set_class(not self.toggled[what], "hidden")
        if self.game is not None:
            self.draw()

    def action_board(self) -> None:
        if self.game is not None and is_pad(self.game):
            self.say(_("a score pad has no board to set up"), refused=True)
            return
        name = self.game.kind if self.game is not None else self.board_name
        assert name is not None, "the screen shows a game or a board's set-up (on_mount refuses neither)"
        self.open_board(name)

    def open_board(self, name: str) -> None:
        try:
            screen = BoardScreen(self.store, name)
        except AssistantError as error:
            self.say(str(error), refused=True)
            return
        self.push_screen(screen, partial(self.board_closed, name))

    def board_closed(self, name: str, corrected: bool) -> None:
        """Back from the board set-up: to the game; or, without one, out, saying how to start one (and that
        the corrections are saved, when some were made)."""
        if self.game is not None:
            self.load()
            self.say((_("board {board}: your corrections are saved") if corrected else
                      _("board {board}: nothing corrected")).format(board=name))
            return
        said = (_("board {board}: your corrections are saved; start a game on it with {step}") if corrected else
                _("board {board}: nothing corrected; start a game on it with {step}"))
        self.exit(said.format(board=name, step=_("new {board} --opponents {names}").format(
            board=name, names=_("red,blue"))))  # the example's players, in the table's language

    # -- completion and recall ---------------------------------------------------------------------

    def complete(self) -> None:
        """Tab: finish the word being typed when one value fits; show the candidates when several do."""
        entry = self.query_one(EntryLine)
        if self.game is None:
            return
        before, after = entry.value[:entry.cursor_position], entry.value[entry.cursor_position:]
        dropped = cli_prefix(before, groups=False)  # 'assistant ' typed before the step: kept as typed
        prefix = before[len(dropped):]
        reader = speaker(self.store, self.game)  # the game's steps, then the commands of the command line
        first = len(prefix.split()) + prefix[-1:].isspace() <= 1
        try:
            typing, matches = grammar.complete(self.game if first else reader, prefix)
        except AssistantError:
            typing, matches = "", ()
        chosen = matches[0] if first and len(matches) == 1 else None  # the one step of the game that fits
        if first:  # the first word: every word the screen takes there, the game's steps first, then the screen's
            # words, the pad's own commands ('show') and the commands of the command line (décompte, quête); when
            # one step of the game fits it is typed, the others shown beside it (an evening is steps: 'i' is indice)
            own = [*map(screen_word, DISPLAY_WORDS), *map(grammar.spoken_verb, reader.pad_commands)]
            commands_here = [word for word in grammar.complete(reader, prefix)[1] if not foreign_step(self.game, word)]
            matches = tuple(dict.fromkeys([*matches, *(word for word in own if grammar.fits(word, typing)),
                                           *commands_here]))
        forced = (grammar.forced(self.game, prefix.split())
                  if not typing and not first and _is_step(self.game, prefix.split()[0])
                  else ())
        following: tuple[str, ...] = ()
        if forced:  # the only way on, whatever else fits here, is typed ('--par' on a question put to me)
            try:  # and what may follow it: the one value typed too ('--depuis A1'), else offered
                following = grammar.complete(self.game, f"{prefix}{' '.join(forced)} ")[1]
            except AssistantError:
                following = ()
            if len(following) == 1 and not following[0].startswith("-"):
                forced, following = (*forced, following[0]), ()
            matches = (" ".join(forced),)
        if not matches:
            slot = grammar.expect(reader, prefix.split()[:-1] if typing else prefix.split())
            if slot.why:  # the step cannot be recorded now: say why, and what to do first
                said = slot.why
            elif typing:
                said = _("nothing here begins with {word}").format(word=typing)
            elif slot.name == "end":
                said = _("the step is complete: Enter records it")
            else:
                said = _("nothing to complete here ({slot})").format(slot=commands.slot_said(slot.name))
            self.show("#choices", Text(said))
            return
        if len(matches) == 1 or chosen:
            new = (chosen or matches[0]) + " "
        else:  # as far as every candidate agrees, in the candidates' own case (the values, when options follow)
            values = [match for match in matches if not match.startswith("-")] if not typing else []
            common = os.path.commonprefix([match.lower() for match in values or matches])
            new = (values or matches)[0][:len(common)] if len(common) > len(typing) else typing
        head = dropped + prefix[:len(prefix) - len(typing)] + new
        entry.value = head + after
        entry.cursor_position = len(head)
        choices = Text("  ").join(Text(match, style=choice_link(match))  # each one a click away
                                  for match in (matches if len(matches) > 1 else following))
        self.show("#choices", choices)

    def begin(self, word: str) -> None:
        """A step chosen in the palette: its first word typed, the rest left to the player (Tab helps)."""
        entry = self.query_one(EntryLine)
        entry.value = word + " "
        entry.cursor_position = len(entry.value)
        entry.focus()

    def action_choose(self, word: str) -> None:
        """A candidate clicked: it replaces the word being typed, as Tab would with that one value."""
        entry = self.query_one(EntryLine)
        before, after = entry.value[:entry.cursor_position], entry.value[entry.cursor_position:]
        typing = "" if not before or before[-1:].isspace() else before.split()[-1]
        head = before[:len(before) - len(typing)] + word + " "
        entry.value, entry.cursor_position = head + after, len(head)
        self.show("#choices", Text(""))
        entry.focus()

    def action_explain(self, cell: str) -> None:
        """A cell clicked: which clues ruled it out for each opponent, or why it is still possible."""
        if self.game is not None and not is_pad(self.game):
            self.command(["explain", cell])

    def recall(self, step: int) -> None:
        """Up/Down: the entries typed before (and the game's recorded steps), like a shell's history."""
        if not self.typed:
            return
        self.recall_at = max(0, min(len(self.typed), self.recall_at + step))
        entry = self.query_one(EntryLine)
        entry.value = self.typed[self.recall_at] if self.recall_at < len(self.typed) else ""
        entry.cursor_position = len(entry.value)


# -- the board screen ----------------------------------------------------------------------


RESERVED_KEYS = {"p", "q"}  # p: pond
CELL_WIDTH = 8  # a cell of the board screen: a terrain's whole name ('gravier'), its flowers' first 3 letters


def lettered(attribute) -> bool:
    """Whether the sheets mark ``attribute``'s values with letters (flowers: 'B' blue): the board screen's
    keys are then those letters, so that a letter never means one value there and another on the sheets."""
    return all(len(code) == 1 and code.isascii() and code.isalpha() for code in render.codes(attribute).values())


def value_keys(board: Board) -> dict[str, tuple[str, str]]:
    """One letter per attribute value (key -> (attribute, value)): the sheets' letter where they mark it with
    one (French flowers: b bleu, l blanc), else the first letter of its name in the language spoken that is
    not taken (French terrains: h herbe, o bois, since b is bleu's)."""
    keys: dict[str, tuple[str, str]] = {}
    for attribute in filter(lettered, board.attributes):
        for name, code in render.codes(attribute).items():
            if code.lower() not in keys and code.lower() not in RESERVED_KEYS:
                keys[code.lower()] = (attribute.name, name)
    for attribute in board.attributes:
        for value in attribute.values:
            if (attribute.name, value.name) in keys.values():
                continue
            spellings = [value.local_name, value.name, *value.aliases]
            letters = [c for spelling in spellings for c in spelling.lower() if c.isascii() and c.isalpha()]
            letter = next((c for c in letters if c not in keys and c not in RESERVED_KEYS), None)
            if letter is not None:
                keys[letter] = (attribute.name, value.name)
    return keys


class BoardScreen(Screen):
    """Set the board up from the box: arrows move, one key sets a terrain, a flower, or a pond.

    A set attribute with a fixed count (two flowers) keeps the last values pressed;
    a cell is saved as the user's correction (``Store.correct_board``) as soon as
    it is whole, so a pond turned into land waits for its terrain and flowers."""

    BINDINGS = [Binding("escape", "leave", N_("back to the game"))]
    # Arrows are read with the value keys in one handler, so that keys typed
    # quickly apply in the order typed (a binding would run after later keys).
    MOVES = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
    CSS = """
    BoardScreen #grid { height: auto; }
    BoardScreen #status { height: auto; }
    """

    def __init__(self, store: Store, name: str):
        super().__init__()
        speak_keys(self)
        self.store = store
        self.board = store.board(name)
        self.keys = value_keys(self.board)
        self.at = (0, 0)
        self.drafts: dict[str, dict] = {}
        self.recent: dict[tuple[str, str], list[str]] = {}
        self.corrected = False  # whether a cell was saved: said when leaving
        self.described: tuple[Board, dict] | None = None  # the board's cells as described, read once per board
        self.shown: dict[str, object] = {}  # the size of what each part shows now: a redraw of the same size
        # needs no layout (a layout draws the whole screen again, at each key pressed)

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(id="grid")
            yield Static(id="keys")
            yield Static(id="status")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.draw()

    @property
    def cell_name(self) -> str:
        return self.board.name_of(self.board.grid.cell(*self.at))

    def action_move(self, rows: int, columns: int) -> None:
        grid = self.board.grid
        self.at = ((self.at[0] + rows) % grid.rows, (self.at[1] + columns) % grid.columns)
        self.draw()

    def action_leave(self) -> None:
        self.dismiss(self.corrected)

    def on_key(self, event) -> None:
        key = event.character.lower() if event.character and event.character.isalpha() else event.key  # B is b
        if key in self.MOVES:
            self.action_move(*self.MOVES[key])
        elif key == "p":
            self.save(self.cell_name, ["pond=yes"])
        elif key in self.keys:
            self.press(*self.keys[key])
        else:
            return
        event.stop()

    def current(self, cell: str) -> dict:
        """The cell as drawn now: its draft if unfinished, else the board's values."""
        if cell in self.drafts:
            return self.drafts[cell]
        if self.described is None or self.described[0] is not self.board:
            self.described = (self.board, self.board.describe()["cells"])
        return dict(self.described[1][cell])

    def press(self, attribute_name: str, value: str) -> None:
        cell = self.cell_name
        draft = {name: (list(v) if isinstance(v, list) else v) for name, v in self.current(cell).items()}
        attribute = self.board.attribute(attribute_name)
        if attribute.kind == "one":
            draft[attribute.name] = value
        else:
            # The board lists values in its own order: the order pressed is kept here,
            # so that the last values pressed on this cell are the ones that stay.
            recent = [v for v in self.recent.get((cell, attribute.name), []) if v != value] + [value]
            self.recent[(cell, attribute.name)] = recent
            chosen = [v for v in draft.get(attribute.name) or [] if v not in recent] + recent
            draft[attribute.name] = chosen[-attribute.per_cell:] if attribute.per_cell else chosen
        draft["pond"] = False
        missing = [a.local_name for a in self.board.attributes
                   if (a.kind == "one" and not draft.get(a.name))
                   or (a.kind != "one" and a.per_cell and len(draft.get(a.name) or []) != a.per_cell)]
        if missing:
            self.drafts[cell] = draft
            self.draw(_("{cell}: now give its {missing} (not saved until the cell is whole)").format(
                cell=cell, missing=_(" and ").join(missing)))
            return
        self.drafts.pop(cell, None)
        words = [f"{a.name}={','.join(draft[a.name]) if isinstance(draft[a.name], list) else draft[a.name]}"
                 for a in self.board.attributes if draft.get(a.name)]
        self.save(cell, words)

    def save(self, cell: str, words: list[str]) -> None:
        """Saved as the user's correction, exactly as ``assistant board set NAME CELL WORDS`` does."""
        try:
            self.board = self.store.correct_board(self.board.name, cell, words)
        except AssistantError as error:
            self.draw(_("refused: {error}").format(error=error))
            return
        self.drafts.pop(cell, None)
        self.corrected = True
        # as `board set` confirms it, in the table's language (terrain=herbe, not the saved words)
        self.draw(_("saved: {line}").format(line=cell_line(self.board, self.board.parse_cell(cell))))

    def draw(self, status: str = "") -> None:
        title, rows = self.grid_parts()
        # The grid keeps its size unless a cell's words got longer or shorter (a table's columns fit them).
        shape = (title.plain, tuple(tuple(max(map(cell_len, text.plain.split("\n"))) for text in row) for row in rows))
        self.query_one("#grid", Static).update(self.grid_picture(title, rows), layout=shape != self.shown.get("#grid"))
        self.shown["#grid"] = shape
        if "#keys" not in self.shown:  # the keys are the board's values': they stay as they are
            self.query_one("#keys", Static).update(self.keys_legend())
            self.shown["#keys"] = True
        if status:
            widget = self.query_one("#status", Static)
            height = wrapped_height(status, widget.content_region.width or self.size.width)
            widget.update(Text(status), layout=height != self.shown.get("#status"))
            self.shown["#status"] = height

    def grid_parts(self) -> tuple[Text, list[list[Text]]]:
        """The grid's title and each row's cells."""
        board = self.board
        title = _("{board}: set up from your box (verified)") if board.verified else \
            _("{board}: set up from your box (unverified)")
        rows = [[self.cell_text(board.name_of(board.grid.cell(row, column)), (row, column) == self.at)
                 for column in range(board.grid.columns)] for row in range(board.grid.rows)]
        return Text(title.format(board=board.local_title), style="italic"), rows

    def grid_picture(self, title: Text, rows: list[list[Text]]) -> Group:
        """Each cell in words (nothing told by colour alone): terrain, flowers' first letters, or pond; the
        title above the grid, as wide as the screen (a table's title would wrap at the grid's width)."""
        table = Table(show_lines=True, padding=(0, 0))
        table.add_column("")
        for column in range(self.board.grid.columns):
            table.add_column(column_letters(column), justify="center", min_width=CELL_WIDTH)
        for number, cells in enumerate(rows, start=1):
            table.add_row(Text(str(number)), *cells)
        return Group(title, table)

    def cell_text(self, name: str, here: bool) -> Text:
        entry = self.current(name)
        if entry.get("pond"):
            lines = [_("pond"), ""]
        else:
            words = []
            for attribute in self.board.attributes:
                value = entry.get(attribute.name)
                if isinstance(value, list):
                    words.append(" ".join(attribute.value(v).local_name[:3] for v in value) or "-")
                else:
                    words.append((attribute.value(value).local_name if value else "-")[:CELL_WIDTH])
            lines = words
        mark = ">" if here else " "
        text = Text(f"{mark}{name}{'*' if name in self.drafts else ''}\n" + "\n".join(lines),
                    style="reverse bold" if here else "")
        return text

    def keys_legend(self) -> Text:
        text = Text(_("keys: "), style="bold")
        indent = " " * len(text.plain)
        for attribute in self.board.attributes:
            upper = lettered(attribute)  # written as the sheets write them ('L blanc'); either case is read
            pairs = [f"{key.upper() if upper else key} {attribute.value(value).local_name}"
                     for key, (name, value) in self.keys.items() if name == attribute.name]
            said = (_("{attribute} (the sheets' letters): {keys}") if upper else _("{attribute}: {keys}")).format(
                attribute=attribute.local_name, keys="  ".join(pairs))
            text.append(f"{said}\n{indent}")
        text.append(_("p pond   arrows move   Esc back to the game   (* a cell not saved yet)"))
        return text


def speak_keys(node) -> None:
    """The keys' descriptions in the footer, in the language spoken: Textual keeps them in each node's own
    copy of its class's bindings (``_bindings``), made at start, after the CLI has chosen the language."""
    node._bindings = BindingsMap.from_keys({key: [replace(binding, description=_(binding.description))
                                                  for binding in bindings]
                                            for key, bindings in node._bindings.key_to_bindings.items()})
