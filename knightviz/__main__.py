"""``python -m knightviz``: the same entry point as the ``knightviz`` command."""

import sys

from .cli import main

sys.exit(main())
