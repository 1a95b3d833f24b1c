"""The command line's group of commands: one line for every failure, both languages, usage errors.

``OneLineErrors`` is the class of every group of commands (the whole app, ``board``, ``quest``, ...):
it reads ``--lang`` before parsing, takes a French command word for its English command, and turns
every expected failure into one line on stderr and an exit code (``ExitCode``), never a traceback.
Each area's module declares its commands with ``declared``, which takes their help from the engine's
command table (``assistant.engine.commands``).
"""

import os
import sys
import weakref
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, Optional, cast

import typer
from typer._click import core as click_core
from typer._click.formatting import HelpFormatter
from typer.core import TyperGroup

from assistant.engine.commands import aliases, help_of, own_row
from assistant.engine.commands import english as english_word
from assistant.engine.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from typer._click.core import Context


class ExitCode:
    """The command's exit status. Plain numbers, not an IntEnum: making an Enum class is a sizeable part of
    this module's reading, which every command pays."""

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
        if text.replace("\n", "").replace("\t", "").isprintable():
            # Nothing to escape: every control character is unprintable to str.isprintable (a test
            # checks it), so most lines pass at once, without the escapes' pattern being compiled.
            self._stream.write(text)
            return len(text)
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

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None, complete_var: str | None = None,
             standalone_mode: bool = True, windows_expand_args: bool = True, **extra: Any) -> Any:
        # Everything this command prints goes through Printable: a card text, a scenario title or
        # a file name holding ESC or U+2028 is shown escaped, never obeyed by the terminal.
        streams = sys.stdout, sys.stderr
        sys.stdout, sys.stderr = Printable(sys.stdout), Printable(sys.stderr)
        _ONE_SHOT.append(command_word(sys.argv[1:] if args is None else list(args)) not in LONG_RUNNING)
        went_through = False
        try:
            self._main(args, prog_name, complete_var, windows_expand_args=windows_expand_args, **extra)
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
            if error.filename:
                _fail(_("cannot use {file} ({reason})").format(file=shown(error.filename, 300), reason=reason),
                      ExitCode.ERROR)
            # Every file of the data folder's or the player's is named by the error it gives (store.files):
            # one that names none is what the command printed, refused by a full disk or a closed pipe.
            _drop_standard_output()
            _fail(_("cannot write standard output ({reason})").format(reason=reason), ExitCode.ERROR)
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
            name = english_word(args[0]) if english_word(args[0]) != args[0].lower() else None
            # the command as typed names it in its usage line: 'assistant indice ...'
            if name is not None and name in self.commands:
                english, command, rest = super().resolve_command(ctx, [name, *args[1:]])
                return args[0], command, rest
            if not args[0].startswith("-"):
                import difflib

                from assistant.engine.errors import InputError

                elsewhere = _command_elsewhere(ctx, english_word(args[0]))
                if elsewhere is not None:  # 'quête annuler': the command that does it, not a guess
                    raise InputError(_("{group} has no command {word}: use {command}").format(
                        group=ctx.info_name, word=repr(args[0]), command=elsewhere))
                # the words of the language spoken first, then any word; answered in the language spoken
                shown = [n for n, c in self.commands.items() if not c.hidden]
                spoken = {spoken_word(n): n for n in shown}
                known = shown + [a for a, n in aliases().items() if n in shown]
                word = args[0].lower()
                close = difflib.get_close_matches(word, list(spoken), n=1, cutoff=0.6) or \
                    difflib.get_close_matches(word, known, n=1, cutoff=0.6)
                raise InputError(
                    _("no such command {word}: did you mean {command}?").format(
                        word=repr(args[0]), command=spoken_word(spoken.get(close[0]) or aliases().get(close[0])
                                                                 or close[0]))
                    if close else
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

    typer.core._ = i18n._
    click_core.Context.formatter_class = _HelpFormatter
    click_core.Context.get_help = _translated_help  # type: ignore[method-assign,assignment]  # see below
    if i18n.language() != i18n.DEFAULT:
        _translate_words(root)
        if COMPLETE_VARIABLE in os.environ:  # the shell asks for completions: their help is shown beside them
            _translate_texts(root)
    return kept


COMPLETE_VARIABLE = "_ASSISTANT_COMPLETE"  # Typer's, named after the program: set when the shell completes a line
_CONTEXT_HELP = click_core.Context.get_help
_TEXTS_TRANSLATED: "weakref.WeakSet[click_core.Command]" = weakref.WeakSet()  # the trees whose help is translated


def _translated_help(context: click_core.Context) -> str:
    """``Context.get_help``, once the help texts of the command tree are in the language spoken.

    A command reads its help only to show it (``--help``; no words at all): translated when shown, not on
    every run: looking every text up in the catalogue would be most of what French adds to a command's start-up.
    The words standing for what to type are translated on every run (``_translate_words``): usage errors
    show them too."""
    from assistant.engine import i18n

    root = context.find_root().command
    if i18n.language() != i18n.DEFAULT and root not in _TEXTS_TRANSLATED:
        _translate_texts(root)
        _TEXTS_TRANSLATED.add(root)
    return _CONTEXT_HELP(context)


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
        return super().getvalue().replace(NO_BREAK_HYPHEN, "-")  # typed words keep the hyphen one types


NO_BREAK = "\u00a0"
NO_BREAK_HYPHEN = "\u2011"
_WORD_HYPHEN = None  # compiled on first use: help is rare, start-up is budgeted


def glued(text: str) -> str:
    """French puts a space before : ; ? ! -- a no-break space, kept in the help a player reads, so that
    click's wrap never starts a line with the colon. A hyphen inside a word ('près-de', 'à-côté-de': words
    one types) is held while click wraps, then given back, so that no word is cut in two."""
    global _WORD_HYPHEN
    for mark in ":;?!":
        text = text.replace(f" {mark}", NO_BREAK + mark)
    if "-" in text:
        if _WORD_HYPHEN is None:
            import re

            _WORD_HYPHEN = re.compile(r"(?<=\w)-(?=\w)")
        text = _WORD_HYPHEN.sub(NO_BREAK_HYPHEN, text)
    return text


def _refuse_language(error) -> None:
    """A language that cannot be spoken is refused in the locale's language (French on a French machine)."""
    from assistant.engine import i18n

    i18n.use(i18n.locale_language())
    _fail(str(error), ExitCode.USAGE)


def _commands(command) -> Iterator:
    """``command`` and every command under it (the tree is built anew on every run)."""
    yield command
    for sub in getattr(command, "commands", {}).values():
        yield from _commands(sub)


def _translate_texts(root) -> None:
    """Every help text of ``root`` and of the commands under it, in the language spoken (they are written
    in English and marked with N_)."""
    for command in _commands(root):
        for name in ("help", "short_help", "epilog"):
            if getattr(command, name, None):
                setattr(command, name, _(getattr(command, name)))
        for param in command.params:
            if getattr(param, "help", None):
                param.help = _(param.help)


def _translate_words(root) -> None:
    """The words standing for what to type in help and usage errors, in the language spoken, in ``root``
    and the commands under it: ``{cell}``, ``[FILE]``, ``<str>``, ``COMMAND [ARGS]...``."""
    for command in _commands(root):
        for name in ("options_metavar", "subcommand_metavar"):
            if getattr(command, name, None):
                setattr(command, name, _(getattr(command, name)))
        for param in command.params:
            if param.param_type_name == "argument":
                param.metavar = _(param.metavar or param.name)
            elif param.metavar is not None:
                param.metavar = _(param.metavar)
            elif not getattr(param, "is_flag", False) and param.type.name in TYPE_WORDS:
                param.metavar = _(TYPE_WORDS[param.type.name])


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
            error.param.get_error_hint(cast("Context", error.ctx)) if error.param is not None else None
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
    unexpected = re.fullmatch(r"Got unexpected extra argument\(s\) \((?P<words>.*)\)", message, re.DOTALL)
    if unexpected:
        return _("Got unexpected extra argument(s) ({words})").format(words=unexpected.group("words"))
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
    kept: list[str] = []
    numbers: list[str] = []
    at = 0
    while at < end:
        word = args[at]
        if word in takes_value:  # its value follows, whatever it looks like
            kept += args[at:at + 2]
            at += 2
            continue
        (numbers if re.fullmatch(r"-[0-9]+", word) else kept).append(word)
        at += 1
    return args if not numbers else kept + ["--"] + numbers + args[end + 1:]


HELP_OPTIONS = {"help_option_names": ["-h", "--help"]}


def spoken_command(name: str) -> str:
    """A command's name as the help lists it in the language spoken: 'indice (clue)' in French (its French
    word first), the English one alone where French has no other word."""
    from assistant.engine.i18n import DEFAULT, language
    from assistant.engine.words import french_word

    french = french_word(name, aliases()) if language() != DEFAULT else ""
    return f"{french} ({name})" if french else name


def _command_elsewhere(ctx, english: str) -> str | None:
    """The whole command that does ``english`` when a group was given a word of another group ('assistant
    annuler' for 'assistant quête annuler'), in the language spoken; None at the top or when none does. Read
    from the declared commands: the app built for one command holds no other (``app_for``)."""
    from assistant.engine import commands

    if ctx.parent is None:
        return None
    root, group = "assistant", english_word(ctx.info_name or "")
    declared = commands.DECLARED
    if (english,) in declared:
        return f"{root} {spoken_word(english)}"
    for words in declared:
        if len(words) == 2 and words[1] == english and words[0] != group:
            return f"{root} {spoken_word(words[0])} {spoken_word(english)}"
    return None


def spoken_word(name: str) -> str:
    """A command's one word in the language spoken: 'indice' for clue at a French table, 'clue' otherwise."""
    from assistant.engine.i18n import DEFAULT, language
    from assistant.engine.words import french_word

    return (french_word(name, aliases()) if language() != DEFAULT else "") or name


def command_word(args: list[str]) -> str | None:
    """The command the arguments name, in English (French words: see OneLineErrors), or None."""
    name = next((arg for at, arg in enumerate(args)
                 if not arg.startswith("-") and (at == 0 or args[at - 1] not in LANGUAGE_OPTION)), None)
    if name is None:
        return None
    found = english_word(name)
    return found if found != name.lower() else name


# The commands that stay open (a screen, a server); every other one is a one-shot command.
LONG_RUNNING = frozenset({"table", "serve"})
# Whether the command running is a one-shot one, innermost last (the table runs one-shot commands inside
# it): a one-shot command's cache writes are held until it ends, and dropped if it is refused
# (store.files.end_command), so that a refusal leaves the data folder byte for byte as it was.
_ONE_SHOT: list[bool] = []


def one_shot() -> bool:
    """Whether the command running now is a one-shot command (not the table or the server)."""
    return bool(_ONE_SHOT) and _ONE_SHOT[-1]


def _command_ended(went_through: bool) -> None:
    """A command ended: its held cache writes made or dropped, and, if it went through, one warning line for
    each odd file the data folder held where a file belongs (a refusal stays the one line that says why)."""
    files = sys.modules.get("assistant.store.files")  # not loaded: the data folder was not read
    for line in files.notices() if files is not None else ():  # done whether or not the command went through
        typer.echo(_("notice: {message}").format(message=line), err=True)
    for line in files.end_command(went_through) if files is not None else ():
        if went_through:
            typer.echo(_("warning: {message}").format(message=line), err=True)


def _drop_standard_output() -> None:
    """What is left unwritten of standard output goes: flushed again at exit, it would fail again with a
    traceback of Python's own."""
    from assistant.store.files import discard_output

    discard_output(getattr(sys.stdout, "_stream", sys.stdout))  # under Printable, the stream itself


def _fail(message: str, code: int) -> None:
    # One line, whatever a message quotes back: a file name may hold a line break.
    one_line = message.replace("\r", "\\r").replace("\n", "\\n")
    typer.echo(_("error: {message}").format(message=one_line), err=True)
    sys.exit(int(code))



def group(*words: str) -> typer.Typer:
    """The group of commands ``words`` ('quest'), its help from the command table."""
    return typer.Typer(cls=OneLineErrors, help=help_of(*words), no_args_is_help=True, rich_markup_mode=None,
                       context_settings=HELP_OPTIONS)


def declared(holder: typer.Typer, *words: str):
    """Registers the function below as command ``words`` ('clue'; 'quest', 'deal') of the command table,
    on ``holder`` (its area's commands, or its group), with the help the table declares."""
    if not own_row(words):  # a game's row: its help is read from the registry when the command is built
        def later(function):
            holder.command(words[-1])(function)
            LATER_HELP[id(holder.registered_commands[-1])] = words
            return function
        return later
    return holder.command(words[-1], help=help_of(*words))


LATER_HELP: dict[int, tuple[str, ...]] = {}  # a game's command (by its CommandInfo's id) -> its words


def fill_help(info) -> None:
    """A game's command about to be built gets the help its game declares (``declared``)."""
    words = LATER_HELP.get(id(info))
    if words is not None and info.help is None:
        info.help = help_of(*words)
