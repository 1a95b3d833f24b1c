"""Whatever is accepted stays true: a stateful walk through every kind of game (README: Reliability).

A hypothesis ``RuleBasedStateMachine`` keeps several games in one data folder (a garden with its
pieces, a two-player duel, the city, a Le Roi des Nains pad, a rope match) and types random
commands at them through the command line, as a table would: clues, pieces, deals, pulls, card
texts drawn from all of Unicode, undo and retract, board corrections, rename and delete. Many are
refused; those must change no file. After every accepted one:

- the game reloads without any cache to the same state, each step reading back to its event, and with
  the ids of the phones' entries it recorded, each once, wherever it was renamed and whatever came since;
- the number ``history`` shows is the number ``retract`` takes (1, 2, ... with no gaps);
- ``export``, read back as ``import`` reads it, gives the same game;
- no command has printed a control character, nor named me in the third person ("Léa has", "Léa a", "de
  Léa"): a message about me is said to me (issue 49);
- `games` counts the entries standing (undone and retracted ones aside), and a header says "tie" once;
- a game renamed as a French table names it (accents, typed composed or decomposed) is found by either
  spelling and saved under the composed one (NFC).

The quick walk runs with every ``pytest``; ``pytest -m full`` walks 10,000 steps.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import tempfile
import unicodedata
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule
from test_accepted_stays_true import CONTROLS, TRICKY
from typer.testing import CliRunner

import cli
from assistant.engine import grammar, i18n, scenario
from assistant.engine.errors import AssistantError
from assistant.engine.i18n import _
from assistant.engine.registry import result_said
from assistant.faces.ending import header_line
from assistant.faces.web import serve
from assistant.store import yamlparse
from assistant.store.folder import Repeated, Store

GARDEN_CELLS = [f"{column}{row}" for row in (1, 2, 3) for column in "ABCDEF"]
CITY_CELLS = [f"{column}{row}" for row in range(1, 6) for column in "ABCDE"]
COLOURS = ["blue", "red", "yellow", "white", "bleu", "rouge"]
TERRAINS = ["grass", "wood", "gravel", "earth", "herbe"]
ANSWERS = ["yes", "no", "oui", "non"]
DISTRICTS = ["manhattan", "bronx", "brooklyn", "queens", "staten-island", "new-jersey", "brentwood"]
SPECIALS = ["druid", "mummy", "clone", "dragon", "excalibur", "sorcerer", "flag-bearer", "enchanter", "shaman"]
WITH_WINNER = {"flag-bearer", "enchanter", "shaman"}  # their effect goes to who won their trick
# The quest faces a deal given by its tricks' winners is enough for (the others need the cards won)
BY_ORDER = ["1A", "1B", "2A", "2B", "5A", "5B", "7A", "7B", "8A", "8B", "9A", "9B", "10A", "10B", "11A", "11B",
            "14A", "14B", "16A", "16B", "20A", "20B", "6A", "18A"]
ROI_PLAYERS = ["Ana", "Ben", "Cleo"]

# What a card's words may be: anything a player can type or paste, spaces and controls first.
card_texts = st.text(st.sampled_from(TRICKY) | st.characters(blacklist_categories=["Cs"]), min_size=1, max_size=40)
cells = st.sampled_from(GARDEN_CELLS)
# Me (the garden's Léa, the duel's and the city's 'me') named in the third person, in English or in French: a
# message about me is said to me ('you have', 'vous avez', 'your loot'); my name stays where it is typed
THIRD_PERSON = re.compile(r"\b(?:Léa|me)(?:'s\b| (?:has|is|was|wins|won|played|placed|used|still|may|tied|"
                          r"already)\b)|\b(?:Léa|moi) (?:a|est|gagne|n'|l'a|ne)\b|\bde (?:Léa|moi)\b"
                          r"|\b(?:between|entre|and|et) (?:Léa|me|moi)\b|\b(?:Léa|me|moi) \(accus")


@st.composite
def garden_steps(draw):
    """A step at the three-opponent garden (red, blue, yellow; me Léa on C2)."""
    kind = draw(st.sampled_from(["clue", "clue", "clue", "asked", "accuse", "miniature", "cat", "token", "reveal",
                                 "loot", "fight"]))
    if kind == "asked":  # a question put to me: the tool answers from my loot (C2)
        words = ["asked", draw(st.sampled_from(["area", "line-of-sight", "zone"])), draw(cells),
                 "--by", draw(st.sampled_from(["red", "blue", "yellow", "me"]))]
        return words + (["--aloud"] if draw(st.booleans()) else [])
    if kind == "fight":
        values = [f"{who}={draw(st.integers(1, 8))}" for who in ("me", "red", "blue", "yellow")]
        return ["fight", *values] + (["--throw", "red,blue,yellow,me"] if draw(st.booleans()) else [])
    if kind == "clue":
        question = draw(st.sampled_from(["area", "line-of-sight", "zone", "ligne-de-vue", "flower"]))
        words = ["clue", question, draw(cells)]
        if question == "flower":
            words += ["--colour", draw(st.sampled_from(COLOURS))]
        asked = draw(st.lists(st.sampled_from(["red", "blue", "yellow"]), min_size=1, max_size=3, unique=True))
        words += [f"{who}={draw(st.sampled_from(ANSWERS))}" for who in asked]
        if draw(st.booleans()):
            words += ["--card", draw(card_texts)]
        if draw(st.booleans()):
            words += ["--by", draw(st.sampled_from(["red", "blue", "yellow", "me", "Léa"]))]
        return words
    if kind == "accuse":  # always refused (the garden has no accusation): a refusal must change nothing
        return ["accuse", draw(cells), draw(st.sampled_from(["right", "wrong", "faux"]))]
    who = draw(st.sampled_from(["me", "red", "blue", "yellow", "Léa"]))
    if kind == "miniature":
        words = ["miniature", who, draw(cells)]
        words += ["--from", draw(cells)] if draw(st.integers(0, 3)) == 0 else []
        return words + (["--new-turn"] if draw(st.booleans()) else [])
    if kind == "cat":
        return ["cat", draw(cells)] + (["--three"] if draw(st.booleans()) else [])
    if kind == "token":
        return ["token", who, draw(cells)] + ([draw(st.sampled_from(["mole", "bait", "taupe"]))]
                                               if who in ("me", "Léa") else [])
    if kind == "reveal":
        return ["reveal", draw(cells), str(draw(st.integers(1, 3))), draw(st.sampled_from(["mole", "bait"]))]
    words = ["loot", draw(st.sampled_from(["red", "blue", "yellow"])), draw(cells)]
    return words + (["--replace"] if draw(st.booleans()) else [])


@st.composite
def duel_steps(draw):
    """A step at the two-player garden (against Matt)."""
    if draw(st.integers(0, 4)) == 0:
        return ["mole", draw(cells), draw(st.sampled_from(["found", "missed", "trouvé"])), "--next-mine", draw(cells)]
    words = ["clue", draw(st.sampled_from(["area", "line-of-sight"])), draw(cells), draw(st.sampled_from(ANSWERS))]
    return words + (["--card", draw(card_texts)] if draw(st.booleans()) else [])


@st.composite
def city_steps(draw):
    """A statement or an accusation at the city."""
    if draw(st.integers(0, 5)) == 0:
        words = ["accuse", draw(st.sampled_from(CITY_CELLS)), draw(st.sampled_from(["right", "wrong"]))]
        return words + (["--by", draw(st.sampled_from(["Ana", "Ben", "me"]))] if draw(st.booleans()) else [])
    kind = draw(st.sampled_from(["north-of", "south-of", "row", "column", "in", "near", "next-to", "nord-de"]))
    if kind in ("north-of", "south-of", "row", "nord-de"):
        argument = str(draw(st.integers(1, 5)))
    elif kind == "column":
        argument = draw(st.sampled_from("ABCDE"))
    elif kind == "in":
        argument = draw(st.sampled_from(DISTRICTS))
    elif kind == "near":
        argument = draw(st.sampled_from(["airport", "park", "port", "bridge", "factory"]))
    else:
        argument = draw(st.sampled_from(CITY_CELLS))
    words = ["clue", kind, argument, draw(st.sampled_from(ANSWERS))]
    if draw(st.booleans()):
        kind = draw(st.sampled_from(["informant ", "expert ", "informateur\u00a0", "", "banana "]))
        words += ["--card", kind + draw(card_texts)]
    return words


@st.composite
def roi_steps(draw):
    """A deal of Le Roi des Nains given by its tricks' winners (13 tricks of three players)."""
    if draw(st.integers(0, 6)) == 0:
        return ["quest", "remove", str(draw(st.integers(1, 3)))]
    order = draw(st.lists(st.sampled_from(ROI_PLAYERS), min_size=13, max_size=13))
    special = draw(st.sampled_from(SPECIALS))
    words = ["quest", "deal", draw(st.sampled_from(BY_ORDER)), "--special", special, "--order", ",".join(order)]
    return words + (["--special-winner", draw(st.sampled_from(ROI_PLAYERS))] if special in WITH_WINNER else [])


@st.composite
def tug_steps(draw):
    """A card or a gnome at the rope (Ana against Ben)."""
    colour = draw(st.sampled_from(["red", "blue", "yellow", "green", "rouge"]))
    return draw(st.sampled_from([
        ["tug", "gnome", colour], ["tug", "gnome", colour, "--by", draw(st.sampled_from(["Ana", "Ben"]))],
        ["tug", "pull", "--two", colour], ["tug", "pull", "--zero", colour],
        ["tug", "squirrels", str(draw(st.integers(1, 3)))], ["tug", "exchange"]]))


STEPS = {"garden": garden_steps(), "duel": duel_steps(), "city": city_steps(), "roi": roi_steps(), "tug": tug_steps()}
STARTS = {
    "garden": ["new", "gnom-street", "--opponents", "red,blue,yellow", "--mine", "C2", "--me", "Léa"],
    "duel": ["new", "gnom-street", "--opponents", "Matt", "--mine", "B3"],
    "city": ["new", "new-york"],
    "roi": ["quest", "new", "--players", ",".join(ROI_PLAYERS)],
    "tug": ["tug", "new", "--sides", "Ana,Ben"],
}


class Table(RuleBasedStateMachine):
    """One data folder, a game of each kind, and commands typed at them."""

    steps = walks = 0  # counted so that a test can say how many steps it walked (the invariant runs after the
    # start of each walk and after each step; a walk may end before stateful_step_count)

    def __init__(self):
        super().__init__()
        self.home = Path(tempfile.mkdtemp(prefix="stateful-"))
        self.saved_home = os.environ.get("ASSISTANT_HOME")
        os.environ["ASSISTANT_HOME"] = str(self.home)
        self.runner = CliRunner()
        self.games: dict[str, str] = {}  # game name -> its kind (garden, duel, ...)
        self.ids: dict[str, dict[str, int]] = {}  # game name -> the phones' entry ids it recorded, each's place
        self.renamed = 0

    def teardown(self):
        shutil.rmtree(self.home, ignore_errors=True)
        if self.saved_home is None:
            os.environ.pop("ASSISTANT_HOME", None)
        else:
            os.environ["ASSISTANT_HOME"] = self.saved_home

    # -- typing a command ------------------------------------------------------------------------

    def files(self) -> dict[str, bytes]:
        folder = self.home / "games"
        return {p.name: p.read_bytes() for p in folder.glob("*.yaml")} if folder.is_dir() else {}

    def type(self, *words: str):
        """Run one command line; refused, it must have changed no game file."""
        before = self.files()
        result = self.runner.invoke(cli.app_for(list(words)), list(words))
        shown = result.stdout + result.stderr
        assert not any(ch in shown for ch in CONTROLS), (words, shown)
        assert not THIRD_PERSON.search(shown), (words, shown)  # said to me: 'you', 'vous
        assert result.exit_code in (0, 1, 2), (words, result.exit_code, shown, result.exception)
        if result.exit_code != 0:
            assert len(result.stderr.splitlines()) == 1, (words, result.stderr)
            assert self.files() == before, words
        return result

    def at(self, name: str, *words: str):
        """A command at game ``name``: its pads' subcommands take --game after the subcommand."""
        return self.type(*words, "--game", name)

    # -- the games -------------------------------------------------------------------------------

    @initialize()
    def start(self):
        Table.walks += 1
        for kind, words in STARTS.items():
            name = f"{kind}-game"
            assert self.type(*words, "--name", name).exit_code == 0
            self.games[name] = kind

    def play(self, kind: str, data) -> None:
        names = sorted(name for name, its in self.games.items() if its == kind)
        name = data.draw(st.sampled_from(names))
        if self.at(name, *data.draw(STEPS[kind])).exit_code == 0:
            self.check(name)

    # One rule a kind of game (two for the garden, which has the most to say), so that most steps
    # are steps of play; taking back, correcting the board, renaming and deleting come between.
    @rule(data=st.data())
    def play_the_garden(self, data):
        self.play("garden", data)

    @rule(data=st.data())
    def play_the_garden_in_french(self, data):
        """The same steps typed at a French table (its answers and refusals in French)."""
        name = data.draw(st.sampled_from(sorted(name for name, its in self.games.items() if its == "garden")))
        if self.type("--lang", "fr", *data.draw(STEPS["garden"]), "--game", name).exit_code == 0:
            self.check(name)

    @rule(data=st.data())
    def play_a_legal_garden_round(self, data):
        """A whole round as the rules play it, each step chosen from what the game says is open and each one
        accepted (FR: "les cartes engagées sont défaussées"; "Le joueur choisit un jeton Terrain et un jeton
        Action parmi les jetons disponibles"; "Le joueur place une statuette de sa réserve sur une case
        correspondant au jeton Terrain qu'il vient de prendre"; "Après avoir posé sa statuette, le joueur
        questionne un adversaire s'il a pris un jeton Action Interrogatoire"): a fight of cards still in hand,
        then in ranking order each player's miniature on a cell the game offers (its terrain's token free, no
        miniature of this turn kicked out), then at most one question from it or one cat move, with an Action
        token still free. Recorded while the game goes on and its last turn is not played."""
        from assistant.games.gnom_street import turns

        names = sorted(name for name, its in self.games.items() if its == "garden")
        name = data.draw(st.sampled_from(names))
        game = Store(self.home).load(name)
        if game.outcome().finished or game.outcome().tied or game.state.play.round.last:
            return
        round_ = game.state.play.round
        back = turns.empty_hand(round_, game.players) is not None
        values = {player: data.draw(st.sampled_from([value for value in range(1, 9)
                                                     if back or value not in round_.played.get(player, ())]))
                  for player in game.players}
        ties = [player for player, value in values.items() if list(values.values()).count(value) > 1]
        words = ["fight", *(f"{player}={value}" for player, value in values.items())]
        assert self.at(name, *words, *(["--throw", ",".join(ties)] if ties else [])).exit_code == 0
        ranking = Store(self.home).load(name).fought().event.ranking()
        for player in ranking:
            game = Store(self.home).load(name)
            own = game.garden().miniatures[player]
            moved = ["--from", own[0]] if len(own) >= 3 else []
            try:  # the cells the game offers: where `miniature PLAYER CELL` is accepted now
                cells = grammar.values_here(game, "cell", ["miniature", player, *moved])
            except AssistantError:
                continue  # no cell left on a free terrain (the cat, this turn's miniatures): nothing placed
            cell = data.draw(st.sampled_from(cells))
            placed = self.at(name, "miniature", player, cell, *moved)
            assert placed.exit_code == 0, placed.stderr
            self.act(name, player, cell, ranking, data)
        self.check(name)

    def act(self, name: str, player: str, cell: str, ranking: tuple[str, ...], data) -> None:
        """``player``'s action after their miniature on ``cell``: a question to a player ranked after them with an
        Action token still free (the loser asks nobody), the cat moved, or nothing."""
        game = Store(self.home).load(name)
        actions = game.tokens_free()[0]
        after = ranking[ranking.index(player) + 1:]
        kinds = [kind for kind in actions if kind != "cat" and after]
        choice = data.draw(st.sampled_from([*kinds, *(["cat"] if "cat" in actions else []), None]))
        if choice is None:
            return
        if choice == "cat":
            cat_cells = grammar.values_here(game, "cell", ["cat"])  # where its move is accepted now
            assert self.at(name, "cat", data.draw(st.sampled_from(cat_cells))).exit_code == 0
            return
        colour = []
        if choice == "flower":
            colour = [data.draw(st.sampled_from(game.board.values_at(game.board.parse_cell(cell), "flowers")))]
        asked = data.draw(st.sampled_from(after))
        if asked == "me":  # a question put to me: the tool answers it from my loot
            result = self.at(name, "asked", choice, cell, *colour, "--by", player)
            assert result.exit_code == 0, result.stderr
            return
        by = [] if player == "me" else ["--by", player]  # another's question: its answer heard aloud
        tried = [self.at(name, "clue", choice, cell, *(["--colour", *colour] if colour else []), f"{asked}={answer}",
                         *by) for answer in data.draw(st.permutations(["yes", "no"]))]
        # one of the answers holds with the clues (the loot is on a cell that says yes, or one that says no)
        assert any(result.exit_code == 0 for result in tried), [result.stderr for result in tried]

    @rule(data=st.data())
    def play_the_duel(self, data):
        self.play("duel", data)

    @rule(data=st.data())
    def play_the_city(self, data):
        self.play("city", data)

    @rule(data=st.data())
    def play_the_score_pad(self, data):
        self.play("roi", data)

    @rule(data=st.data())
    def play_the_rope(self, data):
        self.play("tug", data)

    @rule(data=st.data(), undo=st.booleans())
    def take_an_entry_back(self, data, undo):
        name = data.draw(st.sampled_from(sorted(self.games)))
        listed = json.loads(self.at(name, "history", "--json").stdout)
        standing = [entry["number"] for entry in listed if not entry["retracted"]]
        if undo or not standing:
            target = standing[-1] if standing else None
            result = self.at(name, "undo")
        else:
            target = data.draw(st.sampled_from(standing))
            result = self.at(name, "retract", str(target))
        if result.exit_code != 0:
            return
        after = json.loads(self.at(name, "history", "--json").stdout)

        def said(entries):  # who a wrong accusation put out may change with it; the entries may not
            return [(entry["number"], entry["step"], entry["retracted"]) for entry in entries]

        # the entry history numbered `target` is the one taken back, and only it
        assert said(after) == [(number, step, retracted or number == target)
                               for number, step, retracted in said(listed)]
        self.check(name)

    @rule(data=st.data(), entry=st.sampled_from([f"phone-entry-{number}" for number in range(8)]))
    def enter_from_a_phone(self, data, entry):
        """A phone's entry (a step, undo or retract N) with its id, as the page's server records it: a few ids
        only, so that repeats come; an id recorded once is never recorded again."""
        name = data.draw(st.sampled_from(sorted(name for name, kind in self.games.items()
                                                if kind in ("garden", "duel", "city"))))
        words = data.draw(STEPS[self.games[name]] | st.sampled_from([["undo"], ["retract", "1"], ["retract", "3"]]))
        if "--card" in words:  # a card's words hold blanks: the line is the rest
            at = words.index("--card")
            words = words[:at] + words[at + 2:]
        before, known = self.files(), self.ids.setdefault(name, {})
        try:
            game = Store(self.home).update(name, lambda game: game.record(game.read_step(" ".join(words))), entry)
        except Repeated as repeated:
            assert known.get(entry) == repeated.position and self.files() == before, (entry, words)
            return
        except AssistantError:
            assert self.files() == before, words
            return
        assert entry not in known, (entry, words)
        known[entry] = len(game.events) - 1
        self.check(name)

    @rule(cell=cells, change=st.sampled_from(["pond=yes", "pond=no", "terrain=wood", "flowers=blue,red",
                                              "terrain=herbe fleurs=jaune,blanc", "reset"]))
    def correct_the_garden(self, cell, change):
        words = ["board", "reset", "gnom-street", cell] if change == "reset" else \
            ["board", "set", "gnom-street", cell, *change.split()]
        if self.type(*words).exit_code == 0:
            for name in self.games:
                self.check(name)

    @rule(data=st.data(), delete=st.booleans())
    def rename_or_delete_a_game(self, data, delete):
        """A game renamed, or deleted and a new one of its kind started (one of each kind stays)."""
        name = data.draw(st.sampled_from(sorted(self.games)))
        kind = self.games.pop(name)
        self.renamed += 1
        new = f"{kind}-{self.renamed}"
        ids = self.ids.pop(name, {})
        if delete:
            assert self.type("delete", name, "--yes").exit_code == 0
            assert not (self.home / "games" / f"{name}.yaml").exists()
            assert self.type(*STARTS[kind], "--name", new).exit_code == 0
        else:
            assert self.type("rename", name, new).exit_code == 0
            self.ids[new] = ids  # a renamed game keeps its phones' entry ids
        self.games[new] = kind
        self.check(new)

    @rule(data=st.data(), decomposed=st.booleans())
    def rename_to_a_name_with_accents(self, data, decomposed):
        """Issue 49: a game named as a French table names it, any letters: typed composed or decomposed (as some
        keyboards and macOS type it), it is saved under the composed name (NFC) and found by either spelling."""
        name = data.draw(st.sampled_from(sorted(self.games)))
        self.renamed += 1
        new = unicodedata.normalize("NFC", f"soirée-chez-Léa-{self.renamed}")
        typed = unicodedata.normalize("NFD", new) if decomposed else new
        assert typed != new or not decomposed
        assert self.type("rename", name, typed).exit_code == 0
        self.games[new] = self.games.pop(name)
        self.ids[new] = self.ids.pop(name, {})
        assert (self.home / "games" / f"{new}.yaml").is_file()
        other = unicodedata.normalize("NFC" if decomposed else "NFD", new)
        found = self.at(other, "history", "--json")
        assert found.exit_code == 0 and found.stdout == self.at(new, "history", "--json").stdout
        self.check(new)

    # -- what must hold --------------------------------------------------------------------------

    def check(self, name: str) -> None:
        """Reloaded without any cache: the same game, steps that read back; export and import agree."""
        cached = Store(self.home).load(name)
        # the parse caches go (the game is read from its file alone); the outcomes' cache stays, as at a
        # table, so that the faces' check below reads only what changed (tests/test_stats.py proves that
        # cache on its own)
        for parsed in (self.home / "cache").glob("*.bin"):
            parsed.unlink()
        fresh = Store(self.home).load(name)
        assert fresh.to_mapping() == cached.to_mapping()
        assert fresh.summary() == cached.summary()
        assert fresh.history() == cached.history()
        assert Store(self.home).entry_ids(name) == self.ids.get(name, {})
        # read back as a saved log is read (how a clue was asked is the recorder's: a pond made since)
        reader = fresh._replace(reading_saved=True) if "reading_saved" in fresh._fields else fresh
        for event in fresh.events:
            assert reader.read_step(fresh.step(event)) == event
        numbers = [entry.number for entry in fresh.history().entries]
        assert numbers == list(range(1, len(numbers) + 1))
        exported = self.type("export", name)  # as printed: through the terminal's escaping
        assert exported.exit_code == 0
        read = scenario.read(yamlparse.loads(exported.stdout, "export"), "export", Store(self.home).empty_game, name)
        imported = scenario.to_game(read)
        assert {**imported.to_mapping()} == {**fresh.to_mapping()}
        assert imported.history() == fresh.history()
        self.same_end_everywhere(name, fresh)

    def same_end_everywhere(self, name: str, game) -> None:
        """Issue 33: `games`, `stats`, the BG Stats export, the table screen's header and the page's header
        tell the end the game's outcome decides (the headers read through the faces' own functions)."""
        end = game.outcome()
        listed = next(each for each in json.loads(self.type("games", "--json").stdout) if each["name"] == name)
        assert (listed["finished"], listed["winners"], listed["players"]) == \
            (end.finished, list(end.winners), list(end.players)), name
        # issue 49: `games` counts the entries standing, an undone or retracted one aside, and says so
        standing = sum(not entry["retracted"] for entry in json.loads(self.at(name, "history", "--json").stdout))
        assert listed["entries"] == standing, (name, listed["entries"], standing)
        line = next(line for line in self.type("--lang", "fr", "games").stdout.splitlines()
                    if line[2:].startswith(name + "  "))
        assert (f"({standing} entrée en vigueur, " if standing < 2 else f"({standing} entrées en vigueur, ") in line
        history = json.loads(self.type("stats", "--json").stdout)["history"]
        told = next(each for each in history if each["name"] == name)
        assert (told["finished"], told["winners"], told["players"]) == (end.finished, list(end.winners),
                                                                         list(end.players)), name
        exported = self.type("export", name, "--bgstats")
        if end.finished:
            play = json.loads(exported.stdout)
            assert [p["name"] for p in play["players"] if p["winner"]] == [p for p in end.players if p in end.winners]
            assert [p["name"] for p in play["players"] if p["startPlayer"]] == \
                [p for p in end.players if p == end.first_player]
        else:
            assert exported.exit_code != 0 and "is not finished" in exported.stderr  # BG Stats records finished plays
        header = header_line(game)  # the table screen's header says it through this function
        assert serve.view(game)["ended"] == header  # and the page's
        i18n.use("fr")
        try:
            french = header_line(game)
        finally:
            i18n.use("en")
        # issue 49: a header says a thing once ("égalité ... : égalité : ..." said the tie twice)
        assert header is None or len(re.findall(r"\btie\b", header)) <= 1, header
        assert french is None or french.count("égalité") <= 1, french
        if end.finished:
            assert header.startswith("game over: ") and result_said(end) in header
            assert all((_("you win") if w == (end.me or "me") else w) in header for w in end.winners), (header, end)
            assert end.winners or end.note  # a finished game without a winner says why
        else:
            assert header is None or end.tied
        if end.finished:  # a finished game refuses every entry but undo and retract, in one line saying so
            refused = self.at(name, *self.any_step(self.games[name]))
            assert refused.exit_code == 1 and "the game is finished: " in refused.stderr, refused.stderr

    @staticmethod
    def any_step(kind: str) -> list[str]:
        """A step of the game's kind, read alike whatever the game holds (refused only for the game's state)."""
        return {"garden": ["fight", "Léa=5", "red=4", "blue=3", "yellow=2"], "duel": ["fight", "me=5", "Matt=3"],
                "city": ["clue", "row", "1", "no"],
                "roi": ["quest", "deal", "1A", "--special", "druid", "--order", ",".join((ROI_PLAYERS * 5)[:13])],
                "tug": ["tug", "exchange"]}[kind]

    @invariant()
    def every_game_loads(self):
        Table.steps += 1  # after the start and after each step
        names = sorted(p.stem for p in (self.home / "games").glob("*.yaml") if not p.name.startswith("."))
        assert names == sorted(self.games)
        assert all(unicodedata.is_normalized("NFC", name) for name in names)  # saved composed, however typed
        listed = self.type("games", "--json")
        assert listed.exit_code == 0 and not any(entry["problem"] for entry in json.loads(listed.stdout))


# The quick walk (every pytest) is 6 walks of up to 25 steps: each walk starts every kind
# of game (start) and checks every invariant after each step, so a step that breaks a law fails at once; the
# full walk (pytest -m full) is where the many rare sequences are.
QUICK = settings(max_examples=6, stateful_step_count=25, suppress_health_check=list(HealthCheck), deadline=None)
# The full walk is cut in parts that pytest-xdist runs side by side: each part walks its own examples
# (its own seed; no example database, so every run walks the same ones).
FULL_PARTS = 4
FULL = settings(max_examples=352 // FULL_PARTS, stateful_step_count=40, suppress_health_check=list(HealthCheck),
                deadline=None, database=None)


def test_a_quick_walk_through_every_kind_of_game():
    """6 walks of up to 25 steps: at least 100 steps with every pytest."""
    assert run_walk(QUICK) >= 100


@pytest.mark.full
@pytest.mark.parametrize("part", range(FULL_PARTS))
def test_ten_thousand_steps_through_every_kind_of_game(part):
    """352 walks of up to 40 steps in four parts: at least 2,500 steps in each, 10,000 in all (README:
    Reliability)."""
    assert run_walk(FULL, part) >= 10_000 // FULL_PARTS


def run_walk(strength, part: int | None = None) -> int:
    """Walk; the number of steps walked. The quick walk is derandomized; a part of the full walk walks the
    examples of its own seed. Either way the examples are the same on every run."""
    from hypothesis import seed
    from hypothesis.stateful import get_state_machine_test, run_state_machine_as_test

    steps, walks = Table.steps, Table.walks
    if part is None:
        run_state_machine_as_test(Table, settings=strength)
    else:
        seed(part)(get_state_machine_test(Table, settings=strength))()
    return (Table.steps - steps) - (Table.walks - walks)
