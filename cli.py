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

from assistant.i18n import N_, _, decimal, ngettext

if TYPE_CHECKING:
    from assistant.board import Board
    from assistant.store import Store


class ExitCode(IntEnum):
    OK = 0
    ERROR = 1  # the command was understood but cannot be done (contradiction, damaged file)
    USAGE = 2  # the command's words are wrong (unknown cell, kind, option)


class Printable:
    """A text stream that writes each control character as an escape (``assistant.errors.printable``).

    Only the colour codes Rich writes (SGR: ESC [ digits m) pass, and only to a terminal, where
    Rich writes them; the stream offers no ``buffer``, so nothing writes around it."""

    def __init__(self, stream) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        from assistant.errors import printable

        if "\x1b" in text and self._stream.isatty():
            import re

            parts = re.split(r"(\x1b\[[0-9;]*m)", text)
            self._stream.write("".join(part if at % 2 else printable(part) for at, part in enumerate(parts)))
        else:
            self._stream.write(printable(text))
        return len(text)

    def __getattr__(self, name: str):
        if name == "buffer":
            raise AttributeError(name)
        return getattr(self._stream, name)


class OneLineErrors(TyperGroup):
    """Runs a command; turns every expected failure into one line on stderr and an exit code."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        # Everything this command prints goes through Printable: a card text, a scenario title or
        # a file name holding ESC or U+2028 is shown escaped, never obeyed by the terminal.
        streams = sys.stdout, sys.stderr
        sys.stdout, sys.stderr = Printable(sys.stdout), Printable(sys.stderr)
        try:
            self._main(args, prog_name, complete_var, **extra)
        finally:
            sys.stdout, sys.stderr = streams

    def _main(self, args, prog_name, complete_var, **extra):
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

            said = cut(usage_error(error).replace("\n", " "), 300)
            _fail(_("{message} (see: {command} --help)").format(message=said, command=context.command_path)
                  if context is not None else said, ExitCode.USAGE)
        except typer.Exit as exit_:
            sys.exit(exit_.exit_code)
        except typer.Abort:
            _fail(_("aborted"), ExitCode.ERROR)
        except KeyboardInterrupt:
            _fail(_("interrupted: nothing was written"), ExitCode.ERROR)
        except OSError as error:  # a file given on the command line that cannot even be looked at
            if traceback:
                raise
            from assistant.errors import shown

            reason = error.strerror or str(error)
            _fail(_("cannot use {file} ({reason})").format(file=shown(error.filename, 300), reason=reason)
                  if error.filename else _("cannot use it ({reason})").format(reason=reason), ExitCode.ERROR)
        except Exception as error:  # a bug: still one line, and nothing was written
            if traceback:
                raise
            from assistant.errors import cut

            _fail(_("internal error ({kind}: {detail}); nothing was written. Please report it with the output "
                    "of the same command plus --traceback").format(kind=type(error).__name__,
                                                                    detail=cut(str(error), 300)), ExitCode.ERROR)
        sys.exit(code if isinstance(code, int) else ExitCode.OK)

    def resolve_command(self, ctx, args):
        """A French command word is its English command; a mistyped one gets 'did you mean'."""
        name, command, rest = self._resolve(ctx, args)
        _refuse_repeated_options(command, rest)
        return name, command, _numbers_not_options(command, rest)

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
                raise InputError(
                    _("no such command {word}: did you mean {command}?").format(
                        word=repr(args[0]), command=ALIASES.get(close[0], close[0])) if close else
                    _("no such command {word}: see {command} --help").format(word=repr(args[0]),
                                                                              command=ctx.command_path))
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
                    _refuse_language(i18n.UnknownLanguage("--lang", None))
                given, at = args[at + 1], at + 2
            else:
                given, at = word.partition("=")[2], at + 1
            continue
        kept.append(word)
        at += 1
    try:
        i18n.use(i18n.choose(given))
    except i18n.UnknownLanguage as error:
        _refuse_language(error)
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

        super().write_dl([(term, glued(_(text))) for term, text in rows], *args, **kwargs)

    def write_heading(self, heading: str) -> None:
        self.write(f"{'':>{self.current_indent}}" + _("{heading}:").format(heading=heading) + "\n")

    def write_text(self, text: str) -> None:
        super().write_text(glued(text))

    def getvalue(self) -> str:
        return super().getvalue().replace(NO_BREAK, " ")


NO_BREAK = "\u00a0"


def glued(text: str) -> str:
    """French puts a space before : ; ? ! -- held by a no-break space while click wraps the help, so
    that a line never starts with the colon (getvalue gives the plain space back)."""
    for mark in ":;?!":
        text = text.replace(f" {mark}", NO_BREAK + mark)
    return text


def _refuse_language(error) -> None:
    """A language that cannot be spoken is refused in the locale's language (French on a French machine)."""
    from assistant import i18n

    i18n.use(i18n.locale_language())
    _fail(str(error), ExitCode.USAGE)


def _translate_help(command) -> None:
    """Every help text of ``command`` and its subcommands, in the language spoken (they are
    written in English, marked with N_, and the tree is built anew on every run); the words
    standing for what to type too (``{cell}``, ``[FILE]``, ``<str>``, ``COMMAND [ARGS]...``)."""
    for name in ("help", "short_help", "epilog", "options_metavar", "subcommand_metavar"):
        if getattr(command, name, None):
            setattr(command, name, _(getattr(command, name)))
    for param in command.params:
        if getattr(param, "help", None):
            param.help = _(param.help)
        if param.param_type_name == "argument":
            param.metavar = _(param.metavar or param.name)
        elif param.metavar is not None:
            param.metavar = _(param.metavar)
        elif not getattr(param, "is_flag", False) and param.type.name in TYPE_WORDS:
            param.metavar = _(TYPE_WORDS[param.type.name])
    for sub in getattr(command, "commands", {}).values():
        _translate_help(sub)


# The words standing for what to type, in help and usage errors (see _translate_help): arguments are
# shown by their name, options by their type, click's own by its placeholders.
ARGUMENT_WORDS = (N_("board"), N_("name"), N_("old"), N_("new"), N_("cell"), N_("verdict"), N_("number"),
                  N_("player"), N_("kind"), N_("position"), N_("quest"), N_("card"), N_("chosen"), N_("count"),
                  N_("[OPTIONS]"), N_("COMMAND [ARGS]..."), N_("Missing command."), N_("No such command {name!r}."))
TYPE_WORDS = {"str": N_("<str>"), "int": N_("<int>"), "int range": N_("<int range>")}
# Typer's own options on the whole app (--install-completion), translated with the rest of the tree.
TYPER_HELP = (N_("Install completion for the current shell."),
              N_("Show completion for the current shell, to copy it or customize the installation."))


def usage_error(error) -> str:
    """Click's own usage error in the language spoken. Click writes them in English with f-strings
    that no catalogue reaches, so each kind is said again from the exception's attributes (the
    English exactly as click says it; a message of ours, already translated, is kept)."""
    import re

    from typer._click import exceptions as click
    from typer._click.utils import _escape_control_characters as escaped

    from assistant.i18n import language as i18n_language

    message = getattr(error, "message", str(error))
    if isinstance(error, click.NoSuchOption):
        option = escaped(error.option_name)
        if error.possibilities:
            return _("No such option: {option} (Possible options: {options})").format(
                option=option, options=", ".join(sorted(error.possibilities)))
        return _("No such option: {option}").format(option=option)
    if isinstance(error, click.BadParameter):
        hint = error.param_hint if error.param_hint is not None else \
            error.param.get_error_hint(error.ctx) if error.param is not None else None
        hint = " / ".join(repr(each) for each in hint) if hint is not None and not isinstance(hint, str) else hint
        if isinstance(error, click.MissingParameter):
            if error.param is not None and len(getattr(error.param, "opts", ())) > 1:  # one spelling: the language's
                spellings = [opt for opt in error.param.opts if opt.startswith("--")] or error.param.opts
                hint = repr(spellings[-1] if i18n_language() != "en" else spellings[0])
            extra = error.param.type.get_missing_message(param=error.param, ctx=error.ctx) \
                if error.param is not None else None
            detail = ". ".join(part for part in (message, extra) if part)
            kind = error.param_type or (error.param.param_type_name if error.param is not None else "parameter")
            missing = {"argument": _("Missing argument {name}."), "option": _("Missing option {name}.")}.get(
                kind, _("Missing parameter {name}.")).format(name=hint or "")
            return f"{missing} {detail}" if detail else missing
        for pattern, said in ((r"(?P<value>.*) is not a valid integer\.", N_("{value} is not a valid integer.")),
                              (r"(?P<value>.*) is not a valid int range\.", N_("{value} is not a valid int range.")),
                              (r"(?P<value>.*) is not in the range (?P<range>.*)\.",
                               N_("{value} is not in the range {range}."))):
            found = re.fullmatch(pattern, message)
            if found:
                message = _(said).format(**found.groupdict())
                break
        if hint is None:
            return _("Invalid value: {reason}").format(reason=message)
        return _("Invalid value for {name}: {reason}").format(name=hint, reason=message)
    if isinstance(error, click.BadOptionUsage):
        option = repr(error.option_name)
        if message.endswith(" requires an argument."):
            return _("Option {option} requires an argument.").format(option=option)
        if message.endswith(" does not take a value."):
            return _("Option {option} does not take a value.").format(option=option)
        count = re.search(r" requires (\d+) arguments\.$", message)
        if count:
            return ngettext("Option {option} requires {count} argument.", "Option {option} requires {count} arguments.",
                            int(count.group(1))).format(option=option, count=count.group(1))
        return message
    extra = re.fullmatch(r"Got unexpected extra argument\(s\) \((?P<words>.*)\)", message, re.DOTALL)
    if extra:
        return _("Got unexpected extra argument(s) ({words})").format(words=extra.group("words"))
    return error.format_message() if hasattr(error, "format_message") else message


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
            raise InputError(_("{option} is given twice ({values}): give it once").format(
                option=param.opts[0], values=", ".join(map(shown, values))))


def _numbers_not_options(command, args: list[str]) -> list[str]:
    """A negative number where a command takes one word ('retract -1') is that word, not an unknown
    option: it is moved after '--', so that the command refuses it as it refuses any wrong number."""
    import re

    arguments = [param for param in getattr(command, "params", ()) if param.param_type_name == "argument"]
    if len(arguments) != 1 or arguments[0].nargs != 1:
        return args
    takes_value = {spelling for param in command.params if param.param_type_name == "option"
                   and not param.is_flag for spelling in param.opts}
    end = args.index("--") if "--" in args else len(args)
    kept, numbers, at = [], [], 0
    while at < end:
        word = args[at]
        if word in takes_value:  # its value follows, whatever it looks like
            kept += args[at:at + 2]
            at += 2
            continue
        (numbers if re.fullmatch(r"-[0-9]+", word) else kept).append(word)
        at += 1
    return args if not numbers else kept + ["--"] + numbers + args[end + 1:]


# French command words, accepted and never listed: the table speaks both languages.
ALIASES = {"indice": "clue", "feuille": "sheet", "annuler": "undo", "retirer": "retract", "accuser": "accuse",
           "historique": "history", "expliquer": "explain", "suggerer": "suggest", "suggérer": "suggest",
           "candidats": "candidates", "jeux": "games", "parties": "games", "supprimer": "delete",
           "renommer": "rename", "nouvelle": "new", "nouveau": "new", "utiliser": "use", "decompte": "tally",
           "décompte": "tally", "quete": "quest", "quête": "quest", "revue": "review", "exporter": "export",
           "importer": "import", "recuperer": "recover", "récupérer": "recover", "plateaux": "boards",
           "plateau": "board", "corde": "tug",
           # the garden's pieces, as a French table reads them in its history (grammar.said)
           "statuette": "miniature", "chat": "cat", "jeton": "token", "reveler": "reveal", "révéler": "reveal",
           "retourner": "reveal", "butin": "loot", "taupe": "mole",
           # inside tug and quest (each group looks up only its own commands)
           "nain": "gnome", "tirer": "pull", "ecureuils": "squirrels", "écureuils": "squirrels",
           "echange": "exchange", "échange": "exchange", "montrer": "show", "pli": "trick", "donne": "deal",
           "depart": "starts", "départ": "starts", "commence": "starts", "liste": "list", "retrait": "remove",
           # inside board
           "corriger": "set", "verifier": "verify", "vérifier": "verify", "reinitialiser": "reset",
           "réinitialiser": "reset", "remettre": "reset"}
HELP_OPTIONS = {"help_option_names": ["-h", "--help"]}


def _fail(message: str, code: int) -> None:
    # One line, whatever a message quotes back: a file name may hold a line break.
    one_line = message.replace("\r", "\\r").replace("\n", "\\n")
    typer.echo(_("error: {message}").format(message=one_line), err=True)
    sys.exit(int(code))


app = typer.Typer(
    cls=OneLineErrors,
    help=N_("A companion for board game tables: deduction sheets and score pads.\n\n"
         "Start with: assistant new gnom-street --opponents red,blue"),
    no_args_is_help=True,
    add_completion=True,  # --install-completion: only the whole app has it (see app_for)
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings=HELP_OPTIONS,
)
board_app = typer.Typer(cls=OneLineErrors, help=N_("Show, correct and verify boards."),
                        no_args_is_help=True, rich_markup_mode=None, context_settings=HELP_OPTIONS)


def _version(wanted: bool) -> None:
    if wanted:
        from importlib.metadata import PackageNotFoundError, version

        try:
            typer.echo(f"assistant {version('assistant')}")
        except PackageNotFoundError:
            typer.echo(_("assistant (not installed: run from a checkout)"))
        raise typer.Exit()


@app.callback()
def _options(version: Annotated[bool, typer.Option("--version", "-V", callback=_version, is_eager=True,
                                              help=N_("Print the version and exit."))] = False,
             lang: Annotated[Optional[str], typer.Option(
                 "--lang", metavar=N_("fr|en"),
                 help=N_("The language to answer in, anywhere on the line (else ASSISTANT_LANG, else "
                      "the locale: LC_ALL, LC_MESSAGES, LANG; else English)."))] = None) -> None:
    pass  # --lang is read (and taken off the line) before parsing: see _speak


app.add_typer(board_app, name="board")
quest_app = typer.Typer(cls=OneLineErrors, help=N_("Le Roi des Nains score pad: quests, deals, totals."),
                        no_args_is_help=True, rich_markup_mode=None, context_settings=HELP_OPTIONS)
app.add_typer(quest_app, name="quest")

GameOption = Annotated[Optional[str], typer.Option("--game", "-g",
                                                   help=N_("Game to work on (default: the current one)."))]


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
            unused, matches = grammar.complete(store().load(ctx.params.get("game")),
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
    "--opponent", "-o", "--opponents", "--adversaire", "--adversaires", help=N_("Who answered (several: red,blue)."),
    autocompletion=completer("--opponent"))]
AnswerersOption = Annotated[Optional[list[str]], typer.Option(
    "--opponent", "-o", "--opponents", "--adversaire", "--adversaires",
    help=N_("Who answered, one answer for all (red,blue; or repeat -o)."), autocompletion=completer("--opponent"))]


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
        what = _("the data folder {folder}").format(folder=folder)
    try:
        usable = folder.is_dir() or not folder.exists()
    except OSError as error:  # a name too long, a loop of links
        raise AssistantError(_("{what}: {reason}: set ASSISTANT_HOME to a folder").format(
            what=what, reason=error.strerror)) from None
    if not usable:
        raise AssistantError(_("{what} is a file, not a folder: set ASSISTANT_HOME to a folder (made if missing)")
                             .format(what=what))
    return folder


def store() -> "Store":
    from assistant.store import Store

    return Store(home())


def notice_if_unverified(board: "Board") -> None:
    if not board.verified:
        from assistant.board import unverified_notice

        sys.stdout.flush()  # what was printed comes first: the notice never glues to its last line
        typer.echo(unverified_notice(board), err=True)


SvgOption = Annotated[Optional[str], typer.Option("--svg", help=N_("Also save the picture as an SVG image in FILE."),
                                                   metavar=N_("FILE"))]
HtmlOption = Annotated[Optional[str], typer.Option("--html", help=N_("Also save the picture as an HTML page in FILE."),
                                                    metavar=N_("FILE"))]


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
                write_atomically(Path(path), export(), shared=True)  # readable by those it is shared with
            except (OSError, ValueError) as error:
                from assistant.errors import AssistantError

                raise AssistantError(_("cannot save the picture in {file} ({reason}): give a file in a folder you "
                                       "can write").format(file=repr(path),
                                                           reason=getattr(error, "strerror", None) or error)) from None
            typer.echo(_("saved {file}").format(file=path), err=True)


def echo_json(data) -> None:
    import json

    typer.echo(json.dumps(data, ensure_ascii=False, indent=2))


def deduction(game):
    """The game, if it keeps a deduction sheet, else a one-line error saying what it is."""
    from assistant.errors import InputError

    if not hasattr(game, "sheet"):
        raise InputError(_("game {name} is a {kind} score pad, not a deduction sheet: see assistant --help")
                         .format(name=game.name, kind=game.kind))
    return game


# Each with its article: French puts "un" or "une" where English says "a" (see pad).
PAD_TITLES = {"roi-des-nains": N_("a Le Roi des Nains score pad (assistant quest new)"),
              "oh-les-nains": N_("a Oh ! les Nains match (assistant tug new)")}


def pad(game, kind: str):
    from assistant.errors import InputError

    if game.kind != kind:
        raise InputError(_("game {name} is not {pad}: start one, or pick one with assistant use NAME")
                         .format(name=game.name, pad=_(PAD_TITLES[kind])))
    return game


def said(game, event) -> str:
    """An event's step as the player reads it (French: 'indice zone B2 red=non'; see grammar.said)."""
    from assistant.grammar import said as said_step

    return said_step(game, game.step(event))


def say_recorded(game) -> None:
    """The entry just recorded, 'clue 3: area B2 red=no -> red: 7 cells left', then what the table must hear."""
    entry = game.entries()[-1]
    step = said(game, entry.event)
    typer.echo(_("clue {number}: {step} -> {summary}").format(
        number=entry.number, step=step.removeprefix("clue ").removeprefix("indice "), summary=game.summary()))
    for line in game.report():
        typer.echo(line)


# -- games ----------------------------------------------------------------------------


@app.command(help=N_("Start a game and make it current.\n\n"
                     "Example: assistant new gnom-street --opponents red,blue,yellow --mine C2 --me "
                     "Lea"))
def new(
    board: Annotated[str, typer.Argument(help=N_("Board name, e.g. gnom-street or new-york."))],
    opponents: Annotated[Optional[str], typer.Option("--opponents", "--adversaires",
                                                     help=N_("Opponents' names, e.g. red,blue,yellow."))] = None,
    mine: Annotated[Optional[str], typer.Option("--mine", "--butin",
                                                help=N_("Your own loot cell (nobody else's loot is there)."))] = None,
    name: Annotated[Optional[str], typer.Option("--name", "--nom", help=N_("The game's name (default: BOARD-N)."))] = None,
    me: Annotated[Optional[str], typer.Option("--me", "--moi", help=N_("Your own name, e.g. Lea: results say 'Lea wins'."))] = None,
) -> None:
    from assistant.game import Game

    data = store()
    chosen = data.board(board)
    names = opponents.split(",") if opponents is not None else None
    # Without --name the store numbers the game (gnom-street-2) under its lock.
    game = data.create(Game.new(name or chosen.name, chosen, names, mine, me), numbered=name is None)
    notice_if_unverified(chosen)
    said = _("new game {name} on {board}: hunting {who}; your loot is on {cell}") if mine else \
        _("new game {name} on {board}: hunting {who}")
    typer.echo(said.format(name=game.name, board=chosen.name, who=", ".join(map(chosen.local_item, game.items)),
                           cell=(mine or "").upper()))


@app.command(help=N_("List saved games: board or pad, players, entries, last change; the current one "
                     "is marked with *."))
def games(as_json: Annotated[bool, typer.Option("--json", help=N_("Print JSON."))] = False) -> None:
    from datetime import datetime

    data = store()
    current = data.current_name()
    listed = [{**entry, "changed": datetime.fromtimestamp(entry["changed"]).astimezone().isoformat(timespec="seconds")
               if entry["changed"] else None, "current": entry["name"] == current} for entry in data.game_list()]
    if as_json:
        echo_json(listed)
        return
    if not listed:
        typer.echo(_("no games yet: start one with assistant new gnom-street --opponents red,blue"))
    width = max((len(entry["name"]) for entry in listed), default=0)
    kinds = max((len(entry["kind"] or "") for entry in listed), default=0)
    for entry in listed:
        mark = "*" if entry["current"] else " "
        if entry["problem"]:
            typer.echo(f"{mark} " + _("{name}  damaged: {problem}").format(name=f"{entry['name']:<{width}}",
                                                                            problem=entry["problem"]))
            continue
        count = entry["entries"]
        who = ", ".join(entry["players"]) or "-"
        told = ngettext("({count} entry, changed {changed})", "({count} entries, changed {changed})", count).format(
            count=count, changed=entry["changed"][:16].replace("T", " "))
        typer.echo(f"{mark} {entry['name']:<{width}}  {entry['kind']:<{kinds}}  {who}  {told}")


@app.command(help=N_("Delete a saved game for good (asks first, unless --yes).\n\n"
                     "Example: assistant delete friday --yes"))
def delete(
    name: Annotated[str, typer.Argument(help=N_("A game listed by assistant games."))],
    yes: Annotated[bool, typer.Option("--yes", "-y", "--oui", help=N_("Delete without asking."))] = False,
) -> None:
    from assistant.errors import InputError

    data = store()
    name = data.resolve(name)
    if not yes:
        try:
            # Not typer.confirm: it knows y and n only, and a French table answers o or oui.
            answer = typer.prompt(_("delete game {name} for good? [y/N]").format(name=name), default="",
                                  show_default=False, err=True)
        except typer.Abort:
            typer.echo("", err=True)  # ends the question's line
            raise InputError(_("game {name} was not deleted: answer y at the question, or add --yes")
                             .format(name=name)) from None
        if answer.strip().lower() not in YES:
            typer.echo(_("kept game {name}").format(name=name))
            return
    typer.echo(_("deleted game {name}").format(name=data.delete(name)))


YES = ("y", "yes", "o", "oui")  # a yes to a question, in both languages


@app.command(help=N_("Give a saved game another name (it stays current if it was).\n\n"
                     "Example: assistant rename gnom-street-1 friday"))
def rename(
    old: Annotated[str, typer.Argument(help=N_("A game listed by assistant games."))],
    new: Annotated[str, typer.Argument(help=N_("Its new name: letters, digits, - and _."))],
) -> None:
    typer.echo(_("renamed game {old} to {new}").format(old=old, new=store().rename(old, new)))


@app.command(help=N_("Make NAME the current game."))
def use(name: Annotated[str, typer.Argument(help=N_("A game listed by assistant games."))]) -> None:
    typer.echo(_("current game: {name}").format(name=store().use(name)))


# -- clues ----------------------------------------------------------------------------


@app.command(help=N_("Record a clue heard at the table.\n\n"
                     "Kinds: area (zone), line-of-sight (ligne-de-vue), flower (fleur) on the garden; "
                     "north-of, south-of, east-of, west-of, row (ligne, line), column, at, in, near, "
                     "next-to, within N, has ATTR=VALUE on the city. Distances count king steps: "
                     "next-to C3 is the 8 cells around C3 (diagonals count, C3 itself not); within N "
                     "C3 is every cell at most N steps from C3, C3 included (dans-un-rayon-de N).\n\n"
                     "Example: assistant clue line-of-sight B3 yes --opponent red"))
def clue(
    words: Annotated[list[str], typer.Argument(
        help=N_("KIND, its words, then the answer: area B2 yes | flower B3 no --colour blue | "
             "north-of 4 | in staten island no | red=yes blue=no for several players."),
        metavar=N_("KIND WORDS... [ANSWER]"), autocompletion=STEP_WORDS)],
    opponent: AnswerersOption = None,
    colour: Annotated[Optional[str], typer.Option("--colour", "--color", "--couleur", "-c",
                                                  help=N_("Flower colour asked about."), autocompletion=completer("--colour"))] = None,
    card: Annotated[Optional[str], typer.Option("--card", "--carte", help=N_("The card it came from, e.g. 'informant 3'."))] = None,
    by: Annotated[Optional[str], typer.Option("--by", "--par", help=N_("Who asked (default: me)."))] = None,
    game: GameOption = None,
) -> None:
    answerers = ",".join(opponent) if opponent else None
    updated = store().update(game, lambda g: g.record(deduction(g).read_clue(list(words), answerers, colour, card, by)))
    say_recorded(updated)


@app.command(help=N_("Record an accusation heard at the table: a wrong one rules the cell out.\n\n"
                     "Example: assistant accuse C4 wrong"))
def accuse(
    cell: Annotated[str, typer.Argument(help=N_("The accused cell, e.g. C4."), autocompletion=STEP_WORDS)],
    verdict: Annotated[str, typer.Argument(help=N_("right or wrong (also juste/faux)."), autocompletion=STEP_WORDS)],
    opponent: OpponentOption = None,
    game: GameOption = None,
) -> None:
    updated = store().update(game, lambda g: g.record(deduction(g).read_accusation(cell, verdict, opponent)))
    say_recorded(updated)


@app.command(help=N_("Take back the latest entry still standing (repeat to go further back)."))
def undo(game: GameOption = None) -> None:
    from assistant.log import Retract

    _said_taken_back(store().update(game, lambda g: g.record(Retract(None))))


@app.command(help=N_("Take back entry NUMBER (it stays in the history, struck out)."))
def retract(
    number: Annotated[str, typer.Argument(help=N_("The entry number shown by assistant history."))],
    game: GameOption = None,
) -> None:
    from assistant.log import Retract

    import re

    # A whole number out of range (0, -1) is refused as any missing entry is: saying which numbers exist.
    wanted = Retract(int(number)) if re.fullmatch(r"-?[0-9]+", number.strip()) else Retract.numbered(number)
    _said_taken_back(store().update(game, lambda g: g.record(wanted)))


def _said_taken_back(game) -> None:
    entry = game.history().taken_back
    typer.echo(_("took back entry {number}: {step} -> {summary}").format(
        number=entry.number, step=said(game, entry.event), summary=game.summary()))
    for line in game.report():
        typer.echo(line)


# -- the garden's pieces (75 Gnom' Street) -------------------------------------------------


def _piece(game: Optional[str], verb: str, positional: list[str], **options) -> None:
    """Record a piece placed on the garden, then say where things stand."""
    updated = store().update(game, lambda g: deduction(g).record(g.read(verb, positional, options)))
    entry = updated.entries()[-1]
    typer.echo(f"{entry.number}. {said(updated, entry.event)}")
    match = updated.match_score()
    if match:
        typer.echo(match)


PlayerArg = Annotated[str, typer.Argument(help=N_("me, or an opponent's name."))]
CellArg = Annotated[str, typer.Argument(help=N_("A garden cell, e.g. C3."))]


@app.command(help=N_("Record a miniature placed on the garden (it kicks out one standing there).\n\n"
                     "Example: assistant miniature red C3 --from A1"))
def miniature(player: PlayerArg, cell: CellArg,
              origin: Annotated[Optional[str], typer.Option("--from", "--depuis", help=N_("Move it from this cell."))] = None,
              game: GameOption = None) -> None:
    _piece(game, "miniature", [player, cell], origin=origin)


@app.command(help=N_("Record the cat placed or moved on CELL (the miniature there goes back to its "
                     "owner)."))
def cat(cell: CellArg,
        far: Annotated[bool, typer.Option("--three", "--trois", help=N_(
            "A gnome card moves it: up to 3 cells instead of 1."))] = False,
        game: GameOption = None) -> None:
    _piece(game, "cat", [cell], far=far)


@app.command(help=N_("Record a Mole or Bait token placed (stacked on what is there).\n\n"
                     "Example: assistant token me C3 mole; assistant token red D1"))
def token(player: PlayerArg, cell: CellArg,
          kind: Annotated[Optional[str], typer.Argument(help=N_("mole or bait: yours are known, others' face down."))] = None,
          alex: Annotated[bool, typer.Option("--alex", help=N_("Card 7: on a free cell next to a miniature."))] = False,
          game: GameOption = None) -> None:
    _piece(game, "token", [player, cell, *([kind] if kind else [])], alex=alex)


@app.command(help=N_("Record a face-down token revealed at the end of the game."))
def reveal(cell: CellArg,
           position: Annotated[str, typer.Argument(help=N_("The token's place in the stack, 1 for the bottom."))],
           kind: Annotated[str, typer.Argument(help=N_("mole or bait."))], game: GameOption = None) -> None:
    _piece(game, "reveal", [cell, position, kind])


@app.command(help=N_("Record an opponent's loot card shown at the end of the game."))
def loot(player: PlayerArg, cell: CellArg, game: GameOption = None) -> None:
    _piece(game, "loot", [player, cell])


@app.command(help=N_("Two-player game: a Mole placed ends the set; found wins it, missed gives it to "
                     "the other.\n\n"
                     "Example: assistant mole D3 found --next-mine A2"))
def mole(cell: CellArg,
         verdict: Annotated[str, typer.Argument(help=N_("found or missed (trouvé, raté)."))],
         by: Annotated[Optional[str], typer.Option("--by", "--par", help=N_("Who placed it (default: me)."))] = None,
         next_mine: Annotated[Optional[str], typer.Option("--next-mine", "--prochain-butin", help=N_("My loot cell for the next set."))] = None,
         game: GameOption = None) -> None:
    _piece(game, "mole", [cell, verdict], by=by, next_mine=next_mine)


@app.command(help=N_("Score the end of a 75 Gnom' Street game (3 or 4 players): miniatures, loot "
                     "stacks, baits.\n\n"
                     "From the current game's recorded pieces, or from a file: players, miniatures "
                     "(count per player), loot (cell per player), stacks (cell: [Ana mole, Ben bait], "
                     "bottom first), settings (optional: rules en, later_moles, bait_counts). A "
                     "two-player game has no victory points.\n\n"
                     "Example: assistant tally --rules en"))
def tally(
    path: Annotated[Optional[str], typer.Argument(help=N_("A YAML file describing a game played without the log."),
                                                  metavar=N_("[FILE]"))] = None,
    as_json: Annotated[bool, typer.Option("--json", help=N_("Print JSON."))] = False,
    rules: Annotated[str, typer.Option("--rules", "--regles", help=(
        N_("fr or en: the rule book to follow where they differ (which Moles a bottom Bait catches: "
        "fr the opposing ones, en all; a Mole after the third on a loot: fr 0, en 3). Default fr: the "
        "French rules are the original.")))] = "fr",
    game: GameOption = None,
    svg: SvgOption = None,
    html: HtmlOption = None,
) -> None:
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
    show(render.tally_table(result), svg=svg, html=html)  # the verdict included, in the picture too


@app.command(help=N_("Restore a damaged game's last good state (the damaged file is kept beside it)."))
def recover(name: Annotated[Optional[str], typer.Argument(help=N_("The damaged game (default: the current one)."))] = None) -> None:
    game, damaged, listed = store().recover(name)
    if listed is None:
        loss = _("its events cannot be counted")
    else:
        lost = max(0, listed - len(game.events))
        loss = ngettext("it listed {listed} events: {lost} of them is not in the good state",
                        "it listed {listed} events: {lost} of them are not in the good state", lost).format(
            listed=listed, lost=lost)
    # English says "1 events", as it always has; ngettext gives French its singular.
    typer.echo(ngettext("restored {name}: {count} events; the damaged file is kept as {file} ({loss})",
                        "restored {name}: {count} events; the damaged file is kept as {file} ({loss})",
                        len(game.events)).format(name=game.name, count=len(game.events), file=damaged, loss=loss))


# -- reading the sheet ------------------------------------------------------------------


OddsOption = Annotated[bool, typer.Option("--odds", "--cotes", "--chances", help=N_("Add each cell's probability (exact joint model)."))]


@app.command(help=N_("Draw each opponent's sheet: crossed cells, ponds, what is left (--odds: a heat "
                     "map).\n\n"
                     "Each cell shows its terrain and flowers (the city: district, pictograms, kind) "
                     "as marks the legend explains. --svg/--html FILE also save the picture to share."))
def sheet(odds: OddsOption = False, game: GameOption = None, svg: SvgOption = None, html: HtmlOption = None) -> None:
    from assistant import advisor, render

    current = deduction(store().load(game))
    closed = {item: current.closed(item) for item in current.items}
    the_sheet = current.sheet()
    show(render.sheet(the_sheet, closed, advisor.odds(the_sheet) if odds else None), svg=svg, html=html)
    match = current.match_score()
    if match:
        typer.echo(match)


@app.command(help=N_("List the cells still possible for each opponent.\n\n"
                     "--json prints {\"red\": [\"A1\", ...], ...}; with --odds, {\"candidates\": {...}, "
                     "\"odds\": {\"red\": {\"A1\": 0.25, ...}}, \"method\": \"...\"}."))
def candidates(
    as_json: Annotated[bool, typer.Option("--json", help=N_("Print a JSON object: name -> cells."))] = False,
    odds: OddsOption = False,
    game: GameOption = None,
) -> None:
    current = deduction(store().load(game))
    board = current.board
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
            probabilities = {item: {name: the_odds.items[item].get(board.parse_cell(name), 0.0) for name in cells}
                             for item, cells in names.items()}
            echo_json({"candidates": names, "odds": probabilities, "method": the_odds.method})
        return
    for item, cells in names.items():
        if the_odds is None:
            typer.echo(_("{name}: {value}").format(name=board.local_item(item),
                                                   value=" ".join(cells) if cells else _("(none)")))
        else:
            shown = [f"{name} {the_odds.items[item].get(board.parse_cell(name), 0.0):.0%}" for name in cells]
            typer.echo(_("{name}: {value}").format(name=board.local_item(item),
                                                   value=", ".join(shown) if shown else _("(none)")))
    if the_odds is not None:
        typer.echo(_("odds: {method}").format(method=the_odds.method))


@app.command(help=N_("Advise my turn from the tokens left: which to take, where my miniature goes, "
                     "whom to ask what.\n\n"
                     "Best first. With tokens short, the advice looks one turn ahead. On a board "
                     "without questions (New York): the likeliest cells and what accusing risks.\n\n"
                     "Example: assistant suggest --left grass,wood --actions area,flower --ask red"))
def suggest(
    left: Annotated[Optional[str], typer.Option(
        "--left", "--terrain", help=N_("Terrain tokens left for me, e.g. grass,wood."))] = None,
    actions: Annotated[Optional[str], typer.Option(help=N_("Action tokens left, e.g. area,flower,cat."))] = None,
    ask: Annotated[Optional[str], typer.Option(help=N_("Players I may ask (ranked below me), e.g. red,blue."))] = None,
    everyone: Annotated[bool, typer.Option("--all", help=N_("Mick: one question to all the players asked."))] = False,
    top: Annotated[int, typer.Option(
        help=N_("How many values to show, questions of equal value together (with --json: questions)."), min=1)] = 10,
    as_json: Annotated[bool, typer.Option("--json", help=N_("Print JSON."))] = False,
    game: GameOption = None,
) -> None:
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
        typer.echo(_("{board} has no questions to choose; the likeliest cells ({method}):").format(
            board=board.name, method=the_odds.method))
        for item, found in ranked.items():
            for a in found:
                typer.echo("  " + _("{item} on {cell}: {probability} (accusing there: {risk} risk of elimination)")
                           .format(item=board.local_item(item), cell=board.name_of(a.cell),
                                   probability=f"{a.probability:.0%}",
                                   risk=f"{1 - a.probability:.0%}"))
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
        typer.echo(_("nobody left to ask: every opponent asked is found") if not any(
            the_sheet.found(item) is None for item in turn.ask or current.items)
                   else _("no question fits these tokens"))
        return
    typer.echo(_("best questions now: the tokens to take, where your miniature goes, whom to ask "
                 "(bits: expected information from the answer):"))
    for rank, (shown, count) in enumerate(groups, 1):
        first = shown[0]
        worth = (_("{bits} bits, saves {turns} turns") if first.turns_saved else _("{bits} bits")).format(
            bits=decimal(first.bits), turns=decimal(first.turns_saved))
        if count == 1:
            typer.echo(f"{rank:>3}. " + _("{turn} ({worth}; {split})").format(
                turn=advisor.turn_words(board, first, single), worth=worth, split=advisor.split_words(first)))
            continue
        typer.echo(f"{rank:>3}. " + _("any of these {count}: {worth}; {split}").format(
            count=count, worth=worth, split=advisor.split_words(first)))
        for question in shown:
            typer.echo(f"       {advisor.turn_words(board, question, single)}")
        if count > len(shown):
            typer.echo("       " + _("and {count} more like these (--json --top N lists them all)").format(
                count=count - len(shown)))


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


@app.command(help=N_("Go through the game: each question asked, what it gave, and the best question "
                     "then."))
def review(
    as_json: Annotated[bool, typer.Option("--json", help=N_("Print JSON."))] = False,
    game: GameOption = None,
) -> None:
    from assistant import advisor

    current = deduction(store().load(game))
    reviews = advisor.review(current)
    single = len(current.items) == 1
    if as_json:
        echo_json([{"clue": r.number, "asked": _question_json(r.asked, single), "gained": round(r.gained, 6),
                    "best": _question_json(r.best, single)} for r in reviews])
        return
    if not reviews:
        typer.echo(_("no questions asked yet") if current.board.questions
                   else _("nobody asks questions on {board}").format(board=current.board.name))
        return
    board = current.board
    for r in reviews:
        typer.echo(_("clue {number}: {asked}: worth {bits} bits, gave {gained}; best then: {best} ({best_bits} bits)")
                   .format(number=r.number, asked=r.asked.words(single, board), bits=decimal(r.asked.bits),
                           gained=decimal(r.gained), best=r.best.words(single, board), best_bits=decimal(r.best.bits)))
    asked_bits = sum(r.asked.bits for r in reviews)
    best_bits = sum(r.best.bits for r in reviews)
    said = _("in all: {asked} bits expected from your questions, {best} from the best ({share} of the best)") \
        if best_bits else _("in all: {asked} bits expected from your questions, {best} from the best")
    typer.echo(said.format(asked=decimal(asked_bits), best=decimal(best_bits),
                           share=f"{asked_bits / best_bits:.0%}" if best_bits else ""))


@app.command(help=N_("Number the recorded entries; taken-back ones are shown struck out with "
                     "(retracted)."))
def history(as_json: Annotated[bool, typer.Option("--json", help=N_("Print JSON: number, step, retracted."))] = False,
            game: GameOption = None) -> None:
    current = store().load(game)
    # One numbering on every kind of game: the number shown here is the one retract N takes
    # (an undo is not an entry: it strikes one out).
    entries = current.history().entries
    if as_json:
        echo_json([{"number": entry.number, "step": current.step(entry.event), "retracted": entry.retracted}
                   for entry in entries])
        return
    if not entries:
        typer.echo(_("no clues yet") if hasattr(current, "sheet") else _("no entries yet"))
    for entry in entries:
        step = said(current, entry.event)
        typer.echo(f"{entry.number:>3}. " + (_("{step} (retracted)").format(step=step) if entry.retracted else step))


@app.command(help=N_("Say which clues ruled CELL out, or why it is still possible."))
def explain(
    cell: Annotated[str, typer.Argument(help=N_("The cell to explain, e.g. C3."), autocompletion=STEP_WORDS)],
    opponent: OpponentOption = None,
    as_json: Annotated[bool, typer.Option("--json", help=N_("Print JSON: each opponent's lines."))] = False,
    game: GameOption = None,
) -> None:
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
            typer.echo(_("{name}: {value}").format(name=item, value=line) if len(items) > 1 else line)


# -- scenarios ------------------------------------------------------------------------

REPLAY_WIDTH = None  # the terminal's (80 when piped): every picture fits down to 80 columns


@app.command(help=N_("Replay a scenario, showing the sheet after each step; a folder gets one verdict "
                     "per file.\n\n"
                     "Example: assistant replay scenarios/gnom-two-player-set.yaml --check"))
def replay(
    path: Annotated[str, typer.Argument(help=N_("A scenario file, or a folder of them."), metavar=N_("PATH"))],
    check: Annotated[bool, typer.Option("--check", help=N_("Verify every expectation; stop at the first mismatch."))] = False,
    step: Annotated[bool, typer.Option("--step", help=N_("Wait for Enter between steps."))] = False,
) -> None:
    data = store()
    if Path(path).is_dir():  # paths stay text for Typer: its Path type stats them, and a NUL byte raises
        _replay_folder(data, Path(path))
        return
    from assistant import render, scenario

    loaded = data.scenario(path)
    board = getattr(loaded.game, "board", None)
    show(render.heading(ngettext("{title} ({kind}, {count} steps)", "{title} ({kind}, {count} steps)",
                                 len(loaded.steps)).format(title=loaded.title, kind=loaded.game.kind,
                                                           count=len(loaded.steps))), REPLAY_WIDTH)
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
                input(_("(Enter for the next step) "))
            except EOFError:
                step = False
    if check:
        typer.echo(ngettext("ok: every expectation of {path} holds ({count} steps)",  # "1 steps": as always
                            "ok: every expectation of {path} holds ({count} steps)", len(loaded.steps)).format(
            path=path, count=len(loaded.steps)))


def _replay_folder(data, folder: Path) -> None:
    from assistant import scenario
    from assistant.errors import AssistantError

    files = sorted(folder.glob("*.yaml"))
    if not files:
        raise typer.BadParameter(_("no .yaml scenario in {folder}").format(folder=folder))
    failed = 0
    for file in files:
        try:
            loaded = data.scenario(file)
            outcomes = list(scenario.run(loaded))
        except AssistantError as error:
            failed += 1
            typer.echo(_("FAIL {file}: {error}").format(file=file.name, error=error))
            continue
        bad = next((o for o in outcomes if o.mismatches), None)
        if bad is None:
            typer.echo(ngettext("ok   {file} ({count} steps)", "ok   {file} ({count} steps)", len(outcomes)).format(
                file=file.name, count=len(outcomes)))
        else:
            failed += 1
            typer.echo(_("FAIL {file}: step {number} ({step}): {mismatch}").format(
                file=file.name, number=bad.step.number, step=bad.step.text, mismatch=bad.mismatches[0]))
    typer.echo(_("{passed} passed, {failed} failed").format(passed=len(files) - failed, failed=failed))
    if failed:
        raise typer.Exit(ExitCode.ERROR)


@app.command(help=N_("Print a game's log as a scenario (YAML), to replay or import elsewhere."))
def export(name: Annotated[Optional[str], typer.Argument(help=N_("The game (default: the current one)."))] = None) -> None:
    from assistant import scenario, yamlparse

    typer.echo(yamlparse.dumps(scenario.export(store().load(name))), nl=False)


@app.command("import", help=N_("Turn a scenario into a saved game and make it current."))
def import_(
    path: Annotated[str, typer.Argument(help=N_("A scenario file (or an exported game)."), metavar=N_("FILE"))],
    name: Annotated[Optional[str], typer.Option("--name", "--nom", help=N_("The new game's name (default: BOARD-N)."))] = None,
) -> None:
    from assistant import scenario

    data = store()
    loaded = data.scenario(path)
    game = scenario.to_game(loaded)
    game = data.create(game._replace(name=name or data.free_name(game.kind)))
    typer.echo(ngettext("imported {path} as game {name}: {count} event; {summary}",
                        "imported {path} as game {name}: {count} events; {summary}", len(game.events)).format(
        path=path, name=game.name, count=len(game.events), summary=game.summary()))


# -- Le Roi des Nains ---------------------------------------------------------------------

ROI = "roi-des-nains"


def _roi_rules():
    data = store()
    return data.pad_rules(data.pad_class(ROI))


def _pad_report(game, svg: Optional[str] = None, html: Optional[str] = None) -> None:
    """After a change to a score pad: its picture, then what the table needs to hear."""
    from assistant import render

    if svg or html:  # the picture to share carries the score and whose turn it is (or who won)
        show(render.with_report(render.pad(game), game.report()), svg=svg, html=html)
        return
    show(render.pad(game))
    for line in game.report():
        typer.echo(line)


@quest_app.command("new", help=N_("Start a Le Roi des Nains score pad and make it current.\n\n"
                                  "Example: assistant quest new --players Ana,Ben,Cleo"))
def quest_new(
    players: Annotated[str, typer.Option("--players", "--joueurs", help=N_("3 to 5 players in seating order, e.g. Ana,Ben,Cleo."))],
    name: Annotated[Optional[str], typer.Option("--name", "--nom", help=N_("The pad's name (default: roi-des-nains-N)."))] = None,
) -> None:
    from assistant.pads.roi import RoiGame

    data = store()
    game = data.create(RoiGame.new(name or data.free_name(ROI), players.split(","), _roi_rules()))
    typer.echo(_("new score pad {name}: {table}").format(name=game.name, table=game.table_said()))


@quest_app.command("list", help=N_("List the 40 quest faces (what each scores, what a summary needs) "
                                   "and the special cards."))
def quest_list(as_json: Annotated[bool, typer.Option("--json", help=N_("Print JSON."))] = False) -> None:
    from assistant.pads.roi import listing

    rules = _roi_rules()
    if as_json:
        echo_json([{"id": q.id, "name": q.name, "fr": q.fr, "rule": {q.primitive: q.spec}, "needs": q.needs,
                    "scores": q.scores(rules.face_value)} for q in rules.quests])
        return
    for line in listing(rules):
        typer.echo(line)


@quest_app.command("deal", help=N_("Record a deal: its quest and special card, then either a summary "
                                   "now or its tricks one by one.\n\n"
                                   "Example: assistant quest deal 13A --special flag-bearer --won "
                                   "Ana=Kg,Kb,Qr --won Ben=Kr --special-winner Ana"))
def quest_deal(
    quest: Annotated[str, typer.Argument(help=N_("The quest: tile and face (13A) or its name."), autocompletion=STEP_WORDS)],
    special: Annotated[str, typer.Option(help=N_("The special card shuffled in, e.g. flag-bearer."),
                                         autocompletion=completer("--special"))],
    tricks: Annotated[Optional[str], typer.Option(help=N_("Tricks per player: Ana=4,Ben=5,Cleo=4."))] = None,
    order: Annotated[Optional[str], typer.Option(help=N_("Each trick's winner, first to last: Ana,Ben,..."))] = None,
    won: Annotated[Optional[list[str]], typer.Option(
        help=N_("Cards a player won: Ana=Kg,Qb (repeat per player; NAME=rest: every card not listed)."))] = None,
    special_winner: Annotated[Optional[str], typer.Option(help=N_("Who gets the special card's effect (or none)."))] = None,
    scout: Annotated[Optional[str], typer.Option(help=N_("Who played the Scout and the faces in its trick: Ana=2."))] = None,
    dealer_next: Annotated[Optional[str], typer.Option(help=N_("Who won the green 5 (deals next)."))] = None,
    replace: Annotated[Optional[str], typer.Option(help=N_("Correct deal N instead of adding one."))] = None,
    game: GameOption = None,
) -> None:
    from assistant.pads.roi import DealEvent

    def record(g):
        return pad(g, ROI).record(DealEvent.build(
            g, quest, special, tricks=tricks, order=order, won=won or (), special_winner=special_winner,
            scout=scout, dealer_next=dealer_next, replace=replace))
    _pad_report(store().update(game, record))


@quest_app.command("trick", help=N_("Record one trick of the deal being played; the winner follows "
                                    "from follow-suit.\n\n"
                                    "Example: assistant quest trick Ana 5g 7g Kb"))
def quest_trick(
    words: Annotated[list[str], typer.Argument(help=N_("The leader, then each card in play order: Ana 5g 7g Kb."),
                                               metavar=N_("LEADER CARD..."), autocompletion=STEP_WORDS)],
    winner: Annotated[Optional[str], typer.Option(help=N_("Who won, when a magic card decides it."),
                                                  autocompletion=completer("--winner"))] = None,
    seating: Annotated[bool, typer.Option("--seating", help=N_("The cards are in seating order (the order of "
                                          "--players), not in play order."))] = False,
    replace: Annotated[Optional[str], typer.Option(help=N_("Correct trick N of the latest deal instead."))] = None,
    game: GameOption = None,
) -> None:
    from assistant.pads.roi import TrickEvent

    def record(g):
        return pad(g, ROI).record(TrickEvent.build(g, words[0], words[1:], winner=winner, seating=seating,
                                                   replace=replace))
    updated = store().update(game, record)
    typer.echo(updated.trick_said(updated.events[-1].replaces))
    if updated.open_deal() is None or updated.events[-1].replaces is not None:
        _pad_report(updated)


@quest_app.command("remove", help=N_("Take deal NUMBER out of the game; the deals after it move up "
                                     "and totals are recomputed."))
def quest_remove(number: Annotated[str, typer.Argument(help=N_("The deal number shown by assistant quest show."))],
                 game: GameOption = None) -> None:
    from assistant.pads.roi import DropEvent

    _pad_report(store().update(game, lambda g: pad(g, ROI).record(DropEvent.build(g, number))))


@quest_app.command("show", help=N_("The score table: deals as rows, each player's points and running "
                                   "totals."))
def quest_show(game: GameOption = None, svg: SvgOption = None, html: HtmlOption = None) -> None:
    _pad_report(pad(store().load(game), ROI), svg, html)


@quest_app.command("export", help=N_("Export the score table as CSV or JSON."))
def quest_export(
    csv: Annotated[bool, typer.Option("--csv", help=N_("Comma-separated values."))] = False,
    as_json: Annotated[bool, typer.Option("--json", help=N_("JSON."))] = False,
    game: GameOption = None,
) -> None:
    if as_json == csv:
        raise typer.BadParameter(_("choose one: --csv or --json"))
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
tug_app = typer.Typer(cls=OneLineErrors, help=N_("Oh ! les Nains: the rope tracker."), no_args_is_help=True,
                      rich_markup_mode=None, context_settings=HELP_OPTIONS)
app.add_typer(tug_app, name="tug")
ByOption = Annotated[Optional[str], typer.Option("--by", "--par", help=N_("Who plays (default: whose turn it is)."),
                                                 autocompletion=completer("--by"))]


def _tug_move(game: Optional[str], build) -> None:
    """Record the move ``build(match)`` makes on the match (refused: nothing written), then show the rope."""
    updated = store().update(game, lambda g: g.record(build(pad(g, TUG))))
    _pad_report(updated)


@tug_app.command("new", help=N_("Start an Oh ! les Nains match; each player then places a first "
                                "gnome: assistant tug gnome red --by Ana."))
def tug_new(
    sides: Annotated[str, typer.Option("--sides", "--camps", help=N_("Two players, or two teams: Ana,Ben or Ana+Cleo,Ben+Dan."))],
    counters: Annotated[bool, typer.Option("--counters", "--contres", help=N_("Play with contre, sur-contre, sur-sur-contre."))] = False,
    starts: Annotated[Optional[str], typer.Option("--starts", "--commence", help=N_("Who plays first (the smallest player; default: the first named)."))] = None,
    name: Annotated[Optional[str], typer.Option("--name", "--nom", help=N_("The match's name (default: oh-les-nains-N)."))] = None,
) -> None:
    from assistant.pads.tug import TugGame

    data = store()
    game = data.create(TugGame.new(name or data.free_name(TUG), sides.split(","), counters, starts))
    typer.echo(_("new match {name}: {first} against {second}; order {order}").format(
        name=game.name, first=game.side_name(0), second=game.side_name(1), order=", ".join(game.order)))
    for line in game.status():
        typer.echo(line)


@tug_app.command("gnome", help=N_("Add a gnome (the other side pulls 2); at a round's start, place "
                                  "your first gnome."))
def tug_gnome(
    card: Annotated[str, typer.Argument(help=N_("The card's colour, or multi."), autocompletion=STEP_WORDS)],
    chosen: Annotated[Optional[str], typer.Argument(help=N_("The colour placed (multicolour, or none of the card's left)."),
                                                    autocompletion=STEP_WORDS)] = None,
    by: ByOption = None, game: GameOption = None,
) -> None:
    from assistant.pads.tug import Gnome

    _tug_move(game, lambda match: Gnome.build(match, card, chosen, by))


@tug_app.command("pull", help=N_("Play a pull card: the stronger side pulls by the difference. A card "
                                 "names at least one colour.\n\n"
                                 "Example: assistant tug pull --two green --zero blue"))
def tug_pull(
    zero: Annotated[Optional[list[str]], typer.Option("--zero", "--zéro", help=N_("Colours worth 0, e.g. green (repeat or join with commas)."))] = None,
    two: Annotated[Optional[list[str]], typer.Option("--two", "--deux", help=N_("Colours worth 2, e.g. blue,yellow (repeat or join with commas)."))] = None,
    by: ByOption = None, game: GameOption = None,
) -> None:
    from assistant.pads.tug import Pull

    _tug_move(game, lambda match: Pull.build(match, zero, two, by))


@tug_app.command("squirrels", help=N_("Play a squirrel card: pull the hose 1, 2 or 3 flagstones "
                                      "towards you."))
def tug_squirrels(count: Annotated[str, typer.Argument(help=N_("1, 2 or 3 squirrels."), autocompletion=STEP_WORDS)],
                  by: ByOption = None,
                  game: GameOption = None) -> None:
    from assistant.pads.tug import Squirrels

    _tug_move(game, lambda match: Squirrels.build(match, count, by))


@tug_app.command("exchange", help=N_("Exchange cards instead of playing: the other side pulls 1."))
def tug_exchange(by: ByOption = None, game: GameOption = None) -> None:
    from assistant.pads.tug import Exchange

    _tug_move(game, lambda match: Exchange.build(match, by))


CounterCard = Annotated[str, typer.Argument(help=N_("The card: the countered colour, or multi."), autocompletion=STEP_WORDS)]
CounterColour = Annotated[Optional[str], typer.Argument(help=N_("With multi: the colour countered (default: the move's)."),
                                                        autocompletion=STEP_WORDS)]


def _counter(game: Optional[str], level: int, card: str, chosen: Optional[str], by: Optional[str]) -> None:
    from assistant.pads.tug import Counter

    _tug_move(game, lambda match: Counter.build(match, level, card, chosen, by))


@tug_app.command("contre", help=N_("Counter the gnome just added: it leaves (optional rule)."))
def tug_contre(card: CounterCard, chosen: CounterColour = None, by: ByOption = None, game: GameOption = None) -> None:
    _counter(game, 1, card, chosen, by)


@tug_app.command("sur-contre", help=N_("Answer a counter: place two gnomes of that colour, the hose "
                                       "stays (optional rule)."))
def tug_sur_contre(card: CounterCard, chosen: CounterColour = None, by: ByOption = None,
                   game: GameOption = None) -> None:
    _counter(game, 2, card, chosen, by)


@tug_app.command("sur-sur-contre", help=N_("Answer a sur-contre: take the two gnomes into your team "
                                           "(optional rule)."))
def tug_sur_sur_contre(card: CounterCard, chosen: CounterColour = None, by: ByOption = None,
                       game: GameOption = None) -> None:
    _counter(game, 3, card, chosen, by)


@tug_app.command("starts", help=N_("Choose who starts the round, before its first card (the rules: "
                                   "the loser of the last round starts).\n\n"
                                   "Example: assistant tug starts Dan"))
def tug_starts(player: Annotated[str, typer.Argument(help=N_("The player who plays the round's first card."))],
               game: GameOption = None) -> None:
    from assistant.pads.tug import Starts

    _tug_move(game, lambda match: Starts.build(match, player))


@tug_app.command("show", help=N_("Draw the hose, the fence and both lines of gnomes."))
def tug_show(game: GameOption = None, svg: SvgOption = None, html: HtmlOption = None) -> None:
    _pad_report(pad(store().load(game), TUG), svg, html)


# -- boards ---------------------------------------------------------------------------


@app.command(help=N_("List the shipped boards and your own board files."))
def boards() -> None:
    flags = max(10, len(_("verified")), len(_("UNVERIFIED")))  # one word each: the columns split on spaces
    for info in store().boards():
        flag = _("verified") if info.verified else _("UNVERIFIED")
        origin = _("shipped") if info.origin == "shipped" else info.origin
        typer.echo(f"{info.name:<14} {flag:<{flags}} {origin:<8} {info.title}")


@board_app.command("show", help=N_("Draw a board (terrain, flowers, ponds: marks and colours), or "
                                   "print it as JSON.\n\n"
                                   "Example: assistant board show gnom-street --svg garden.svg"))
def board_show(
    name: Annotated[str, typer.Argument(help=N_("Board name, e.g. gnom-street."))],
    as_json: Annotated[bool, typer.Option("--json", help=N_("Print the board as JSON."))] = False,
    svg: SvgOption = None,
    html: HtmlOption = None,
) -> None:
    chosen = store().board(name)
    if as_json:
        echo_json(chosen.describe())
        return
    from assistant import render

    show(render.board(chosen), svg=svg, html=html)
    notice_if_unverified(chosen)  # under the picture, on a line of its own


@board_app.command("set", help=N_("Correct one cell from your own box (saved in your data folder, not "
                                  "the shipped file).\n\n"
                                  "Example: assistant board set gnom-street C2 terrain=gravel "
                                  "flowers=blue,yellow"))
def board_set(
    name: Annotated[str, typer.Argument(help=N_("Board name."))],
    cell: Annotated[str, typer.Argument(help=N_("The cell to correct, e.g. C2."))],
    values: Annotated[list[str], typer.Argument(help=N_("terrain=gravel flowers=blue,yellow pond=no ..."),
                                                metavar=N_("ATTRIBUTE=VALUE..."))],
) -> None:
    from assistant.board import cell_line

    corrected = store().correct_board(name, cell, list(values))
    typer.echo(cell_line(corrected, corrected.parse_cell(cell)))


@board_app.command("reset", help=N_("Take back your correction of one cell: the cell is as shipped again.\n\n"
                                    "Example: assistant board reset gnom-street C2"))
def board_reset(
    name: Annotated[str, typer.Argument(help=N_("Board name."))],
    cell: Annotated[str, typer.Argument(help=N_("The corrected cell, e.g. C2."))],
) -> None:
    from assistant.board import cell_line

    shipped = store().reset_board_cell(name, cell)
    typer.echo(cell_line(shipped, shipped.parse_cell(cell)))


@board_app.command("verify", help=N_("Record that you checked the board against your own box."))
def board_verify(name: Annotated[str, typer.Argument(help=N_("Board name."))]) -> None:
    store().verify_board(name)
    typer.echo(_("{board}: marked as verified by you").format(board=name))


# -- the table screen ------------------------------------------------------------------


@app.command(help=N_("Open the table screen: the game stays in front of you, one line takes each "
                     "step.\n\n"
                     "Type the words of the commands without 'assistant' (clue area B3 yes -o red, "
                     "trick Ana 5g 7g Kb, undo); Tab completes, F1 lists the words. Every entry is "
                     "saved at once.\n\n"
                     "Example: assistant table"))
def table(
    game: GameOption = None,
    board: Annotated[Optional[str], typer.Option(help=N_("Open on this board's set-up from the box, e.g. gnom-street."))] = None,
) -> None:
    from assistant.errors import InputError

    data = store()
    if board is not None:
        data.board(board)  # an unknown board: one line now, not a refusal inside the screen
    if board is None or game is not None:
        data.resolve(game)  # no game: one line now, rather than an empty screen
    if not (sys.stdin.isatty() and sys.stdout.isatty()):  # a pipe cannot take keys: one line, not a spinning screen
        raise InputError(_("the table screen needs a terminal (its keys and its screen); in a script, use the "
                           "commands themselves (assistant clue ...)"))
    from assistant import table as screen

    closing = screen.run(data, game, board)
    if closing:
        typer.echo(closing)


def command_name(command) -> str:
    """A registered command's name as typed: its own, else its function's ('import_' is import)."""
    return command.name or command.callback.__name__.replace("_", "-")


def command_names(typer_app: typer.Typer) -> set[str]:
    """The names of an app's (or a group's) commands: the table screen runs them too."""
    return {command_name(command) for command in typer_app.registered_commands}


def app_for(args: list[str]) -> typer.Typer:
    """The app, holding only the command about to run when the arguments name one.

    Typer turns every registered command into a click command on each run
    (5 ms for the fifty here); a command at the table needs only its own.
    Help and unknown commands get the whole app."""
    name = next((arg for at, arg in enumerate(args)
                 if not arg.startswith("-") and (at == 0 or args[at - 1] != "--lang")), None)
    name = ALIASES.get(name.lower(), name) if name is not None else None  # French words: see OneLineErrors
    commands = [c for c in app.registered_commands if command_name(c) == name]
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
