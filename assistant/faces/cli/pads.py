"""The commands of any score pad, built from what it declares (the area ``pads``).

A pad whose rows of the command table name the area ``pads`` (``GameType.commands``) gets its group on the
command line with no module of its own: each of its rows becomes a command, its help the declared one.
Four words are the same on every pad: ``new`` starts one (its players or sides as its ``Start`` declares,
``--name``), ``show`` draws it (the picture it declares), ``export`` prints its totals table (CSV or JSON),
and a row with a declared hook of its name runs that function (``GameType.hooks``: it takes the loaded pad
and prints nothing, returning the lines to print). Every other row is a step of the game: its words,
options included, are the game's to read (``read_step``), as the table screen reads them, then the pad is
drawn with what the table must hear.
"""

# No ``from __future__ import annotations``: the commands are made inside functions, and their annotations
# name the functions' own values (the options' spellings a pad declares).
from typing import Annotated, Any, Optional

import typer

from assistant.engine.i18n import N_, _
from assistant.faces.cli.common import GameOption, HtmlOption, SvgOption, echo_json, pad, pad_report, store
from assistant.faces.cli.group import HELP_OPTIONS, OneLineErrors

AREA = "pads"
STEP_SETTINGS = {**HELP_OPTIONS, "ignore_unknown_options": True, "allow_extra_args": False}


def __getattr__(name: str) -> typer.Typer:
    """``app``: one group for each registered pad whose rows name this area, built from its declarations."""
    if name == "app":
        return build()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def build() -> typer.Typer:
    """A holder of one group for each pad declared in this area (the command line picks its own from it)."""
    from assistant.engine import registry

    holder = typer.Typer()
    for declared in registry.registered():
        rows = [row for row in declared.commands if row.area == AREA]
        groups = [row for row in rows if len(row.words) == 1]
        for group_row in groups:
            word = group_row.words[0]
            group = typer.Typer(cls=OneLineErrors, help=group_row.help, no_args_is_help=True, rich_markup_mode=None,
                                context_settings=HELP_OPTIONS)
            for row in rows:
                if len(row.words) == 2 and row.words[0] == word:
                    _add(group, declared, word, row)
            holder.add_typer(group, name=word)
    return holder


def _add(group: typer.Typer, declared, word: str, row) -> None:
    """The command of ``row`` on ``group``: a generic one for new, show and export, a declared hook, else a step."""
    verb = row.words[1]
    made: dict[str, Any] = {"new": lambda: _new(declared), "show": lambda: _show(word),
                            "export": lambda: _export(word)}
    if verb in (declared.hooks or {}):
        group.command(verb, help=row.help)(_hooked(declared, word, verb))
    elif verb in made:
        group.command(verb, help=row.help)(made[verb]())
    else:
        group.command(verb, help=row.help, context_settings=STEP_SETTINGS)(_step(word, verb))


def _new(declared):
    start = declared.start
    who = start.who if start is not None else "players"
    spellings = {"players": ("--players", "--joueurs"), "sides": ("--sides", "--camps"),
                 "opponents": ("--opponents", "--adversaires")}.get(who, (f"--{who}",))

    def new(names: Annotated[str, typer.Option(*spellings, help=N_("The players, in seating order: Ana,Ben,Cleo."))],
            name: Annotated[Optional[str], typer.Option("--name", "--nom", help=N_(
                "The pad's name (default: its kind, numbered)."))] = None) -> None:
        data = store()
        made = declared.hook("new")
        if made is None:  # the class starts it, with the rules it plays by where it reads some
            cls = declared.game_class()
            rules = data.pad_rules(cls)
            made = cls.new if rules is None else lambda kind, players: cls.new(kind, players, rules)
        game = data.create(made(name or declared.kind, names.split(",")), numbered=name is None)
        typer.echo(_("new score pad {name}: {table}").format(name=game.name, table=", ".join(game.players)))
    return new


def _show(word: str):
    def show(game: GameOption = None, svg: SvgOption = None, html: HtmlOption = None) -> None:
        pad_report(pad(store().load(game), word), svg, html)
    return show


def _export(word: str):
    def export(csv: Annotated[bool, typer.Option("--csv", help=N_("Comma-separated values."))] = False,
               as_json: Annotated[bool, typer.Option("--json", help=N_("JSON."))] = False,
               game: GameOption = None) -> None:
        if as_json == csv:
            raise typer.BadParameter(_("choose one: --csv or --json"))
        current = pad(store().load(game), word)
        lines = totals_lines(current)
        if as_json:
            sheet = getattr(current, "score_sheet", None)
            echo_json(sheet() if sheet is not None else
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
    own = getattr(game, "score_lines", None)
    if own is not None:
        return own()
    header = ["round", "played", *game.players, *(f"{player} total" for player in game.players)]
    return [header, *([row.number, row.said or row.title,
                       *(row.points[player] if row.points else "" for player in game.players),
                       *(row.totals[player] if row.totals else "" for player in game.players)]
                      for row in game.rows())]


def _hooked(declared, word: str, verb: str):
    def hooked(game: GameOption = None) -> None:
        for line in declared.hook(verb)(pad(store().load(game), word)):
            typer.echo(line)
    return hooked


def _step(word: str, verb: str):
    def step(words: Annotated[Optional[list[str]], typer.Argument(help=N_("The step's words, as the table "
                                                                          "screen takes them."))] = None,
             game: GameOption = None) -> None:
        from assistant.engine.words import join

        def record(loaded):
            current = pad(loaded, word)
            return current.record(current.read_step(join([verb, *(words or [])])))
        pad_report(store().update(game, record))
    return step
