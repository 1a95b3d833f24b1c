"""Where boards and games live, and how they are written without ever losing one.

Layout of the data folder (``ASSISTANT_HOME``, else the platform's app dir):

    current                 the current game's name
    games/NAME.yaml         one game log per file
    games/.NAME.good.yaml   the same log again, the last good state (see recover)
    games/.NAME.damaged-N.yaml  a damaged game file, as recover found it (1, 2, ...: never replaced)
    games/.NAME.lock        taken while a command changes that game
    games/.NAME.id          the game's own id, made when it starts and kept by rename (the phones'
                            links are bound to it, never to the name; see game_id)
    games/.lock             taken while a new game picks a free name
    boards/NAME.yaml        the user's own boards
    boards/fixes/NAME.yaml  the user's corrections to a shipped board
    cache/                  parsed copies of YAML files (see yamlfile.load)

A change is read-modify-write under an exclusive lock, written atomically
(``files``), so two commands at the same moment both land and a crash never
leaves half a file. No path the store reads or writes leads out of the data
folder, whatever symbolic links it holds.

The store is built in layers, each a class of its own module: ``home`` (the folder and its paths),
``boards`` (boards and the owner's corrections as read), ``games`` (reading games, their names, the
current game), ``corrections`` (changing a board's corrections), ``saving`` (writing games, their ids,
recover) and ``shelf`` (listing, archiving, deleting and renaming games). ``Store`` is all of them.
"""

from assistant.store.boards import BoardInfo
from assistant.store.corrections import UNCHANGED, Corrections
from assistant.store.files import is_reserved_name, write_atomically
from assistant.store.games import ENTRY_ID, ENTRY_IDS_KEY, is_game_name
from assistant.store.home import shipped_folder
from assistant.store.saving import MAX_GAME_BYTES, MAX_GAME_EVENTS, Recovery, Repeated
from assistant.store.shelf import Shelf

__all__ = ["ENTRY_ID", "ENTRY_IDS_KEY", "MAX_GAME_BYTES", "MAX_GAME_EVENTS", "UNCHANGED", "BoardInfo", "Recovery",
           "Repeated", "Store", "is_game_name", "is_reserved_name", "shipped_folder", "write_atomically"]


class Store(Shelf, Corrections):
    """The user's data folder: boards, corrections, games and the current game."""
