"""What the command line's areas share: the data folder, the options every area takes, pictures, JSON.

The core is imported inside each helper, when a command needs it, never at start-up.
"""

import os
import stat
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from assistant.engine.i18n import N_, _

if TYPE_CHECKING:
    from assistant.engine.board import Board
    from assistant.store.folder import Store


GameOption = Annotated[Optional[str], typer.Option("--game", "-g", "--partie",
                                                   help=N_("Game to work on (default: the current one)."))]


def completer(option: Optional[str] = None):
    """A shell-completion callback: the current game's grammar says what fits the word being typed.

    The words already typed are rebuilt from the parsed parameters (the command's
    name is the step's verb), then ``assistant.grammar.complete`` answers; the core
    is imported only here, when the shell asks. ``option``: complete that option's value."""

    def complete(ctx: typer.Context, incomplete: str) -> list[str]:
        from assistant.engine import grammar
        from assistant.engine.errors import AssistantError

        command = ctx.info_name or ""
        words = list(EXPLAIN_AS.get(command, (command,)))
        for param in ctx.command.params:
            value = ctx.params.get(param.name or "")
            if param.name == "game" or value in (None, False, [], ()) or param.opts[0] == option:
                continue
            values = list(value) if isinstance(value, (list, tuple)) else [value]
            if param.param_type_name == "option":
                words += [item for each in values for item in (param.opts[0], *([] if value is True else [str(each)]))]
            else:
                words += [str(each) for each in values]
        try:
            unused, matches = grammar.complete(store().load(ctx.params.get("game")),
                                          " ".join(words + ([option] if option else []) + [incomplete]))
        except AssistantError:
            return []  # no game yet, or a damaged one: nothing to offer
        # The shell keeps only words starting with what was typed, case and all: 'b' -> b1, b3.
        return [incomplete + match[len(incomplete):] if match.lower().startswith(incomplete.lower()) else match
                for match in matches]
    return complete


# explain CELL names a cell as the clue 'at CELL' does, on every board (the accusation, the city's step, is not
# the garden's): the same slot, and --opponent after it
EXPLAIN_AS = {"explain": ("clue", "at")}


STEP_WORDS = completer()


PowerOption = Annotated[Optional[str], typer.Option(
    "--power", "--pouvoir", help=N_("The asker's gnome power, once a fight is recorded: sky or adam (ask anyone), "
                                    "mick (ask everyone)."), autocompletion=completer("--power"))]


OpponentOption = Annotated[Optional[str], typer.Option(
    "--opponent", "-o", "--opponents", "--adversaire", "--adversaires", help=N_("Who answered (several: red,blue)."),
    autocompletion=completer("--opponent"))]


AnswerersOption = Annotated[Optional[list[str]], typer.Option(
    "--opponent", "-o", "--opponents", "--adversaire", "--adversaires",
    help=N_("Who answered, one answer for all (red,blue; or repeat -o)."), autocompletion=completer("--opponent"))]


def home() -> Path:
    """The data folder: $ASSISTANT_HOME, else the platform's user-data folder (platformdirs).

    Games saved by 0.1 in Typer's application folder stay where they are: that
    folder is used for as long as the user-data folder does not exist."""
    from assistant.engine.errors import AssistantError

    chosen = os.environ.get("ASSISTANT_HOME")
    if chosen:
        folder, what = Path(chosen), f"ASSISTANT_HOME={chosen}"
    else:
        import platformdirs  # only when ASSISTANT_HOME is not set

        folder = Path(platformdirs.user_data_dir("assistant", appauthor=False))
        legacy = Path(typer.get_app_dir("assistant"))
        if legacy.is_dir() and not folder.exists():
            folder = legacy
        what = _("the data folder {folder}").format(folder=folder)
    try:
        usable = stat.S_ISDIR(os.stat(folder).st_mode)
    except FileNotFoundError:
        usable = not os.path.islink(folder)  # missing: made on the first write; a link to nowhere is refused
        if not usable:
            raise AssistantError(_("{what}: a symbolic link to {target}, which does not exist: set ASSISTANT_HOME "
                                   "to a folder").format(what=what, target=os.readlink(folder))) from None
    except (OSError, ValueError) as error:  # a name too long, a loop of links, a NUL byte
        raise AssistantError(_("{what}: {reason}: set ASSISTANT_HOME to a folder").format(
            what=what, reason=getattr(error, "strerror", None) or error)) from None
    if not usable:
        raise AssistantError(_("{what} is a file, not a folder: set ASSISTANT_HOME to a folder (made if missing)")
                             .format(what=what))
    return folder


def store() -> "Store":
    from assistant.faces.cli.group import one_shot
    from assistant.store.folder import Store

    if one_shot():
        from assistant.store.files import hold_caches

        hold_caches()  # written when the command ends, if it went through (group._command_ended)
    return Store(home())


def update(game: str | None, change):
    """``store().update(game, change)``, and on a sheet of a table the entry reaches every other sheet of the
    table that learns it (``store.spreading``): what a sheet disagreed with, or refused, is said as the command
    ends. The game after."""
    from assistant.store import spreading
    from assistant.store.files import notice

    spread = spreading.spread(store(), game, change)
    for line in spread.lines():
        notice(line)
    return spread.game


def notice_if_unverified(board: "Board") -> None:
    if not board.verified:
        from assistant.engine.board import unverified_notice

        sys.stdout.flush()  # what was printed comes first: the notice never glues to its last line
        typer.echo(unverified_notice(board), err=True)


SvgOption = Annotated[Optional[str], typer.Option("--svg", help=N_("Also save the picture as an SVG image in FILE."),
                                                   metavar=N_("FILE"))]


HtmlOption = Annotated[Optional[str], typer.Option("--html", help=N_("Also save the picture as an HTML page in FILE."),
                                                    metavar=N_("FILE"))]


def show(renderable, width: Optional[int] = None, svg: Optional[str] = None, html: Optional[str] = None) -> None:
    """Print a picture; with ``svg`` or ``html``, also save it in that file to share (colours included)."""
    from rich.console import Console

    from assistant.store.files import refuse_odd_target, write_output

    for target in filter(None, (svg, html)):  # before the picture: a refused file is the command's one line
        refuse_odd_target(Path(target))  # said with the name given; a link to a device is a device
    console = Console(highlight=False, soft_wrap=False, width=width, record=bool(svg or html))
    console.print(renderable)

    for path, export in ((svg, lambda: console.export_svg(title="assistant", clear=False)),
                         (html, lambda: console.export_html(clear=False))):
        if path:
            try:
                write_output(Path(path), export())  # readable by those it is shared with; a link is followed
            except (OSError, ValueError) as error:
                from assistant.engine.errors import AssistantError

                raise AssistantError(_("cannot save the picture in {file} ({reason}): give a file in a folder you "
                                       "can write").format(file=repr(path),
                                                           reason=getattr(error, "strerror", None) or error)) from None
            typer.echo(_("saved {file}").format(file=path), err=True)


def echo_json(data) -> None:
    import json

    typer.echo(json.dumps(data, ensure_ascii=False, indent=2))


def deduction(game):
    """The game, if it keeps a deduction sheet, else a one-line error saying what it is."""
    from assistant.engine import registry
    from assistant.engine.errors import InputError

    if registry.is_pad(game):
        raise InputError(_("game {name} is a {kind} score pad, not a deduction sheet: see assistant --help")
                         .format(name=game.name, kind=game.kind))
    return game


def pad(game, group: str):
    """The game, if it is the score pad whose commands are typed under ``group`` ('quest'); else one line naming
    that pad as it declares itself (its article, and how to start one)."""
    from assistant.engine import registry
    from assistant.engine.errors import InputError

    wanted = registry.of_group(group)
    if wanted is None or game.kind != wanted.kind:
        said = (wanted.title_of("a-game") or wanted.title) if wanted is not None else group
        raise InputError(_("game {name} is not {pad}: start one, or pick one with assistant use NAME")
                         .format(name=game.name, pad=_(said)))
    return game


def said(game, event) -> str:
    """An event's step as the player reads it (French: 'indice zone B2 red=non'; see grammar.said)."""
    from assistant.engine.grammar import said as said_step

    return said_step(game, game.step(event))


CLUE_RECORDED = N_("clue {number}: {step} -> {summary}")
ACCUSATION_RECORDED = N_("accusation {number}: {step} -> {summary}")


def say_recorded(game, recorded: str = CLUE_RECORDED) -> None:
    """The entry just recorded, 'clue 3: area B2 red=no -> red: 7 cells left', then what the table must hear.

    ``recorded`` names the entry as the table does: an accusation is 'accusation 9', not 'clue 9'."""
    entry = game.entries()[-1]
    step = said(game, entry.event).partition(" ")[2]  # the command's word is in the message: 'clue', 'accusation'
    typer.echo(_(recorded).format(number=entry.number, step=step, summary=game.summary()))
    for line in [*game.told(entry), *game.report()]:
        typer.echo(line)


YES = ("y", "yes", "o", "oui")  # a yes to a question, in both languages


def their_maps(game, before=None):
    """Each opponent's map of my loot (``contract.TheirMaps``); refused on a game where nobody asks me
    anything (nothing of mine is hidden there)."""
    from assistant.engine import registry
    from assistant.engine.contract import AskedOfMe
    from assistant.engine.errors import InputError

    board = game.board
    if not isinstance(game, AskedOfMe):
        raise InputError(_("on {board} you hide nothing and nobody asks you anything: this is for {games}").format(
            board=board.name, games=registry.titles_offering(AskedOfMe)))
    return game.their_maps(before)


def their_maps_if_asked(game):
    """The opponents' maps of my loot, when a question put to me is standing in this set (replay draws them)."""
    from assistant.engine.contract import AskedOfMe

    return game.their_maps() if isinstance(game, AskedOfMe) and game.asked_this_set() else None


def pad_report(game, svg: Optional[str] = None, html: Optional[str] = None) -> None:
    """After a change to a score pad: its picture, then what the table needs to hear."""
    from assistant.faces import pictures as render

    if svg or html:  # the picture to share carries the score and whose turn it is (or who won)
        show(render.with_report(render.pad(game), game.report()), svg=svg, html=html)
        return
    show(render.pad(game))
    for line in game.report():
        typer.echo(line)


def write_file(file: str, text: str) -> None:
    """Write a file the player named (a board, a printed page) readable by those it is shared with (0644
    under the usual umask, as the pictures); one line if it cannot be written."""
    from assistant.engine.errors import AssistantError
    from assistant.store.files import write_output

    try:
        write_output(Path(file), text)
    except (OSError, ValueError) as error:
        raise AssistantError(_("cannot write {file} ({reason}): give a file in a folder you can write").format(
            file=repr(file), reason=getattr(error, "strerror", None) or error)) from None
