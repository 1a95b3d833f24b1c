"""The deduction sheet's commands: clue, asked, accuse, undo, retract, sheet, candidates, explain,
suggest, moles, review, history.
"""

# The commands' annotations are read when Typer builds the one command typed, not when the module is read.
from __future__ import annotations

from typing import Annotated, Optional

import typer

from assistant.engine.i18n import N_, _, count_of, decimal, ngettext, percent
from assistant.faces.cli.common import (
    ACCUSATION_RECORDED,
    STEP_WORDS,
    AnswerersOption,
    GameOption,
    HtmlOption,
    OpponentOption,
    PowerOption,
    SvgOption,
    completer,
    deduction,
    echo_json,
    said,
    say_recorded,
    show,
    store,
    their_maps,
    update,
)
from assistant.faces.cli.group import declared

app = typer.Typer()  # holds the area's top-level commands; the command line picks them from it


@declared(app, "clue")
def clue(
    words: Annotated[list[str], typer.Argument(
        help=N_("KIND, its words, then the answer: area B2 yes | flower B3 no --colour blue | "
             "north-of 4 | in staten island no | red=yes blue=no for several players."),
        metavar=N_("KIND WORDS... [ANSWER]"), autocompletion=STEP_WORDS)],
    opponent: AnswerersOption = None,
    colour: Annotated[Optional[str], typer.Option("--colour", "--color", "--couleur", "-c",
                                                  help=N_("Flower colour asked about."),
                                                  autocompletion=completer("--colour"))] = None,
    card: Annotated[Optional[str], typer.Option("--card", "--carte",
                                                help=N_("The card it came from, e.g. 'informant 3'."))] = None,
    by: Annotated[Optional[str], typer.Option("--by", "--par", "-p",
                                              help=N_("Who asked, or drew the card (default: me)."))] = None,
    power: PowerOption = None,
    aloud: Annotated[bool, typer.Option("--aloud", "--haut", "--pipelette", help=N_(
        "Answered aloud, as a power can ask: the whole table heard it."))] = False,
    game: GameOption = None,
) -> None:
    answerers = ",".join(opponent) if opponent else None
    updated = update(game, lambda g: g.record(deduction(g).read_clue(list(words), answerers, colour, card, by,
                                                                              power, aloud)))
    say_recorded(updated)


@declared(app, "asked")
def asked(
    words: Annotated[list[str], typer.Argument(
        help=N_("KIND and its words: area B3 | line-of-sight A1 | flower C3 blue; the answer only without "
                "--mine (it is checked otherwise)."),
        metavar=N_("KIND WORDS... [ANSWER]"), autocompletion=STEP_WORDS)],
    by: Annotated[str, typer.Option("--by", "--par", "-p", help=N_("Who asked you."),
                                    autocompletion=completer("--by"))],
    aloud: Annotated[bool, typer.Option("--aloud", "--haut", "--pipelette", help=N_(
        "Answered aloud (megaphone): every opponent hears it."))] = False,
    colour: Annotated[Optional[str], typer.Option("--colour", "--color", "--couleur", "-c",
                                                  help=N_("Flower colour asked about."),
                                                  autocompletion=completer("--colour"))] = None,
    power: PowerOption = None,
    game: GameOption = None,
) -> None:
    before = []  # the game as it was, to warn only of the maps this answer narrows

    def record(g):
        their_maps(g)  # refused where nobody asks me anything
        event = g.read("asked", list(words), {"by": by, "aloud": aloud, "colour": colour, "power": power})
        before.append(g)
        return g.record(event)

    updated = update(game, record)
    for line in updated.read_back(updated.entries()[-1], before[0]) or []:
        typer.echo(line)


@declared(app, "accuse")
def accuse(
    cell: Annotated[str, typer.Argument(help=N_("The accused cell, e.g. C4."), autocompletion=STEP_WORDS)],
    verdict: Annotated[str, typer.Argument(help=N_("right or wrong (also juste/faux)."), autocompletion=STEP_WORDS)],
    by: Annotated[Optional[str], typer.Option("--by", "--par", "-p", help=N_(
        "Who accused, on the city (me for you): a wrong accuser is out."), autocompletion=completer("--by"))] = None,
    game: GameOption = None,
) -> None:
    # no --opponent: the city hunts one thief, and the garden has no accusation (its loot cards end it)
    updated = update(game, lambda g: g.record(deduction(g).read_accusation(cell, verdict, by=by)))
    say_recorded(updated, ACCUSATION_RECORDED)


@declared(app, "undo")
def undo(game: GameOption = None) -> None:
    from assistant.engine.log import Retract

    _said_taken_back(update(game, lambda g: g.record(Retract(None))))


@declared(app, "retract")
def retract(
    number: Annotated[str, typer.Argument(help=N_("The entry number shown by assistant history."))],
    game: GameOption = None,
) -> None:
    import re

    from assistant.engine.log import Retract

    # A whole number out of range (0, -1) is refused as any missing entry is: saying which numbers exist.
    wanted = Retract(int(number)) if re.fullmatch(r"-?[0-9]+", number.strip()) else Retract.numbered(number)
    _said_taken_back(update(game, lambda g: g.record(wanted)))


def _said_taken_back(game) -> None:
    from assistant.engine.contract import ReadsBack

    entry = game.history().taken_back
    summary = game.summary_after(entry.event) if isinstance(game, ReadsBack) else game.summary()
    typer.echo(_("took back entry {number}: {step} -> {summary}").format(
        number=entry.number, step=said(game, entry.event), summary=summary))
    for line in game.report():
        typer.echo(line)


OddsOption = Annotated[bool, typer.Option("--odds", "--cotes", "--chances",
                                          help=N_("Add each cell's probability (exact joint model)."))]


TheirsOption = Annotated[bool, typer.Option("--theirs", "--leurs", help=N_(
    "Each opponent's map of my loot: the cells the answers they heard leave them."))]


@declared(app, "sheet")
def sheet(odds: OddsOption = False, theirs: TheirsOption = False, game: GameOption = None, svg: SvgOption = None,
          html: HtmlOption = None) -> None:
    from assistant.engine import advice as advisor
    from assistant.faces import pictures as render

    current = deduction(store().load(game))
    closed = {item: current.closed(item) for item in current.items}
    the_sheet = current.sheet()
    show(render.sheet(the_sheet, closed, advisor.odds(the_sheet) if odds else None,
                      their_maps(current) if theirs else None), svg=svg, html=html)
    for line in (current.out_line(), current.match_score()):
        if line:
            typer.echo(line)


@declared(app, "candidates")
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
            raise typer.BadParameter(_("choose one: --odds (your sheet) or --theirs (their maps of your loot)"))
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
            shown = [f"{name} {percent(the_odds.items[item].get(board.parse_cell(name), 0.0))}" for name in cells]
            typer.echo(_("{name}: {value}").format(name=board.local_item(item),
                                                   value=", ".join(shown) if shown else _("(none)")))
    if the_odds is not None:
        typer.echo(_("odds: {method}").format(method=the_odds.method))


def _their_candidates(game, as_json: bool) -> None:
    board = game.board
    maps = their_maps(game)
    if as_json:
        echo_json({player: board.names(cells) for player, cells in maps.cells.items()})
        return
    for player, cells in maps.cells.items():
        typer.echo(_("{name}: {value}").format(name=player, value=" ".join(board.names(cells))))
    mine = game.current_mine()
    if mine is not None:
        typer.echo(_("(your loot: {cell})").format(cell=board.name_of(mine)))
    for line in maps.warnings:
        typer.echo(line)


@declared(app, "suggest")
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
    from assistant.engine.errors import InputError
    from assistant.faces.panels import nothing_to_rank

    current = deduction(store().load(game))
    refused = nothing_to_rank(current)
    if refused is not None:
        raise InputError(refused)
    the_sheet = current.sheet()
    the_odds = advisor.odds(the_sheet)
    board = current.board
    if not board.questions:
        ranked = {item: current.accusations(item, the_odds)[:top] for item in current.items}
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
                                   probability=percent(a.probability),
                                   risk=percent(1 - a.probability)))
        return
    turn = current.advice_turn(left, actions, ask, everyone)  # what is not given: from the game (a round's fight)
    single = len(current.items) == 1
    if as_json:
        best = advisor.questions(the_sheet, turn, the_odds, limit=top)
        echo_json({"questions": [_question_json(q, single, current) for q in best], "method": the_odds.method})
        return
    groups = advisor.question_groups(the_sheet, turn, the_odds, limit=top, shown=GROUP_SHOWN)
    if not groups:
        typer.echo(_("nobody left to ask: every opponent asked is found") if not any(
            the_sheet.found(item) is None for item in turn.ask or current.items)
                   else _("no question fits these tokens"))
        return
    typer.echo(_("best questions now: the tokens to take, where your miniature goes, whom to ask, and how many "
                 "cells the answer rules out on average:"))
    for line in current.advice_notes():
        typer.echo(line)
    for rank, (shown, count) in enumerate(groups, 1):
        first = shown[0]
        worth = advisor.gain_words(first)
        if count == 1:
            typer.echo(f"{rank:>3}. " + _("{turn} ({worth}; {split})").format(
                turn=current.turn_words(first, single), worth=worth, split=advisor.split_words(first)))
            continue
        typer.echo(f"{rank:>3}. " + _("any of these {count}: {worth}; {split}").format(
            count=count, worth=worth, split=advisor.split_words(first)))
        for question in shown:
            typer.echo(f"       {current.turn_words(question, single)}")
        if count > len(shown):
            typer.echo("       " + _("and {count} more like these (--json --top N lists them all)").format(
                count=count - len(shown)))


GROUP_SHOWN = 5  # questions spelt out per value; the rest are counted


PLACES = {"miniature": N_("your miniature is there"), "card-7": N_("card 7: free, next to your miniature")}


@declared(app, "moles")
def moles(
    top: Annotated[Optional[int], typer.Option(help=N_("How many cells to list (default: all)."), min=1)] = None,
    as_json: Annotated[bool, typer.Option("--json", help=N_("Print JSON."))] = False,
    game: GameOption = None,
) -> None:
    from assistant.engine import registry
    from assistant.engine.contract import AdvisesMoles
    from assistant.engine.errors import InputError

    current = deduction(store().load(game))
    board = current.board
    if not isinstance(current, AdvisesMoles):
        raise InputError(_("on {board} nobody places Moles: moles is for {games}").format(
            board=board.name, games=registry.titles_offering(AdvisesMoles)))
    found = current.moles_advice()
    name = board.name_of
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
        figure = percent(row.chance) if found.two_players else \
            _("{points} (a loot there: {chance})").format(points=decimal(row.expected_points),
                                                          chance=percent(row.chance))
        place = f"  <- {_(PLACES[row.place])}" if row.place else ""
        typer.echo(f"{rank:>3}. {name(row.cell)}  {figure}{place}")
    if found.baits:
        typer.echo(_("a Bait misleads most where the opponents can believe your loot is and no loot lies (their "
                     "belief: uniform over each one's map of your loot, summed):"))
        for rank, bait in enumerate([bait for bait in found.baits if bait.lure > 0][:top], 1):
            place = f"  <- {_(PLACES[bait.place])}" if bait.place else ""
            typer.echo(f"{rank:>3}. {name(bait.cell)}  {decimal(bait.lure)}{place}")
    if found.two_players:
        left = _("your Mole ends the set") if found.moles_left else _("your Mole is placed")
    else:
        left = ngettext("you have {moles} Mole and {baits} Baits left", "you have {moles} Moles and {baits} Baits left",
                        found.moles_left).format(moles=found.moles_left, baits=found.baits_left)
    typer.echo(left)


def _question_json(question, single: bool, game=None) -> dict:
    from assistant.engine import advice as advisor

    found = {"ask": question.words(single), "kind": question.clue.kind, "args": list(question.clue.args),
             "opponents": list(question.asked), "bits": round(question.bits, 6),
             "expected_left": round(question.expected_left, 6), "worst_left": question.worst_left,
             "yes_left": question.yes_left, "no_left": question.no_left,
             "turns_saved": round(question.turns_saved, 6), "ruled_out": round(question.ruled_out, 6),
             "gain": advisor.gain_words(question), "split": advisor.split_words(question)}
    if game is not None:
        found["turn"] = game.turn_words(question, single)
    return found


@declared(app, "review")
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
                    "ruled_out": r.ruled_out, "best": _question_json(r.best, single)} for r in reviews])
        return
    if not reviews:
        typer.echo(_("no questions asked yet") if current.board.questions
                   else _("nobody asks questions on {board}").format(board=current.board.name))
        return
    board = current.board
    for r in reviews:
        typer.echo(_("clue {number}: {asked}: {worth}, {got}; best then: {best} ({best_worth})").format(
            number=r.number, asked=r.asked.words(single, board), worth=advisor.gain_words(r.asked),
            got=ngettext("ruled out {cells} cell", "ruled out {cells} cells", r.ruled_out).format(cells=r.ruled_out),
            best=r.best.words(single, board), best_worth=advisor.gain_words(r.best)))
    asked = sum(r.asked.ruled_out for r in reviews)
    best = sum(r.best.ruled_out for r in reviews)
    cells = decimal(asked, 1, whole=True)
    said = ngettext("in all: your questions rule out {asked} cell on average, the best {best}",
                    "in all: your questions rule out {asked} cells on average, the best {best}", count_of(cells))
    typer.echo(said.format(asked=cells, best=decimal(best, 1, whole=True))
               + (" " + _("({share} of the best)").format(share=percent(asked / best)) if best else ""))


@declared(app, "history")
def history(as_json: Annotated[bool, typer.Option("--json", help=N_(
                "Print JSON: number, step, retracted, and out: the player a wrong accusation put out."))] = False,
            game: GameOption = None) -> None:
    current = store().load(game)
    # One numbering on every kind of game: the number shown here is the one retract N takes
    # (an undo is not an entry: it strikes one out).
    entries = current.history().entries
    from typing import cast

    from assistant.engine import registry
    from assistant.engine.contract import PutsOut, SheetGame

    out = current.out() if isinstance(current, PutsOut) else {}  # a city's wrong accusers; pads put nobody out
    put_out = {entry.number: player for player, entry in out.items()}
    shown_out = {number: current.display(player) for number, player in put_out.items()} \
        if isinstance(current, PutsOut) else {}
    mine_out = {number for number, player in put_out.items() if player == registry.ME}  # said to me: 'you are out'
    sheet_game = not registry.is_pad(current)
    notes = cast(SheetGame, current).notes() if sheet_game else {}  # a saved log's entries refused today
    from assistant.engine.log import steps

    # each distinct event put into words once: a long log repeats its clues, its tricks and their undos
    words = steps(current, [entry.event for entry in entries])
    if as_json:
        echo_json([{"number": entry.number, "step": step, "retracted": entry.retracted,
                    **({"out": put_out[entry.number]} if entry.number in put_out else {}),
                    **({"note": notes[entry.number]} if entry.number in notes else {})}
                   for entry, step in zip(entries, words, strict=True)])
        return
    if not entries:
        typer.echo(_("no clues yet") if sheet_game else _("no entries yet"))
    from assistant.engine.grammar import said_steps

    lines = []  # printed at once: one write per entry is most of the time of a long history
    for entry, step in zip(entries, said_steps(current, words), strict=True):
        if entry.retracted:
            step = _("{step} (retracted)").format(step=step)
        elif entry.number in mine_out:
            step = _("{step} (you are out)").format(step=step)
        elif entry.number in put_out:
            step = _("{step} ({player} out)").format(step=step, player=shown_out[entry.number])
        if entry.number in notes and not entry.retracted:
            step = _("{step} ({note})").format(step=step, note=notes[entry.number])
        lines.append(f"{entry.number:>3}. {step}\n")
    typer.echo("".join(lines), nl=False)


@declared(app, "explain")
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
