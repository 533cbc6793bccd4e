"""``python -m knightviz.cli``: the same entry point as the ``knightviz`` command."""

import sys

from . import main

sys.exit(main())
