"""The command table: every command declared once, and its grammar on the table screen.

``COMMANDS`` names each command of the command line ('clue', 'quest deal'), the area that holds it and
its help (the English text, which the catalogue keys on); ``ALIASES`` gives its French words. The
command line's groups (``assistant/faces/cli/<area>.py``), the table screen's completion and its
checks are built from them. Reading the table costs no more than the grammar: the command line reads
it at every start to import only the area of the command typed.

A step of the game has its ``Form`` in its game (the deduction core, the garden, the pads); a command of the
command line ('tally', 'new gnom-street --opponents red,blue', 'board set gnom-street C2
terrain=gravel') has one too, built here from the command line's own parameters (``command_params`` of
``assistant.faces.cli``: plain data, so that no word is typed twice) and the French command words.
``Table`` is the grammar's Speaker for the table screen: the game's steps, then these commands, each slot
offering only the values its place takes (the cells of the board named, the boards and games that
exist, the game's players), in the language spoken. The phones' page keeps to the game's steps.
"""

from __future__ import annotations

# The command line reads this module at every start: its records are plain classes (a NamedTuple costs
# about 0.2 ms to create, a budget start-up cannot spare; see benchmarks/startup.py).
from collections.abc import Iterable, Sequence, Set
from itertools import combinations
from typing import TYPE_CHECKING

from assistant.engine import grammar, registry
from assistant.engine.errors import AssistantError, InputError
from assistant.engine.grammar import MORE, OPTIONAL, Form, Option
from assistant.engine.i18n import DEFAULT, N_, _, language
from assistant.engine.words import french_word, hint, key, shown

if TYPE_CHECKING:  # the store is handed in: the engine imports no store
    from assistant.store.folder import Store


class Command:
    """A command as every face knows it: its words as typed in English ('quest', 'deal'), the area
    whose module declares it in each face that has commands (the command line's
    ``assistant/faces/cli/<area>.py``), and its help, the English text that the catalogue keys on.
    A group ('quest') is a row of its own, followed by its commands."""

    __slots__ = ("words", "area", "help")

    def __init__(self, words: tuple[str, ...], area: str, help: str) -> None:
        self.words, self.area, self.help = words, area, help

    def __repr__(self) -> str:
        return f"Command({self.words!r}, {self.area!r}, {self.help[:30]!r}...)"


COMMANDS: tuple[Command, ...] = (
    Command(("new",), "games", N_(
        "Start a game and make it current.\n\n"
        "Example: assistant new gnom-street --opponents red,blue,yellow --mine C2 --me "
        "Lea")),
    Command(("games",), "games", N_(
        "List saved games: board or pad, players, entries, last change; the current one "
        "is marked with *.")),
    Command(("archive",), "games", N_(
        "Archive a game: games no longer lists it (games --archived does), the statistics "
        "still count it, and it stays saved, so --game NAME still reaches it.\n\n"
        "Example: assistant archive friday; assistant archive friday --undo")),
    Command(("stats",), "games", N_(
        "Statistics across saved games: per player, games played, finished and won; for Le Roi "
        "des Nains the mean points per quest face and special card, and the faces each chose; for "
        "75 Gnom' Street the sets won and the mean turns to find a loot (a turn is one question "
        "I asked, counted until my sheet kept one cell for that opponent); for Oh ! les Nains "
        "the rounds.\n\n"
        "Example: assistant stats --player Ana --since 2026-11-01")),
    Command(("delete",), "games", N_(
        "Delete a saved game for good (asks first, unless --yes).\n\n"
        "Example: assistant delete friday --yes")),
    Command(("rename",), "games", N_(
        "Give a saved game another name (it stays current if it was).\n\n"
        "Example: assistant rename gnom-street-1 friday")),
    Command(("use",), "games", N_(
        "Make NAME the current game.")),
    Command(("clue",), "deduction", N_(
        "Record a clue heard at the table.\n\n"
        "Kinds: area (zone), line-of-sight (ligne-de-vue), flower (fleur) on the garden; "
        "north-of, south-of, east-of, west-of, row (ligne, line), column, at, in, near, "
        "next-to, within N, has ATTR=VALUE on the city. Distances count king steps: "
        "next-to C3 is the 8 cells around C3 (diagonals count, C3 itself not); within N "
        "C3 is every cell at most N steps from C3, C3 included (dans-un-rayon-de N).\n\n"
        "On the city a card's statement holds unless followed by no; in manhattan,bronx "
        "(any list of districts) says the thief is in one of them (with no: in none); "
        "--card starts with the kind of card, informant or expert (informateur), then "
        "what you like: --card 'informant 3'.\n\n"
        "Example: assistant clue line-of-sight B3 yes --opponent red")),
    Command(("asked",), "deduction", N_(
        "A question put to me: print the answer to give (from my loot, --mine) and record "
        "who heard it.\n\n"
        "Only the asker learns the answer, unless it is said aloud (--aloud: the megaphone, "
        "a 'pipelette'): then every opponent does. Their maps of my loot: assistant sheet "
        "--theirs.\n\n"
        "Example: assistant asked area B3 --by red --aloud")),
    Command(("fight",), "garden", N_(
        "Record the round's fight: each player's gnome value; ties drop to zero and the "
        "gnome throw orders them.\n\n"
        "Then a question is checked against the ranking: a player asks only those ranked "
        "after them, the loser asks nobody (unless --power), and suggest knows whom I may "
        "ask. Without a fight nothing is checked.\n\n"
        "Example: assistant fight Lea=5 red=3 blue=5 yellow=2 --throw blue,Lea")),
    Command(("accuse",), "deduction", N_(
        "Record an accusation heard at the table: a wrong one rules the cell out, a right "
        "one closes the case (later clues about it are refused; undo reopens it). It is "
        "Enquêtes à New York's step: 75 Gnom' Street has none (its loot cards, shown at "
        "the end, say where the loot is: loot).\n\n"
        "Enquêtes à New York: --by NAME says who accused (me for you; any name, the same "
        "name later is the same player). A wrong accuser is out of the game (the rules: "
        "\"il est éliminé\") and may not accuse again; the others play on. Without --by "
        "nobody is put out.\n\n"
        "Example: assistant accuse C4 wrong --by Ana")),
    Command(("undo",), "deduction", N_(
        "Take back the latest entry still standing (repeat to go further back).")),
    Command(("retract",), "deduction", N_(
        "Take back entry NUMBER (it stays in the history, struck out).")),
    Command(("miniature",), "garden", N_(
        "Record a miniature placed on the garden (it kicks out one standing there).\n\n"
        "Only a miniature placed in an earlier turn may be kicked out. Turns are not "
        "recorded: every player places one miniature a turn, so the tool takes a player "
        "placing a second one to start the next turn; --new-turn says a turn began that "
        "the log cannot see.\n\n"
        "Example: assistant miniature red C3 --from A1")),
    Command(("cat",), "garden", N_(
        "Record the cat placed or moved on CELL (the miniature there goes back to its "
        "owner).\n\n"
        "Placed anywhere the first time; then moved one cell, diagonals included (the "
        "rules say one cell; the area question counts diagonals too). --three: the gnome "
        "card that moves it by 3 cells, taken as up to 3 steps of one cell.")),
    Command(("token",), "garden", N_(
        "Record a Mole or Bait token placed (stacked on what is there).\n\n"
        "--alex (card 7): on a free cell next to one of the player's miniatures; next to "
        "includes diagonals, and free means no miniature there (the cat or tokens may "
        "be).\n\n"
        "Example: assistant token me C3 mole; assistant token red D1")),
    Command(("reveal",), "garden", N_(
        "Record a face-down token revealed at the end of the game.")),
    Command(("loot",), "garden", N_(
        "Record an opponent's loot card shown at the end of the game.\n\n"
        "The card must agree with the clues (else the refusal names the fewest clues it "
        "conflicts with, to retract if one was misheard); once recorded, the sheet, explain "
        "and the tally put that opponent on that cell. One card each: --replace corrects a "
        "misheard one.\n\n"
        "Example: assistant loot red D3")),
    Command(("mole",), "garden", N_(
        "Two-player game: a Mole placed ends the set; found wins it, missed gives it to "
        "the other.\n\n"
        "Example: assistant mole D3 found --next-mine A2")),
    Command(("tally",), "garden", N_(
        "Score the end of a 75 Gnom' Street game (3 or 4 players): miniatures, loot "
        "stacks, baits.\n\n"
        "From the current game's recorded pieces, or from a file: players, miniatures "
        "(count per player), loot (cell per player), stacks (cell: [Ana mole, Ben bait], "
        "bottom first), settings (optional: rules en, later_moles, bait_counts). A "
        "two-player game has no victory points.\n\n"
        "A player's own Mole on their own loot scores nothing and takes no place in the "
        "order (the Moles above it move down one).\n\n"
        "Example: assistant tally --rules en")),
    Command(("recover",), "games", N_(
        "Restore a damaged game's last good state (the damaged file is kept beside it, under a "
        "name of its own). A game that loads is left as it is.")),
    Command(("sheet",), "deduction", N_(
        "Draw each opponent's sheet: crossed cells, ponds, what is left (--odds: a heat "
        "map; --theirs: beside them, each opponent's map of my loot).\n\n"
        "Each cell shows its terrain and flowers (the city: district, pictograms, kind) "
        "as marks the legend explains. --svg/--html FILE also save the picture to share.")),
    Command(("candidates",), "deduction", N_(
        "List the cells still possible for each opponent.\n\n"
        "--json prints {\"red\": [\"A1\", ...], ...}; with --odds, {\"candidates\": {...}, "
        "\"odds\": {\"red\": {\"A1\": 0.25, ...}}, \"method\": \"...\"}; with --theirs, each "
        "opponent's cells for my loot: {\"red\": [\"C2\", ...], ...}.")),
    Command(("suggest",), "deduction", N_(
        "Advise my turn from the tokens left: which to take, where my miniature goes, "
        "whom to ask what.\n\n"
        "Best first. With tokens short, by the turns each question saves, later turns' tokens "
        "drawn at random. On a board without questions (New York): the likeliest cells and what "
        "accusing risks.\n\n"
        "Example: assistant suggest --left grass,wood --actions area,flower --ask red")),
    Command(("moles",), "deduction", N_(
        "Where my next Mole is worth most now (expected points from the exact odds), and "
        "where a Bait misleads most.\n\n"
        "Every cell, best first; the cells a token of mine may go on now are marked (my "
        "miniatures; card 7: a free cell next to one). A face-down token on a stack counts "
        "as a Mole.\n\n"
        "Example: assistant moles --json")),
    Command(("review",), "deduction", N_(
        "Go through the game: each question asked, what it gave, and the best question "
        "then.")),
    Command(("history",), "deduction", N_(
        "Number the recorded entries; taken-back ones are shown struck out with "
        "(retracted).")),
    Command(("explain",), "deduction", N_(
        "Say which clues ruled CELL out, or why it is still possible.")),
    Command(("replay",), "faces", N_(
        "Replay a scenario, showing the sheet after each step; a folder gets one verdict "
        "per file.\n\n"
        "Example: assistant replay scenarios/gnom-two-player-set.yaml --check")),
    Command(("export",), "games", N_(
        "Print a game's log as a scenario (YAML), to replay or import elsewhere; or a finished "
        "play as BG Stats imports it (--bgstats, --bgstats-link).\n\n"
        "Example: assistant export friday --bgstats")),
    Command(("import",), "games", N_(
        "Turn a scenario into a saved game and make it current.")),
    Command(("boards",), "board", N_(
        "List the shipped boards and your own board files.")),
    Command(("table",), "faces", N_(
        "Open the table screen: the game stays in front of you, one line takes each "
        "step.\n\n"
        "Type the words of the commands without 'assistant' (clue area B3 yes -o red, "
        "trick Ana 5g 7g Kb, undo); Tab completes, F1 lists the words. Every entry is "
        "saved at once.\n\n"
        "Example: assistant table")),
    Command(("serve",), "faces", N_(
        "Serve games to the phones at the table: each game at its own secret link, printed "
        "with its QR code, until Ctrl+C.\n\n"
        "A score pad gets two links: the scorekeeper's, which records, and the table's, "
        "read-only. Only this machine can connect unless --lan is given.\n\n"
        "Example: assistant serve --game friday --lan")),
    Command(("board",), "board", N_(
        "Show, correct and verify boards.")),
    Command(("board", "show"), "board", N_(
        "Draw a board (terrain, flowers, ponds: marks and colours), or "
        "print it as JSON.\n\n"
        "Example: assistant board show gnom-street --svg garden.svg")),
    Command(("board", "export"), "board", N_(
        "Write the board as you have it (your corrections, and whether you "
        "verified it) in one YAML file, for another owner's assistant board import.\n\n"
        "Example: assistant board export gnom-street garden.yaml")),
    Command(("board", "import"), "board", N_(
        "Take another owner's board file (from assistant board export) as your "
        "corrections: shows what changes and asks first, unless --yes.\n\n"
        "Example: assistant board import garden.yaml")),
    Command(("board", "set"), "board", N_(
        "Correct one cell from your own box (saved in your data folder, not "
        "the shipped file).\n\n"
        "Example: assistant board set gnom-street C2 terrain=gravel "
        "flowers=blue,yellow")),
    Command(("board", "reset"), "board", N_(
        "Take back your correction of one cell: the cell is as shipped again.\n\n"
        "Example: assistant board reset gnom-street C2")),
    Command(("board", "verify"), "board", N_(
        "Record that you checked the board against your own box.")),
    Command(("quest",), "quest", N_(
        "Le Roi des Nains score pad: quests, deals, totals.")),
    Command(("quest", "new"), "quest", N_(
        "Start a Le Roi des Nains score pad and make it current.\n\n"
        "Example: assistant quest new --players Ana,Ben,Cleo")),
    Command(("quest", "list"), "quest", N_(
        "List the 40 quest faces (what each scores, what a summary needs) "
        "and the special cards.")),
    Command(("quest", "deal"), "quest", N_(
        "Record a deal: its quest and special card, then either a summary "
        "now or its tricks one by one.\n\n"
        "Example: assistant quest deal 13A --special flag-bearer --won "
        "Ana=Kg,Kb,Qr --won Ben=Kr --special-winner Ana")),
    Command(("quest", "trick"), "quest", N_(
        "Record one trick of the deal being played; the rules say who wins "
        "it, magic cards included (--winner only confirms it).\n\n"
        "The holder of the red 5 leads the first trick. Where the rules are silent "
        "the pad chooses: a Dragon or Excalibur leading leaves the suit led to the "
        "next card; a Clone leading a later trick plays as the last card of the "
        "trick before; the Mummy, the Clone and the Dragon may be played instead of "
        "the suit led, Excalibur only with none of it.\n\n"
        "Example: assistant quest trick Ana 5g 7g Kb")),
    Command(("quest", "swap"), "quest", N_(
        "The Druid: after its trick, whoever played it swaps hands with NAME.\n\n"
        "Example: assistant quest swap Cleo")),
    Command(("quest", "pass"), "quest", N_(
        "The blue 11 that passes hands: after its trick, every hand passes left (to "
        "the next player, clockwise) or right.\n\nExample: assistant quest pass left")),
    Command(("quest", "take"), "quest", N_(
        "The red 11 that takes two cards: whoever holds it takes cards from NAME's hand "
        "and gives as many back. The rule text leaves the timing open, so both are taken: "
        "after its trick (whoever played it takes), or before the first trick, as the public "
        "online version plays it (then --by NAME says who takes). Recording it is optional: "
        "without it the follow-suit and first-leader checks allow for cards having changed "
        "hands.\n\n"
        "Example: assistant quest take Cleo 3g 7r --back 2b,9g")),
    Command(("quest", "take-back"), "quest", N_(
        "The Sorcerer, between two tricks: its holder puts it in the trick just "
        "played and takes back CARD of that trick, to play it again. The pad "
        "chooses where the rules are silent: any card of that trick, once a deal, "
        "before the last trick; the Sorcerer lies in that trick's pile.\n\n"
        "Example: assistant quest take-back Ana 5g")),
    Command(("quest", "remove"), "quest", N_(
        "Take deal NUMBER out of the game; the deals after it move up "
        "and totals are recomputed.")),
    Command(("quest", "show"), "quest", N_(
        "The score table: deals as rows, each player's points and running "
        "totals.")),
    Command(("quest", "export"), "quest", N_(
        "Export the score table as CSV or JSON.")),
    Command(("tug",), "tug", N_(
        "Oh ! les Nains: the rope tracker.\n\n"
        "Where the rules are silent the tool chose: players alternate strictly, one of each side in turn "
        "(at four: Ana, Ben, Cleo, Dan for --sides Ana+Cleo,Ben+Dan), and at four the first-named player of "
        "the losing team starts the next round (tug starts NAME chooses the other); each round starts with empty "
        "lines, "
        "the hose centred and every player placing a first gnome (no card, nothing pulled); the path is 16 "
        "flagstones unless tug new --flagstones says otherwise; a pull card names at least one colour; "
        "contre multi counters the colour of the move it answers.")),
    Command(("tug", "new"), "tug", N_(
        "Start an Oh ! les Nains match; each player then places a first "
        "gnome: assistant tug gnome red --by Ana.\n\n"
        "The path: 16 flagstones, 8 a side of the fence at the start, unless "
        "--flagstones N says what your box shows (an even number, 4 to 60). 16 "
        "comes from one public source and 8 a side is inferred: the tool says so "
        "when it uses them.\n\n"
        "Example: assistant tug new --sides Ana+Cleo,Ben+Dan --flagstones 16")),
    Command(("tug", "gnome"), "tug", N_(
        "Add a gnome (the other side pulls 2) on the free flagstone in front "
        "of your line (one gnome a flagstone: refused when none is free); at a "
        "round's start, place your first gnome (no card, nothing pulled).")),
    Command(("tug", "pull"), "tug", N_(
        "Play a pull card: the stronger side pulls by the difference. A card "
        "names at least one colour.\n\n"
        "Example: assistant tug pull --two green --zero blue")),
    Command(("tug", "squirrels"), "tug", N_(
        "Play a squirrel card: pull the hose 1, 2 or 3 flagstones "
        "towards you.")),
    Command(("tug", "exchange"), "tug", N_(
        "Exchange cards instead of playing: the other side pulls 1.")),
    Command(("tug", "contre"), "tug", N_(
        "Counter the gnome just added: it leaves (optional rule). A card of its "
        "colour, or multi (which counters the colour of the gnome just added "
        "unless you name another).")),
    Command(("tug", "sur-contre"), "tug", N_(
        "Answer a counter: place two gnomes of that colour, the hose "
        "stays (optional rule).")),
    Command(("tug", "sur-sur-contre"), "tug", N_(
        "Answer a sur-contre: take the two gnomes into your team "
        "(optional rule).")),
    Command(("tug", "starts"), "tug", N_(
        "Choose who starts the round, before its first card (the rules: "
        "the loser of the last round starts).\n\n"
        "Example: assistant tug starts Dan")),
    Command(("tug", "show"), "tug", N_(
        "Draw the hose, the fence and both lines of gnomes: each gnome is the "
        "letter of its colour (R B Y G; in French R B J V), in its colour, with a "
        "legend.\n\n"
        "--json prints the match: sides, flagstones, rounds, each side's line "
        "(back to front), the hose, who plays.")),
    Command(("print",), "faces", N_(
        "Printable A4 pages for a table short of the booklet: "
        "investigation sheets, score pads.")),
    Command(("print", "sheet"), "faces", N_(
        "An A4 page of blank investigation sheets, one per opponent, on your board "
        "(your corrections included); with --game, that game's sheets as they stand.\n\n"
        "Example: assistant print sheet gnom-street --players 4")),
    Command(("print", "pad"), "faces", N_(
        "An A4 score pad for Le Roi des Nains: the 7 deals, each player's points and "
        "total; with --game, that pad as it stands.\n\n"
        "Example: assistant print pad roi-des-nains --players 4")),
)
DECLARED = {command.words: command for command in COMMANDS}


# French command words, accepted and never listed: the table speaks both languages.
ALIASES = {"indice": "clue", "feuille": "sheet", "annuler": "undo", "retirer": "retract", "accuser": "accuse",
           "historique": "history", "expliquer": "explain", "suggerer": "suggest", "suggérer": "suggest",
           "candidats": "candidates", "jeux": "games", "parties": "games", "supprimer": "delete",
           "renommer": "rename", "nouvelle": "new", "nouveau": "new", "utiliser": "use", "decompte": "tally",
           "décompte": "tally", "quete": "quest", "quête": "quest", "revue": "review", "exporter": "export",
           "importer": "import", "recuperer": "recover", "récupérer": "recover", "plateaux": "boards",
           "plateau": "board", "corde": "tug",
           "statistiques": "stats", "imprimer": "print", "rejouer": "replay", "servir": "serve", "carnet": "pad",
           "archiver": "archive",
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


def help_of(*words: str) -> str:
    """The help of command (or group) ``words``, as declared in ``COMMANDS`` (English; translated where shown)."""
    return DECLARED[words].help


def area_of(word: str) -> str | None:
    """The area of the top-level command or group ``word`` (in English), None for no command."""
    found = DECLARED.get((word,))
    return found.area if found is not None else None


def english(word: str) -> str:
    """A command word in English: its French word ('indice', 'plateau') is its English command."""
    return ALIASES.get(word.lower(), word.lower())


def command_groups() -> tuple[str, ...]:
    """The groups of commands ('board', 'quest', 'tug', 'print'), in the table's order."""
    return tuple(dict.fromkeys(command.words[0] for command in COMMANDS if len(command.words) > 1))


def command_names(group: str | None = None) -> tuple[str, ...]:
    """The commands of ``group`` ('quest': 'new', 'list', ...), or the top-level commands (groups left out)."""
    if group is None:
        return tuple(command.words[0] for command in COMMANDS
                     if len(command.words) == 1 and command.words[0] not in command_groups())
    return tuple(command.words[1] for command in COMMANDS if len(command.words) == 2 and command.words[0] == group)


# The slot of each parameter of a command, by its name; OVERRIDES where a command gives the name
# another meaning; FREE: the words the command reads itself (no values to offer). A new parameter in none of
# them fails tests/test_table.py until its slot is chosen.
SLOTS = {"board": "board", "name": "game", "old": "game", "game": "game", "path": "file", "file": "file",
         "svg": "file", "html": "file", "cell": "cell", "opponent": "opponent", "ask": "opponent",
         "rules": "rules", "kind": "game-kind", "player": "player", "left": "terrains", "actions": "actions",
         "mine": "board-cell", "values": "board-value"}
OVERRIDES: dict[tuple[str, ...], dict[str, str]] = {
    ("new",): {"name": "new-name"}, ("import",): {"name": "new-name"}, ("rename",): {"new": "new-name"},
    ("quest", "new"): {"name": "new-name"}, ("tug", "new"): {"name": "new-name"},
    ("tally",): {"throw": "player"},  # who won the gnome throw that settles a tie: one of the players
    ("board", "set"): {"name": "board", "cell": "board-cell"},
    ("board", "reset"): {"name": "board", "cell": "corrected-cell"},
    **{("board", verb): {"name": "board"} for verb in ("show", "export", "verify")},
    ("print", "pad"): {"kind": "pad-kind"}}
FREE = {"opponents": "names", "me": "name", "players": "names", "sides": "sides", "starts": "name",
        "flagstones": "number", "since": "date", "top": "number", "port": "number"}
# The slots whose word must be one of their values (checked before the command runs); the others take
# words the command itself reads (a list 'red,blue', 'terrain=gravel').
CLOSED = ("board", "game", "board-cell", "corrected-cell", "rules", "game-kind", "pad-kind", "cell", "opponent")
HELP = Option("help", ("--help", "-h"))  # every command's help, printed on the screen as on the command line
# The slots of the commands (the others are the game's: cell, opponent, player), named in the help and
# in refusals; those of a board named in the command are answered from that board (values_here).
OWN_SLOTS = ("board", "game", "file", "rules", "game-kind", "pad-kind", "terrains", "actions", "board-cell",
             "corrected-cell", "board-value", "new-name", "names", "name", "sides", "number", "date", "command")
SLOT_WORDS = (N_("board"), N_("game"), N_("file"), N_("rules"), N_("terrains"), N_("actions"), N_("names"), N_("name"),
              N_("sides"), N_("number"), N_("date"), N_("command"))  # as said (slot_said); the others: SHOWN
OF_THE_BOARD_NAMED = ("board-cell", "corrected-cell", "board-value")
SHOWN = {"board-cell": N_("cell"), "corrected-cell": N_("corrected cell"), "board-value": N_("attribute=value"),
         "new-name": N_("new name"), "game-kind": N_("kind"), "pad-kind": N_("pad")}  # the others: their name


class Param:
    """A parameter of a command, as ``command_params`` of ``assistant.faces.cli`` gives it."""

    __slots__ = ("name", "spellings", "flag", "required", "repeat")

    def __init__(self, name: str, spellings: tuple[str, ...], flag: bool, required: bool, repeat: bool) -> None:
        self.name, self.spellings, self.flag = name, spellings, flag  # spellings: () for a positional word
        self.required, self.repeat = required, repeat


def slot_of(words: Sequence[str], param: str) -> str | None:
    """The slot of parameter ``param`` of command ``words`` (None: not declared, a free word named after it)."""
    return OVERRIDES.get(tuple(words), {}).get(param) or SLOTS.get(param) or FREE.get(param)


def build(specs: Iterable[tuple[Sequence[str], Sequence[tuple]]], aliases: dict[str, str]) -> tuple[Form, ...]:
    """The forms of the commands ``specs`` (``assistant.faces.cli.command_params``): a group ('board',
    'quest') is one form whose commands are its subcommands."""
    groups: dict[str, list[Form]] = {}
    top: list[Form] = []
    for words, params in specs:
        form = command_form(tuple(words), [Param(*param) for param in params], aliases)
        (groups.setdefault(words[0], []) if len(words) > 1 else top).append(form)
    for group, commands in groups.items():
        top.append(Form(verbs(group, aliases), (), usage=f"{spoken(group, aliases)} ...",
                        french=french_word(group, aliases), commands=tuple(commands)))
    return tuple(top)


def verbs(name: str, aliases: dict[str, str]) -> tuple[str, ...]:
    return (name, *(alias for alias, english in aliases.items() if english == name))


def spoken(name: str, aliases: dict[str, str]) -> str:
    return (french_word(name, aliases) or name) if language() != DEFAULT else name


def command_form(words: tuple[str, ...], params: list[Param], aliases: dict[str, str]) -> Form:
    """One command's form: its positional words as slots (the optional ones after OPTIONAL, a repeated one
    followed by MORE), its options with their every spelling; the French one is the last long one, as
    the command line names it in a refusal."""
    slots: list[str] = []
    for param in params:
        if param.spellings:
            continue
        if not param.required and OPTIONAL not in slots:
            slots.append(OPTIONAL)
        slots.append(slot_of(words, param.name) or param.name)
        if param.repeat:
            slots.append(MORE)
    options = []
    for param in params:
        if param.spellings:
            long = [spelling for spelling in param.spellings if spelling.startswith("--")]
            options.append(Option(param.name, param.spellings, None if param.flag else
                                  slot_of(words, param.name) or param.name, param.repeat,
                                  french=long[-1] if len(long) > 1 else ""))
    options.append(HELP)
    return Form(verbs(words[-1], aliases), tuple(slots), tuple(options),
                usage=usage_of(words, slots, options[:-1], aliases), french=french_word(words[-1], aliases))


def usage_of(words: Sequence[str], slots: Sequence[str], options: Sequence[Option], aliases: dict[str, str]) -> str:
    """How a command is written, in the language spoken: 'décompte [FICHIER] [--regles RÈGLES] ...'."""
    said = [spoken(word, aliases) for word in words]
    optional = False
    for slot in slots:
        if slot == OPTIONAL:
            optional = True
        elif slot == MORE:
            said[-1] += "..."
        else:
            said.append(f"[{slot_word(slot)}]" if optional else slot_word(slot))
    said += [f"[{option.spoken()}{'' if option.slot is None else ' ' + slot_word(option.slot)}]" for option in options]
    return " ".join(said)


def slot_word(slot: str) -> str:
    """A slot as written in a usage: 'BOARD', in French 'PLATEAU'."""
    return slot_said(slot).upper().replace(" ", "-")


def slot_said(slot: str) -> str:
    """A slot's name as the player reads it ('board-value' is 'attribute=value'), in the language spoken."""
    return _(SHOWN.get(slot, slot))




class Table:
    """The table screen's Speaker: the game's steps first, then the commands of the command line.

    A pad's own group ('quest' on a Le Roi des Nains pad) has the pad's steps among its commands,
    and its other commands ('show') are also typed without the group."""

    def __init__(self, store: Store, game, commands: tuple[Form, ...], groups: dict[str, str] | None = None):
        self.store = store
        self.game = game
        self.steps = steps = game.forms()

        def step_of(command: Form) -> Form | None:
            return next((step for step in steps if set(step.verbs) & set(command.verbs)), None)

        top = {form.verb for form in commands}
        own = (groups or {}).get(game.kind)
        self.group = next((form.verbs for form in commands if form.verb == own), ())  # the pad's own group
        shown: list[Form] = []
        self.pad_commands: tuple[Form, ...] = ()
        for form in commands:
            if form.verb == own:  # the pad's own group: its steps are the pad's, 'show' is 'quest show'
                form = form._replace(commands=tuple(step_of(command) or command for command in form.commands))
                self.pad_commands = tuple(command for command in form.commands
                                          if command.verb not in top and not step_of(command))
                shown += self.pad_commands
            shown.append(form)
        self.commands = tuple(form for form in shown if step_of(form) is None)
        self.subcommands = {command.verb: command for form in commands for command in form.commands}

    def forms(self) -> tuple[Form, ...]:
        return (*self.steps, *self.commands)

    def __getattr__(self, name: str):
        """Anything else is the game's: a step's own slots ask the game (its clue kinds, its board)."""
        return getattr(self.game, name)

    def is_step(self, words: Sequence[str]) -> bool:
        """Whether ``words`` are a step of the game (recorded by the screen), not a command."""
        try:
            return grammar.form_for(self.game, words[0]) is not None
        except (InputError, IndexError):
            return False

    def values(self, slot: str) -> tuple[str, ...]:
        """The values of ``slot`` (for completion), a slot of the game's steps answered by the game."""
        if slot == "board":
            return tuple(self.store.board_names())
        if slot == "game":
            return tuple(self.store.game_names())
        if slot == "rules":
            return ("fr", "en")
        if slot == "game-kind":
            return (*self.store.board_names(), *registry.kinds(pad=True))
        if slot == "pad-kind":
            return tuple(each.kind for each in registry.printed_pads())
        board = getattr(self.game, "board", None)
        if slot == "terrains":
            return tuple(v.name for v in board.attribute("terrain").values) \
                if board is not None and board.has_attribute("terrain") else ()
        if slot == "actions":
            return (*board.questions, "cat") if board is not None and board.questions else ()
        if slot in OF_THE_BOARD_NAMED:
            return ()  # of the board named: values_here
        return self.game.values(slot)

    def values_here(self, slot: str, words: list[str]) -> tuple[str, ...]:
        """The values of ``slot`` the command begun with ``words`` takes there: a cell of the board it
        names (not a pond for my loot; a corrected one to reset), that board's own values."""
        if slot not in OF_THE_BOARD_NAMED:
            if words and key(words[0]) in map(key, self.group):
                words = words[1:]  # 'quest trick Ana' on the pad is its step 'trick Ana'
            here = getattr(self.game, "values_here", None)
            return here(slot, words) if here is not None and self.is_step(words) else self.values(slot)
        try:
            form, named, rest = grammar.resolve(self, words)
            board = self.store.board(grammar.positional(form, rest)[0])  # the board is the first word
        except (AssistantError, IndexError):
            return ()
        if slot == "corrected-cell":
            return tuple(self.store.corrected_cells(board.name))
        if slot == "board-cell":
            return tuple(board.names(board.open if form.verb == "new" else board.all))
        given = {key(word.partition("=")[0]) for word in grammar.positional(form, rest)[2:]}
        return board_values(board, given)

    def said_value(self, slot: str, word: str) -> str:
        """A value as the player reads it: a command, a board's value, in French while French is spoken."""
        if language() == DEFAULT:
            return word
        if slot == "command" and word in self.subcommands:
            return grammar.spoken_verb(self.subcommands[word])
        if slot == "board-value":
            return said_assignment(self.store, self.game, word)
        board = getattr(self.game, "board", None)
        if slot == "terrains" and board is not None:
            return board.said_word(word)
        if slot == "actions":
            return "chat" if word == "cat" else self.game.said_value("kind", word)
        if slot in OWN_SLOTS:
            return word
        return self.game.said_value(slot, word)


def board_values(board, given: Set[str] = frozenset()) -> tuple[str, ...]:
    """Every ATTRIBUTE=VALUE a cell of ``board`` takes (a fixed number of values together), pond=yes and
    pond=no; the attributes already ``given`` (folded) left out."""
    found = []
    for attribute in board.attributes:
        if key(attribute.name) in given or key(attribute.local_name) in given:
            continue
        names = [value.name for value in attribute.values]
        if attribute.kind != "one" and attribute.per_cell:  # flowers: the pairs a cell holds
            names = list(map(",".join, combinations(names, attribute.per_cell)))
        found += [f"{attribute.name}={value}" for value in names]
    return (*found, *(() if {"pond", "mare"} & given else ("pond=yes", "pond=no")))


def said_assignment(store: Store, game, word: str) -> str:
    """'terrain=gravel' as the player reads it ('terrain=gravier'); 'flowers=blue,yellow' too."""
    name, equals, values = word.partition("=")
    board = getattr(game, "board", None)
    if name == "pond":
        return f"{_('pond')}={_(values)}"
    if board is None or not equals or not board.has_attribute(name):
        return word
    attribute = board.attribute(name)
    try:
        return f"{attribute.local_name}={','.join(attribute.value(value).local_name for value in values.split(','))}"
    except InputError:
        return word


def check(speaker: Table, words: Sequence[str]) -> None:
    """Refuse, before it runs, a command whose words its form does not take: an unknown option, a word
    missing or one too many, a board, a cell or a game that is not there. One line that says what to type."""
    form, named, rest = grammar.resolve(speaker, words)
    if form.commands:
        raise InputError(_("{group} needs one of {commands}").format(
            group=named[0], commands=", ".join(grammar.spoken_verb(command) for command in form.commands)))
    found = form.read(rest)
    if "help" in found.values:
        return
    usage = form.usage
    slots = form.positional_slots(speaker, found.positional)
    plain = [slot for slot in slots if slot not in (MORE, OPTIONAL)]
    least = slots.index(OPTIONAL) if OPTIONAL in slots else len(plain)
    if len(found.positional) < least:
        raise InputError(_("missing {slot}: type {usage}").format(slot=slot_said(plain[len(found.positional)]),
                                                                  usage=usage))
    if MORE not in slots and len(found.positional) > len(plain):
        raise InputError(_("one word too many ({word}): type {usage}").format(
            word=shown(found.positional[len(plain)]), usage=usage))
    for at, word in enumerate(found.positional):
        slot = plain[min(at, len(plain) - 1)]
        _one_of(speaker, slot, word, [*named, *found.positional[:at]], usage)
    for option in form.options:
        for value in found.values.get(option.name, ()):
            if option.slot is not None:
                _one_of(speaker, option.slot, value, [*named, *found.positional], usage)


def _one_of(speaker: Table, slot: str, word: str, before: list[str], usage: str) -> None:
    """Refuse ``word`` where ``slot`` (a closed one) does not take it."""
    if slot not in CLOSED:
        return
    values = grammar.values_here(speaker, slot, before)
    if not values or key(word) in map(key, values):
        return
    said = grammar.said_values(speaker, grammar.Slot(slot, values))
    expected = _("expected one of {values}").format(values=", ".join(said)) if len(said) <= 12 else None
    raise InputError(_("{word} is no {slot} here ({hint}): type {usage}").format(
        word=shown(word), slot=slot_said(slot), hint=hint(word, said, expected), usage=usage))
