"""Le Roi des Nains score pad, by the name the store and earlier imports know: see ``assistant.pads.roi``."""

from .roi import *  # noqa: F401,F403  (the package's public names)
from .roi import PAD  # noqa: F401
