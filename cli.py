"""The ``assistant`` command: parse, call the core, render.

Only typer and the standard library are imported here at start-up; the core
(and yaml, rich) load inside the command that needs them, so that a command
at the table answers at once. Every ``AssistantError`` and every usage error
becomes one line on stderr and an exit code (``ExitCode``), never a traceback.
"""

import os
import sys
from enum import IntEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer
from typer._click.formatting import HelpFormatter
from typer.core import TyperGroup

from assistant.i18n import N_

if TYPE_CHECKING:
    from assistant.board import Board
    from assistant.store import Store


class ExitCode(IntEnum):
    OK = 0
    ERROR = 1  # the command was understood but cannot be done (contradiction, damaged file)
    USAGE = 2  # the command's words are wrong (unknown cell, kind, option)


class OneLineErrors(TyperGroup):
    """Runs a command; turns every expected failure into one line on stderr and an exit code."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        from assistant.errors import AssistantError

        traceback = "--traceback" in (sys.argv[1:] if args is None else args)
        if args is not None:
            args = [arg for arg in args if arg != "--traceback"]
        elif traceback:
            sys.argv.remove("--traceback")
        args = _speak(self, sys.argv[1:] if args is None else list(args))
        try:
            code = super().main(args, prog_name or "assistant", complete_var, standalone_mode=False, **extra)
        except AssistantError as error:
            if traceback:
                raise
            _fail(str(error), error.exit_code)
        except typer.TyperException as error:  # click's usage errors
            context = getattr(error, "ctx", None)
            if type(error).__name__ == "NoArgsIsHelpError" and context is not None:
                typer.echo(context.get_help())
                sys.exit(ExitCode.USAGE)
            from assistant.errors import cut

            hint = f" (see: {context.command_path} --help)" if context is not None else ""
            _fail(cut(error.format_message().replace("\n", " "), 300) + hint, ExitCode.USAGE)
        except typer.Exit as exit_:
            sys.exit(exit_.exit_code)
        except typer.Abort:
            _fail("aborted", ExitCode.ERROR)
        except KeyboardInterrupt:
            _fail("interrupted: nothing was written", ExitCode.ERROR)
        except OSError as error:  # a file given on the command line that cannot even be looked at
            if traceback:
                raise
            from assistant.errors import shown

            what = f" {shown(error.filename, 300)}" if error.filename else ""
            _fail(f"cannot use{what} ({error.strerror or error})", ExitCode.ERROR)
        except Exception as error:  # a bug: still one line, and nothing was written
            if traceback:
                raise
            from assistant.errors import cut

            _fail(f"internal error ({type(error).__name__}: {cut(str(error), 300)}); nothing was written. "
                  f"Please report it with the output of the same command plus --traceback", ExitCode.ERROR)
        sys.exit(code if isinstance(code, int) else ExitCode.OK)

    def resolve_command(self, ctx, args):
        """A French command word is its English command; a mistyped one gets 'did you mean'."""
        name, command, rest = self._resolve(ctx, args)
        _refuse_repeated_options(command, rest)
        return name, command, rest

    def _resolve(self, ctx, args):
        if args and args[0] not in self.commands:
            name = ALIASES.get(args[0].lower())
            if name in self.commands:
                return super().resolve_command(ctx, [name, *args[1:]])
            if not args[0].startswith("-"):
                import difflib

                from assistant.errors import InputError

                known = [n for n, c in self.commands.items() if not c.hidden] + [a for a, n in ALIASES.items()
                                                                                 if n in self.commands]
                close = difflib.get_close_matches(args[0].lower(), known, n=1, cutoff=0.6)
                hint = f": did you mean {ALIASES.get(close[0], close[0])}?" if close else \
                    f": see {ctx.command_path} --help"
                raise InputError(f"no such command {args[0]!r}{hint}")
        return super().resolve_command(ctx, args)


def _speak(root, args: list[str]) -> list[str]:
    """Chooses the language (``--lang``, anywhere before ``--``, else ASSISTANT_LANG, else the locale)
    and translates the command tree's help into it; returns ``args`` without ``--lang``."""
    from assistant import i18n

    end = args.index("--") if "--" in args else len(args)
    given, kept, at = None, [], 0
    while at < len(args):
        word = args[at]
        if at < end and (word == "--lang" or word.startswith("--lang=")):
            if word == "--lang":
                if at + 1 >= end or args[at + 1].startswith("-"):
                    _fail(i18n._("--lang needs a language: fr (français) or en (English)"), ExitCode.USAGE)
                given, at = args[at + 1], at + 2
            else:
                given, at = word.partition("=")[2], at + 1
            continue
        kept.append(word)
        at += 1
    try:
        i18n.use(i18n.choose(given))
    except i18n.UnknownLanguage as error:
        _fail(str(error), ExitCode.USAGE)
    # Typer's and click's own words in help ("Usage:", "Options", "[required]") go through
    # the same catalogue (their English is the key; it costs nothing while English is spoken).
    import typer.core
    from typer._click import core as click_core

    typer.core._ = i18n._
    click_core.Context.formatter_class = _HelpFormatter
    if i18n.language() != i18n.DEFAULT:
        _translate_help(root)
    return kept


# Typer's and click's own words in help, kept here so that the catalogue has them (see _speak).
HELP_WORDS = (N_("Show this message and exit."), N_("Arguments"), N_("Options"), N_("Commands"), N_("required"),
              N_("default: {default}"), N_("env var: {var}"), N_("(dynamic)"), N_("Aborted!"))


class _HelpFormatter(HelpFormatter):
    """Click's help layout, with its own words ("Usage:", "Show this message and exit.") translated."""

    def write_usage(self, prog: str, args: str = "", prefix: Optional[str] = None) -> None:
        from assistant.i18n import _

        super().write_usage(prog, args, _("Usage: ") if prefix is None else prefix)

    def write_dl(self, rows, *args, **kwargs) -> None:
        from assistant.i18n import _

        super().write_dl([(term, _(text)) for term, text in rows], *args, **kwargs)


def _translate_help(command) -> None:
    """Every help text of ``command`` and its subcommands, in the language spoken (they are
    written in English, marked with N_, and the tree is built anew on every run)."""
    from assistant.i18n import _

    for name in ("help", "short_help", "epilog"):
        if getattr(command, name, None):
            setattr(command, name, _(getattr(command, name)))
    for param in command.params:
        if getattr(param, "help", None):
            param.help = _(param.help)
    for sub in getattr(command, "commands", {}).values():
        _translate_help(sub)


def _refuse_repeated_options(command, args: list[str]) -> None:
    """An option that takes one value, given twice, is refused: click would keep the last silently."""
    from assistant.errors import InputError, shown

    words = args[:args.index("--")] if "--" in args else args
    for param in getattr(command, "params", ()):
        if getattr(param, "multiple", True) or getattr(param, "is_flag", False) or not hasattr(param, "opts"):
            continue
        values = [value if sep else (words[at + 1] if at + 1 < len(words) else "")
                  for at, (spelling, sep, value) in enumerate(word.partition("=") for word in words)
                  if spelling in param.opts]
        if len(values) > 1:
            raise InputError(f"{param.opts[0]} is given twice ({', '.join(map(shown, values))}): give it once")


# French command words, accepted and never listed: the table speaks both languages.
ALIASES = {"indice": "clue", "feuille": "sheet", "annuler": "undo", "retirer": "retract", "accuser": "accuse",
           "historique": "history", "expliquer": "explain", "suggerer": "suggest", "suggérer": "suggest",
           "candidats": "candidates", "jeux": "games", "parties": "games", "supprimer": "delete",
           "renommer": "rename", "nouvelle": "new", "nouveau": "new", "utiliser": "use",
           # inside tug and quest (each group looks up only its own commands)
           "nain": "gnome", "tirer": "pull", "ecureuils": "squirrels", "écureuils": "squirrels",
           "echange": "exchange", "échange": "exchange", "montrer": "show", "pli": "trick", "donne": "deal",
           "depart": "starts", "départ": "starts", "liste": "list", "retrait": "remove"}
HELP_OPTIONS = {"help_option_names": ["-h", "--help"]}


def _fail(message: str, code: int) -> None:
    # One line, whatever a message quotes back: a file name may hold a line break.
    one_line = message.replace("\r", "\\r").replace("\n", "\\n")
    typer.echo(f"error: {one_line}", err=True)
    sys.exit(int(code))


app = typer.Typer(
    cls=OneLineErrors,
    help="A companion for board game tables: deduction sheets and score pads.\n\n"
         "Start with: assistant new gnom-street --opponents red,blue",
    no_args_is_help=True,
    add_completion=True,  # --install-completion: only the whole app has it (see app_for)
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings=HELP_OPTIONS,
)
board_app = typer.Typer(cls=OneLineErrors, help="Show, correct and verify boards.",
                        no_args_is_help=True, rich_markup_mode=None, context_settings=HELP_OPTIONS)


def _version(wanted: bool) -> None:
    if wanted:
        from importlib.metadata import PackageNotFoundError, version

        try:
            typer.echo(f"assistant {version('assistant')}")
        except PackageNotFoundError:
            typer.echo("assistant (not installed: run from a checkout)")
        raise typer.Exit()


@app.callback()
def _options(_: Annotated[bool, typer.Option("--version", "-V", callback=_version, is_eager=True,
                                              help="Print the version and exit.")] = False,
             lang: Annotated[Optional[str], typer.Option(
                 "--lang", metavar="fr|en",
                 help="The language to answer in, anywhere on the line (else ASSISTANT_LANG, else "
                      "the locale: LC_ALL, LC_MESSAGES, LANG; else English).")] = None) -> None:
    pass  # --lang is read (and taken off the line) before parsing: see _speak


app.add_typer(board_app, name="board")
quest_app = typer.Typer(cls=OneLineErrors, help="Le Roi des Nains score pad: quests, deals, totals.",
                        no_args_is_help=True, rich_markup_mode=None, context_settings=HELP_OPTIONS)
app.add_typer(quest_app, name="quest")

GameOption = Annotated[Optional[str], typer.Option("--game", "-g", help="Game to work on (default: the current one).")]


# -- shell completion (assistant --install-completion) ---------------------------------------


def completer(option: Optional[str] = None):
    """A shell-completion callback: the current game's grammar says what fits the word being typed.

    The words already typed are rebuilt from the parsed parameters (the command's
    name is the step's verb), then ``assistant.grammar.complete`` answers; the core
    is imported only here, when the shell asks. ``option``: complete that option's value."""

    def complete(ctx: typer.Context, incomplete: str) -> list[str]:
        from assistant import grammar
        from assistant.errors import AssistantError

        words = [EXPLAIN_AS.get(ctx.info_name, ctx.info_name)]
        for param in ctx.command.params:
            value = ctx.params.get(param.name)
            if param.name == "game" or value in (None, False, [], ()) or param.opts[0] == option:
                continue
            values = list(value) if isinstance(value, (list, tuple)) else [value]
            if param.param_type_name == "option":
                words += [item for each in values for item in (param.opts[0], *([] if value is True else [str(each)]))]
            else:
                words += [str(each) for each in values]
        try:
            _, matches = grammar.complete(store().load(ctx.params.get("game")),
                                          " ".join(words + ([option] if option else []) + [incomplete]))
        except AssistantError:
            return []  # no game yet, or a damaged one: nothing to offer
        # The shell keeps only words starting with what was typed, case and all: 'b' -> b1, b3.
        return [incomplete + match[len(incomplete):] if match.lower().startswith(incomplete.lower()) else match
                for match in matches]
    return complete


EXPLAIN_AS = {"explain": "accuse"}  # explain CELL names a cell as accuse CELL does: the same slot
STEP_WORDS = completer()
OpponentOption = Annotated[Optional[str], typer.Option(
    "--opponent", "-o", "--opponents", "--adversaire", "--adversaires", help="Who answered (several: red,blue).",
    autocompletion=completer("--opponent"))]
AnswerersOption = Annotated[Optional[list[str]], typer.Option(
    "--opponent", "-o", "--opponents", "--adversaire", "--adversaires",
    help="Who answered, one answer for all (red,blue; or repeat -o).", autocompletion=completer("--opponent"))]


# -- plumbing -----------------------------------------------------------------------


def home() -> Path:
    """The data folder: $ASSISTANT_HOME, else the platform's user-data folder (platformdirs).

    Games saved by 0.1 in Typer's application folder stay where they are: that
    folder is used for as long as the user-data folder does not exist."""
    from assistant.errors import AssistantError

    chosen = os.environ.get("ASSISTANT_HOME")
    if chosen:
        folder, what = Path(chosen), f"ASSISTANT_HOME={chosen}"
    else:
        import platformdirs  # only when ASSISTANT_HOME is not set

        folder = Path(platformdirs.user_data_dir("assistant", appauthor=False))
        legacy = Path(typer.get_app_dir("assistant"))
        if legacy.is_dir() and not folder.exists():
            folder = legacy
        what = f"the data folder {folder}"
    try:
        usable = folder.is_dir() or not folder.exists()
    except OSError as error:  # a name too long, a loop of links
        raise AssistantError(f"{what}: {error.strerror}: set ASSISTANT_HOME to a folder") from None
    if not usable:
        raise AssistantError(f"{what} is a file, not a folder: set ASSISTANT_HOME to a folder (made if missing)")
    return folder


def store() -> "Store":
    from assistant.store import Store

    return Store(home())


def notice_if_unverified(board: "Board") -> None:
    if not board.verified:
        note = f" ({board.note})" if board.note else ""
        typer.echo(f"notice: board {board.name} is unverified{note}; fix cells with "
                   f"'assistant board set {board.name} CELL ...', then 'assistant board verify {board.name}'",
                   err=True)


SvgOption = Annotated[Optional[str], typer.Option("--svg", help="Also save the picture as an SVG image in FILE.",
                                                   metavar="FILE")]
HtmlOption = Annotated[Optional[str], typer.Option("--html", help="Also save the picture as an HTML page in FILE.",
                                                    metavar="FILE")]


def show(renderable, width: Optional[int] = None, svg: Optional[str] = None, html: Optional[str] = None) -> None:
    """Print a picture; with ``svg`` or ``html``, also save it in that file to share (colours included)."""
    from rich.console import Console

    console = Console(highlight=False, soft_wrap=False, width=width, record=bool(svg or html))
    console.print(renderable)
    from assistant.files import write_atomically

    for path, export in ((svg, lambda: console.export_svg(title="assistant", clear=False)),
                         (html, lambda: console.export_html(clear=False))):
        if path:
            try:
                write_atomically(Path(path), export())
            except (OSError, ValueError) as error:
                from assistant.errors import AssistantError

                raise AssistantError(f"cannot save the picture in {path!r} ({getattr(error, 'strerror', None) or error}): "
                                     f"give a file in a folder you can write") from None
            typer.echo(f"saved {path}", err=True)


def echo_json(data) -> None:
    import json

    typer.echo(json.dumps(data, ensure_ascii=False, indent=2))


def deduction(game):
    """The game, if it keeps a deduction sheet, else a one-line error saying what it is."""
    from assistant.errors import InputError

    if not hasattr(game, "sheet"):
        raise InputError(f"game {game.name} is a {game.kind} score pad, not a deduction sheet: "
                         f"see assistant --help")
    return game


PAD_TITLES = {"roi-des-nains": "Le Roi des Nains score pad (assistant quest new)",
              "oh-les-nains": "Oh ! les Nains match (assistant tug new)"}


def pad(game, kind: str):
    from assistant.errors import InputError

    if game.kind != kind:
        raise InputError(f"game {game.name} is not a {PAD_TITLES[kind]}: start one, or pick one "
                         f"with assistant use NAME")
    return game


def say_recorded(game) -> None:
    """The entry just recorded, 'clue 3: area B2 red=no -> red: 7 cells left', then what the table must hear."""
    entry = game.entries()[-1]
    typer.echo(f"clue {entry.number}: {game.step(entry.event).removeprefix('clue ')} -> {game.summary()}")
    for line in game.report():
        typer.echo(line)


# -- games ----------------------------------------------------------------------------


@app.command()
def new(
    board: Annotated[str, typer.Argument(help="Board name, e.g. gnom-street or new-york.")],
    opponents: Annotated[Optional[str], typer.Option("--opponents", "--adversaires",
                                                     help="Opponents' names, e.g. red,blue,yellow.")] = None,
    mine: Annotated[Optional[str], typer.Option("--mine", "--butin",
                                                help="Your own loot cell (nobody else's loot is there).")] = None,
    name: Annotated[Optional[str], typer.Option("--name", "--nom", help="The game's name (default: BOARD-N).")] = None,
    me: Annotated[Optional[str], typer.Option("--me", "--moi", help="Your own name, e.g. Lea: results say 'Lea wins'.")] = None,
) -> None:
    """Start a game and make it current.

    Example: assistant new gnom-street --opponents red,blue,yellow --mine C2 --me Lea
    """
    from assistant.game import Game

    data = store()
    chosen = data.board(board)
    names = opponents.split(",") if opponents is not None else None
    # Without --name the store numbers the game (gnom-street-2) under its lock.
    game = data.create(Game.new(name or chosen.name, chosen, names, mine, me), numbered=name is None)
    notice_if_unverified(chosen)
    who = ", ".join(game.items)
    typer.echo(f"new game {game.name} on {chosen.name}: hunting {who}"
               + (f"; your loot is on {mine.upper()}" if mine else ""))


@app.command()
def games(as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False) -> None:
    """List saved games: board or pad, players, entries, last change; the current one is marked with *."""
    from datetime import datetime

    data = store()
    current = data.current_name()
    listed = [{**entry, "changed": datetime.fromtimestamp(entry["changed"]).astimezone().isoformat(timespec="seconds")
               if entry["changed"] else None, "current": entry["name"] == current} for entry in data.game_list()]
    if as_json:
        echo_json(listed)
        return
    if not listed:
        typer.echo("no games yet: start one with assistant new gnom-street --opponents red,blue")
    width = max((len(entry["name"]) for entry in listed), default=0)
    kinds = max((len(entry["kind"] or "") for entry in listed), default=0)
    for entry in listed:
        mark = "*" if entry["current"] else " "
        if entry["problem"]:
            typer.echo(f"{mark} {entry['name']:<{width}}  damaged: {entry['problem']}")
            continue
        count = entry["entries"]
        who = ", ".join(entry["players"]) or "-"
        typer.echo(f"{mark} {entry['name']:<{width}}  {entry['kind']:<{kinds}}  {who}  "
                   f"({count} entr{'y' if count == 1 else 'ies'}, changed {entry['changed'][:16].replace('T', ' ')})")


@app.command()
def delete(
    name: Annotated[str, typer.Argument(help="A game listed by assistant games.")],
    yes: Annotated[bool, typer.Option("--yes", "-y", "--oui", help="Delete without asking.")] = False,
) -> None:
    """Delete a saved game for good (asks first, unless --yes).

    Example: assistant delete friday --yes
    """
    from assistant.errors import InputError

    data = store()
    name = data.resolve(name)
    if not yes:
        try:
            sure = typer.confirm(f"delete game {name} for good?", default=False, err=True)
        except typer.Abort:
            typer.echo("", err=True)  # ends the question's line
            raise InputError(f"game {name} was not deleted: answer y at the question, or add --yes") from None
        if not sure:
            typer.echo(f"kept game {name}")
            return
    typer.echo(f"deleted game {data.delete(name)}")


@app.command()
def rename(
    old: Annotated[str, typer.Argument(help="A game listed by assistant games.")],
    new: Annotated[str, typer.Argument(help="Its new name: letters, digits, - and _.")],
) -> None:
    """Give a saved game another name (it stays current if it was).

    Example: assistant rename gnom-street-1 friday
    """
    typer.echo(f"renamed game {old} to {store().rename(old, new)}")


@app.command()
def use(name: Annotated[str, typer.Argument(help="A game listed by assistant games.")]) -> None:
    """Make NAME the current game."""
    typer.echo(f"current game: {store().use(name)}")


# -- clues ----------------------------------------------------------------------------


@app.command()
def clue(
    words: Annotated[list[str], typer.Argument(
        help="KIND, its words, then the answer: area B2 yes | flower B3 no --colour blue | "
             "north-of 4 | in staten island no | red=yes blue=no for several players.",
        metavar="KIND WORDS... [ANSWER]", autocompletion=STEP_WORDS)],
    opponent: AnswerersOption = None,
    colour: Annotated[Optional[str], typer.Option("--colour", "--color", "--couleur", "-c",
                                                  help="Flower colour asked about.", autocompletion=completer("--colour"))] = None,
    card: Annotated[Optional[str], typer.Option("--card", "--carte", help="The card it came from, e.g. 'informant 3'.")] = None,
    by: Annotated[Optional[str], typer.Option("--by", "--par", help="Who asked (default: me).")] = None,
    game: GameOption = None,
) -> None:
    """Record a clue heard at the table.

    Kinds: area (zone), line-of-sight (ligne-de-vue), flower (fleur) on the garden;
    north-of, south-of, east-of, west-of, row (ligne, line), column, at, in, near,
    next-to, within N, has ATTR=VALUE on the city. Distances count king steps:
    next-to C3 is the 8 cells around C3 (diagonals count, C3 itself not);
    within N C3 is every cell at most N steps from C3, C3 included
    (dans-un-rayon-de N).

    Example: assistant clue line-of-sight B3 yes --opponent red
    """
    answerers = ",".join(opponent) if opponent else None
    updated = store().update(game, lambda g: g.record(deduction(g).read_clue(list(words), answerers, colour, card, by)))
    say_recorded(updated)


@app.command()
def accuse(
    cell: Annotated[str, typer.Argument(help="The accused cell, e.g. C4.", autocompletion=STEP_WORDS)],
    verdict: Annotated[str, typer.Argument(help="right or wrong (also juste/faux).", autocompletion=STEP_WORDS)],
    opponent: OpponentOption = None,
    game: GameOption = None,
) -> None:
    """Record an accusation heard at the table: a wrong one rules the cell out.

    Example: assistant accuse C4 wrong
    """
    updated = store().update(game, lambda g: g.record(deduction(g).read_accusation(cell, verdict, opponent)))
    say_recorded(updated)


@app.command()
def undo(game: GameOption = None) -> None:
    """Take back the latest entry still standing (repeat to go further back)."""
    from assistant.log import Retract

    _said_taken_back(store().update(game, lambda g: g.record(Retract(None))))


@app.command()
def retract(
    number: Annotated[str, typer.Argument(help="The entry number shown by assistant history.")],
    game: GameOption = None,
) -> None:
    """Take back entry NUMBER (it stays in the history, struck out)."""
    from assistant.log import Retract

    _said_taken_back(store().update(game, lambda g: g.record(Retract.numbered(number))))


def _said_taken_back(game) -> None:
    entry = game.history().taken_back
    typer.echo(f"took back entry {entry.number}: {game.step(entry.event)} -> {game.summary()}")
    for line in game.report():
        typer.echo(line)


# -- the garden's pieces (75 Gnom' Street) -------------------------------------------------


def _piece(game: Optional[str], verb: str, positional: list[str], **options) -> None:
    """Record a piece placed on the garden, then say where things stand."""
    updated = store().update(game, lambda g: deduction(g).record(g.read(verb, positional, options)))
    entry = updated.entries()[-1]
    typer.echo(f"{entry.number}. {updated.step(entry.event)}")
    match = updated.match_score()
    if match:
        typer.echo(match)


PlayerArg = Annotated[str, typer.Argument(help="me, or an opponent's name.")]
CellArg = Annotated[str, typer.Argument(help="A garden cell, e.g. C3.")]


@app.command()
def miniature(player: PlayerArg, cell: CellArg,
              origin: Annotated[Optional[str], typer.Option("--from", help="Move it from this cell.")] = None,
              game: GameOption = None) -> None:
    """Record a miniature placed on the garden (it kicks out one standing there).

    Example: assistant miniature red C3 --from A1
    """
    _piece(game, "miniature", [player, cell], origin=origin)


@app.command()
def cat(cell: CellArg, game: GameOption = None) -> None:
    """Record the cat placed or moved on CELL (the miniature there goes back to its owner)."""
    _piece(game, "cat", [cell])


@app.command()
def token(player: PlayerArg, cell: CellArg,
          kind: Annotated[Optional[str], typer.Argument(help="mole or bait: yours are known, others' face down.")] = None,
          alex: Annotated[bool, typer.Option("--alex", help="Card 7: on a free cell next to a miniature.")] = False,
          game: GameOption = None) -> None:
    """Record a Mole or Bait token placed (stacked on what is there).

    Example: assistant token me C3 mole; assistant token red D1
    """
    _piece(game, "token", [player, cell, *([kind] if kind else [])], alex=alex)


@app.command()
def reveal(cell: CellArg,
           position: Annotated[str, typer.Argument(help="The token's place in the stack, 1 for the bottom.")],
           kind: Annotated[str, typer.Argument(help="mole or bait.")], game: GameOption = None) -> None:
    """Record a face-down token revealed at the end of the game."""
    _piece(game, "reveal", [cell, position, kind])


@app.command()
def loot(player: PlayerArg, cell: CellArg, game: GameOption = None) -> None:
    """Record an opponent's loot card shown at the end of the game."""
    _piece(game, "loot", [player, cell])


@app.command()
def mole(cell: CellArg,
         verdict: Annotated[str, typer.Argument(help="found or missed (trouvé, raté).")],
         by: Annotated[Optional[str], typer.Option(help="Who placed it (default: me).")] = None,
         next_mine: Annotated[Optional[str], typer.Option(help="My loot cell for the next set.")] = None,
         game: GameOption = None) -> None:
    """Two-player game: a Mole placed ends the set; found wins it, missed gives it to the other.

    Example: assistant mole D3 found --next-mine A2
    """
    _piece(game, "mole", [cell, verdict], by=by, next_mine=next_mine)


@app.command()
def tally(
    path: Annotated[Optional[str], typer.Argument(help="A YAML file describing a game played without the log.",
                                                  metavar="[FILE]")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    rules: Annotated[str, typer.Option("--rules", "--regles", help=(
        "fr or en: the rule book to follow where they differ (which Moles a bottom Bait catches: "
        "fr the opposing ones, en all; a Mole after the third on a loot: fr 0, en 3). Default fr: the "
        "French rules are the original."))] = "fr",
    game: GameOption = None,
    svg: SvgOption = None,
    html: HtmlOption = None,
) -> None:
    """Score the end of a 75 Gnom' Street game (3 or 4 players): miniatures, loot stacks, baits.

    From the current game's recorded pieces, or from a file: players, miniatures
    (count per player), loot (cell per player), stacks (cell: [Ana mole, Ben bait], bottom first),
    settings (optional: rules en, later_moles, bait_counts). A two-player game has no victory points.

    Example: assistant tally --rules en
    """
    from assistant import render
    from assistant.pads import gnom_tally

    data = store()
    if path is not None:
        from assistant import yamlfile

        result = gnom_tally.score_file(yamlfile.load(Path(path)), str(path), data.board("gnom-street"), rules)
    else:
        result = gnom_tally.score_game(data.load(game), rules)
    if as_json:
        echo_json(result.to_mapping())
        return
    show(render.tally_table(result), svg=svg, html=html)
    typer.echo(result.verdict())


@app.command()
def recover(name: Annotated[Optional[str], typer.Argument(help="The damaged game (default: the current one).")] = None) -> None:
    """Restore a damaged game's last good state (the damaged file is kept beside it)."""
    game, damaged, listed = store().recover(name)
    if listed is None:
        loss = "its events cannot be counted"
    else:
        lost = max(0, listed - len(game.events))
        loss = f"it listed {listed} events: {lost} of them {'is' if lost == 1 else 'are'} not in the good state"
    typer.echo(f"restored {game.name}: {len(game.events)} events; the damaged file is kept as {damaged} ({loss})")


# -- reading the sheet ------------------------------------------------------------------


OddsOption = Annotated[bool, typer.Option("--odds", help="Add each cell's probability (exact joint model).")]


@app.command()
def sheet(odds: OddsOption = False, game: GameOption = None, svg: SvgOption = None, html: HtmlOption = None) -> None:
    """Draw each opponent's sheet: crossed cells, ponds, what is left (--odds: a heat map).

    Each cell shows its terrain and flowers (the city: district, pictograms, kind)
    as marks the legend explains. --svg/--html FILE also save the picture to share.
    """
    from assistant import advisor, render

    current = deduction(store().load(game))
    closed = {item: current.closed(item) for item in current.items}
    the_sheet = current.sheet()
    show(render.sheet(the_sheet, closed, advisor.odds(the_sheet) if odds else None), svg=svg, html=html)
    match = current.match_score()
    if match:
        typer.echo(match)


@app.command()
def candidates(
    as_json: Annotated[bool, typer.Option("--json", help="Print a JSON object: name -> cells.")] = False,
    odds: OddsOption = False,
    game: GameOption = None,
) -> None:
    """List the cells still possible for each opponent.

    --json prints {"red": ["A1", ...], ...}; with --odds, {"candidates": {...},
    "odds": {"red": {"A1": 0.25, ...}}, "method": "..."}.
    """
    current = deduction(store().load(game))
    the_sheet = current.sheet()
    names = the_sheet.candidate_names()
    the_odds = None
    if odds:
        from assistant import advisor

        the_odds = advisor.odds(the_sheet)
    if as_json:
        if the_odds is None:
            echo_json(names)
        else:
            board = current.board
            probabilities = {item: {name: the_odds.items[item].get(board.parse_cell(name), 0.0) for name in cells}
                             for item, cells in names.items()}
            echo_json({"candidates": names, "odds": probabilities, "method": the_odds.method})
        return
    for item, cells in names.items():
        if the_odds is None:
            typer.echo(f"{item}: {' '.join(cells) if cells else '(none)'}")
        else:
            shown = [f"{name} {the_odds.items[item].get(current.board.parse_cell(name), 0.0):.0%}" for name in cells]
            typer.echo(f"{item}: {', '.join(shown) if shown else '(none)'}")
    if the_odds is not None:
        typer.echo(f"odds: {the_odds.method}")


@app.command()
def suggest(
    left: Annotated[Optional[str], typer.Option(
        "--left", "--terrain", help="Terrain tokens left for me, e.g. grass,wood.")] = None,
    actions: Annotated[Optional[str], typer.Option(help="Action tokens left, e.g. area,flower,cat.")] = None,
    ask: Annotated[Optional[str], typer.Option(help="Players I may ask (ranked below me), e.g. red,blue.")] = None,
    everyone: Annotated[bool, typer.Option("--all", help="Mick: one question to all the players asked.")] = False,
    top: Annotated[int, typer.Option(
        help="How many values to show, questions of equal value together (with --json: questions).", min=1)] = 10,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    game: GameOption = None,
) -> None:
    """Advise my turn from the tokens left: which to take, where my miniature goes, whom to ask what.

    Best first. With tokens short, the advice looks one turn ahead.
    On a board without questions (New York): the likeliest cells and what accusing risks.

    Example: assistant suggest --left grass,wood --actions area,flower --ask red
    """
    from assistant import advisor

    current = deduction(store().load(game))
    the_sheet = current.sheet()
    the_odds = advisor.odds(the_sheet)
    board = current.board
    if not board.questions:
        ranked = {item: advisor.accusations(the_sheet, item, the_odds)[:top] for item in current.items}
        if as_json:
            echo_json({"accusations": {item: [{"cell": board.name_of(a.cell), "probability": a.probability,
                                                "risk": 1 - a.probability} for a in found]
                                       for item, found in ranked.items()}, "method": the_odds.method})
            return
        typer.echo(f"{board.name} has no questions to choose; the likeliest cells ({the_odds.method}):")
        for item, found in ranked.items():
            for a in found:
                typer.echo(f"  {item} on {board.name_of(a.cell)}: {a.probability:.0%}"
                           f" (accusing there: {1 - a.probability:.0%} risk of elimination)")
        return
    cat = current.garden().cat if board.per_opponent else None
    turn = advisor.read_turn(board, current.items, current.item, left, actions, ask, everyone,
                             board.parse_cell(cat) if cat else None)
    single = len(current.items) == 1
    if as_json:
        ranked = advisor.questions(the_sheet, turn, the_odds, limit=top)
        echo_json({"questions": [_question_json(q, single, board) for q in ranked], "method": the_odds.method})
        return
    groups = advisor.question_groups(the_sheet, turn, the_odds, limit=top, shown=GROUP_SHOWN)
    if not groups:
        typer.echo("nobody left to ask: every opponent asked is found" if not any(
            the_sheet.found(item) is None for item in turn.ask or current.items) else "no question fits these tokens")
        return
    typer.echo("best questions now: the tokens to take, where your miniature goes, whom to ask "
               "(bits: expected information from the answer):")
    for rank, (shown, count) in enumerate(groups, 1):
        first = shown[0]
        worth = f"{first.bits:.2f} bits" + (f", saves {first.turns_saved:.2f} turns" if first.turns_saved else "")
        if count == 1:
            typer.echo(f"{rank:>3}. {advisor.turn_words(board, first, single)} "
                       f"({worth}; {advisor.split_words(first)})")
            continue
        typer.echo(f"{rank:>3}. any of these {count}: {worth}; {advisor.split_words(first)}")
        for question in shown:
            typer.echo(f"       {advisor.turn_words(board, question, single)}")
        if count > len(shown):
            typer.echo(f"       and {count - len(shown)} more like these (--json --top N lists them all)")


GROUP_SHOWN = 5  # questions spelt out per value; the rest are counted


def _question_json(question, single: bool, board=None) -> dict:
    from assistant import advisor

    found = {"ask": question.words(single), "kind": question.clue.kind, "args": list(question.clue.args),
             "opponents": list(question.asked), "bits": round(question.bits, 6),
             "expected_left": round(question.expected_left, 6), "worst_left": question.worst_left,
             "yes_left": question.yes_left, "no_left": question.no_left,
             "turns_saved": round(question.turns_saved, 6), "split": advisor.split_words(question)}
    if board is not None:
        found["turn"] = advisor.turn_words(board, question, single)
    return found


@app.command()
def review(
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    game: GameOption = None,
) -> None:
    """Go through the game: each question asked, what it gave, and the best question then."""
    from assistant import advisor

    current = deduction(store().load(game))
    reviews = advisor.review(current)
    single = len(current.items) == 1
    if as_json:
        echo_json([{"clue": r.number, "asked": _question_json(r.asked, single), "gained": round(r.gained, 6),
                    "best": _question_json(r.best, single)} for r in reviews])
        return
    if not reviews:
        typer.echo("no questions asked yet" if current.board.questions
                   else f"nobody asks questions on {current.board.name}")
        return
    for r in reviews:
        typer.echo(f"clue {r.number}: {r.asked.words(single)}: worth {r.asked.bits:.2f} bits, gave {r.gained:.2f}; "
                   f"best then: {r.best.words(single)} ({r.best.bits:.2f} bits)")
    asked_bits = sum(r.asked.bits for r in reviews)
    best_bits = sum(r.best.bits for r in reviews)
    share = f" ({asked_bits / best_bits:.0%} of the best)" if best_bits else ""
    typer.echo(f"in all: {asked_bits:.2f} bits expected from your questions, {best_bits:.2f} from the best{share}")


@app.command()
def history(as_json: Annotated[bool, typer.Option("--json", help="Print JSON: number, step, retracted.")] = False,
            game: GameOption = None) -> None:
    """Number the recorded entries; taken-back ones are shown struck out with (retracted)."""
    current = store().load(game)
    if not hasattr(current, "sheet"):  # a score pad lists its saved steps, undo included, as 0.1 did
        if as_json:
            echo_json([{"number": number, "step": current.step(event), "retracted": False}
                       for number, event in enumerate(current.events, 1)])
            return
        for number, event in enumerate(current.events, 1):
            typer.echo(f"{number:>3}. {current.step(event)}")
        return
    entries = current.history().entries
    if as_json:
        echo_json([{"number": entry.number, "step": current.step(entry.event), "retracted": entry.retracted}
                   for entry in entries])
        return
    if not entries:
        typer.echo("no clues yet")
    for entry in entries:
        mark = " (retracted)" if entry.retracted else ""
        typer.echo(f"{entry.number:>3}. {current.step(entry.event)}{mark}")


@app.command()
def explain(
    cell: Annotated[str, typer.Argument(help="The cell to explain, e.g. C3.", autocompletion=STEP_WORDS)],
    opponent: OpponentOption = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON: each opponent's lines.")] = False,
    game: GameOption = None,
) -> None:
    """Say which clues ruled CELL out, or why it is still possible."""
    current = deduction(store().load(game))
    target = current.board.parse_cell(cell)
    sheet_ = current.sheet()
    items = [current.item(opponent)] if opponent else list(current.items)
    if as_json:
        echo_json({"cell": current.board.name_of(target), "explained": {item: sheet_.explain(item, target)
                                                                        for item in items}})
        return
    for item in items:
        for line in sheet_.explain(item, target):
            typer.echo(f"{item}: {line}" if len(items) > 1 else line)


# -- scenarios ------------------------------------------------------------------------

REPLAY_WIDTH = None  # the terminal's (80 when piped): every picture fits down to 80 columns


@app.command()
def replay(
    path: Annotated[str, typer.Argument(help="A scenario file, or a folder of them.", metavar="PATH")],
    check: Annotated[bool, typer.Option("--check", help="Verify every expectation; stop at the first mismatch.")] = False,
    step: Annotated[bool, typer.Option("--step", help="Wait for Enter between steps.")] = False,
) -> None:
    """Replay a scenario, showing the sheet after each step; a folder gets one verdict per file.

    Example: assistant replay scenarios/gnom-two-player-set.yaml --check
    """
    data = store()
    if Path(path).is_dir():  # paths stay text for Typer: its Path type stats them, and a NUL byte raises
        _replay_folder(data, Path(path))
        return
    from assistant import render, scenario

    loaded = data.scenario(path)
    board = getattr(loaded.game, "board", None)
    show(render.heading(f"{loaded.title} ({loaded.game.kind}, {len(loaded.steps)} steps)"), REPLAY_WIDTH)
    for outcome in scenario.run(loaded):
        show(render.step_line(outcome), REPLAY_WIDTH)
        if check and outcome.mismatches:
            show(render.diagnostic(outcome), REPLAY_WIDTH)
            raise typer.Exit(ExitCode.ERROR)
        if outcome.refused is not None:
            pass
        elif board is None:
            show(render.pad(outcome.game), REPLAY_WIDTH)
            for line in outcome.game.status():
                typer.echo(line)
        else:
            closed = {item: outcome.game.closed(item) for item in outcome.game.items}
            show(render.sheet(outcome.game.sheet(), closed), REPLAY_WIDTH)
        if step:
            try:
                input("(Enter for the next step) ")
            except EOFError:
                step = False
    if check:
        typer.echo(f"ok: every expectation of {path} holds ({len(loaded.steps)} steps)")


def _replay_folder(data, folder: Path) -> None:
    from assistant import scenario
    from assistant.errors import AssistantError

    files = sorted(folder.glob("*.yaml"))
    if not files:
        raise typer.BadParameter(f"no .yaml scenario in {folder}")
    failed = 0
    for file in files:
        try:
            loaded = data.scenario(file)
            outcomes = list(scenario.run(loaded))
        except AssistantError as error:
            failed += 1
            typer.echo(f"FAIL {file.name}: {error}")
            continue
        bad = next((o for o in outcomes if o.mismatches), None)
        if bad is None:
            typer.echo(f"ok   {file.name} ({len(outcomes)} steps)")
        else:
            failed += 1
            typer.echo(f"FAIL {file.name}: step {bad.step.number} ({bad.step.text}): {bad.mismatches[0]}")
    typer.echo(f"{len(files) - failed} passed, {failed} failed")
    if failed:
        raise typer.Exit(ExitCode.ERROR)


@app.command()
def export(name: Annotated[Optional[str], typer.Argument(help="The game (default: the current one).")] = None) -> None:
    """Print a game's log as a scenario (YAML), to replay or import elsewhere."""
    from assistant import scenario, yamlparse

    typer.echo(yamlparse.dumps(scenario.export(store().load(name))), nl=False)


@app.command("import")
def import_(
    path: Annotated[str, typer.Argument(help="A scenario file (or an exported game).", metavar="FILE")],
    name: Annotated[Optional[str], typer.Option(help="The new game's name (default: BOARD-N).")] = None,
) -> None:
    """Turn a scenario into a saved game and make it current."""
    from assistant import scenario

    data = store()
    loaded = data.scenario(path)
    game = scenario.to_game(loaded)
    game = data.create(game._replace(name=name or data.free_name(game.kind)))
    typer.echo(f"imported {path} as game {game.name}: {len(game.events)} event{'s' if len(game.events) != 1 else ''}; {game.summary()}")


# -- Le Roi des Nains ---------------------------------------------------------------------

ROI = "roi-des-nains"


def _roi_rules():
    data = store()
    return data.pad_rules(data.pad_class(ROI))


def _pad_report(game, svg: Optional[str] = None, html: Optional[str] = None) -> None:
    """After a change to a score pad: its picture, then what the table needs to hear."""
    from assistant import render

    show(render.pad(game), svg=svg, html=html)
    for line in game.report():
        typer.echo(line)


@quest_app.command("new")
def quest_new(
    players: Annotated[str, typer.Option(help="3 to 5 players in seating order, e.g. Ana,Ben,Cleo.")],
    name: Annotated[Optional[str], typer.Option(help="The pad's name (default: roi-des-nains-N).")] = None,
) -> None:
    """Start a Le Roi des Nains score pad and make it current.

    Example: assistant quest new --players Ana,Ben,Cleo
    """
    from assistant.pads.roi import RoiGame

    data = store()
    game = data.create(RoiGame.new(name or data.free_name(ROI), players.split(","), _roi_rules()))
    typer.echo(f"new score pad {game.name}: {game.table_said()}")


@quest_app.command("list")
def quest_list(as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False) -> None:
    """List the 40 quest faces (what each scores, what a summary needs) and the special cards."""
    from assistant.pads.roi import listing

    rules = _roi_rules()
    if as_json:
        echo_json([{"id": q.id, "name": q.name, "fr": q.fr, "rule": {q.primitive: q.spec}, "needs": q.needs,
                    "scores": q.scores(rules.face_value)} for q in rules.quests])
        return
    for line in listing(rules):
        typer.echo(line)


@quest_app.command("deal")
def quest_deal(
    quest: Annotated[str, typer.Argument(help="The quest: tile and face (13A) or its name.", autocompletion=STEP_WORDS)],
    special: Annotated[str, typer.Option(help="The special card shuffled in, e.g. flag-bearer.",
                                         autocompletion=completer("--special"))],
    tricks: Annotated[Optional[str], typer.Option(help="Tricks per player: Ana=4,Ben=5,Cleo=4.")] = None,
    order: Annotated[Optional[str], typer.Option(help="Each trick's winner, first to last: Ana,Ben,...")] = None,
    won: Annotated[Optional[list[str]], typer.Option(
        help="Cards a player won: Ana=Kg,Qb (repeat per player; NAME=rest: every card not listed).")] = None,
    special_winner: Annotated[Optional[str], typer.Option(help="Who gets the special card's effect (or none).")] = None,
    scout: Annotated[Optional[str], typer.Option(help="Who played the Scout and the faces in its trick: Ana=2.")] = None,
    dealer_next: Annotated[Optional[str], typer.Option(help="Who won the green 5 (deals next).")] = None,
    replace: Annotated[Optional[str], typer.Option(help="Correct deal N instead of adding one.")] = None,
    game: GameOption = None,
) -> None:
    """Record a deal: its quest and special card, then either a summary now or its tricks one by one.

    Example: assistant quest deal 13A --special flag-bearer --won Ana=Kg,Kb,Qr --won Ben=Kr --special-winner Ana
    """
    from assistant.pads.roi import DealEvent

    def record(g):
        return pad(g, ROI).record(DealEvent.build(
            g, quest, special, tricks=tricks, order=order, won=won or (), special_winner=special_winner,
            scout=scout, dealer_next=dealer_next, replace=replace))
    _pad_report(store().update(game, record))


@quest_app.command("trick")
def quest_trick(
    words: Annotated[list[str], typer.Argument(help="The leader, then each card in play order: Ana 5g 7g Kb.",
                                               metavar="LEADER CARD...", autocompletion=STEP_WORDS)],
    winner: Annotated[Optional[str], typer.Option(help="Who won, when a magic card decides it.",
                                                  autocompletion=completer("--winner"))] = None,
    seating: Annotated[bool, typer.Option("--seating", help="The cards are in seating order (the order of "
                                          "--players), not in play order.")] = False,
    replace: Annotated[Optional[str], typer.Option(help="Correct trick N of the latest deal instead.")] = None,
    game: GameOption = None,
) -> None:
    """Record one trick of the deal being played; the winner follows from follow-suit.

    Example: assistant quest trick Ana 5g 7g Kb
    """
    from assistant.pads.roi import TrickEvent

    def record(g):
        return pad(g, ROI).record(TrickEvent.build(g, words[0], words[1:], winner=winner, seating=seating,
                                                   replace=replace))
    updated = store().update(game, record)
    typer.echo(updated.trick_said(updated.events[-1].replaces))
    if updated.open_deal() is None or updated.events[-1].replaces is not None:
        _pad_report(updated)


@quest_app.command("remove")
def quest_remove(number: Annotated[str, typer.Argument(help="The deal number shown by assistant quest show.")],
                 game: GameOption = None) -> None:
    """Take deal NUMBER out of the game; the deals after it move up and totals are recomputed."""
    from assistant.pads.roi import DropEvent

    _pad_report(store().update(game, lambda g: pad(g, ROI).record(DropEvent.build(g, number))))


@quest_app.command("show")
def quest_show(game: GameOption = None, svg: SvgOption = None, html: HtmlOption = None) -> None:
    """The score table: deals as rows, each player's points and running totals."""
    _pad_report(pad(store().load(game), ROI), svg, html)


@quest_app.command("export")
def quest_export(
    csv: Annotated[bool, typer.Option("--csv", help="Comma-separated values.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="JSON.")] = False,
    game: GameOption = None,
) -> None:
    """Export the score table as CSV or JSON."""
    if as_json == csv:
        raise typer.BadParameter("choose one: --csv or --json")
    current = pad(store().load(game), ROI)
    if as_json:
        echo_json(current.score_sheet())
        return
    import csv as csv_module
    import io

    out = io.StringIO()
    csv_module.writer(out, lineterminator="\n").writerows(current.score_lines())
    typer.echo(out.getvalue(), nl=False)


# -- Oh ! les Nains ------------------------------------------------------------------------

TUG = "oh-les-nains"
tug_app = typer.Typer(cls=OneLineErrors, help="Oh ! les Nains: the rope tracker.", no_args_is_help=True,
                      rich_markup_mode=None, context_settings=HELP_OPTIONS)
app.add_typer(tug_app, name="tug")
ByOption = Annotated[Optional[str], typer.Option("--by", help="Who plays (default: whose turn it is).",
                                                 autocompletion=completer("--by"))]


def _tug_move(game: Optional[str], build) -> None:
    """Record the move ``build(match)`` makes on the match (refused: nothing written), then show the rope."""
    updated = store().update(game, lambda g: g.record(build(pad(g, TUG))))
    _pad_report(updated)


@tug_app.command("new")
def tug_new(
    sides: Annotated[str, typer.Option(help="Two players, or two teams: Ana,Ben or Ana+Cleo,Ben+Dan.")],
    counters: Annotated[bool, typer.Option("--counters", help="Play with contre, sur-contre, sur-sur-contre.")] = False,
    starts: Annotated[Optional[str], typer.Option(help="Who plays first (the smallest player; default: the first named).")] = None,
    name: Annotated[Optional[str], typer.Option(help="The match's name (default: oh-les-nains-N).")] = None,
) -> None:
    """Start an Oh ! les Nains match; each player then places a first gnome: assistant tug gnome red --by Ana."""
    from assistant.pads.tug import TugGame

    data = store()
    game = data.create(TugGame.new(name or data.free_name(TUG), sides.split(","), counters, starts))
    typer.echo(f"new match {game.name}: {game.side_name(0)} against {game.side_name(1)}; "
               f"order {', '.join(game.order)}")
    for line in game.status():
        typer.echo(line)


@tug_app.command("gnome")
def tug_gnome(
    card: Annotated[str, typer.Argument(help="The card's colour, or multi.", autocompletion=STEP_WORDS)],
    chosen: Annotated[Optional[str], typer.Argument(help="The colour placed (multicolour, or none of the card's left).",
                                                    autocompletion=STEP_WORDS)] = None,
    by: ByOption = None, game: GameOption = None,
) -> None:
    """Add a gnome (the other side pulls 2); at a round's start, place your first gnome."""
    from assistant.pads.tug import Gnome

    _tug_move(game, lambda match: Gnome.build(match, card, chosen, by))


@tug_app.command("pull")
def tug_pull(
    zero: Annotated[Optional[list[str]], typer.Option("--zero", "--zéro", help="Colours worth 0, e.g. green (repeat or join with commas).")] = None,
    two: Annotated[Optional[list[str]], typer.Option("--two", "--deux", help="Colours worth 2, e.g. blue,yellow (repeat or join with commas).")] = None,
    by: ByOption = None, game: GameOption = None,
) -> None:
    """Play a pull card: the stronger side pulls by the difference. A card names at least one colour.

    Example: assistant tug pull --two green --zero blue
    """
    from assistant.pads.tug import Pull

    _tug_move(game, lambda match: Pull.build(match, zero, two, by))


@tug_app.command("squirrels")
def tug_squirrels(count: Annotated[str, typer.Argument(help="1, 2 or 3 squirrels.", autocompletion=STEP_WORDS)],
                  by: ByOption = None,
                  game: GameOption = None) -> None:
    """Play a squirrel card: pull the hose 1, 2 or 3 flagstones towards you."""
    from assistant.pads.tug import Squirrels

    _tug_move(game, lambda match: Squirrels.build(match, count, by))


@tug_app.command("exchange")
def tug_exchange(by: ByOption = None, game: GameOption = None) -> None:
    """Exchange cards instead of playing: the other side pulls 1."""
    from assistant.pads.tug import Exchange

    _tug_move(game, lambda match: Exchange.build(match, by))


CounterCard = Annotated[str, typer.Argument(help="The card: the countered colour, or multi.", autocompletion=STEP_WORDS)]
CounterColour = Annotated[Optional[str], typer.Argument(help="With multi: the colour countered (default: the move's).",
                                                        autocompletion=STEP_WORDS)]


def _counter(game: Optional[str], level: int, card: str, chosen: Optional[str], by: Optional[str]) -> None:
    from assistant.pads.tug import Counter

    _tug_move(game, lambda match: Counter.build(match, level, card, chosen, by))


@tug_app.command("contre")
def tug_contre(card: CounterCard, chosen: CounterColour = None, by: ByOption = None, game: GameOption = None) -> None:
    """Counter the gnome just added: it leaves (optional rule)."""
    _counter(game, 1, card, chosen, by)


@tug_app.command("sur-contre")
def tug_sur_contre(card: CounterCard, chosen: CounterColour = None, by: ByOption = None,
                   game: GameOption = None) -> None:
    """Answer a counter: place two gnomes of that colour, the hose stays (optional rule)."""
    _counter(game, 2, card, chosen, by)


@tug_app.command("sur-sur-contre")
def tug_sur_sur_contre(card: CounterCard, chosen: CounterColour = None, by: ByOption = None,
                       game: GameOption = None) -> None:
    """Answer a sur-contre: take the two gnomes into your team (optional rule)."""
    _counter(game, 3, card, chosen, by)


@tug_app.command("starts")
def tug_starts(player: Annotated[str, typer.Argument(help="The player who plays the round's first card.")],
               game: GameOption = None) -> None:
    """Choose who starts the round, before its first card (the rules: the loser of the last round starts).

    Example: assistant tug starts Dan
    """
    from assistant.pads.tug import Starts

    _tug_move(game, lambda match: Starts.build(match, player))


@tug_app.command("show")
def tug_show(game: GameOption = None, svg: SvgOption = None, html: HtmlOption = None) -> None:
    """Draw the hose, the fence and both lines of gnomes."""
    _pad_report(pad(store().load(game), TUG), svg, html)


# -- boards ---------------------------------------------------------------------------


@app.command()
def boards() -> None:
    """List the shipped boards and your own board files."""
    for info in store().boards():
        flag = "verified" if info.verified else "UNVERIFIED"
        typer.echo(f"{info.name:<14} {flag:<10} {info.origin:<8} {info.title}")


@board_app.command("show")
def board_show(
    name: Annotated[str, typer.Argument(help="Board name, e.g. gnom-street.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the board as JSON.")] = False,
    svg: SvgOption = None,
    html: HtmlOption = None,
) -> None:
    """Draw a board (terrain, flowers, ponds: marks and colours), or print it as JSON.

    Example: assistant board show gnom-street --svg garden.svg
    """
    chosen = store().board(name)
    if as_json:
        echo_json(chosen.describe())
        return
    from assistant import render

    notice_if_unverified(chosen)
    show(render.board(chosen), svg=svg, html=html)


@board_app.command("set")
def board_set(
    name: Annotated[str, typer.Argument(help="Board name.")],
    cell: Annotated[str, typer.Argument(help="The cell to correct, e.g. C2.")],
    values: Annotated[list[str], typer.Argument(help="terrain=gravel flowers=blue,yellow pond=no ...",
                                                metavar="ATTRIBUTE=VALUE...")],
) -> None:
    """Correct one cell from your own box (saved in your data folder, not the shipped file).

    Example: assistant board set gnom-street C2 terrain=gravel flowers=blue,yellow
    """
    corrected = store().correct_board(name, cell, list(values))
    cell_name = corrected.name_of(corrected.parse_cell(cell))
    described = corrected.describe()["cells"][cell_name]
    shown = "pond" if described["pond"] else ", ".join(
        f"{k}={','.join(v) if isinstance(v, list) else v}" for k, v in described.items() if k != "pond")
    typer.echo(f"{name} {cell_name}: {shown}")


@board_app.command("verify")
def board_verify(name: Annotated[str, typer.Argument(help="Board name.")]) -> None:
    """Record that you checked the board against your own box."""
    store().verify_board(name)
    typer.echo(f"{name}: marked as verified by you")


# -- the table screen ------------------------------------------------------------------


@app.command()
def table(
    game: GameOption = None,
    board: Annotated[Optional[str], typer.Option(help="Open on this board's set-up from the box, e.g. gnom-street.")] = None,
) -> None:
    """Open the table screen: the game stays in front of you, one line takes each step.

    Type the words of the commands without 'assistant' (clue area B3 yes -o red, trick Ana 5g 7g Kb,
    undo); Tab completes, F1 lists the words. Every entry is saved at once.

    Example: assistant table
    """
    from assistant import table as screen

    data = store()
    if board is None or game is not None:
        data.resolve(game)  # no game: one line now, rather than an empty screen
    screen.run(data, game, board)


def app_for(args: list[str]) -> typer.Typer:
    """The app, holding only the command about to run when the arguments name one.

    Typer turns every registered command into a click command on each run
    (5 ms for the fifty here); a command at the table needs only its own.
    Help and unknown commands get the whole app."""
    name = next((arg for at, arg in enumerate(args)
                 if not arg.startswith("-") and (at == 0 or args[at - 1] != "--lang")), None)
    name = ALIASES.get(name.lower(), name) if name is not None else None  # French words: see OneLineErrors
    commands = [c for c in app.registered_commands if (c.name or c.callback.__name__.replace("_", "-")) == name]
    groups = [g for g in app.registered_groups if g.name == name]
    if name is None or not (commands or groups) or args[:1] in (["--help"], ["-h"]):
        return app
    only = typer.Typer(cls=OneLineErrors, help=app.info.help, add_completion=False,
                       pretty_exceptions_enable=False, rich_markup_mode=None, context_settings=HELP_OPTIONS)
    only.registered_commands = commands
    only.registered_groups = groups
    only.callback()(_group)  # a callback keeps it a group: `assistant NAME ...` parses as before
    return only


def _group() -> None:
    """A companion for board game tables: deduction sheets and score pads."""


def main() -> None:
    app_for(sys.argv[1:])()


if __name__ == "__main__":
    main()
