"""The shareable HTML page: one file that replays a recorded run in any browser, offline.

No Qt: the command line (``--html``) and the window (File › Export run) both call it.
"""

from .build import (
    LANGUAGES,
    PageError,
    PageRun,
    build_page,
    knight_command,
    knight_page_run,
    page_data,
    page_of,
    queens_command,
    queens_page_run,
    record,
    solution_steps_in,
    spec_command,
    spec_page_of,
    spec_page_run,
    with_strategy_file,
    write_page,
)

__all__ = [
    "LANGUAGES",
    "PageError",
    "PageRun",
    "build_page",
    "knight_command",
    "knight_page_run",
    "page_data",
    "page_of",
    "queens_command",
    "queens_page_run",
    "record",
    "solution_steps_in",
    "spec_command",
    "spec_page_of",
    "spec_page_run",
    "with_strategy_file",
    "write_page",
]
