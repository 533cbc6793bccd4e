"""The progress bar of a count or a sweep on a terminal's stderr."""

from __future__ import annotations

from typing import IO

from ..engine.words import Progress, progress_line


class ProgressBar:
    """One line on a terminal's stderr, redrawn in place: bar, percent, pieces, found so
    far, time left (``words.progress_line``). Writes nothing when stderr is not a terminal."""

    WIDTH = 24

    def __init__(self, err: IO[str], noun: str) -> None:
        self.err = err
        self.noun = noun
        self.shown = err.isatty()
        self.drawn = False

    def __call__(self, p: Progress) -> None:
        if not self.shown:
            return
        self.err.write(f"\r{progress_line(p, self.noun, self.WIDTH)}\x1b[K")
        self.err.flush()
        self.drawn = True

    def close(self) -> None:
        if self.drawn:
            self.err.write("\r\x1b[K")
            self.err.flush()
            self.drawn = False
