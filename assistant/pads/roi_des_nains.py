"""Le Roi des Nains score pad, by the name the store and earlier imports know: see ``assistant.pads.roi``."""

from .roi import *  # noqa: F401,F403  (re-exported: the package's public names, PAD among them)
from .roi import __all__  # noqa: F401
