"""The ``assistant`` command: parse, call the core, render.

Only typer and the standard library are imported here at start-up; the core
(and yaml, rich) load inside the command that needs them, so that a command
at the table answers at once. Every ``AssistantError`` and every usage error
becomes one line on stderr and an exit code (``ExitCode``), never a traceback.
"""

import gc

gc.disable()  # while Python reads the modules of start-up (typer's and these); enabled at the end of the module

import os
import stat
import sys
from enum import IntEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer
from typer._click.formatting import HelpFormatter
from typer.core import TyperGroup

from assistant.engine.i18n import N_, _, decimal, ngettext

if TYPE_CHECKING:
    from assistant.engine.board import Board
    from assistant.store.folder import Store


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
        from assistant.engine.errors import printable

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
        _ONE_SHOT.append(command_word(sys.argv[1:] if args is None else list(args)) not in LONG_RUNNING)
        went_through = False
        try:
            self._main(args, prog_name, complete_var, **extra)
        except SystemExit as exit_:
            went_through = not exit_.code
            raise
        finally:
            _ONE_SHOT.pop()
            _command_ended(went_through)
            sys.stdout, sys.stderr = streams

    def _main(self, args, prog_name, complete_var, **extra):
        from assistant.engine.errors import AssistantError

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
            from assistant.engine.errors import cut

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
            from assistant.engine.errors import shown

            reason = error.strerror or str(error)
            _fail(_("cannot use {file} ({reason})").format(file=shown(error.filename, 300), reason=reason)
                  if error.filename else _("cannot use it ({reason})").format(reason=reason), ExitCode.ERROR)
        except Exception as error:  # a bug: still one line, and nothing was written
            if traceback:
                raise
            from assistant.engine.errors import cut

            _fail(_("internal error ({kind}: {detail}); nothing was written. Please report it with the output "
                    "of the same command plus --traceback").format(kind=type(error).__name__,
                                                                    detail=cut(str(error), 300)), ExitCode.ERROR)
        sys.exit(code if isinstance(code, int) else ExitCode.OK)

    def resolve_command(self, ctx, args):
        """A French command word is its English command; a mistyped one gets 'did you mean'."""
        name, command, rest = self._resolve(ctx, args)
        _refuse_repeated_options(command, rest)
        return name, command, _numbers_not_options(command, rest)

    def format_commands(self, ctx, formatter) -> None:
        """At a French table the list of commands names each by its French word first: 'indice (clue)'."""
        english = self.commands
        self.commands = {spoken_command(name): command for name, command in english.items()}
        try:
            super().format_commands(ctx, formatter)
        finally:
            self.commands = english

    def _resolve(self, ctx, args):
        if args and args[0] not in self.commands:
            name = ALIASES.get(args[0].lower())
            if name in self.commands:  # the command as typed names it in its usage line: 'assistant indice ...'
                english, command, rest = super().resolve_command(ctx, [name, *args[1:]])
                return args[0], command, rest
            if not args[0].startswith("-"):
                import difflib

                from assistant.engine.errors import InputError

                known = [n for n, c in self.commands.items() if not c.hidden] + [a for a, n in ALIASES.items()
                                                                                 if n in self.commands]
                close = difflib.get_close_matches(args[0].lower(), known, n=1, cutoff=0.6)
                raise InputError(
                    _("no such command {word}: did you mean {command}?").format(
                        word=repr(args[0]), command=ALIASES.get(close[0], close[0])) if close else
                    _("no such command {word}: see {command} --help").format(word=repr(args[0]),
                                                                              command=ctx.command_path))
        return super().resolve_command(ctx, args)


LANGUAGE_OPTION = ("--lang", "--langue")


def _speak(root, args: list[str]) -> list[str]:
    """Chooses the language (``--lang``, anywhere before ``--``, else ASSISTANT_LANG, else the locale)
    and translates the command tree's help into it; returns ``args`` without ``--lang``."""
    from assistant.engine import i18n

    end = args.index("--") if "--" in args else len(args)
    given, kept, at = None, [], 0
    while at < len(args):
        word = args[at]
        if at < end and word.partition("=")[0] in LANGUAGE_OPTION:
            if word in LANGUAGE_OPTION:
                if at + 1 >= end or args[at + 1].startswith("-"):
                    _refuse_language(i18n.UnknownLanguage(word, None))
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
        from assistant.engine.i18n import _

        super().write_usage(prog, args, _("Usage: ") if prefix is None else prefix)

    def write_dl(self, rows, *args, **kwargs) -> None:
        from assistant.engine.i18n import _

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
    from assistant.engine import i18n

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

    from assistant.engine.i18n import language as i18n_language

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
    from assistant.engine.errors import InputError, shown

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
           "statistiques": "stats", "imprimer": "print", "rejouer": "replay", "servir": "serve", "carnet": "pad", "archiver": "archive",
           # what they know about me, my moles, the fight
           "question": "asked", "taupes": "moles", "combat": "fight",
           # the garden's pieces, as a French table reads them in its history (grammar.said)
           "statuette": "miniature", "chat": "cat", "jeton": "token", "reveler": "reveal", "révéler": "reveal",
           "retourner": "reveal", "butin": "loot", "taupe": "mole",
           # inside tug and quest (each group looks up only its own commands)
           "nain": "gnome", "tirer": "pull", "ecureuils": "squirrels", "écureuils": "squirrels",
           "echange": "exchange", "échange": "exchange", "montrer": "show", "pli": "trick", "donne": "deal",
           "depart": "starts", "départ": "starts", "commence": "starts", "liste": "list", "retrait": "remove",
           "echanger": "swap", "échanger": "swap", "passer": "pass", "prendre": "take", "reprendre": "take-back",
           # inside board
           "corriger": "set", "verifier": "verify", "vérifier": "verify", "reinitialiser": "reset",
           "réinitialiser": "reset", "remettre": "reset"}
HELP_OPTIONS = {"help_option_names": ["-h", "--help"]}


def spoken_command(name: str) -> str:
    """A command's name as the help lists it in the language spoken: 'indice (clue)' in French (its French
    word first), the English one alone where French has no other word."""
    from assistant.engine.i18n import DEFAULT, language
    from assistant.engine.words import french_word

    french = french_word(name, ALIASES) if language() != DEFAULT else ""
    return f"{french} ({name})" if french else name


# Whether the command running is a one-shot one (not table or serve), innermost last: a one-shot
# command's cache writes are held until it ends, and dropped if it is refused (store.files.end_command).
_ONE_SHOT: list[bool] = []


def _command_ended(went_through: bool) -> None:
    """A command ended: its held cache writes made or dropped, and, if it went through, one warning line for
    each odd file the data folder held where a file belongs (a refusal stays the one line that says why)."""
    files = sys.modules.get("assistant.store.files")  # not loaded: the data folder was not read
    for line in files.end_command(went_through) if files is not None else ():
        if went_through:
            typer.echo(_("warning: {message}").format(message=line), err=True)


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
                 *LANGUAGE_OPTION, metavar=N_("fr|en"),
                 help=N_("The language to answer in, anywhere on the line (else ASSISTANT_LANG, else "
                      "the locale: LC_ALL, LC_MESSAGES, LANG; else English)."))] = None) -> None:
    pass  # --lang is read (and taken off the line) before parsing: see _speak


app.add_typer(board_app, name="board")
quest_app = typer.Typer(cls=OneLineErrors, help=N_("Le Roi des Nains score pad: quests, deals, totals."),
                        no_args_is_help=True, rich_markup_mode=None, context_settings=HELP_OPTIONS)
app.add_typer(quest_app, name="quest")

GameOption = Annotated[Optional[str], typer.Option("--game", "-g", "--partie",
                                                   help=N_("Game to work on (default: the current one)."))]


# -- shell completion (assistant --install-completion) ---------------------------------------


def completer(option: Optional[str] = None):
    """A shell-completion callback: the current game's grammar says what fits the word being typed.

    The words already typed are rebuilt from the parsed parameters (the command's
    name is the step's verb), then ``assistant.grammar.complete`` answers; the core
    is imported only here, when the shell asks. ``option``: complete that option's value."""

    def complete(ctx: typer.Context, incomplete: str) -> list[str]:
        from assistant.engine import grammar
        from assistant.engine.errors import AssistantError

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
PowerOption = Annotated[Optional[str], typer.Option(
    "--power", "--pouvoir", help=N_("The asker's gnome power, once a fight is recorded: sky or adam (ask anyone), "
                                    "mick (ask everyone)."), autocompletion=completer("--power"))]
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
    from assistant.store.folder import Store

    if _ONE_SHOT and _ONE_SHOT[-1]:
        from assistant.store.files import hold_caches

        hold_caches()  # written when the command ends, if it went through (_command_ended)
    return Store(home())


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

    from assistant.store.files import refuse_odd_target, write_atomically

    for path in filter(None, (svg, html)):  # before the picture: a refused file is the command's one line
        refuse_odd_target(Path(path))
    console = Console(highlight=False, soft_wrap=False, width=width, record=bool(svg or html))
    console.print(renderable)

    for path, export in ((svg, lambda: console.export_svg(title="assistant", clear=False)),
                         (html, lambda: console.export_html(clear=False))):
        if path:
            try:
                write_atomically(Path(path), export(), shared=True)  # readable by those it is shared with
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
    from assistant.engine.errors import InputError

    if not hasattr(game, "sheet"):
        raise InputError(_("game {name} is a {kind} score pad, not a deduction sheet: see assistant --help")
                         .format(name=game.name, kind=game.kind))
    return game


# Each with its article: French puts "un" or "une" where English says "a" (see pad).
PAD_TITLES = {"roi-des-nains": N_("a Le Roi des Nains score pad (assistant quest new)"),
              "oh-les-nains": N_("a Oh ! les Nains match (assistant tug new)")}


def pad(game, kind: str):
    from assistant.engine.errors import InputError

    if game.kind != kind:
        raise InputError(_("game {name} is not {pad}: start one, or pick one with assistant use NAME")
                         .format(name=game.name, pad=_(PAD_TITLES[kind])))
    return game


def said(game, event) -> str:
    """An event's step as the player reads it (French: 'indice zone B2 red=non'; see grammar.said)."""
    from assistant.engine.grammar import said as said_step

    return said_step(game, game.step(event))


def say_recorded(game) -> None:
    """The entry just recorded, 'clue 3: area B2 red=no -> red: 7 cells left', then what the table must hear."""
    entry = game.entries()[-1]
    step = said(game, entry.event)
    typer.echo(_("clue {number}: {step} -> {summary}").format(
        number=entry.number, step=step.removeprefix("clue ").removeprefix("indice "), summary=game.summary()))
    for line in [*game.told(entry), *game.report()]:
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
    from assistant.engine.deduction import Game

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
def games(as_json: Annotated[bool, typer.Option("--json", help=N_("Print JSON."))] = False,
          finished: Annotated[bool, typer.Option("--finished", "--finies", help=N_(
              "Only the finished games (each with its winner and the day it ended)."))] = False,
          archived: Annotated[bool, typer.Option("--archived", "--archivees", "--archivées", help=N_(
              "Only the archived games (assistant archive NAME), which the statistics still count."))] = False,
          ) -> None:
    from datetime import datetime

    from assistant.evenings.stats import outcomes
    from assistant.games.gnom_street.garden import spoken

    data = store()
    current = data.current_name()
    ended = {each["name"]: each for each in outcomes(data)[0] if each["finished"]}
    put_away = data.archived()
    listed = [{**entry, "changed": datetime.fromtimestamp(entry["changed"]).astimezone().isoformat(timespec="seconds")
               if entry["changed"] else None, "current": entry["name"] == current,
               "finished": entry["name"] in ended, "winners": ended.get(entry["name"], {}).get("winners", []),
               "archived": entry["name"] in put_away}
              for entry in data.game_list()
              if (not finished or entry["name"] in ended) and (entry["name"] in put_away) == archived]
    if as_json:
        echo_json(listed)
        return
    if not listed:
        typer.echo(_("no archived game") if archived else _("no finished game yet") if finished else
                   _("no games yet: start one with assistant new gnom-street --opponents red,blue"))
    width = max((len(entry["name"]) for entry in listed), default=0)
    kinds = max((len(entry["kind"] or "") for entry in listed), default=0)
    for entry in listed:
        mark = "*" if entry["current"] else " "
        if entry["problem"]:
            typer.echo(f"{mark} " + _("{name}  damaged: {problem}").format(name=f"{entry['name']:<{width}}",
                                                                            problem=entry["problem"]))
            continue
        count = entry["entries"]
        who = ", ".join(spoken(player) for player in entry["players"]) or "-"
        told = ngettext("({count} entry, changed {changed})", "({count} entries, changed {changed})", count).format(
            count=count, changed=entry["changed"][:16].replace("T", " "))
        typer.echo(f"{mark} {entry['name']:<{width}}  {entry['kind']:<{kinds}}  {who}  {told}{_ended(entry)}")


@app.command(help=N_("Archive a game: games no longer lists it (games --archived does), the statistics "
                     "still count it, and it stays saved, so --game NAME still reaches it.\n\n"
                     "Example: assistant archive friday; assistant archive friday --undo"))
def archive(name: Annotated[Optional[str], typer.Argument(help=N_("The game (default: the current one)."))] = None,
            undo: Annotated[bool, typer.Option("--undo", "--annuler", help=N_(
                "Bring an archived game back into games."))] = False) -> None:
    done = store().archive(name, not undo)
    said = _("brought back game {name}") if undo else \
        _("archived game {name}: assistant games --archived lists it; the statistics still count it")
    typer.echo(said.format(name=done))


def _ended(entry: dict) -> str:
    """'; finished 2026-11-20, Ana won' for a finished game in the list (its date: the file's last change)."""
    if not entry["finished"]:
        return ""
    day = entry["changed"][:10]
    if not entry["winners"]:
        return "  " + _("finished {date}, no winner").format(date=day)
    return "  " + ngettext("finished {date}, {winners} won", "finished {date}, {winners} won",
                           len(entry["winners"])).format(date=day, winners=" + ".join(entry["winners"]))


@app.command(help=N_("Statistics across saved games: per player, games played, finished and won; for Le Roi "
                     "des Nains the mean points per quest face and special card, and the faces each chose; for "
                     "75 Gnom' Street the sets won and the mean turns to find a loot (a turn is one question "
                     "I asked, counted until my sheet kept one cell for that opponent); for Oh ! les Nains "
                     "the rounds.\n\n"
                     "Example: assistant stats --player Ana --since 2026-11-01"))
def stats(
    as_json: Annotated[bool, typer.Option("--json", help=N_("Print JSON."))] = False,
    kind: Annotated[Optional[str], typer.Option("--game-kind", "--type", help=N_(
        "Only games of this kind: gnom-street, new-york, roi-des-nains, oh-les-nains."))] = None,
    player: Annotated[Optional[str], typer.Option("--player", "--joueur", help=N_(
        "Only this player's games and row (me, or your --me name, for your own)."))] = None,
    since: Annotated[Optional[str], typer.Option("--since", "--depuis", help=N_(
        "Only games whose file last changed on this day or later (YYYY-MM-DD)."))] = None,
    svg: SvgOption = None, html: HtmlOption = None,
) -> None:
    from assistant.evenings import stats as evenings

    first = evenings.parse_since(since)
    found, skipped = evenings.outcomes(store())
    summary = evenings.summarise(evenings.choose(found, kind, player, first), player)
    if as_json:
        echo_json({**summary, "skipped": skipped})
        return
    from assistant.faces import pictures as render

    names = {}
    if summary["quests"]:  # quest faces and special cards named as the player reads them
        rules = _roi_rules()
        names = {**{quest.id: quest.said for quest in rules.quests},
                 **{special.id: special.shown for special in rules.specials}}
    show(render.stats(summary, names), svg=svg, html=html)
    for each in skipped:
        typer.echo(_("left out {name}: {problem}").format(name=each["name"], problem=each["problem"]), err=True)


@app.command(help=N_("Delete a saved game for good (asks first, unless --yes).\n\n"
                     "Example: assistant delete friday --yes"))
def delete(
    name: Annotated[str, typer.Argument(help=N_("A game listed by assistant games."))],
    yes: Annotated[bool, typer.Option("--yes", "-y", "--oui", help=N_("Delete without asking."))] = False,
) -> None:
    from assistant.engine.errors import InputError

    data = store()
    name = data.resolve(name, kept=True)  # a game whose file is gone may go too
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
    renamed = store().rename(old, new)
    if renamed == old:
        typer.echo(_("game {name} is called {name} already: nothing was changed").format(name=old))
        return
    typer.echo(_("renamed game {old} to {new}").format(old=old, new=renamed))


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
                     "On the city a card's statement holds unless followed by no; in manhattan,bronx "
                     "(any list of districts) says the thief is in one of them (with no: in none); "
                     "--card starts with the kind of card, informant or expert (informateur), then "
                     "what you like: --card 'informant 3'.\n\n"
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
    by: Annotated[Optional[str], typer.Option("--by", "--par", help=N_("Who asked, or drew the card (default: me)."))] = None,
    power: PowerOption = None,
    game: GameOption = None,
) -> None:
    answerers = ",".join(opponent) if opponent else None
    updated = store().update(game, lambda g: g.record(deduction(g).read_clue(list(words), answerers, colour, card, by,
                                                                              power)))
    say_recorded(updated)


@app.command(help=N_("A question put to me: print the answer to give (from my loot, --mine) and record "
                     "who heard it.\n\n"
                     "Only the asker learns the answer, unless it is said aloud (--aloud: the megaphone, "
                     "a 'pipelette'): then every opponent does. Their maps of my loot: assistant sheet "
                     "--theirs.\n\n"
                     "Example: assistant asked area B3 --by red --aloud"))
def asked(
    words: Annotated[list[str], typer.Argument(
        help=N_("KIND and its words: area B3 | line-of-sight A1 | flower C3 blue; the answer only without "
                "--mine (it is checked otherwise)."),
        metavar=N_("KIND WORDS... [ANSWER]"), autocompletion=STEP_WORDS)],
    by: Annotated[str, typer.Option("--by", "--par", help=N_("Who asked you."), autocompletion=completer("--by"))],
    aloud: Annotated[bool, typer.Option("--aloud", "--haut", "--pipelette", help=N_(
        "Answered aloud (megaphone): every opponent hears it."))] = False,
    colour: Annotated[Optional[str], typer.Option("--colour", "--color", "--couleur", "-c",
                                                  help=N_("Flower colour asked about."),
                                                  autocompletion=completer("--colour"))] = None,
    power: PowerOption = None,
    game: GameOption = None,
) -> None:
    from assistant.games.gnom_street import mirror

    before = {}  # the maps as they were, to warn only of those this answer narrows

    def record(g):
        mirror.require(deduction(g))
        event = g.read("asked", list(words), {"by": by, "aloud": aloud, "colour": colour, "power": power})
        before.update(mirror.maps(g))
        return g.record(event)

    updated = store().update(game, record)
    for line in mirror.read_back(updated, updated.entries()[-1], before):
        typer.echo(line)


@app.command(help=N_("Record the round's fight: each player's gnome value; ties drop to zero and the "
                     "gnome throw orders them.\n\n"
                     "Then a question is checked against the ranking: a player asks only those ranked "
                     "after them, the loser asks nobody (unless --power), and suggest knows whom I may "
                     "ask. Without a fight nothing is checked.\n\n"
                     "Example: assistant fight Lea=5 red=3 blue=5 yellow=2 --throw blue,Lea"))
def fight(
    values: Annotated[list[str], typer.Argument(help=N_("Each player's gnome card: me=5 red=3 ..."),
                                                metavar=N_("PLAYER=VALUE..."), autocompletion=STEP_WORDS)],
    throw: Annotated[Optional[str], typer.Option("--throw", "--lancer", help=N_(
        "The tied players, best gnome throw first: blue,Lea."))] = None,
    game: GameOption = None,
) -> None:
    from assistant.games.gnom_street import fight as rounds

    updated = store().update(game, lambda g: deduction(g).record(g.read("fight", list(values), {"throw": throw})))
    for line in rounds.read_back(updated, updated.entries()[-1]):
        typer.echo(line)


@app.command(help=N_("Record an accusation heard at the table: a wrong one rules the cell out, a right "
                     "one closes the case (later clues about it are refused; undo reopens it).\n\n"
                     "Enquêtes à New York: --by NAME says who accused (me for you; any name, the same "
                     "name later is the same player). A wrong accuser is out of the game (the rules: "
                     "\"il est éliminé\") and may not accuse again; the others play on. Without --by "
                     "nobody is put out.\n\n"
                     "Example: assistant accuse C4 wrong --by Ana"))
def accuse(
    cell: Annotated[str, typer.Argument(help=N_("The accused cell, e.g. C4."), autocompletion=STEP_WORDS)],
    verdict: Annotated[str, typer.Argument(help=N_("right or wrong (also juste/faux)."), autocompletion=STEP_WORDS)],
    by: Annotated[Optional[str], typer.Option("--by", "--par", help=N_(
        "Who accused, on the city (me for you): a wrong accuser is out."), autocompletion=completer("--by"))] = None,
    opponent: Annotated[Optional[str], typer.Option("--opponent", "-o", "--adversaire", help=N_(
        "Whose loot is accused, on the garden with several opponents (one name)."),
        autocompletion=completer("--opponent"))] = None,
    game: GameOption = None,
) -> None:
    updated = store().update(game, lambda g: g.record(deduction(g).read_accusation(cell, verdict, opponent, by)))
    say_recorded(updated)


@app.command(help=N_("Take back the latest entry still standing (repeat to go further back)."))
def undo(game: GameOption = None) -> None:
    from assistant.engine.log import Retract

    _said_taken_back(store().update(game, lambda g: g.record(Retract(None))))


@app.command(help=N_("Take back entry NUMBER (it stays in the history, struck out)."))
def retract(
    number: Annotated[str, typer.Argument(help=N_("The entry number shown by assistant history."))],
    game: GameOption = None,
) -> None:
    import re

    from assistant.engine.log import Retract

    # A whole number out of range (0, -1) is refused as any missing entry is: saying which numbers exist.
    wanted = Retract(int(number)) if re.fullmatch(r"-?[0-9]+", number.strip()) else Retract.numbered(number)
    _said_taken_back(store().update(game, lambda g: g.record(wanted)))


def _said_taken_back(game) -> None:
    from assistant.games.gnom_street import mirror

    entry = game.history().taken_back
    typer.echo(_("took back entry {number}: {step} -> {summary}").format(
        number=entry.number, step=said(game, entry.event), summary=mirror.summary(game, entry.event)))
    for line in game.report():
        typer.echo(line)


# -- the garden's pieces (75 Gnom' Street) -------------------------------------------------


def _piece(game: Optional[str], verb: str, positional: list[str], **options) -> None:
    """Record a piece placed on the garden, then say where things stand."""
    updated = store().update(game, lambda g: deduction(g).record(g.read(verb, positional, options)))
    entry = updated.entries()[-1]
    typer.echo(f"{entry.number}. {said(updated, entry.event)}")
    for line in updated.told(entry):
        typer.echo(line)
    match = updated.match_score()
    if match:
        typer.echo(match)


PlayerArg = Annotated[str, typer.Argument(help=N_("me, or an opponent's name."))]
CellArg = Annotated[str, typer.Argument(help=N_("A garden cell, e.g. C3."))]


@app.command(help=N_("Record a miniature placed on the garden (it kicks out one standing there).\n\n"
                     "Only a miniature placed in an earlier turn may be kicked out. Turns are not "
                     "recorded: every player places one miniature a turn, so the tool takes a player "
                     "placing a second one to start the next turn; --new-turn says a turn began that "
                     "the log cannot see.\n\n"
                     "Example: assistant miniature red C3 --from A1"))
def miniature(player: PlayerArg, cell: CellArg,
              origin: Annotated[Optional[str], typer.Option("--from", "--depuis", help=N_("Move it from this cell."))] = None,
              new_turn: Annotated[bool, typer.Option("--new-turn", "--nouveau-tour", help=N_(
                  "This miniature is the first of a new turn."))] = False,
              game: GameOption = None) -> None:
    _piece(game, "miniature", [player, cell], origin=origin, new_turn=new_turn)


@app.command(help=N_("Record the cat placed or moved on CELL (the miniature there goes back to its "
                     "owner).\n\n"
                     "Placed anywhere the first time; then moved one cell, diagonals included (the "
                     "rules say one cell; the area question counts diagonals too). --three: the gnome "
                     "card that moves it by 3 cells, taken as up to 3 steps of one cell."))
def cat(cell: CellArg,
        far: Annotated[bool, typer.Option("--three", "--trois", help=N_(
            "A gnome card moves it: up to 3 cells instead of 1."))] = False,
        game: GameOption = None) -> None:
    _piece(game, "cat", [cell], far=far)


@app.command(help=N_("Record a Mole or Bait token placed (stacked on what is there).\n\n"
                     "--alex (card 7): on a free cell next to one of the player's miniatures; next to "
                     "includes diagonals, and free means no miniature there (the cat or tokens may "
                     "be).\n\n"
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


@app.command(help=N_("Record an opponent's loot card shown at the end of the game.\n\n"
                     "The card must agree with the clues (else the refusal names the fewest clues it "
                     "conflicts with, to retract if one was misheard); once recorded, the sheet, explain "
                     "and the tally put that opponent on that cell. One card each: --replace corrects a "
                     "misheard one.\n\n"
                     "Example: assistant loot red D3"))
def loot(player: PlayerArg, cell: CellArg,
         replace: Annotated[bool, typer.Option("--replace", "--remplace", "--remplacer", help=N_(
             "The card recorded before for this player was misheard: this one stands instead."))] = False,
         game: GameOption = None) -> None:
    _piece(game, "loot", [player, cell], replace=replace)


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
                     "A player's own Mole on their own loot scores nothing and takes no place in the "
                     "order (the Moles above it move down one).\n\n"
                     "Example: assistant tally --rules en"))
def tally(
    path: Annotated[Optional[str], typer.Argument(help=N_("A YAML file describing a game played without the log."),
                                                  metavar=N_("[FILE]"))] = None,
    as_json: Annotated[bool, typer.Option("--json", help=N_("Print JSON."))] = False,
    rules: Annotated[str, typer.Option("--rules", "--regles", "--règles", help=(
        N_("fr or en: the rule book to follow where they differ (which Moles a bottom Bait catches: "
        "fr the opposing ones, en all; a Mole after the third on a loot: fr 0, en 3). Default fr: the "
        "French rules are the original.")))] = "fr",
    game: GameOption = None,
    svg: SvgOption = None,
    html: HtmlOption = None,
) -> None:
    from assistant.faces import pictures as render
    from assistant.games.gnom_street import tally as gnom_tally

    data = store()
    if path is not None:
        from assistant.store import yamlfile

        result = gnom_tally.score_file(yamlfile.load(Path(path)), str(path), data.board("gnom-street"), rules)
    else:
        result = gnom_tally.score_game(data.load(game), rules)
    if as_json:
        echo_json(result.to_mapping())
        return
    show(render.tally_table(result), svg=svg, html=html)  # the verdict included, in the picture too


@app.command(help=N_("Restore a damaged game's last good state (the damaged file is kept beside it, under a "
                     "name of its own). A game that loads is left as it is."))
def recover(name: Annotated[Optional[str], typer.Argument(help=N_("The damaged game (default: the current one)."))] = None) -> None:
    game, damaged, listed, restored = store().recover(name)
    count = len(game.events)
    if not restored:  # a no-op, said plainly: the command asked for is done (exit 0)
        typer.echo(ngettext("game {name} is not damaged ({count} event; it loads): nothing to recover, "
                            "nothing was changed", "game {name} is not damaged ({count} events; it loads): "
                            "nothing to recover, nothing was changed", count).format(name=game.name, count=count))
        return
    if damaged is None:
        typer.echo(ngettext("restored {name}: {count} event (its game file was missing)",
                            "restored {name}: {count} events (its game file was missing)", count).format(
            name=game.name, count=count))
        return
    if listed is None:
        loss = _("its events cannot be counted")
    else:
        lost = max(0, listed - count)
        loss = ngettext("it listed {listed} events: {lost} of them is not in the good state",
                        "it listed {listed} events: {lost} of them are not in the good state", lost).format(
            listed=listed, lost=lost)
    # English says "1 events", as it always has; ngettext gives French its singular.
    typer.echo(ngettext("restored {name}: {count} events; the damaged file is kept as {file} ({loss})",
                        "restored {name}: {count} events; the damaged file is kept as {file} ({loss})",
                        count).format(name=game.name, count=count, file=damaged, loss=loss))


# -- reading the sheet ------------------------------------------------------------------


OddsOption = Annotated[bool, typer.Option("--odds", "--cotes", "--chances", help=N_("Add each cell's probability (exact joint model)."))]
TheirsOption = Annotated[bool, typer.Option("--theirs", "--leurs", help=N_(
    "Each opponent's map of my loot: the cells the answers they heard leave them."))]


def _their_cells(game) -> dict:
    """Each opponent's cells for my loot (refused on a board where nobody hides anything of mine)."""
    from assistant.games.gnom_street import mirror

    mirror.require(game)
    return mirror.cells(mirror.maps(game))


def _their_cells_if_asked(game) -> dict | None:
    """The opponents' maps of my loot, when a question put to me is standing in this set (replay draws them)."""
    from assistant.games.gnom_street.mirror import asked_this_set

    return _their_cells(game) if asked_this_set(game) else None


@app.command(help=N_("Draw each opponent's sheet: crossed cells, ponds, what is left (--odds: a heat "
                     "map; --theirs: beside them, each opponent's map of my loot).\n\n"
                     "Each cell shows its terrain and flowers (the city: district, pictograms, kind) "
                     "as marks the legend explains. --svg/--html FILE also save the picture to share."))
def sheet(odds: OddsOption = False, theirs: TheirsOption = False, game: GameOption = None, svg: SvgOption = None,
          html: HtmlOption = None) -> None:
    from assistant.engine import advice as advisor
    from assistant.faces import pictures as render

    current = deduction(store().load(game))
    closed = {item: current.closed(item) for item in current.items}
    the_sheet = current.sheet()
    show(render.sheet(the_sheet, closed, advisor.odds(the_sheet) if odds else None,
                      _their_cells(current) if theirs else None), svg=svg, html=html)
    for line in (current.out_line(), current.match_score()):
        if line:
            typer.echo(line)


@app.command(help=N_("List the cells still possible for each opponent.\n\n"
                     "--json prints {\"red\": [\"A1\", ...], ...}; with --odds, {\"candidates\": {...}, "
                     "\"odds\": {\"red\": {\"A1\": 0.25, ...}}, \"method\": \"...\"}; with --theirs, each "
                     "opponent's cells for my loot: {\"red\": [\"C2\", ...], ...}."))
def candidates(
    as_json: Annotated[bool, typer.Option("--json", help=N_("Print a JSON object: name -> cells."))] = False,
    odds: OddsOption = False,
    theirs: TheirsOption = False,
    game: GameOption = None,
) -> None:
    current = deduction(store().load(game))
    board = current.board
    if theirs:
        if odds:
            raise typer.BadParameter(_("choose one: --odds (my sheet) or --theirs (their maps of my loot)"))
        _their_candidates(current, as_json)
        return
    the_sheet = current.sheet()
    names = the_sheet.candidate_names()
    the_odds = None
    if odds:
        from assistant.engine import advice as advisor

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


def _their_candidates(game, as_json: bool) -> None:
    from assistant.games.gnom_street import mirror

    board = game.board
    maps = _their_cells(game)
    if as_json:
        echo_json({player: board.names(cells) for player, cells in maps.items()})
        return
    for player, cells in maps.items():
        typer.echo(_("{name}: {value}").format(name=player, value=" ".join(board.names(cells))))
    mine = game.current_mine()
    if mine is not None:
        typer.echo(_("(your loot: {cell})").format(cell=board.name_of(mine)))
    for line in mirror.close_lines(board, maps):
        typer.echo(line)


@app.command(help=N_("Advise my turn from the tokens left: which to take, where my miniature goes, "
                     "whom to ask what.\n\n"
                     "Best first. With tokens short, by the turns each question saves, later turns' tokens "
                     "drawn at random. On a board without questions (New York): the likeliest cells and what "
                     "accusing risks.\n\n"
                     "Example: assistant suggest --left grass,wood --actions area,flower --ask red"))
def suggest(
    left: Annotated[Optional[str], typer.Option(
        "--left", "--terrain", help=N_("Terrain tokens left for me, e.g. grass,wood."))] = None,
    actions: Annotated[Optional[str], typer.Option(help=N_("Action tokens left, e.g. area,flower,cat."))] = None,
    ask: Annotated[Optional[str], typer.Option(
        "--ask", "--demander", "--interroger",
        help=N_("Players I may ask (ranked below me), e.g. red,blue; "
                "default: those the round's fight ranks after me."))] = None,
    everyone: Annotated[bool, typer.Option(
        "--all", "--tous", help=N_("Mick: one question to all the players asked."))] = False,
    top: Annotated[int, typer.Option(
        help=N_("How many values to show, questions of equal value together (with --json: questions)."), min=1)] = 10,
    as_json: Annotated[bool, typer.Option("--json", help=N_("Print JSON."))] = False,
    game: GameOption = None,
) -> None:
    from assistant.engine import advice as advisor

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
    from assistant.games.gnom_street import fight as rounds

    turn = rounds.suggest_turn(current, left, actions, ask, everyone)  # what is not given: from the round's fight
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
    if board.per_opponent:
        from assistant.games.gnom_street.garden import ME, MINIATURES

        if len(current.garden().miniatures[ME]) >= MINIATURES:
            # rules: with no miniature left in the supply, one already in the garden moves
            typer.echo(_("your {count} miniatures are in the garden: the one you place is moved "
                         "(assistant miniature me CELL --from CELL)").format(count=MINIATURES))
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


PLACES = {"miniature": N_("your miniature is there"), "card-7": N_("card 7: free, next to your miniature")}


@app.command(help=N_("Where my next Mole is worth most now (expected points from the exact odds), and "
                     "where a Bait misleads most.\n\n"
                     "Every cell, best first; the cells a token of mine may go on now are marked (my "
                     "miniatures; card 7: a free cell next to one). A face-down token on a stack counts "
                     "as a Mole.\n\n"
                     "Example: assistant moles --json"))
def moles(
    top: Annotated[Optional[int], typer.Option(help=N_("How many cells to list (default: all)."), min=1)] = None,
    as_json: Annotated[bool, typer.Option("--json", help=N_("Print JSON."))] = False,
    game: GameOption = None,
) -> None:
    from assistant.games.gnom_street import moles as advice

    current = deduction(store().load(game))
    found = advice.advise(current)
    name = current.board.name_of
    if as_json:
        echo_json({"moles": [{"cell": name(row.cell), "expected_points": round(row.expected_points, 6),
                              "chance": round(row.chance, 6), "place": row.place} for row in found.moles[:top]],
                   "baits": [{"cell": name(row.cell), "lure": round(row.lure, 6), "place": row.place}
                             for row in found.baits[:top]],
                   "moles_left": found.moles_left, "baits_left": found.baits_left, "method": found.method})
        return
    if found.two_players:
        typer.echo(_("your Mole, best first: the chance it finds the loot and wins the set ({method}):").format(
            method=found.method))
    else:
        typer.echo(_("your next Mole, best first: expected points ({method}; a face-down token counts as a "
                     "Mole):").format(method=found.method))
    for rank, row in enumerate(found.moles[:top], 1):
        figure = f"{row.chance:.0%}" if found.two_players else \
            _("{points} (a loot there: {chance})").format(points=decimal(row.expected_points),
                                                          chance=f"{row.chance:.0%}")
        place = f"  <- {_(PLACES[row.place])}" if row.place else ""
        typer.echo(f"{rank:>3}. {name(row.cell)}  {figure}{place}")
    if found.baits:
        typer.echo(_("a Bait misleads most where the opponents can believe your loot is and no loot lies (their "
                     "belief: uniform over each one's map of your loot, summed):"))
        for rank, row in enumerate([row for row in found.baits if row.lure > 0][:top], 1):
            place = f"  <- {_(PLACES[row.place])}" if row.place else ""
            typer.echo(f"{rank:>3}. {name(row.cell)}  {decimal(row.lure)}{place}")
    if found.two_players:
        left = _("your Mole ends the set") if found.moles_left else _("your Mole is placed")
    else:
        left = ngettext("you have {moles} Mole and {baits} Baits left", "you have {moles} Moles and {baits} Baits left",
                        found.moles_left).format(moles=found.moles_left, baits=found.baits_left)
    typer.echo(left)


def _question_json(question, single: bool, board=None) -> dict:
    from assistant.engine import advice as advisor

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
    from assistant.engine import advice as advisor

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
def history(as_json: Annotated[bool, typer.Option("--json", help=N_(
                "Print JSON: number, step, retracted, and out: the player a wrong accusation put out."))] = False,
            game: GameOption = None) -> None:
    current = store().load(game)
    # One numbering on every kind of game: the number shown here is the one retract N takes
    # (an undo is not an entry: it strikes one out).
    entries = current.history().entries
    out = current.out() if hasattr(current, "out") else {}  # a city's wrong accusers; pads put nobody out
    put_out = {entry.number: player for player, entry in out.items()}
    if as_json:
        echo_json([{"number": entry.number, "step": current.step(entry.event), "retracted": entry.retracted,
                    **({"out": put_out[entry.number]} if entry.number in put_out else {})} for entry in entries])
        return
    if not entries:
        typer.echo(_("no clues yet") if hasattr(current, "sheet") else _("no entries yet"))
    from assistant.engine.grammar import said_steps
    from assistant.engine.log import steps

    lines = []  # printed at once: one write per entry is most of the time of a long history
    for entry, step in zip(entries, said_steps(current, steps(current, [entry.event for entry in entries]))):
        if entry.retracted:
            step = _("{step} (retracted)").format(step=step)
        elif entry.number in put_out:
            step = _("{step} ({player} out)").format(step=step, player=current.display(put_out[entry.number]))
        lines.append(f"{entry.number:>3}. {step}\n")
    typer.echo("".join(lines), nl=False)


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
    check: Annotated[bool, typer.Option("--check", "--verifier", "--vérifier", help=N_("Verify every expectation; stop at the first mismatch."))] = False,
    step: Annotated[bool, typer.Option("--step", "--etape", "--étape", "--pas-a-pas", "--pas-à-pas", help=N_("Wait for Enter between steps."))] = False,
) -> None:
    data = store()
    if Path(path).is_dir():  # paths stay text for Typer: its Path type stats them, and a NUL byte raises
        _replay_folder(data, Path(path))
        return
    from assistant.engine import scenario
    from assistant.faces import pictures as render

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
            show(render.sheet(outcome.game.sheet(), closed, theirs=_their_cells_if_asked(outcome.game)), REPLAY_WIDTH)
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
    from assistant.engine import scenario
    from assistant.engine.errors import AssistantError

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


@app.command(help=N_("Print a game's log as a scenario (YAML), to replay or import elsewhere; or a finished "
                     "play as BG Stats imports it (--bgstats, --bgstats-link).\n\n"
                     "Example: assistant export friday --bgstats"))
def export(name: Annotated[Optional[str], typer.Argument(help=N_("The game (default: the current one)."))] = None,
           bgstats: Annotated[bool, typer.Option("--bgstats", help=N_(
               "Print the finished play as the JSON the BG Stats app imports (players, scores, winner, date)."))] = False,
           bgstats_link: Annotated[bool, typer.Option("--bgstats-link", help=N_(
               "Print the link that opens the finished play in BG Stats."))] = False) -> None:
    if bgstats or bgstats_link:
        _export_bgstats(name, bgstats_link)
        return
    from assistant.engine import scenario
    from assistant.store import yamlparse

    typer.echo(yamlparse.dumps(scenario.export(store().load(name))), nl=False)


def _export_bgstats(name: Optional[str], as_link: bool) -> None:
    from datetime import datetime

    from assistant.evenings import bgstats, stats

    data = store()
    game = data.load(name)
    ended = datetime.fromtimestamp(data.game_path(game.name).stat().st_mtime).astimezone()
    played = bgstats.play(game, stats.outcome(game), ended)
    if as_link:
        typer.echo(bgstats.link(played))
    else:
        echo_json(played)


@app.command("import", help=N_("Turn a scenario into a saved game and make it current."))
def import_(
    path: Annotated[str, typer.Argument(help=N_("A scenario file (or an exported game)."), metavar=N_("FILE"))],
    name: Annotated[Optional[str], typer.Option("--name", "--nom", help=N_("The new game's name (default: BOARD-N)."))] = None,
) -> None:
    from assistant.engine import scenario

    data = store()
    loaded = data.scenario(path)
    game = scenario.to_game(loaded)
    # Without --name the store numbers the game (new-york-2) under its lock, as new does.
    game = data.create(game._replace(name=name or game.kind), numbered=name is None)
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
    from assistant.faces import pictures as render

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
    from assistant.games.roi_des_nains import RoiGame

    data = store()
    game = data.create(RoiGame.new(name or ROI, players.split(","), _roi_rules()), numbered=name is None)
    typer.echo(_("new score pad {name}: {table}").format(name=game.name, table=game.table_said()))


@quest_app.command("list", help=N_("List the 40 quest faces (what each scores, what a summary needs) "
                                   "and the special cards."))
def quest_list(as_json: Annotated[bool, typer.Option("--json", help=N_("Print JSON."))] = False) -> None:
    from assistant.games.roi_des_nains import listing

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
    # each option's spellings are its step's (pads/roi/events.py; tests/test_i18n_pad_options.py); a required
    # option's French spelling comes last: a French refusal names it (usage_error)
    special: Annotated[str, typer.Option("--special", "--speciale", "--carte-speciale", "--carte-spéciale", "--spéciale",
                                         help=N_("The special card shuffled in, e.g. flag-bearer."),
                                         autocompletion=completer("--special"))],
    tricks: Annotated[Optional[str], typer.Option("--tricks", "--plis", help=N_("Tricks per player: Ana=4,Ben=5,Cleo=4."))] = None,
    order: Annotated[Optional[str], typer.Option("--order", "--ordre",
                                                 help=N_("Each trick's winner, first to last: Ana,Ben,..."))] = None,
    won: Annotated[Optional[list[str]], typer.Option(
        "--won", "--gagne", "--remporte", "--remportees", "--remportées",
        help=N_("Cards a player won: Ana=Kg,Qb (repeat per player; NAME=rest: every card not listed)."))] = None,
    special_winner: Annotated[Optional[str], typer.Option("--special-winner", "--gagnant-special", "--gagnant-spécial",
                                                          help=N_("Who gets the special card's effect (or none)."))] = None,
    scout: Annotated[Optional[str], typer.Option("--scout", "--eclaireur", "--éclaireur",
                                                 help=N_("Who played the Scout and the faces in its trick: Ana=2."))] = None,
    dealer_next: Annotated[Optional[str], typer.Option("--dealer-next", "--donneur-suivant", "--donneur",
                                                       help=N_("Who won the green 5 (deals next)."))] = None,
    replace: Annotated[Optional[str], typer.Option("--replace", "--remplace", "--remplacer",
                                                   help=N_("Correct deal N instead of adding one."))] = None,
    game: GameOption = None,
) -> None:
    from assistant.games.roi_des_nains import DealEvent

    def record(g):
        return pad(g, ROI).record(DealEvent.build(
            g, quest, special, tricks=tricks, order=order, won=won or (), special_winner=special_winner,
            scout=scout, dealer_next=dealer_next, replace=replace))
    _pad_report(store().update(game, record))


@quest_app.command("trick", help=N_("Record one trick of the deal being played; the rules say who wins "
                                    "it, magic cards included (--winner only confirms it).\n\n"
                                    "The holder of the red 5 leads the first trick. Where the rules are silent "
                                    "the pad chooses: a Dragon or Excalibur leading leaves the suit led to the "
                                    "next card; a Clone leading a later trick plays as the last card of the "
                                    "trick before; the Mummy, the Clone and the Dragon may be played instead of "
                                    "the suit led, Excalibur only with none of it.\n\n"
                                    "Example: assistant quest trick Ana 5g 7g Kb"))
def quest_trick(
    words: Annotated[list[str], typer.Argument(help=N_("The leader, then each card in play order: Ana 5g 7g Kb."),
                                               metavar=N_("LEADER CARD..."), autocompletion=STEP_WORDS)],
    winner: Annotated[Optional[str], typer.Option("--winner", "--gagnant",
                                                  help=N_("Who won: refused unless the rules agree (or cannot "
                                                          "tell, in a saved step)."),
                                                  autocompletion=completer("--winner"))] = None,
    seating: Annotated[bool, typer.Option("--seating", "--seating-order", "--ordre-de-table", "--places",
                                          help=N_("The cards are in seating order (the order of "
                                                  "--players), not in play order."))] = False,
    replace: Annotated[Optional[str], typer.Option("--replace", "--remplace", "--remplacer",
                                                   help=N_("Correct trick N of the latest deal instead."))] = None,
    game: GameOption = None,
) -> None:
    from assistant.games.roi_des_nains import TrickEvent

    def record(g):
        return pad(g, ROI).record(TrickEvent.build(g, words[0], words[1:], winner=winner, seating=seating,
                                                   replace=replace))
    updated = store().update(game, record)
    typer.echo(updated.trick_said(updated.events[-1].replaces))
    if updated.open_deal() is None or updated.events[-1].replaces is not None:
        _pad_report(updated)


def _quest_move(game: Optional[str], build) -> None:
    """Record a hand change between two tricks (``build(g)`` makes the event), then say what moved."""
    updated = store().update(game, lambda g: pad(g, ROI).record(build(g)))
    typer.echo(updated.move_said())


@quest_app.command("swap", help=N_("The Druid: after its trick, whoever played it swaps hands with NAME.\n\n"
                                   "Example: assistant quest swap Cleo"))
def quest_swap(player: Annotated[str, typer.Argument(help=N_("Who swaps hands with the Druid's player."),
                                                     autocompletion=STEP_WORDS)],
               game: GameOption = None) -> None:
    from assistant.games.roi_des_nains import SwapEvent

    _quest_move(game, lambda g: SwapEvent.build(g, player))


@quest_app.command("pass", help=N_("The blue 11 that passes hands: after its trick, every hand passes left (to "
                                   "the next player, clockwise) or right.\n\nExample: assistant quest pass left"))
def quest_pass(direction: Annotated[str, typer.Argument(help=N_("left or right (gauche or droite)."),
                                                        autocompletion=STEP_WORDS)],
               game: GameOption = None) -> None:
    from assistant.games.roi_des_nains import PassEvent

    _quest_move(game, lambda g: PassEvent.build(g, direction))


@quest_app.command("take", help=N_("The red 11 that takes two cards: after its trick, whoever played it takes "
                                   "cards from NAME's hand and gives as many back.\n\n"
                                   "Example: assistant quest take Cleo 3g 7r --back 2b,9g"))
def quest_take(
    words: Annotated[list[str], typer.Argument(help=N_("Whose hand, then the cards taken: Cleo 3g 7r."),
                                               metavar=N_("NAME CARD..."), autocompletion=STEP_WORDS)],
    back: Annotated[str, typer.Option("--back", "--rendues", "--rend", help=N_("The cards given back: 2b,9g."))],
    game: GameOption = None,
) -> None:
    from assistant.games.roi_des_nains import TakeEvent

    _quest_move(game, lambda g: TakeEvent.build(g, words[0], words[1:], back))


@quest_app.command("take-back", help=N_("The Sorcerer, between two tricks: its holder puts it in the trick just "
                                        "played and takes back CARD of that trick, to play it again. The pad "
                                        "chooses where the rules are silent: any card of that trick, once a deal, "
                                        "before the last trick; the Sorcerer lies in that trick's pile.\n\n"
                                        "Example: assistant quest take-back Ana 5g"))
def quest_take_back(
    player: Annotated[str, typer.Argument(help=N_("Who holds the Sorcerer."), autocompletion=STEP_WORDS)],
    card: Annotated[str, typer.Argument(help=N_("The card of the trick just played they take back."))],
    game: GameOption = None,
) -> None:
    from assistant.games.roi_des_nains import TakeBackEvent

    _quest_move(game, lambda g: TakeBackEvent.build(g, player, card))


@quest_app.command("remove", help=N_("Take deal NUMBER out of the game; the deals after it move up "
                                     "and totals are recomputed."))
def quest_remove(number: Annotated[str, typer.Argument(help=N_("The deal number shown by assistant quest show."))],
                 game: GameOption = None) -> None:
    from assistant.games.roi_des_nains import DropEvent

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
tug_app = typer.Typer(cls=OneLineErrors, help=N_(
    "Oh ! les Nains: the rope tracker.\n\n"
    "Where the rules are silent the tool chose: players alternate strictly, one of each side in turn "
    "(at four: Ana, Ben, Cleo, Dan for --sides Ana+Cleo,Ben+Dan), and at four the first-named player of "
    "the losing team starts the next round (tug starts NAME chooses the other); each round starts with empty lines, "
    "the hose centred and every player placing a first gnome (no card, nothing pulled); the path is 16 "
    "flagstones unless tug new --flagstones says otherwise; a pull card names at least one colour; "
    "contre multi counters the colour of the move it answers."), no_args_is_help=True,
                      rich_markup_mode=None, context_settings=HELP_OPTIONS)
app.add_typer(tug_app, name="tug")
ByOption = Annotated[Optional[str], typer.Option("--by", "--par", help=N_("Who plays (default: whose turn it is)."),
                                                 autocompletion=completer("--by"))]


def _tug_move(game: Optional[str], build) -> None:
    """Record the move ``build(match)`` makes on the match (refused: nothing written), then show the rope."""
    updated = store().update(game, lambda g: g.record(build(pad(g, TUG))))
    _pad_report(updated)


@tug_app.command("new", help=N_("Start an Oh ! les Nains match; each player then places a first "
                                "gnome: assistant tug gnome red --by Ana.\n\n"
                                "The path: 16 flagstones, 8 a side of the fence at the start, unless "
                                "--flagstones N says what your box shows (an even number, 4 to 60). 16 "
                                "comes from one public source and 8 a side is inferred: the tool says so "
                                "when it uses them.\n\n"
                                "Example: assistant tug new --sides Ana+Cleo,Ben+Dan --flagstones 16"))
def tug_new(
    sides: Annotated[str, typer.Option("--sides", "--camps", help=N_("Two players, or two teams: Ana,Ben or Ana+Cleo,Ben+Dan."))],
    counters: Annotated[bool, typer.Option("--counters", "--contres", help=N_("Play with contre, sur-contre, sur-sur-contre."))] = False,
    starts: Annotated[Optional[str], typer.Option("--starts", "--commence", help=N_("Who plays first (the smallest player; default: the first named)."))] = None,
    name: Annotated[Optional[str], typer.Option("--name", "--nom", help=N_("The match's name (default: oh-les-nains-N)."))] = None,
    flagstones: Annotated[Optional[str], typer.Option("--flagstones", "--dalles", help=N_(
        "The flagstones of the path in your box, both sides together (default: 16, unverified)."))] = None,
) -> None:
    from assistant.games.oh_les_nains.rope import TugGame

    data = store()
    game = data.create(TugGame.new(name or TUG, sides.split(","), counters, starts, flagstones),
                       numbered=name is None)
    if game.flagstones is None:
        typer.echo(_("notice: the path of {count} flagstones ({half} a side) is unverified: from public sources, "
                     "check your box; if yours differs: assistant tug new --flagstones N").format(
            count=game.path, half=game.path // 2), err=True)
    typer.echo(_("new match {name}: {first} against {second}; order {order}").format(
        name=game.name, first=game.side_name(0), second=game.side_name(1), order=", ".join(game.order)))
    for line in game.status():
        typer.echo(line)


@tug_app.command("gnome", help=N_("Add a gnome (the other side pulls 2) on the free flagstone in front "
                                  "of your line (one gnome a flagstone: refused when none is free); at a "
                                  "round's start, place your first gnome (no card, nothing pulled)."))
def tug_gnome(
    card: Annotated[str, typer.Argument(help=N_("The card's colour, or multi."), autocompletion=STEP_WORDS)],
    chosen: Annotated[Optional[str], typer.Argument(help=N_("The colour placed (multicolour, or none of the card's left)."),
                                                    autocompletion=STEP_WORDS)] = None,
    by: ByOption = None, game: GameOption = None,
) -> None:
    from assistant.games.oh_les_nains.rope import Gnome

    _tug_move(game, lambda match: Gnome.build(match, card, chosen, by))


@tug_app.command("pull", help=N_("Play a pull card: the stronger side pulls by the difference. A card "
                                 "names at least one colour.\n\n"
                                 "Example: assistant tug pull --two green --zero blue"))
def tug_pull(
    zero: Annotated[Optional[list[str]], typer.Option("--zero", "--zéro", help=N_("Colours worth 0, e.g. green (repeat or join with commas)."))] = None,
    two: Annotated[Optional[list[str]], typer.Option("--two", "--deux", help=N_("Colours worth 2, e.g. blue,yellow (repeat or join with commas)."))] = None,
    by: ByOption = None, game: GameOption = None,
) -> None:
    from assistant.games.oh_les_nains.rope import Pull

    _tug_move(game, lambda match: Pull.build(match, zero, two, by))


@tug_app.command("squirrels", help=N_("Play a squirrel card: pull the hose 1, 2 or 3 flagstones "
                                      "towards you."))
def tug_squirrels(count: Annotated[str, typer.Argument(help=N_("1, 2 or 3 squirrels."), autocompletion=STEP_WORDS)],
                  by: ByOption = None,
                  game: GameOption = None) -> None:
    from assistant.games.oh_les_nains.rope import Squirrels

    _tug_move(game, lambda match: Squirrels.build(match, count, by))


@tug_app.command("exchange", help=N_("Exchange cards instead of playing: the other side pulls 1."))
def tug_exchange(by: ByOption = None, game: GameOption = None) -> None:
    from assistant.games.oh_les_nains.rope import Exchange

    _tug_move(game, lambda match: Exchange.build(match, by))


CounterCard = Annotated[str, typer.Argument(help=N_("The card: the countered colour, or multi."), autocompletion=STEP_WORDS)]
CounterColour = Annotated[Optional[str], typer.Argument(help=N_("With multi: the colour countered (default: the move's)."),
                                                        autocompletion=STEP_WORDS)]


def _counter(game: Optional[str], level: int, card: str, chosen: Optional[str], by: Optional[str]) -> None:
    from assistant.games.oh_les_nains.rope import Counter

    _tug_move(game, lambda match: Counter.build(match, level, card, chosen, by))


@tug_app.command("contre", help=N_("Counter the gnome just added: it leaves (optional rule). A card of its "
                                   "colour, or multi (which counters the colour of the gnome just added "
                                   "unless you name another)."))
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
    from assistant.games.oh_les_nains.rope import Starts

    _tug_move(game, lambda match: Starts.build(match, player))


@tug_app.command("show", help=N_("Draw the hose, the fence and both lines of gnomes: each gnome is the "
                                 "letter of its colour (R B Y G; in French R B J V), in its colour, with a "
                                 "legend.\n\n"
                                 "--json prints the match: sides, flagstones, rounds, each side's line "
                                 "(back to front), the hose, who plays."))
def tug_show(game: GameOption = None, svg: SvgOption = None, html: HtmlOption = None,
             as_json: Annotated[bool, typer.Option("--json", help=N_("Print JSON."))] = False) -> None:
    match = pad(store().load(game), TUG)
    if as_json:
        echo_json(match.describe())
        return
    _pad_report(match, svg, html)


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
    from assistant.faces import pictures as render

    show(render.board(chosen), svg=svg, html=html)
    notice_if_unverified(chosen)  # under the picture, on a line of its own


@board_app.command("export", help=N_("Write the board as you have it (your corrections, and whether you "
                                     "verified it) in one YAML file, for another owner's assistant board import.\n\n"
                                     "Example: assistant board export gnom-street garden.yaml"))
def board_export(
    name: Annotated[str, typer.Argument(help=N_("Board name."))],
    file: Annotated[Optional[str], typer.Argument(help=N_("The file to write (default: print it)."),
                                                  metavar=N_("[FILE]"))] = None,
) -> None:
    text = store().export_board(name)
    if file is None:
        typer.echo(text, nl=False)
        return
    write_file(file, text)
    typer.echo(_("saved {file}").format(file=file))


def write_file(file: str, text: str) -> None:
    """Write a file the player named (a board, a printed page) readable by those it is shared with (0644
    under the usual umask, as the pictures); one line if it cannot be written."""
    from assistant.engine.errors import AssistantError
    from assistant.store.files import write_atomically

    try:
        write_atomically(Path(file), text, shared=True)
    except (OSError, ValueError) as error:
        raise AssistantError(_("cannot write {file} ({reason}): give a file in a folder you can write").format(
            file=repr(file), reason=getattr(error, "strerror", None) or error)) from None


@board_app.command("import", help=N_("Take another owner's board file (from assistant board export) as your "
                                     "corrections: shows what changes and asks first, unless --yes.\n\n"
                                     "Example: assistant board import garden.yaml"))
def board_import(
    file: Annotated[str, typer.Argument(help=N_("A board file written by assistant board export."),
                                        metavar=N_("FILE"))],
    yes: Annotated[bool, typer.Option("--yes", "-y", "--oui", help=N_("Import without asking."))] = False,
) -> None:
    from assistant.engine.errors import InputError

    data = store()
    name, fix, changes = data.board_import_plan(Path(file))
    if not changes:
        typer.echo(_("nothing to change: your board {name} is already as {file} has it").format(name=name, file=file))
        return
    typer.echo(ngettext("{count} change to your board {name}:", "{count} changes to your board {name}:",
                        len(changes)).format(count=len(changes), name=name))
    for line in changes:
        typer.echo("  " + line)
    if not yes:
        try:
            answer = typer.prompt(_("take these corrections? [y/N]"), default="", show_default=False, err=True)
        except typer.Abort:
            typer.echo("", err=True)
            raise InputError(_("board {name} was not changed: answer y at the question, or add --yes")
                             .format(name=name)) from None
        if answer.strip().lower() not in YES:
            typer.echo(_("kept your board {name} as it was").format(name=name))
            return
    data.import_board(name, fix)
    typer.echo(_("imported {file} into your corrections of {name}").format(file=file, name=name))


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
    from assistant.engine.board import cell_line

    corrected = store().correct_board(name, cell, list(values))
    typer.echo(cell_line(corrected, corrected.parse_cell(cell)))


@board_app.command("reset", help=N_("Take back your correction of one cell: the cell is as shipped again.\n\n"
                                    "Example: assistant board reset gnom-street C2"))
def board_reset(
    name: Annotated[str, typer.Argument(help=N_("Board name."))],
    cell: Annotated[str, typer.Argument(help=N_("The corrected cell, e.g. C2."))],
) -> None:
    from assistant.engine.board import cell_line

    shipped = store().reset_board_cell(name, cell)
    typer.echo(cell_line(shipped, shipped.parse_cell(cell)))


@board_app.command("verify", help=N_("Record that you checked the board against your own box."))
def board_verify(name: Annotated[str, typer.Argument(help=N_("Board name."))]) -> None:
    store().verify_board(name)
    typer.echo(_("{board}: marked as verified by you").format(board=name))


# -- the table screen ------------------------------------------------------------------


print_app = typer.Typer(cls=OneLineErrors, help=N_("Printable A4 pages for a table short of the booklet: "
                                                   "investigation sheets, score pads."),
                        no_args_is_help=True, rich_markup_mode=None, context_settings=HELP_OPTIONS)
app.add_typer(print_app, name="print")
PrintFile = Annotated[Optional[str], typer.Option("--html", help=N_(
    "The HTML page to write (default: NAME-sheet.html or NAME-pad.html in this folder)."), metavar=N_("FILE"))]
PadPlayers = Annotated[Optional[str], typer.Option("--players", "--joueurs", help=N_(
    "How many players (their names written by hand), or their names: 4, or Ana,Ben,Cleo,Dan."))]


def _save_page(text: str, file: str) -> None:
    write_file(file, text)
    typer.echo(_("saved {file}: open it and print it on A4").format(file=file))


@print_app.command("sheet", help=N_("An A4 page of blank investigation sheets, one per opponent, on your board "
                                    "(your corrections included); with --game, that game's sheets as they stand.\n\n"
                                    "Example: assistant print sheet gnom-street --players 4"))
def print_sheet(
    board: Annotated[Optional[str], typer.Argument(help=N_("Board name, e.g. gnom-street (not with --game)."))] = None,
    players: Annotated[Optional[str], typer.Option("--players", "--joueurs", help=N_(
        "How many play, you included: one sheet per opponent (default 4)."))] = None,
    opponents: Annotated[Optional[str], typer.Option("--opponents", "--adversaires", help=N_(
        "Or the opponents' names, one sheet each: red,blue,yellow."))] = None,
    game: GameOption = None,
    html: PrintFile = None,
) -> None:
    from assistant.engine.errors import InputError
    from assistant.faces.print import printing

    data = store()
    if game is not None or board is None:
        chosen = deduction(data.load(game))
        _save_page(printing.sheet_page(chosen.board, [], chosen), html or f"{chosen.name}-sheet.html")
        return
    plan = data.board(board)
    if not plan.per_opponent:
        if players is not None or opponents is not None:
            raise InputError(_("{board} has one hidden {noun} for the whole table: give neither --players nor "
                               "--opponents").format(board=plan.name, noun=plan.local_noun))
        sheets = list(plan.hidden_items)
    else:
        from assistant.engine.deduction import MAX_OPPONENTS

        most = plan.max_opponents or MAX_OPPONENTS  # the garden's box holds four gangs
        if opponents is not None:
            if players is not None:
                raise InputError(_("give --players (how many play) or --opponents (their names), not both"))
            sheets = printing.player_list(opponents, 1, most, 3, "--opponents")
        else:
            if players is not None and not players.strip().isdigit():
                raise InputError(_("--players {players}: how many play, a number; name the opponents with "
                                   "--opponents").format(players=repr(players[:40])))
            sheets = printing.player_list(players, 2, most + 1, min(4, most + 1))[1:]
    _save_page(printing.sheet_page(plan, sheets), html or f"{plan.name}-sheet.html")


@print_app.command("pad", help=N_("An A4 score pad for Le Roi des Nains: the 7 deals, each player's points and "
                                  "total; with --game, that pad as it stands.\n\n"
                                  "Example: assistant print pad roi-des-nains --players 4"))
def print_pad(
    kind: Annotated[Optional[str], typer.Argument(help=N_("The score pad: roi-des-nains (not with --game)."))] = None,
    players: PadPlayers = None,
    game: GameOption = None,
    html: PrintFile = None,
) -> None:
    from assistant.engine.errors import InputError
    from assistant.engine.words import key
    from assistant.faces.print import printing

    if game is not None or kind is None:
        chosen = pad(store().load(game), "roi-des-nains")
        _save_page(printing.pad_page([], _roi_rules(), chosen), html or f"{chosen.name}-pad.html")
        return
    if key(kind) not in ("roidesnains", "roi"):
        raise InputError(_("no printed pad for {kind}: the pad is roi-des-nains").format(kind=repr(kind)))
    _save_page(printing.pad_page(printing.player_list(players, 3, 5, 4), _roi_rules()), html or "roi-des-nains-pad.html")


@app.command(help=N_("Open the table screen: the game stays in front of you, one line takes each "
                     "step.\n\n"
                     "Type the words of the commands without 'assistant' (clue area B3 yes -o red, "
                     "trick Ana 5g 7g Kb, undo); Tab completes, F1 lists the words. Every entry is "
                     "saved at once.\n\n"
                     "Example: assistant table"))
def table(
    game: GameOption = None,
    board: Annotated[Optional[str], typer.Option("--board", "--plateau", help=N_("Open on this board's set-up from the box, e.g. gnom-street."))] = None,
) -> None:
    from assistant.engine.errors import InputError

    data = store()
    if board is not None:
        data.board(board)  # an unknown board: one line now, not a refusal inside the screen
    if board is None or game is not None:
        data.resolve(game)  # no game: one line now, rather than an empty screen
    if not (sys.stdin.isatty() and sys.stdout.isatty()):  # a pipe cannot take keys: one line, not a spinning screen
        raise InputError(_("the table screen needs a terminal (its keys and its screen); in a script, use the "
                           "commands themselves (assistant clue ...)"))
    from assistant.faces.table import screen

    closing = screen.run(data, game, board)
    if closing:
        typer.echo(closing)


def command_name(command) -> str:
    """A registered command's name as typed: its own, else its function's ('import_' is import)."""
    return command.name or command.callback.__name__.replace("_", "-")


def command_names(typer_app: typer.Typer) -> set[str]:
    """The names of an app's (or a group's) commands: the table screen runs them too."""
    return {command_name(command) for command in typer_app.registered_commands}


def command_params() -> list[tuple[tuple[str, ...], list[tuple]]]:
    """Every command's words ('board', 'set') and its parameters as plain data, in order: (name, spellings
    (none: a positional word), flag, required, repeated). The table screen's grammar of the commands is
    built from them (``assistant.commands``), so that it takes the very words this app takes."""
    import typer.main

    found = []

    def walk(command, words: tuple[str, ...]) -> None:
        for name, sub in getattr(command, "commands", {}).items():
            walk(sub, (*words, name))
        if not hasattr(command, "commands"):
            found.append((words, [(param.name, tuple(getattr(param, "opts", ())) if param.param_type_name == "option"
                                   else (), bool(getattr(param, "is_flag", False)), bool(param.required),
                                   bool(getattr(param, "multiple", False)) or param.nargs == -1)
                                  for param in command.params]))

    walk(typer.main.get_command(app), ())
    return found


# -- the phones' page --------------------------------------------------------------------


@app.command(help=N_("Serve games to the phones at the table: each game at its own secret link, printed "
                     "with its QR code, until Ctrl+C.\n\n"
                     "A score pad gets two links: the scorekeeper's, which records, and the table's, "
                     "read-only. Only this machine can connect unless --lan is given.\n\n"
                     "Example: assistant serve --game friday --lan"))
def serve(
    game: Annotated[Optional[list[str]], typer.Option("--game", "-g", "--partie", help=N_(
        "A game to serve (repeat for several; default: the current one)."))] = None,
    lan: Annotated[bool, typer.Option("--lan", "--reseau", "--réseau", help=N_(
        "Listen on this machine's network address, so that phones on the same Wi-Fi connect."))] = False,
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help=N_("The port to listen on."))] = 8765,
    keep_links: Annotated[bool, typer.Option("--keep-links", "--garder-liens", help=N_(
        "Keep the links of the last start (else every start makes new ones)."))] = False,
) -> None:
    from assistant.faces.web import serve as web

    data = store()
    names = list(dict.fromkeys(data.resolve(name) for name in (game or [None])))
    host = web.lan_address() if lan else "127.0.0.1"
    try:  # the port first: a port taken is one line, before any link is printed
        bound = web.listening("0.0.0.0" if lan else host, port)
    except OSError as error:
        from assistant.engine.errors import AssistantError

        raise AssistantError(_("cannot listen on port {port} ({reason}): give another with --port").format(
            port=port, reason=error.strerror or error)) from None
    links = web.make_links(data, names, keep_links)
    for link in links:
        role = (_("scorekeeper") if link.keeper else _("table, read-only")) if web.is_pad(data.load(link.game)) \
            else _("private sheet")
        typer.echo(_("{game} ({role}): {url}").format(game=link.game, role=role, url=web.url(host, port, link)))
        typer.echo(web.qr_text(web.url(host, port, link)))
    typer.echo(_("serving on {host}:{port}; Ctrl+C stops").format(host=host, port=port))
    if lan and host == "127.0.0.1":
        typer.echo(_("no network address found: only this machine can connect"), err=True)
    web.run(data, links, bound)
    typer.echo(_("stopped serving"))


def command_word(args: list[str]) -> str | None:
    """The command the arguments name, in English (French words: see OneLineErrors), or None."""
    name = next((arg for at, arg in enumerate(args)
                 if not arg.startswith("-") and (at == 0 or args[at - 1] not in LANGUAGE_OPTION)), None)
    return ALIASES.get(name.lower(), name) if name is not None else None


def app_for(args: list[str]) -> typer.Typer:
    """The app, holding only the command about to run when the arguments name one.

    Typer turns every registered command into a click command on each run
    (5 ms for the fifty here); a command at the table needs only its own.
    Help and unknown commands get the whole app."""
    name = command_word(args)
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


# The commands that stay open (a screen, a server): they keep Python's usual garbage collection and exit.
LONG_RUNNING = {"table", "serve"}


def main() -> None:
    """The installed command. A one-shot command is over once its words are printed and its file
    renamed into place, so it runs without the cyclic garbage collector (reference counting still
    frees everything) and leaves without Python's tear-down of every module: together about a fifth
    of a command's time at the table (benchmarks/startup.py)."""
    args = sys.argv[1:]
    one_shot = command_word(args) not in LONG_RUNNING
    if one_shot:
        gc.disable()
    try:
        app_for(args)()
    except SystemExit as exit_:
        if not one_shot or not (exit_.code is None or isinstance(exit_.code, int)):
            raise
        _leave(exit_.code or 0)


def _leave(code: int) -> None:
    """Exit at once with ``code``, once what was printed has reached the terminal or the pipe.

    Nothing of ours waits for the interpreter's exit: saved games are written and renamed before the
    command returns, and no command leaves a thread or an exit handler behind."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed pipe (assistant history | head): nothing more can be said
            code = code or ExitCode.ERROR
    os._exit(code)


gc.enable()  # see the top: the modules of start-up are read; a command that stays open collects as usual

if __name__ == "__main__":
    main()
