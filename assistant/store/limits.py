"""The bounds of every file the store reads: one place, so the reader and the parser agree."""

MAX_BYTES = 2_000_000  # far above any real board or evening's game log
MAX_DEPTH = 32  # lists and mappings nested in each other; our files need 5 at most
MAX_NODES = 100_000  # values in one file: a 100x100 board takes about 80,000, a long evening 1,000
