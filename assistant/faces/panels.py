"""What the table screen and the phones' page both say, as plain text: the answer to an entry, the
garden's pieces, the best questions now, and how a typed line is read. Each face draws these lines its
own way (Rich on the screen, HTML on the page); neither keeps a second copy of the words."""

from __future__ import annotations

import re
from typing import Any

from assistant.engine import grammar, registry
from assistant.engine.errors import AssistantError
from assistant.engine.i18n import N_, _, ngettext, percent
from assistant.engine.log import Log
from assistant.engine.words import join_clauses

# A CLI line pasted whole still reads: these first words are dropped.
CLI_PREFIX = re.compile(r"\s*(?:(?:assistant|quest|tug)\s+)+", re.IGNORECASE)
ASSISTANT_PREFIX = re.compile(r"\s*(?:assistant\s+)+", re.IGNORECASE)


def is_pad(game) -> bool:
    return registry.is_pad(game)


def cli_prefix(text: str, groups: bool = True) -> str:
    """The start of a line that is not the step: 'assistant', 'quest', 'tug' (``groups``) and the spaces after them."""
    found = (CLI_PREFIX if groups else ASSISTANT_PREFIX).match(text)
    return found.group(0) if found else ""


def step_text(text: str) -> str:
    """A line as typed, less a leading 'assistant' and a command group ('quest trick ...' is 'trick ...')."""
    return text[len(cli_prefix(text)):].strip()


def said(before: Log[Any], after: Log[Any]) -> str:
    """The answer to an entry, one line: what was recorded or taken back, and where the game stands."""
    return join_clauses(said_lines(before, after))


def said_lines(before: Log[Any], after: Log[Any]) -> list[str]:
    """The answer to an entry, line by line: what was recorded or taken back and where the game stands (a
    question put to me: the answer to give, then their maps of my loot, then each warning)."""
    old = {entry.number: entry.retracted for entry in before.history().entries}
    entries = after.history().entries
    news = [entry for entry in entries if entry.number not in old]
    if news:
        entry = news[-1]
        from assistant.engine.contract import ReadsBack, Told

        lines = after.read_back(entry, before) if isinstance(after, ReadsBack) else None
        if lines is not None:
            return lines

        told = "".join(f"; {line}" for line in after.told(entry)) if isinstance(after, Told) else ""
        return [f"{entry.number}. {grammar.said(after, after.step(entry.event))} -> {after.summary()}{told}"]
    taken = [entry for entry in entries if entry.retracted and not old.get(entry.number)]
    if taken:
        from assistant.engine.contract import ReadsBack

        event = taken[-1].event
        return [_("took back {number}. {step} -> {summary}").format(
            number=taken[-1].number, step=grammar.said(after, after.step(event)),
            summary=after.summary_after(event) if isinstance(after, ReadsBack) else after.summary())]
    return [_("recorded -> {summary}").format(summary=after.summary())]


def pieces_lines(game) -> list[str] | None:
    """The garden's pieces: miniatures, the cat, token stacks, finished sets (None: a game without pieces)."""
    if is_pad(game) or not game.board.per_opponent:
        return None
    state = game.garden()
    parts = []
    standing = [f"{game.display(player)} {' '.join(cells)}" for player, cells in state.miniatures.items() if cells]
    if standing:
        parts.append(_("miniatures: {standing}").format(standing=join_clauses(standing)))
    if state.cat:
        parts.append(_("cat: {cell}").format(cell=state.cat))
    if state.stacks:
        stacks = [f"{cell} [{', '.join(token_word(game, token) for token in tokens)}]"
                  for cell, tokens in state.stacks.items()]
        parts.append(_("stacks (bottom first): {stacks}").format(stacks=join_clauses(stacks)))
    if state.loot:
        parts.append(_("loot shown: {loot}").format(loot=", ".join(f"{game.display(p)} {c}"
                                                                   for p, c in state.loot.items())))
    if state.sets:
        parts.append(_("sets won: {sets}").format(sets=", ".join(map(game.display, state.sets))))
    return parts or [_("no pieces on the garden yet")]


def theirs_lines(game) -> tuple[list[str], list[str]]:
    """What each opponent can know of my loot, once a question put to me stands in this set (``mirror``):
    one line of their maps (the cells when few are left, else how many), and a warning for each close."""
    from assistant.engine.contract import AskedOfMe

    board = None if is_pad(game) else game.board
    if board is None or not isinstance(game, AskedOfMe) or not game.asked_this_set():
        return [], []
    maps = game.their_maps()
    said = [f"{player} {' '.join(board.names(cells))}" if len(cells) <= maps.close else
            ngettext("{player} {count} cell", "{player} {count} cells", len(cells)).format(player=player,
                                                                                       count=len(cells))
            for player, cells in maps.cells.items()]
    return [_("their maps of your loot: {maps}").format(maps=join_clauses(said))], maps.warnings


def token_word(game, token) -> str:
    face = game.said_value("token", token.face) if token.face else _("face down")  # taupe, appât: typed back
    return f"{game.display(token.owner)} {face}"


def suggestion_lines(game) -> tuple[list[str], bool]:
    """The best questions now (or, where nobody asks, the likeliest cells): the suggest command's figures.

    The second value is False when there is nothing to suggest (the lines then say why)."""
    from assistant.engine import advice as advisor

    if is_pad(game):
        return [_("nothing to suggest on a score pad")], False
    sheet = game.sheet()
    odds = advisor.odds(sheet)
    if not game.board.questions:
        return [_("{item} on {cell}: {probability}").format(
            item=game.board.local_item(item), cell=game.board.name_of(accusation.cell),
            probability=percent(accusation.probability))
            for item in game.items for accusation in advisor.accusations(sheet, item, odds)[:3]], True
    single = len(game.items) == 1
    from assistant.games.gnom_street import fight

    try:
        turn = fight.suggest_turn(game)  # as suggest: whom the round's fight lets me ask, the tokens left
    except AssistantError as error:  # the loser asks nobody
        return [str(error)], False
    ranked = advisor.questions(sheet, turn, odds, limit=8)
    if not ranked:
        return [_("no question left to ask")], False
    return [f"{rank}. {question.words(single, game.board)}  {advisor.gain_words(question)}"
            for rank, question in enumerate(ranked, 1)], True


# The names of the grammar's slots that table.SLOT_WORDS does not mark, shown as 'next: leader' on the
# page (and on the table screen after Tab): marked here for both faces, said with _(slot.name).
SLOT_WORDS = (N_("colours"), N_("fighter"), N_("leader"), N_("players"), N_("power"), N_("scout"), N_("special"),
              N_("special-winner"), N_("text"), N_("trick"), N_("tricks"), N_("verdict"), N_("won"))
