"""The forecast above the board, in words: what the run on the board will take, before
Start, and where to go instead (the start squares that end quickly, a race against the rival
strategy). Links: ``square:N`` moves the piece to square N, ``race`` races the rival."""

from __future__ import annotations

import html
import math
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QCoreApplication

from knightviz.engine import backends
from knightviz.engine.forecast import KNOWN_BEYOND, Forecast
from knightviz.gui.session import RunSession, State
from knightviz.gui.text import (
    cjk_spacing,
    fmt_big,
    fmt_big_log10,
    fmt_duration,
    fmt_duration_log10,
    fmt_int,
    fmt_speed,
    sentences,
)

#: Link targets.
RACE = "race"
SQUARE = "square:"


def compact_steps(steps: float) -> str:
    """4.5 M, 217 M, 2.1 G: the quick squares' figures (their exact counts are rounded in
    the published table anyway)."""
    if steps < 1e4:
        return fmt_big(steps)
    for size, unit in ((1e9, "G"), (1e6, "M"), (1e3, "k")):
        if steps >= size:
            scaled = steps / size
            text = f"{scaled:.0f}" if scaled >= 100 else f"{scaled:.1f}".rstrip("0").rstrip(".")
            return f"{text} {unit}"
    return fmt_big(steps)  # pragma: no cover


def compiled_engine_coming() -> bool:
    """The compiled engine will run new searches but is not loaded yet (it loads in the
    background after start): a figure measured now is the Python engine's."""
    return backends.may_load()


def _full_speed(duration: str, on_python: bool) -> str:
    """ "4 seconds at full speed", saying so when that is the Python engine's speed while
    the compiled one loads (the forecast is made again once it is ready)."""
    if on_python:
        return QCoreApplication.translate(
            "Forecast", "{0} at full speed on the Python engine (the compiled one is loading)"
        ).format(duration)
    return QCoreApplication.translate("Forecast", "{0} at full speed").format(duration)


def _timing(steps: float, speed: float, full_seconds: float, on_python: bool = False) -> str:
    """ "3 seconds at 20 steps/s, under a second at full speed" (whose full speed only
    where an engine makes a difference: a second or more)."""
    full = _full_speed(fmt_duration(full_seconds), on_python and full_seconds >= 1)
    if math.isinf(speed):
        return full
    at_speed = QCoreApplication.translate("Forecast", "{0} at {1}").format(
        fmt_duration(steps / speed), fmt_speed(speed)
    )
    return QCoreApplication.translate("Forecast", "{0}, {1}").format(at_speed, full)


def forecast_html(
    subject: str,
    forecast: Forecast | None,
    speed: float,
    nearest: Sequence[tuple[str, int, float]],
    rival: str | None,
    looking: bool,
    links: bool,
    compiled_coming: bool = False,
) -> str:
    """The forecast as rich text. ``nearest``: (name, square, steps) of the nearest quick
    squares; ``rival``: the strategy a race link offers; ``looking``: the quick squares are
    still being looked for; ``links``: offer the links (not during a run);
    ``compiled_coming``: the compiled engine is loading (a trial on Python says so).

    Put together from translated pieces, then spaced as the language is written (a Chinese
    subject before "在" took the template's space: "回溯 在")."""
    if forecast is None:
        return html.escape(
            cjk_spacing(
                QCoreApplication.translate(
                    "Forecast", "{0}: working out what the run will take…"
                ).format(subject)
            )
        )
    t = forecast.trial
    rate = t.rate
    steps = forecast.steps
    on_python = compiled_coming and t.backend == backends.PYTHON
    if t.finished:
        text = QCoreApplication.translate("Forecast", "{0} ends after {1} steps: {2}.").format(
            subject, fmt_int(t.steps), _timing(t.steps, speed, t.seconds, on_python)
        )
    elif steps is not None:
        full = steps / rate if rate > 0 else math.inf
        text = QCoreApplication.translate(
            "Forecast", "{0} ends after about {1} steps (measured): {2}."
        ).format(subject, compact_steps(steps), _timing(steps, speed, full, on_python))
    else:
        bound = forecast.at_least
        shown_bound = "3 × 10⁹" if bound >= KNOWN_BEYOND else fmt_big(bound)
        tree = forecast.tree_log10
        if tree is not None and math.isfinite(tree) and tree > math.log10(max(bound, 1)):
            up_to = (
                fmt_duration_log10(tree - math.log10(rate))
                if rate > 0
                else QCoreApplication.translate("Forecast", "a long time")
            )
            template = (
                QCoreApplication.translate(
                    "Forecast",
                    "{0} has not ended within {1} steps; its whole tree holds about {2} "
                    "steps: up to {3} at full speed on the Python engine (the compiled one "
                    "is loading).",
                )
                if on_python
                else QCoreApplication.translate(
                    "Forecast",
                    "{0} has not ended within {1} steps; its whole tree holds about {2} "
                    "steps: up to {3} at full speed.",
                )
            )
            text = template.format(subject, shown_bound, fmt_big_log10(tree), up_to)
        else:
            text = QCoreApplication.translate(
                "Forecast", "{0} has not ended within {1} steps."
            ).format(subject, shown_bound)
    parts = [html.escape(cjk_spacing(text))]
    if links:
        if nearest:
            comma = QCoreApplication.translate("Forecast", ", ")
            squares = html.escape(comma).join(
                f'<a href="{SQUARE}{square}">{html.escape(name)}</a> ({compact_steps(n)})'
                for name, square, n in nearest
            )
            template = QCoreApplication.translate("Forecast", "Ends sooner from {0}.")
            parts.append(html.escape(cjk_spacing(template)).format(squares))
        elif looking:
            parts.append(
                html.escape(
                    QCoreApplication.translate(
                        "Forecast", "Looking for start squares that end sooner…"
                    )
                )
            )
        if rival is not None:
            race = QCoreApplication.translate("Forecast", "Race it against {0}").format(rival)
            parts.append(f'<a href="{RACE}">{html.escape(cjk_spacing(race))}</a>')
    return sentences(*parts)


def forecast_text(
    puzzle: Any,
    settings: Any,
    start: int,
    forecast: Any,
    speed: float,
    links: bool,
) -> str:
    """The forecast banner's words for ``settings`` from ``start``: the forecast, the
    nearest start squares from which the same search ends far sooner, and the rival
    strategy to race (``links``: they can be clicked, before Start)."""
    nearest: list[tuple[str, int, float]] = []
    looking = False
    if forecast is not None and puzzle.movable_start:
        ends_soon = forecast.steps is not None and forecast.steps <= 1e6
        if not ends_soon and forecast.quick_cap > 0:
            from knightviz.engine.forecast import nearest as near

            rows, cols = settings.rows, settings.cols
            for square, steps in near(rows, cols, start, forecast.quick):
                if forecast.steps is None or steps < forecast.steps / 10:
                    nearest.append((puzzle.start_name(settings, square), square, steps))
        looking = not ends_soon and forecast.quick_cap == 0
    rival = puzzle.rival(settings)
    return forecast_html(
        puzzle.forecast_subject(settings, start),
        forecast,
        speed,
        nearest,
        rival[1] if rival is not None else None,
        looking,
        links=links,
        compiled_coming=compiled_engine_coming(),
    )


def forecast_words(
    session: RunSession, puzzles: dict[str, Any], key: Any, forecast: Any
) -> str | None:
    """The forecast banner's words for the setup on the board (the run's, while it goes),
    or None: the forecast in hand (``key``) is another setup's, or was still being worked
    out when the run began."""
    setup = session.shown_setup()
    if key is None or key[:2] != (setup.puzzle, setup.settings) or key[2] not in (setup.start, -1):
        return None
    idle = session.state is State.IDLE
    if forecast is None and not idle:
        return None
    puzzle = puzzles[setup.puzzle]
    return forecast_text(puzzle, setup.settings, setup.start, forecast, session.speed, links=idle)
