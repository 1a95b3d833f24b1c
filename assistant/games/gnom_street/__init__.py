"""75 Gnom' Street: the garden's deduction sheets, its pieces (miniatures, cat, Mole and Bait tokens), the
round's fight, the questions put to me (the mirror), my Moles and the end-of-game tally.

The game is ``GardenGame`` (``game``), the deduction core (``assistant.games.deduction``) with the
garden's rules: its steps' words (``words``), their recording (``recording``), the pieces (``garden``),
the fight (``fight``), the questions put to me (``mirror``), my Moles (``moles``) and the tally
(``tally``)."""

from assistant.engine.i18n import N_
from assistant.engine.registry import ASKER_AND_ANSWERER, Acts, Arg, Command, GameType, Secret, Start, register

KIND = "gnom-street"

# What 75 Gnom' Street declares for the faces: the garden's own commands, its titles, how it starts, and
# which of its acts the whole table sees (read from the rules: the miniatures, the cat, the fight's revealed
# cards, the tokens once revealed and the loot cards shown at the end are seen by all; a question is between
# the asker and the one asked, unless the answer is given aloud; a token's kind stays hidden until revealed).
# The sheets of one table are linked through ``linked``: each act entered once reaches every sheet that learns it.
PLAYER = Arg("player", N_("me, or an opponent's name."), required=True)
CELL = Arg("cell", N_("A garden cell, e.g. C3."), required=True)

COMMANDS = (
    Command(("fight",), "steps", N_(
        "Record the round's fight: each player's gnome value; ties drop to zero and the "
        "gnome throw orders them.\n\n"
        "Then a question is checked against the ranking: a player asks only those ranked "
        "after them, the loser asks nobody (unless --power), and suggest knows whom I may "
        "ask. Without a fight nothing is checked.\n\n"
        "Example: assistant fight Lea=5 red=3 blue=5 yellow=2 --throw blue,Lea"),
        french=("combat",),
        args=(Arg("values", N_("Each player's gnome card: me=5 red=3 ..."), required=True, repeat=True,
                  metavar=N_("PLAYER=VALUE...")),
              Arg("throw", N_("The tied players, best gnome throw first: blue,Lea.")),
              Arg("cards_back", N_("The cards came back before this fight, off the log (a hand emptied unseen).")))),
    Command(("miniature",), "steps", N_(
        "Record a miniature placed on the garden (it kicks out one standing there).\n\n"
        "Only a miniature placed in an earlier turn may be kicked out. Turns are not "
        "recorded: every player places one miniature a turn, so the tool takes a player "
        "placing a second one to start the next turn; --new-turn says a turn began that "
        "the log cannot see.\n\n"
        "The cell's terrain is the Terrain token its player took, one token each: a terrain "
        "whose token another miniature took is refused until the tokens come back (each new "
        "turn at 3 or 4 players, once all four are used at 2); --tokens-back says they came "
        "back off the log.\n\n"
        "Example: assistant miniature red C3 --from A1"),
        french=("statuette",),
        args=(PLAYER, CELL, Arg("origin", N_("Move it from this cell.")),
              Arg("new_turn", N_("This miniature is the first of a new turn.")),
              Arg("tokens_back", N_("The Terrain and Action tokens came back before this miniature (a new turn).")))),
    Command(("cat",), "steps", N_(
        "Record the cat placed or moved on CELL (the miniature there goes back to its "
        "owner).\n\n"
        "Placed anywhere the first time; then moved one cell, diagonals included (the "
        "rules say one cell; the area question counts diagonals too). --three: the gnome "
        "card that moves it by 3 cells, taken as up to 3 steps of one cell."),
        french=("chat",),
        args=(CELL, Arg("far", N_("A gnome card moves it: up to 3 cells instead of 1.")))),
    Command(("token",), "steps", N_(
        "Record a Mole or Bait token placed (stacked on what is there).\n\n"
        "--alex (card 7): on a free cell next to one of the player's miniatures; next to "
        "includes diagonals, and free means no miniature there (the cat or tokens may "
        "be).\n\n"
        "Example: assistant token me C3 mole; assistant token red D1"),
        french=("jeton",),
        args=(PLAYER, CELL, Arg("kind", N_("mole or bait: yours are known, others' face down.")),
              Arg("alex", N_("Card 7: on a free cell next to a miniature.")))),
    Command(("reveal",), "steps", N_(
        "Record a face-down token revealed at the end of the game."),
        french=("reveler", "révéler", "retourner"),
        args=(CELL, Arg("position", N_("The token's place in the stack, 1 for the bottom."), required=True),
              Arg("kind", N_("mole or bait."), required=True))),
    Command(("loot",), "steps", N_(
        "Record an opponent's loot card shown at the end of the game.\n\n"
        "The card must agree with the clues (else the refusal names the fewest clues it "
        "conflicts with, to retract if one was misheard); once recorded, the sheet, explain "
        "and the tally put that opponent on that cell. One card each: --replace corrects a "
        "misheard one.\n\n"
        "Example: assistant loot red D3"),
        french=("butin",),
        args=(PLAYER, CELL, Arg("replace", N_("The card recorded before for this player was misheard: this one "
                                              "stands instead.")))),
    Command(("mole",), "steps", N_(
        "Two-player game: a Mole placed ends the set; found wins it, missed gives it to "
        "the other.\n\n"
        "Example: assistant mole D3 found --next-mine A2"),
        french=("taupe",),
        args=(CELL, Arg("verdict", N_("found or missed (trouvé, raté)."), required=True),
              Arg("by", N_("Who placed it (default: me).")), Arg("next_mine", N_("My loot cell for the next set.")))),
    Command(("tally",), "tally", N_(
        "Score the end of a 75 Gnom' Street game (3 or 4 players): miniatures, loot "
        "stacks, baits.\n\n"
        "From the current game's recorded pieces, or from a file: players, miniatures "
        "(count per player), loot (cell per player), stacks (cell: [Ana mole, Ben bait], "
        "bottom first), settings (optional: rules en, later_moles, bait_counts). A "
        "two-player game has no victory points.\n\n"
        "A player's own Mole on their own loot scores nothing and takes no place in the "
        "order (the Moles above it move down one).\n\n"
        "Example: assistant tally --rules en"),
        french=("decompte", "décompte"), slots={"throw": "player"}),
)

TITLES = {
    "tally": N_("75 Gnom' Street: victory points"),
    "stats-sets": N_("75 Gnom' Street: sets won, turns to find a loot (your questions until your sheet kept one cell)"),
}

START = Start(("new",), "opponents", 1, 3, "red,blue,yellow", secrets=(Secret("--mine", "board-cell", "me"),))

ACTS = Acts(public=("miniature", "cat", "fight", "reveal", "loot", "mole"),
            private={"clue": ASKER_AND_ANSWERER, "asked": ASKER_AND_ANSWERER, "token": "owner"},
            aloud={"asked": "--aloud", "clue": "--aloud"}, copies="assistant.games.gnom_street.linked:copies")

# What the command line prints after one of the garden's steps is the garden's own: a fight's ranking and whom
# I may ask, a piece's entry and what it changed.
HOOKS = {"recorded": "assistant.games.gnom_street.told:recorded",
         "tally-file": "assistant.games.gnom_street.tally:score_file"}

register(GameType(KIND, "75 Gnom' Street", "75 Gnom' Street", pad=False,
                  game_class_path="assistant.games.gnom_street.game:GardenGame",
                  words=("gnom", "gnome", "garden", "jardin"),
                  commands=COMMANDS, titles=TITLES, start=START, acts=ACTS, hooks=HOOKS))
