"""``python -m fiveup.cli ...``: the ``fiveup`` command line."""

from __future__ import annotations

import sys

from .commands import main

if __name__ == "__main__":  # not when a walk over the package imports it
    sys.exit(main())
