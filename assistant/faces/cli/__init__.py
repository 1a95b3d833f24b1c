"""The command line's face: the ``assistant`` app, assembled from the areas' groups of commands.

Each area's module (``games``, ``deduction``, ``tally``, ``board``, ``faces``) declares its commands on
its own ``app`` (its top-level commands, and its groups: ``board``, ``print``), their help taken from the
engine's command table (``assistant.engine.commands``), which also says which area holds which command.
The games' own commands are built from what each game declares: a score pad's group (``pads``), a game's
top-level steps (``steps``); such an area builds only the command asked for (its ``app_of``). ``app_for``
imports only the area of the command typed, so a command at the table reads no other area's module; help
and unknown commands get the whole app (``whole``).

The checkout's ``cli.py`` is the installed command: it runs ``app_for(sys.argv[1:])``. The table
screen reads the commands' parameters (``command_params``) and runs a command (``app_for``) from
here, never from ``cli.py``.
"""

import functools
from importlib import import_module
from typing import Annotated, Optional

import typer

from assistant.engine import commands
from assistant.engine.i18n import N_, _
from assistant.faces.cli.group import (
    HELP_OPTIONS,
    LANGUAGE_OPTION,
    LONG_RUNNING,
    ExitCode,
    OneLineErrors,
    command_word,
    fill_help,
)

__all__ = ["LONG_RUNNING", "ExitCode", "app_for", "command_name", "command_names", "command_params", "command_word",
           "whole"]

HELP = N_("A companion for board game tables: deduction sheets and score pads.\n\n"
          "Start with: assistant new gnom-street --opponents red,blue")


def _version(wanted: bool) -> None:
    if wanted:
        from importlib.metadata import PackageNotFoundError, version

        try:
            typer.echo(f"assistant {version('assistant')}")
        except PackageNotFoundError:
            typer.echo(_("assistant (not installed: run from a checkout)"))
        raise typer.Exit()


def _options(version: Annotated[bool, typer.Option("--version", "-V", callback=_version, is_eager=True,
                                                   help=N_("Print the version and exit."))] = False,
             lang: Annotated[Optional[str], typer.Option(
                 *LANGUAGE_OPTION, metavar=N_("fr|en"),
                 help=N_("The language to answer in, anywhere on the line (else ASSISTANT_LANG, else "
                         "the locale: LC_ALL, LC_MESSAGES, LANG; else English)."))] = None) -> None:
    pass  # --lang is read (and taken off the line) before parsing: see group._speak


def area(word: str) -> typer.Typer:
    """The commands of the area that holds top-level command (or group) ``word``: its module's ``app``."""
    module = import_module(f"{__name__}.{commands.area_of(word)}")
    only = getattr(module, "app_of", None)  # an area built from the games' declarations builds the one asked for
    return only(word) if only is not None else module.app


def command_name(command) -> str:
    """A registered command's name as typed: its own, else its function's ('import_' is import)."""
    return command.name or command.callback.__name__.replace("_", "-")


def command_names(typer_app: typer.Typer) -> set[str]:
    """The names of an app's (or a group's) commands."""
    return {command_name(command) for command in typer_app.registered_commands}


def _picked(word: str) -> tuple[list, list]:
    """The registered command, or group, that top-level ``word`` names, from its area's module."""
    holder = area(word)
    return ([c for c in holder.registered_commands if command_name(c) == word],
            [g for g in holder.registered_groups if g.name == word])


def whole() -> typer.Typer:
    """The whole app (``_whole``), assembled again once a game was registered or taken out."""
    from assistant.engine import registry

    commands.command_names()  # the games found first: their registering changes the generation
    return _whole(registry.generation())


@functools.cache
def _whole(generation: int) -> typer.Typer:
    """The whole app: every command of the table, in the table's order (``--help`` lists them so), its
    groups after them; ``--version``, ``--lang`` and ``--install-completion`` on the app itself."""
    app = typer.Typer(
        cls=OneLineErrors,
        help=HELP,
        no_args_is_help=True,
        add_completion=True,  # --install-completion: only the whole app has it (see app_for)
        pretty_exceptions_enable=False,
        rich_markup_mode=None,
        context_settings=HELP_OPTIONS,
    )
    app.callback()(_options)
    for word in commands.command_names():
        app.registered_commands += _picked(word)[0]
    for word in commands.command_groups():
        app.registered_groups += _picked(word)[1]
    _fill_helps(app)
    return app


def _fill_helps(commands_of: typer.Typer) -> None:
    """Every game's command of ``commands_of`` and of its groups given the help its game declares."""
    for info in commands_of.registered_commands:
        fill_help(info)
    for group in commands_of.registered_groups:
        if group.typer_instance is not None:
            _fill_helps(group.typer_instance)


def app_for(args: list[str]) -> typer.Typer:
    """The app, holding only the command about to run when the arguments name one.

    Typer turns every registered command into a click command on each run,
    and each area's module costs its reading; a command at the table needs
    only its own. Help and unknown commands get the
    whole app."""
    name = command_word(args)
    if name is None or commands.area_of(name) is None or args[:1] in (["--help"], ["-h"]):
        return whole()
    only = typer.Typer(cls=OneLineErrors, help=HELP, add_completion=False,
                       pretty_exceptions_enable=False, rich_markup_mode=None, context_settings=HELP_OPTIONS)
    only.registered_commands, only.registered_groups = _picked(name)
    _read_annotations(only)
    only.callback()(_group)  # a callback keeps it a group: `assistant NAME ...` parses as before
    return only


def _read_annotations(commands_of: typer.Typer) -> None:
    """Turn the annotations of the commands about to be built from text into what they say, once.

    The areas' modules keep annotations as text (``from __future__ import annotations``), so that reading
    a module costs nothing for its commands that do not run. Typer reads every parameter's annotation
    twice (``inspect.signature(eval_str=True)``, then ``get_type_hints``), compiling each text anew each
    time: read here once, the command's own are compiled once."""
    for info in commands_of.registered_commands:
        fill_help(info)
        callback = info.callback
        if callback is not None and any(isinstance(text, str) for text in callback.__annotations__.values()):
            callback.__annotations__ = {name: _evaluated(text, callback.__globals__)
                                        for name, text in callback.__annotations__.items()}
    for group in commands_of.registered_groups:
        if group.typer_instance is not None:
            _read_annotations(group.typer_instance)


def _evaluated(annotation: object, scope: dict) -> object:
    """What an annotation written as text says, as ``typing.get_type_hints`` reads it. Most name an option
    declared once (``GameOption``), or are ``None``: those are looked up, not compiled (a compilation is a
    large part of a command's start-up)."""
    if not isinstance(annotation, str):
        return annotation
    if annotation == "None":
        return type(None)
    if annotation.isidentifier() and annotation in scope:
        return scope[annotation]
    return eval(annotation, scope)  # our own modules' annotations, evaluated as get_type_hints evaluates them


def _group() -> None:
    """A companion for board game tables: deduction sheets and score pads."""


def command_params() -> list[tuple[tuple[str, ...], list[tuple]]]:
    """Every command's words ('board', 'set') and its parameters as plain data, in order: (name, spellings
    (none: a positional word), flag, required, repeated). The table screen's grammar of the commands is
    built from them (``assistant.engine.commands``), so that it takes the very words this app takes."""
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

    walk(typer.main.get_command(whole()), ())
    return found
