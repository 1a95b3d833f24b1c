"""A score pad that only the tests register: Skull King's bids and tricks over ten rounds.

It is a whole game added the way the manual's "Adding a game" says: this package (its rules on the pad
base, its declarations) and its translations (``locale/``), nothing else. Importing it registers
nothing; ``install`` registers it and ``uninstall`` takes it out again, so the other tests never see it.
The conformance suite (tests/test_conformance.py) finds it and plays it through every face.
"""

from pathlib import Path

from assistant.engine.i18n import N_
from assistant.engine.registry import Acts, Command, GameType, Page, Start, register, unregister

KIND = "skull-king"

COMMANDS = (
    Command(("skull",), "pads", N_("Skull King: the score pad of bids and tricks, ten rounds."),
            french=("crane", "crâne")),
    Command(("skull", "new"), "pads", N_(
        "Start a Skull King score pad and make it current.\n\n"
        "Example: assistant skull new --players Ana,Ben,Cleo")),
    Command(("skull", "bid"), "pads", N_(
        "Record the bids of the next round: every player's number of tricks, 0 to the round's cards.\n\n"
        "Example: assistant skull bid Ana=1 Ben=0 Cleo=1"),
        french=("pari",)),
    Command(("skull", "tricks"), "pads", N_(
        "Record the tricks each player won in the round bid; they add up to the round's cards.\n\n"
        "Example: assistant skull tricks Ana=1 Ben=0 Cleo=0"),
        french=("plis",)),
    Command(("skull", "show"), "pads", N_("The score table: rounds as rows, each player's points and totals.")),
    Command(("skull", "export"), "pads", N_("Export the score table as CSV or JSON.")),
)

TYPE = GameType(
    KIND, "Skull King", "Skull King", pad=True, game_class_path="skull_king.pad:SkullPad", group="skull",
    words=("skull", "crane"), picture="deals", commands=COMMANDS,
    titles={"a-game": N_("a Skull King score pad (assistant skull new)"), "table": N_("{name}: Skull King")},
    columns=(N_("round"), N_("bids and tricks")),
    page=Page(N_("Skull King: score pad"), N_("Skull King: score pad of {game}"), rounds=10, spare=0,
              note=N_("Round N deals N cards each. A bid of 0 made scores 10 x N, missed -10 x N; a bid made "
                      "exactly scores 20 a trick, missed -10 a trick off."), least=2, most=6, default=4),
    start=Start(("skull", "new"), "players", 2, 6, "Ana,Ben,Cleo"),
    acts=Acts(public=("bid", "tricks")),
    locale=str(Path(__file__).with_name("locale")))


def install() -> None:
    register(TYPE)


def uninstall() -> None:
    unregister(KIND)
