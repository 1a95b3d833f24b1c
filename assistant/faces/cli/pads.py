"""The commands of any score pad, built from what it declares (the area ``pads``).

A pad whose rows of the command table name the area ``pads`` (``GameType.commands``) gets its group on the
command line with no module of its own: each of its rows becomes a command, its help the declared one.
Three words are the same on every pad: ``new`` starts one (its players or sides as its ``Start`` declares,
``--name``, and the settings it declares, handed to its ``new`` hook), ``show`` draws it (the picture it
declares; ``--json`` where it declares a ``show-json`` hook) and ``export`` prints its totals table (CSV or
JSON). A row with a hook of its name (``GameType.hooks``) prints what that function returns: lines, or data
printed as JSON (``quest list``). Every other row is a step of the game (``steps.add_step``). The hooks
return data and import no face: this module prints it.
"""

# No ``from __future__ import annotations``: the commands are made inside functions, and their annotations
# name the functions' own values (the options' spellings a pad declares).
from typing import Annotated, Any, Optional

import typer

from assistant.engine.i18n import N_, _
from assistant.faces.cli.common import GameOption, HtmlOption, SvgOption, echo_json, pad, pad_report, store
from assistant.faces.cli.group import HELP_OPTIONS, OneLineErrors
from assistant.faces.cli.steps import add_step, app_attribute

AREA = "pads"


def build(only: str | None = None) -> typer.Typer:
    """A holder of one group for each pad declared in this area (``only``: that group alone); the command line
    picks its own from it."""
    from assistant.engine import registry

    holder = typer.Typer()
    for declared in registry.registered():
        rows = [row for row in declared.commands if row.area == AREA]
        groups = [row for row in rows if len(row.words) == 1 and only in (None, row.words[0])]
        for group_row in groups:
            word = group_row.words[0]
            group = typer.Typer(cls=OneLineErrors, help=group_row.help, no_args_is_help=True, rich_markup_mode=None,
                                context_settings=HELP_OPTIONS)
            for row in rows:
                if len(row.words) == 2 and row.words[0] == word:
                    _add(group, declared, word, row)
            holder.add_typer(group, name=word)
    return holder


def __getattr__(name: str) -> typer.Typer:
    """``app``: one group for each registered pad whose rows name this area, built from its declarations."""
    return app_attribute(__name__, name, build)


app_of = build  # the one group typed: ``build(word)``


def _add(group: typer.Typer, declared, word: str, row) -> None:
    """The command of ``row`` on ``group``: a generic one for new, show and export, a declared hook, else a step."""
    verb = row.words[1]
    made: dict[str, Any] = {"new": lambda: _new(declared), "show": lambda: _show(declared, word),
                            "export": lambda: _export(word)}
    if verb in made:
        group.command(verb, help=row.help)(made[verb]())
    elif verb in (declared.hooks or {}):
        group.command(verb, help=row.help)(_hooked(declared, verb))
    else:
        add_step(group, declared, row, lambda loaded: pad(loaded, word))


WHO = {"players": ("--players", "--joueurs"), "sides": ("--sides", "--camps"),
       "opponents": ("--opponents", "--adversaires")}


def _new(declared):
    """``new``: who plays (the option its ``Start`` names), ``--name``, and the settings it declares, handed
    to its ``new`` hook (else its class's ``new``); then its ``started`` hook's lines, else who plays."""
    import inspect

    start = declared.start
    who = start.who if start is not None else "players"
    spellings = WHO.get(who, (f"--{who}",))
    names_help = start.help if start is not None and start.help else N_(
        "The players, in seating order: Ana,Ben,Cleo.")
    name_help = (start.name_help if start is not None and start.name_help else
                 N_("The pad's name (default: its kind, numbered)."))
    settings = start.settings if start is not None else ()

    def new(name: Optional[str] = None, **given: Any) -> None:
        names = given.pop(who)
        data = store()
        made = declared.hook("new")
        if made is None:  # the class starts it, with the rules it plays by where it reads some
            cls = declared.game_class()
            rules = data.pad_rules(cls)
            made = cls.new if rules is None else lambda kind, players: cls.new(kind, players, rules)
        game = data.create(made(name or declared.kind, names.split(","), **given), numbered=name is None)
        said = declared.hook("started")
        told = said(game) if said is not None else {
            "lines": [_("new score pad {name}: {table}").format(name=game.name, table=", ".join(game.players))]}
        for line in told.get("notices", ()):
            typer.echo(line, err=True)
        for line in told.get("lines", ()):
            typer.echo(line)

    params = [
        inspect.Parameter(who, inspect.Parameter.KEYWORD_ONLY,  # named as the command table knows its slot
                          annotation=Annotated[str, typer.Option(*spellings, help=names_help)]),
        inspect.Parameter("name", inspect.Parameter.KEYWORD_ONLY, default=None,
                          annotation=Annotated[Optional[str], typer.Option("--name", "--nom", help=name_help)])]
    for setting in settings:
        kind: Any = bool if setting.flag else Optional[str]
        params.append(inspect.Parameter(setting.name, inspect.Parameter.KEYWORD_ONLY,
                                        default=False if setting.flag else None,
                                        annotation=Annotated[kind, typer.Option(*setting.spellings,
                                                                                help=setting.help)]))
    new.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    new.__annotations__ = {param.name: param.annotation for param in params} | {"return": None}
    return new


def _show(declared, word: str):
    """``show``: the pad drawn (``--svg``, ``--html``), or, where it declares a ``show-json`` hook, ``--json``."""
    if "show-json" not in (declared.hooks or {}):
        def show(game: GameOption = None, svg: SvgOption = None, html: HtmlOption = None) -> None:
            pad_report(pad(store().load(game), word), svg, html)
        return show

    def show_or_json(game: GameOption = None, svg: SvgOption = None, html: HtmlOption = None,
                     as_json: Annotated[bool, typer.Option("--json", help=N_("Print JSON."))] = False) -> None:
        current = pad(store().load(game), word)
        if as_json:
            echo_json(declared.hook("show-json")(current))
            return
        pad_report(current, svg, html)
    return show_or_json


def _export(word: str):
    def export(csv: Annotated[bool, typer.Option("--csv", help=N_("Comma-separated values."))] = False,
               as_json: Annotated[bool, typer.Option("--json", help=N_("JSON."))] = False,
               game: GameOption = None) -> None:
        if as_json == csv:
            raise typer.BadParameter(_("choose one: --csv or --json"))
        current = pad(store().load(game), word)
        lines = totals_lines(current)
        if as_json:
            from assistant.engine.contract import OwnScoreSheet

            echo_json(current.score_sheet() if isinstance(current, OwnScoreSheet) else
                      {"players": list(current.players),
                       "rows": [dict(zip(lines[0], line, strict=False)) for line in lines[1:]]})
            return
        import csv as csv_module
        import io

        out = io.StringIO()
        csv_module.writer(out, lineterminator="\n").writerows(lines)
        typer.echo(out.getvalue(), nl=False)
    return export


def totals_lines(game) -> list[list]:
    """A pad's totals table as lines of cells, a header first: each round played, each player's points and
    running total (its own ``score_lines`` where it has them)."""
    from assistant.engine.contract import OwnScoreSheet

    if isinstance(game, OwnScoreSheet):
        return game.score_lines()
    header = ["round", "played", *game.players, *(f"{player} total" for player in game.players)]
    return [header, *([row.number, row.said or row.title,
                       *(row.points[player] if row.points else "" for player in game.players),
                       *(row.totals[player] if row.totals else "" for player in game.players)]
                      for row in game.rows())]


def _hooked(declared, verb: str):
    """A command that is the pad's own: its hook is given the rules the pad plays by (None where it reads none)
    and whether ``--json`` was given, and returns the lines to print, or the data to print as JSON."""
    def hooked(as_json: Annotated[bool, typer.Option("--json", help=N_("Print JSON."))] = False) -> None:
        told = declared.hook(verb)(store().pad_rules(declared.game_class()), as_json)
        if as_json:
            echo_json(told)
            return
        for line in told:
            typer.echo(line)
    return hooked
