"""The commands that record a step of a game, built from what the game declares (the area ``steps``).

A game's row of the command table that names the area ``steps`` (``GameType.commands``) is a top-level
command of the command line with no module of its own ('fight', 'miniature': the garden's steps); a pad's
steps are built the same way inside its group (``pads``). Each parameter is one the row declares
(``Command.args``: its help, whether it must be given, repeats), an option taking its spellings from the
step's form, as the table screen reads them (the French one last: a French refusal names it). The words
given are put back in the step's order, read by the game's grammar (``read_step``) and recorded; then the
game's ``recorded`` hook says what to print (its lines, and whether to draw the game after them), else
the game is drawn with what the table must hear.
"""

# No ``from __future__ import annotations``: the commands are made inside functions, and their annotations
# are the parameters the game declares.
import inspect
from typing import Annotated, Any, Optional

import typer

from assistant.engine.i18n import N_
from assistant.faces.cli.common import STEP_WORDS, GameOption, completer, deduction, update
from assistant.faces.cli.group import HELP_OPTIONS, OneLineErrors

AREA = "steps"


def build(only: str | None = None) -> typer.Typer:
    """A holder of each top-level step command declared in this area (``only``: that one alone)."""
    from assistant.engine import registry

    holder = typer.Typer(cls=OneLineErrors, context_settings=HELP_OPTIONS)
    for declared in registry.registered():
        for row in declared.commands:
            if row.area == AREA and len(row.words) == 1 and only in (None, row.words[0]):
                add_step(holder, declared, row, None if declared.pad else deduction)
    return holder


def app_attribute(module: str, name: str, build) -> typer.Typer:
    """An area's ``app`` (its ``build()``), made when asked for: the command line asks for it, or for ``app_of``."""
    if name == "app":
        return build()
    raise AttributeError(f"module {module!r} has no attribute {name!r}")


def __getattr__(name: str) -> typer.Typer:
    """``app``: every top-level step command the registered games declare in this area."""
    return app_attribute(__name__, name, build)


app_of = build  # the one command typed: ``build(word)``


def forms_of(declared) -> tuple:
    """The step forms of a declared game's class: a pad's ``FORMS``, a sheet's ``step_forms`` as typed."""
    cls = declared.game_class()
    found = getattr(cls, "FORMS", None)
    return found if found is not None else cls.step_forms(False)


# A row that declares no parameters takes the step's words as they come, options included, as the table screen
# takes them.
FREE_WORDS = Annotated[Optional[list[str]], typer.Argument(help=N_("The step's words, as the table screen takes them."),
                                                           autocompletion=STEP_WORDS)]
FREE_SETTINGS = {**HELP_OPTIONS, "ignore_unknown_options": True, "allow_extra_args": False}


def add_step(holder: typer.Typer, declared, row, check) -> None:
    """The command of ``row`` on ``holder`` (a group, or the top-level commands): it records the step.
    ``check(loaded)``: the loaded game if it is one the command works on, else a refusal; None: the game's own
    reading refuses the others."""
    if row.args:
        holder.command(row.words[-1], help=row.help)(step_command(declared, row, check))
    else:
        holder.command(row.words[-1], help=row.help, context_settings=FREE_SETTINGS)(free_step(declared, row, check))


def free_step(declared, row, check):
    """The command of a step whose row declares no parameters: its words are read as the table screen reads them."""
    verb = row.step or row.words[-1]

    def step(words: FREE_WORDS = None, game: GameOption = None) -> None:
        from assistant.engine.words import join

        def record(loaded):
            current = check(loaded) if check is not None else loaded
            return current.record(current.read_step(join([verb, *(words or [])])))
        report(declared, update(game, record))
    return step


def step_command(declared, row, check):
    """The command that records the step of ``row`` on a game of ``declared``, its parameters those ``row``
    declares (``add_step``)."""
    verb = row.step or row.words[-1]
    form = next(each for each in forms_of(declared) if verb in each.verbs)
    options = {option.name: option for option in form.options}
    params = []
    for arg in row.args:
        option = options.get(arg.name)
        name = arg.name.replace("-", "_")
        if option is None:  # a positional word, or several
            info = typer.Argument(help=arg.help, metavar=arg.metavar or None, autocompletion=STEP_WORDS)
        else:
            spellings = [each for each in option.spellings if each != option.french]
            spellings += [option.french] if option.french else []  # a French refusal names the last one
            info = typer.Option(*spellings, help=arg.help, autocompletion=completer(option.spellings[0]))
        kind: Any = list[str] if arg.repeat or (option is not None and option.repeat) else str
        default: Any = inspect.Parameter.empty
        if option is not None and option.slot is None:  # a flag
            kind, default = bool, False
        elif not arg.required:
            kind, default = Optional[kind], None
        params.append(inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=default,
                                        annotation=Annotated[kind, info]))
    params.append(inspect.Parameter("game", inspect.Parameter.KEYWORD_ONLY, default=None, annotation=GameOption))

    def step(game: Optional[str] = None, **given: Any) -> None:
        from assistant.engine.words import join

        words = [verb]
        for arg in row.args:  # the positional words first, in their order, then the options given
            value = given.get(arg.name.replace("-", "_"))
            if arg.name not in options and value is not None:
                words += list(value) if isinstance(value, list) else [value]
        for arg in row.args:
            option = options.get(arg.name)
            value = given.get(arg.name.replace("-", "_"))
            if option is None or value in (None, False, []):
                continue
            for each in (value if isinstance(value, list) else [value]):
                words += [option.spellings[0]] if each is True else [option.spellings[0], each]

        def record(loaded):
            current = check(loaded) if check is not None else loaded
            return current.record(current.read_step(join(words)))
        report(declared, update(game, record))

    step.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    step.__annotations__ = {param.name: param.annotation for param in params} | {"return": None}
    step.__doc__ = row.help
    return step


def report(declared, updated) -> None:
    """What the table hears after a step: the game's ``recorded`` hook's lines (and the game drawn after them
    where it says so), else the game drawn and what the table must hear."""
    from assistant.faces.cli.common import pad_report

    said = declared.hook("recorded")
    told = said(updated) if said is not None else None
    if told is None:
        pad_report(updated)
        return
    lines, draw = told
    for line in lines:
        typer.echo(line)
    if draw:
        pad_report(updated)

