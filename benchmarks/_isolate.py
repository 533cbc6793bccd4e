"""The windows the benchmarks open (here and in the processes they start) keep their settings
and history in a scratch home: the user's own neither change a figure nor are changed.

Imported first by the package and by every ``gui_*.py`` script (they also run as files).
"""

import atexit
import os
import shutil
import tempfile

# The windows the benchmarks open (here and in the processes they start) keep their settings
# and history in a scratch home: the user's own neither change a figure nor are changed.
if "KNIGHTVIZ_BENCH_HOME" not in os.environ:
    _home = tempfile.mkdtemp(prefix="knightviz-bench-")
    os.environ["KNIGHTVIZ_BENCH_HOME"] = _home
    os.environ["XDG_CONFIG_HOME"] = os.path.join(_home, "config")
    os.environ["XDG_DATA_HOME"] = os.path.join(_home, "data")
    atexit.register(shutil.rmtree, _home, ignore_errors=True)
