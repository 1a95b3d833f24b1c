"""Le Roi des Nains score pad: 7 deals, one quest each, one special card each.

Split by concern: ``rules`` (the quests and special cards, read from
``boards/roi-des-nains.yaml``), ``scoring`` (one scorer per primitive),
``events`` (each step's words: a form, a reader, a writer), ``play`` (who wins
a trick, what a player may play: the magic cards, the first trick, cards
changing hands), ``pad`` (the pad on the engine's ``ScorePad``: the log of deals folded into their
state), ``checks`` (what a deal, a trick, a summary or a hand change must hold), ``deals`` (the deals as
they stand and the score table) and ``said`` (what the pad says to the table).
"""

from importlib import import_module

from assistant.engine.i18n import N_
from assistant.engine.registry import Acts, Arg, Command, GameType, Page, Start, register

KIND = "roi-des-nains"

# The package's public names, each from the module that defines it: imported when first used, so that
# registering the game costs nothing at start-up (PEP 562's module __getattr__).
_HOMES = {
    "events": ("HAND", "Deal", "DealEvent", "DropEvent", "PassEvent", "RemoveEvent", "Summary", "SwapEvent",
               "TakeBackEvent", "TakeEvent", "Trick", "TrickEvent", "follow_suit_winner"),
    "pad": ("DEALS", "RoiGame"),
    "rules": ("Quest", "Rules", "Special", "listing", "read_rules"),
    "scoring": ("SCORERS", "SEATING", "score"),
}
_HOME_OF = {name: module for module, names in _HOMES.items() for name in names}


def __getattr__(name: str):
    if name == "PAD":
        return import_module(f"{__name__}.pad").RoiGame
    module = _HOME_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f"{__name__}.{module}"), name)


# What Le Roi des Nains declares for the faces: its group of commands (``quest``), its titles and score
# table, its printed page, how it starts (3 to 5 players in seating order), and its acts: the deals and their
# tricks are played face up, every one public.
COMMANDS = (
    Command(("quest",), "pads", N_(
        "Le Roi des Nains score pad: quests, deals, totals."),
        french=("quete", "quête")),
    Command(("quest", "new"), "pads", N_(
        "Start a Le Roi des Nains score pad and make it current.\n\n"
        "Example: assistant quest new --players Ana,Ben,Cleo"),
        slots={"name": "new-name"}),
    Command(("quest", "list"), "pads", N_(
        "List the 40 quest faces (what each scores, what a summary needs) "
        "and the special cards."),
        french=("liste",)),
    Command(("quest", "deal"), "pads", N_(
        "Record a deal: its quest and special card, then either a summary "
        "now or its tricks one by one.\n\n"
        "Example: assistant quest deal 13A --special flag-bearer --won "
        "Ana=Kg,Kb,Qr --won Ben=Kr --special-winner Ana"),
        french=("donne",),
        args=(Arg("quest", N_("The quest: tile and face (13A) or its name."), required=True),
              Arg("special", N_("The special card shuffled in, e.g. flag-bearer."), required=True),
              Arg("tricks", N_("Tricks per player: Ana=4,Ben=5,Cleo=4.")),
              Arg("order", N_("Each trick's winner, first to last: Ana,Ben,...")),
              Arg("won", N_("Cards a player won: Ana=Kg,Qb (repeat per player; NAME=rest: every card not listed).")),
              Arg("special-winner", N_("Who gets the special card's effect (or none).")),
              Arg("scout", N_("Who played the Scout and the faces in its trick: Ana=2.")),
              Arg("dealer-next", N_("Who won the green 5 (deals next).")),
              Arg("replace", N_("Correct deal N instead of adding one.")))),
    Command(("quest", "trick"), "pads", N_(
        "Record one trick of the deal being played; the rules say who wins "
        "it, magic cards included (--winner only confirms it).\n\n"
        "The holder of the red 5 leads the first trick. Where the rules are silent "
        "the pad chooses: a Dragon or Excalibur leading leaves the suit led to the "
        "next card; a Clone leading a later trick plays as the last card of the "
        "trick before; the Mummy, the Clone and the Dragon may be played instead of "
        "the suit led, Excalibur only with none of it.\n\n"
        "Example: assistant quest trick Ana 5g 7g Kb"),
        french=("pli",),
        args=(Arg("words", N_("The leader, then each card in play order: Ana 5g 7g Kb."), required=True, repeat=True,
                  metavar=N_("LEADER CARD...")),
              Arg("winner", N_("Who won: refused unless the rules agree (or cannot tell, in a saved step).")),
              Arg("seating", N_("The cards are in seating order (the order of --players), not in play order.")),
              Arg("replace", N_("Correct trick N of the latest deal instead.")))),
    Command(("quest", "swap"), "pads", N_(
        "The Druid: after its trick, whoever played it swaps hands with NAME.\n\n"
        "Example: assistant quest swap Cleo"),
        french=("echanger", "échanger"),
        args=(Arg("player", N_("Who swaps hands with the Druid's player."), required=True),)),
    Command(("quest", "pass"), "pads", N_(
        "The blue 11 that passes hands: after its trick, every hand passes left (to "
        "the next player, clockwise) or right.\n\nExample: assistant quest pass left"),
        french=("passer",),
        args=(Arg("direction", N_("left or right (gauche or droite)."), required=True),)),
    Command(("quest", "take"), "pads", N_(
        "The red 11 that takes two cards: whoever holds it takes cards from NAME's hand "
        "and gives as many back. The rule text leaves the timing open, so both are taken: "
        "after its trick (whoever played it takes), or before the first trick, as the public "
        "online version plays it (then --by NAME says who takes). Recording it is optional: "
        "without it the follow-suit and first-leader checks allow for cards having changed "
        "hands.\n\n"
        "Example: assistant quest take Cleo 3g 7r --back 2b,9g"),
        french=("prendre",),
        args=(Arg("words", N_("Whose hand, then the cards taken: Cleo 3g 7r."), required=True, repeat=True,
                  metavar=N_("NAME CARD...")),
              Arg("back", N_("The cards given back: 2b,9g."), required=True),
              Arg("by", N_("Who takes: needed before the first trick (who holds the card); after its trick, whoever "
                           "played it.")))),
    Command(("quest", "take-back"), "pads", N_(
        "The Sorcerer, between two tricks: its holder puts it in the trick just "
        "played and takes back CARD of that trick, to play it again. The pad "
        "chooses where the rules are silent: any card of that trick, once a deal, "
        "before the last trick; the Sorcerer lies in that trick's pile.\n\n"
        "Example: assistant quest take-back Ana 5g"),
        french=("reprendre",),
        args=(Arg("player", N_("Who holds the Sorcerer."), required=True),
              Arg("card", N_("The card of the trick just played they take back."), required=True))),
    Command(("quest", "remove"), "pads", N_(
        "Take deal NUMBER out of the game; the deals after it move up "
        "and totals are recomputed."),
        french=("retrait",),
        args=(Arg("number", N_("The deal number shown by assistant quest show."), required=True),), step="drop"),
    Command(("quest", "show"), "pads", N_(
        "The score table: deals as rows, each player's points and running "
        "totals.")),
    Command(("quest", "export"), "pads", N_(
        "Export the score table as CSV or JSON.")),
)

TITLES = {
    "a-game": N_("a Le Roi des Nains score pad (assistant quest new)"),
    "table": N_("{name}: Le Roi des Nains"),
    "stats-quests": N_("Le Roi des Nains: mean points per player and deal, by quest face"),
}

COLUMNS = (N_("deal"), N_("quest + special card"))

PAGE = Page(N_("Le Roi des Nains: score pad"), N_("Le Roi des Nains: score pad of {game}"), rounds=7, spare=2,
            note=N_("Players in seating order, clockwise. Each quest tile is played once (either face), each "
                    "special card once; after 7 deals the highest total wins, and a tie plays another deal "
                    "(rows +)."), least=3, most=5, default=4, rules=True)

START = Start(("quest", "new"), "players", 3, 5, "Ana,Ben,Cleo",
              help=N_("3 to 5 players in seating order, e.g. Ana,Ben,Cleo."))

ACTS = Acts(public=("deal", "trick", "swap", "pass", "take", "take-back", "remove"))

# What the command line prints that is the pad's own (data: lines, or what --json prints): the quest faces
# (``quest list``), a new pad's table, a trick or a hand change read back.
HOOKS = {"list": "assistant.games.roi_des_nains.said:listed", "started": "assistant.games.roi_des_nains.said:started",
         "recorded": "assistant.games.roi_des_nains.said:recorded"}

register(GameType(KIND, "Le Roi des Nains", "Le Roi des Nains", pad=True,
                  game_class_path="assistant.games.roi_des_nains.pad:RoiGame", group="quest",
                  words=("roi", "roidesnains"), picture="deals",
                  commands=COMMANDS, titles=TITLES, columns=COLUMNS, page=PAGE,
                  start=START, acts=ACTS, hooks=HOOKS))

__all__ = ["PAD", *_HOME_OF]
