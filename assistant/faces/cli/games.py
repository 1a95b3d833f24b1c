"""The commands about saved games: new, games, use, rename, delete, archive, recover, import, export, stats."""

# The commands' annotations are read when Typer builds the one command typed, not when the module is read.
from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Optional

import typer

from assistant.engine.i18n import N_, _, ngettext
from assistant.faces.cli.common import (
    YES,
    HtmlOption,
    SvgOption,
    echo_json,
    notice_if_unverified,
    show,
    store,
)
from assistant.faces.cli.group import declared

app = typer.Typer()  # holds the area's top-level commands; the command line picks them from it


@declared(app, "new")
def new(
    board: Annotated[str, typer.Argument(help=N_("Board name, e.g. gnom-street or new-york."))],
    opponents: Annotated[Optional[str], typer.Option("--opponents", "--adversaires",
                                                     help=N_("Opponents' names, e.g. red,blue,yellow."))] = None,
    mine: Annotated[Optional[str], typer.Option("--mine", "--butin",
                                                help=N_("Your own loot cell (nobody else's loot is there)."))] = None,
    name: Annotated[Optional[str], typer.Option("--name", "--nom",
                                                help=N_("The game's name (default: BOARD-N)."))] = None,
    me: Annotated[Optional[str], typer.Option("--me", "--moi",
                                              help=N_("Your own name, e.g. Lea: results say 'Lea wins'."))] = None,
) -> None:
    from assistant.faces import starting

    _refuse_a_pad(board)  # said in the command line's words of the language spoken
    data = store()
    game: Any = starting.sheet(data, board, opponents, me, {"--mine": mine} if mine is not None else None, name)
    # Without --name the store numbers the game (gnom-street-2) under its lock.
    game = data.create(game, numbered=name is None)
    chosen = game.board
    notice_if_unverified(chosen)
    said = _("new game {name} on {board}: hunting {who}; your loot is on {cell}") if mine else \
        _("new game {name} on {board}: hunting {who}")
    typer.echo(said.format(name=game.name, board=chosen.name, who=", ".join(map(chosen.local_item, game.items)),
                           cell=(mine or "").upper()))


def _refuse_a_pad(word: str) -> None:
    """A score pad's kind (or one of its words) given to ``new``: one line naming the pad's own command."""
    from assistant.engine import registry
    from assistant.engine.errors import InputError

    found = registry.find(word)  # the kind itself: its own package read, not every game's
    if found is None:
        found = next((each for each in registry.registered() if each.named_by(word)), None)
    if found is not None and found.pad:
        start = _start_said(found.start, found.kind) if found.start is not None else "assistant --help"
        raise InputError(_("{kind} is a score pad: start it with {command}").format(kind=found.kind, command=start))


def _start_said(start, kind: str) -> str:
    """The command that starts a game, in the words of the language spoken: 'assistant quest new --players
    Ana,Ben,Cleo', at a French table 'assistant quête nouvelle --joueurs Ana,Ben,Cleo'."""
    from assistant.engine.i18n import DEFAULT, language
    from assistant.faces.cli.group import spoken_word
    from assistant.faces.cli.pads import WHO

    if language() == DEFAULT:
        return start.said(kind)
    words = [*map(spoken_word, start.command), *([kind] if start.command == ("new",) else [])]
    option = WHO.get(start.who, (f"--{start.who}",))[-1]
    return " ".join(["assistant", *words, option, start.example or "..."])


@declared(app, "games")
def games(as_json: Annotated[bool, typer.Option("--json", help=N_("Print JSON."))] = False,
          finished: Annotated[bool, typer.Option("--finished", "--finies", help=N_(
              "Only the finished games (each with its winner and the day it ended)."))] = False,
          archived: Annotated[bool, typer.Option("--archived", "--archivees", "--archivées", help=N_(
              "Only the archived games (assistant archive NAME), which the statistics still count."))] = False,
          ) -> None:
    from datetime import datetime

    from assistant.engine.registry import spoken
    from assistant.evenings.stats import outcomes

    data = store()
    data.tell_private = False  # a list shows no game's secret: a phone's private sheet is said as such
    current = data.current_name()
    known = {each["name"]: each for each in outcomes(data)[0]}
    ended = {name: each for name, each in known.items() if each["finished"]}
    put_away = data.archived()
    # the players the game's outcome names (the city's accusers among them), else its header's
    listed = [{**entry, "players": known[entry["name"]]["players"] if entry["name"] in known else entry["players"],
               "changed": datetime.fromtimestamp(entry["changed"]).astimezone().isoformat(timespec="seconds")
               if entry["changed"] else None, "current": entry["name"] == current,
               "finished": entry["name"] in ended, "winners": ended.get(entry["name"], {}).get("winners", []),
               "result": _result(ended.get(entry["name"])),
               "tie": _tie(data, known.get(entry["name"])),
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
        told = ngettext("({count} entry standing, changed {changed})", "({count} entries standing, changed {changed})",
                        count).format(
            count=count, changed=entry["changed"][:16].replace("T", " "))
        tie = f"  {entry['tie']}" if entry["tie"] else ""
        typer.echo(f"{mark} {entry['name']:<{width}}  {entry['kind']:<{kinds}}  {who}  {told}{_ended(entry)}{tie}"
                   f"{_phone(entry['phone'])}")


@declared(app, "archive")
def archive(name: Annotated[Optional[str], typer.Argument(help=N_("The game (default: the current one)."))] = None,
            undo: Annotated[bool, typer.Option("--undo", "--annuler", help=N_(
                "Bring an archived game back into games."))] = False) -> None:
    done = store().archive(name, not undo)
    said = _("brought back game {name}") if undo else \
        _("archived game {name}: assistant games --archived lists it; the statistics still count it")
    typer.echo(said.format(name=done))


def _result(ended: dict | None) -> str | None:
    """A finished game's result as every face words it ('Léa wins (13 points)'), from its outcome."""
    if ended is None:
        return None
    from assistant.engine.registry import result_said
    from assistant.evenings.stats import as_outcome

    return result_said(as_outcome(ended))


def _tie(data, known: dict | None) -> str | None:
    """A game waiting for its tie to be settled, as the table screen and the page say it: 'tie between Léa
    and Ana (13 points): tie: record the gnome throw that settles it: tally --throw NAME' (its words read
    from the game, in the player's language); None for any other game."""
    if known is None or known["finished"] or not known.get("tied"):
        return None
    from assistant.faces.ending import header_line

    game = data.load(known["name"])
    return None if game.outcome().finished else header_line(game)


def _phone(owner: str | None) -> str:
    """'  Chloé's private sheet, started on their phone' for a sheet a phone started (its secret is theirs)."""
    if owner is None:
        return ""
    from assistant.engine.errors import printable

    return "  " + _("{player}'s private sheet, started on their phone").format(player=printable(owner))


def _ended(entry: dict) -> str:
    """'  finished 2026-11-20: Ana wins (31 points)' for a finished game in the list (its date: the file's last
    change)."""
    if not entry["finished"]:
        return ""
    return "  " + _("finished {date}: {result}").format(date=entry["changed"][:10], result=entry["result"])


@declared(app, "stats")
def stats(
    as_json: Annotated[bool, typer.Option("--json", help=N_("Print JSON."))] = False,
    kind: Annotated[Optional[str], typer.Option("--game-kind", "--type", help=N_(
        "Only games of this kind (as assistant games lists them)."))] = None,
    player: Annotated[Optional[str], typer.Option("--player", "--joueur", help=N_(
        "Only this player's games and row (me, or your --me name, for your own)."))] = None,
    since: Annotated[Optional[str], typer.Option("--since", "--depuis", help=N_(
        "Only games whose file last changed on this day or later (YYYY-MM-DD)."))] = None,
    svg: SvgOption = None, html: HtmlOption = None,
) -> None:
    from assistant.evenings import stats as evenings

    first = evenings.parse_since(since)
    data = store()
    data.tell_private = False  # statistics show no game's secret
    found, skipped = evenings.outcomes(data)
    summary = evenings.summarise(evenings.choose(found, kind, player, first), player)
    if as_json:
        echo_json({**summary, "skipped": skipped})
        return
    from assistant.faces import pictures as render

    names = {}
    if summary["quests"]:  # quest faces and special cards named as the player reads them
        rules = _quest_rules()
        names = {**{quest.id: quest.said for quest in rules.quests},
                 **{special.id: special.shown for special in rules.specials}}
    show(render.stats(summary, names), svg=svg, html=html)
    for each in skipped:
        typer.echo(_("left out {name}: {problem}").format(name=each["name"], problem=each["problem"]), err=True)


def _quest_rules():
    """The rules of the pad whose statistics keep its quest faces (the one that declares their title)."""
    from assistant.engine import registry

    data = store()
    found = next(each for each in registry.registered() if each.title_of("stats-quests"))
    return data.pad_rules(data.pad_class(found.kind))


@declared(app, "delete")
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


@declared(app, "rename")
def rename(
    old: Annotated[str, typer.Argument(help=N_("A game listed by assistant games."))],
    new: Annotated[str, typer.Argument(help=N_("Its new name: letters, digits, - and _."))],
) -> None:
    renamed = store().rename(old, new)
    if renamed == old:
        typer.echo(_("game {name} is called {name} already: nothing was changed").format(name=old))
        return
    typer.echo(_("renamed game {old} to {new}").format(old=old, new=renamed))


@declared(app, "use")
def use(name: Annotated[str, typer.Argument(help=N_("A game listed by assistant games."))]) -> None:
    data = store()
    typer.echo(_("current game: {name}").format(name=data.use(name)))
    owner = data.phone_owner(name)
    if owner is not None:  # asked for by name: every command without --game shows it from now on
        from assistant.store.games import private_line

        typer.echo(private_line(data.resolve(name), owner))


@declared(app, "recover")
def recover(name: Annotated[Optional[str], typer.Argument(
        help=N_("The damaged game (default: the current one)."))] = None) -> None:
    game: Any  # a game of any kind (the store's Recovery does not say which)
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


@declared(app, "export")
def export(name: Annotated[Optional[str], typer.Argument(help=N_("The game (default: the current one)."))] = None,
           bgstats: Annotated[bool, typer.Option("--bgstats", help=N_(
               "Print the finished play as the JSON the BG Stats app imports (players, scores, winner, "
               "date)."))] = False,
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


@declared(app, "import")
def import_(
    path: Annotated[str, typer.Argument(help=N_("A scenario file (or an exported game)."), metavar=N_("FILE"))],
    name: Annotated[Optional[str], typer.Option("--name", "--nom",
                                                help=N_("The new game's name (default: BOARD-N)."))] = None,
) -> None:
    from assistant.engine import scenario

    data = store()
    loaded = data.scenario(Path(path))
    game = scenario.to_game(loaded)
    # Without --name the store numbers the game (new-york-2) under its lock, as new does.
    game = data.create(game._replace(name=name or game.kind), numbered=name is None)
    typer.echo(ngettext("imported {path} as game {name}: {count} event; {summary}",
                        "imported {path} as game {name}: {count} events; {summary}", len(game.events)).format(
        path=path, name=game.name, count=len(game.events), summary=game.summary()))
