"""Your turn: the learner predicts the search's next step before it is taken.

Asking a learner to predict what comes next is what stepper users call the feature that
teaches (Python Tutor's users ask for it; JHAVÉ's stop-and-think questions). In this mode a
``Predictor`` drives its run one step at a time: before each decision it asks (which square
next, or back?), the learner answers on the board (a click, or B for back), the search makes
its move, and the predictor says whether the guess was right and why, in the narration's
words. Decisions it does not ask about are stepped through at the run's speed.

The question's answer comes from the puzzle's ``next_event`` (the strategy's order from the
path and the last event); the verdict always compares the guess with the event the search
really took (the recording), so the two cannot disagree unseen. When the strategy's rule
ranks several choices level (Warnsdorff's ties), a guess of any of them is right for the
rule, and the verdict names the tie-break that took one.

Asking comes before telling: while a question is open the board, the stack and the
constraints draw nothing that sets the search's next step apart from the other choices
(no frame on it, no figures unless the hint is on, the untried candidates in board order).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QKeyEvent
from PySide6.QtWidgets import QLabel

from knightviz.engine.events import StackLevel
from knightviz.gui.board.widget import BoardWidget
from knightviz.gui.panels.banner import INFO, Banner
from knightviz.gui.puzzles.base import NEXT, Chip, StackSource, Tie
from knightviz.gui.records import Controls
from knightviz.gui.run.state import State
from knightviz.gui.session import RunSession

#: The learner's answer "the search goes back".
BACK = -1
#: Marks on the board: the squares the learner may still choose from, and a wrong guess.
OPTION_COLOUR = QColor(46, 125, 50)
WRONG_COLOUR = QColor(198, 40, 40)


class Every(str, Enum):
    """Which decisions are asked about."""

    ALL = "all"
    BACKTRACKS = "backtracks"
    SOMETIMES = "sometimes"  # one decision in ``one_in``


class Marks(str, Enum):
    """When the board marks the squares the search may still choose from."""

    AFTER_WRONG = "after_wrong"  # after a first wrong try, which then gets a second try
    ALWAYS = "always"
    NEVER = "never"


@dataclass
class Question:
    """One decision asked about: where, the event the search will take, the choices."""

    position: int
    expected: int
    options: tuple[int, ...]
    tries: list[int] = field(default_factory=list)
    #: The choices the rule ranks level with ``expected`` (any is right), or None.
    tie: Tie | None = None

    def right(self, guess: int, event: int) -> bool:
        """The guess is the event, or level with it for the rule (a tie)."""
        if self.tie is not None and event in self.tie.squares and guess in self.tie.squares:
            return True
        return guess == event if guess >= 0 else event < 0


@dataclass
class Score:
    right: int = 0
    asked: int = 0
    streak: int = 0
    best: int = 0

    def add(self, right: bool) -> None:
        self.asked += 1
        if right:
            self.right += 1
            self.streak += 1
            self.best = max(self.best, self.streak)
        else:
            self.streak = 0


class Predictor(QObject):
    """The "your turn" mode of one run view (the single run; not in a race): its session
    and its board. The view calls ``follow`` after each refresh of its panels."""

    #: The question, the feedback or the score changed.
    changed = Signal()

    def __init__(self, session: RunSession, board: BoardWidget, parent: QObject) -> None:
        super().__init__(parent)
        self.session = session
        self.board = board
        self.enabled = False
        #: Advancing from decision to decision (False: paused by the learner, or idle).
        self.running = False
        self.every = Every.ALL
        self.one_in = 5
        self.marks = Marks.AFTER_WRONG
        self.hint = False
        self.score = Score()
        self.question: Question | None = None
        #: The last answer's verdict and why, in words ("" before the first).
        self.feedback = ""
        #: Verdicts given so far (a test waits on it).
        self.verdicts = 0
        #: The question answered, until the step it asked about is taken.
        self._answered: Question | None = None
        self._stepping: int | None = None  # an unasked step taken from this position
        #: The examinations shown when a step was asked for (the list and its length): one
        #: more without a new position is an examination (paced steps walk through them),
        #: so step again; nothing else (a preview of the next event) asks for a step.
        self._seen: tuple[int, int] = (0, 0)
        self._decisions = 0
        self._run: Any = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._step_unasked)

    # -- commands --------------------------------------------------------------------------------

    def set_enabled(self, on: bool) -> None:
        """Turn the mode on (questions come when the run plays) or off (the run stays
        where it is, paused)."""
        if on == self.enabled:
            return
        self.enabled = on
        self._drop()
        if not on:
            self.running = False
            self._timer.stop()
            self.feedback = ""
        elif self.session.state is State.RUNNING:
            self.running = True  # a run going: it stops at its next decision
            self._advance()
        self.changed.emit()

    def play_or_pause(self) -> None:
        """Space in this mode: go on from question to question, or pause the questions."""
        s = self.session
        if self.running:
            self.running = False
            self._timer.stop()
            self._drop()
            if s.state is State.RUNNING:
                s.pause()
            self.changed.emit()
            return
        if s.state is State.IDLE and not s.begin(paused=True):
            return
        if s.state is State.FINISHED and s.position >= s.end:
            return
        self.running = True
        self._advance()
        self.changed.emit()

    def skip(self) -> None:
        """N in this mode: take the step without answering (no score)."""
        if self.question is None:
            self.session.step()
            return
        at = self.question.position
        self._drop()
        self._stepping = at
        self.changed.emit()
        self._step()

    def answer(self, guess: int) -> bool:
        """The learner's guess: a square, or ``BACK``. False when nothing is asked."""
        q = self.question
        if q is None:
            return False
        q.tries.append(guess)
        right = q.right(guess, q.expected)
        if len(q.tries) == 1:
            self.score.add(right)
        if not right and len(q.tries) == 1 and self.marks is Marks.AFTER_WRONG:
            self.feedback = self.tr(
                "Not {0}. Try again: the marked squares are the choices the search has left "
                "here (or B for back)."
            ).format(self._name(guess))
            self._mark(q)
            self.changed.emit()
            return True
        self._answered = q
        self.question = None
        self.board.set_picking(False)
        self.board.set_highlights({})
        self._step()
        return True

    def configure(
        self, every: str | None = None, marks: str | None = None, hint: bool | None = None
    ) -> None:
        """The Your turn menu's settings; a question open now is asked again with them."""
        if every is not None:
            self.every = Every(every)
            self._decisions = 0
            if self.question is not None:  # asked again, if this decision is asked about
                self._drop()
                self._advance()
        if marks is not None:
            self.marks = Marks(marks)
        if hint is not None:
            self.hint = hint
        q = self.question
        if q is not None:
            if self._marked_now(q):
                self._mark(q)
            else:
                self.board.set_highlights({})
        self.changed.emit()

    def dress(self, controls: Controls, status: str) -> tuple[Controls, str]:
        """The run buttons and the status line while the questions go on: Start reads
        Pause, and the line says what the keys do."""
        if not self.running:
            return controls, status
        if self.asking:
            status = self.tr(
                "Your turn: click a square or press B; N takes the step without an answer, "
                "Backspace goes back, Space pauses the questions."
            )
        return replace(controls, predicting=True), status

    def key(self, event: QKeyEvent) -> bool:
        """B answers "back" while a question is open (True: the key was taken)."""
        if (
            event.key() == Qt.Key.Key_B
            and event.modifiers() == Qt.KeyboardModifier.NoModifier
            and self.asking
        ):
            self.answer(BACK)
            event.accept()
            return True
        return False

    def reset_score(self) -> None:
        self.score = Score()
        self.changed.emit()

    # -- what the window shows -----------------------------------------------------------------

    @property
    def asking(self) -> bool:
        return self.question is not None

    @property
    def figures_shown(self) -> bool:
        """The choices' figures (a piece's onward degrees) may show while asked: the hint
        is on, and the choices may be marked at all."""
        return self.hint and self.marks is not Marks.NEVER

    def conceal(self, source: StackSource) -> StackSource:
        """The stack as the learner may see it while asked: the deciding (deepest) level's
        untried candidates in board order, without figures unless the hint shows them (the
        order the search tries them in is the answer)."""
        if not self.enabled or self.question is None or not source.stack:
            return source
        top = len(source.stack) - 1
        chips, figures = source.chips, self.figures_shown

        def concealed(depth: int, level: StackLevel) -> list[Chip]:
            out = chips(depth, level)
            if depth != top:
                return out
            untried = sorted((c for c in out if c.state == NEXT), key=lambda c: c.square)
            if not figures:
                untried = [replace(c, degree=None) for c in untried]
            it = iter(untried)
            return [next(it) if c.state == NEXT else c for c in out]

        return replace(source, chips=concealed)

    def prompt(self) -> str:
        """The question, or what the mode waits for."""
        if not self.enabled:
            return ""
        s = self.session
        if self.question is not None:
            if self.score.asked == 0:  # the whole question once, then its short form
                return self.session.puzzle.predict_question(s.settings)
            return self.session.puzzle.predict_again(s.settings)
        if s.state is State.FINISHED and s.position >= s.end:
            return self.tr("The search has ended.")
        if not self.running:
            return self.tr("Your turn: press Space (Start) and predict each step of the search.")
        return ""

    def hint_text(self) -> str:
        """The hint of the open question (shown under the board), or ""."""
        q = self.question
        if not self.enabled or not self.hint or q is None:
            return ""
        s = self.session
        return s.puzzle.predict_hint(s.settings, s.model, q.options)

    def score_text(self) -> str:
        sc = self.score
        if sc.asked == 0:
            return self.tr("No answers yet")
        return self.tr("{0} of {1} right, {2} in a row").format(sc.right, sc.asked, sc.streak)

    def text(self) -> str:
        """The banner's text: the last verdict, then the question."""
        return self.texts()[0]

    def texts(self) -> tuple[str, ...]:
        """The banner's wordings, longest first: the verdict and the question whole, then
        the question short, then the verdict's first sentence (a narrow board's banner
        shows the longest that fits, never one cut off)."""
        prompt = self.prompt()
        full = "\n".join(t for t in (self.feedback, prompt) if t)
        if self.question is None:
            return (full,)
        short = self.tr("Your turn: the next step?")
        first = re.split(r"(?<=[.!?。！？])\s*", self.feedback, maxsplit=1)[0]  # noqa: RUF001
        shorter = ["\n".join(t for t in (self.feedback, short) if t)]
        if first != self.feedback:
            shorter.append("\n".join(t for t in (first, short) if t))
        return (full, *shorter)

    def stats(self) -> tuple[int, int, int] | None:
        """(right, asked, best streak) of this run's predictions, None if none were made."""
        sc = self.score
        return (sc.right, sc.asked, sc.best) if sc.asked else None

    # -- the loop ------------------------------------------------------------------------------

    def follow(self) -> None:
        """The view's panels were refreshed: a new run gets a new score, a position that
        asks for a decision gets its question, an answered one its step."""
        s = self.session
        if s.run is not self._run:  # a new run, or none after Reset: a new score
            self._run = s.run
            said = self.score.asked > 0 or bool(self.feedback)
            self.score = Score()
            self.feedback = ""
            self._decisions = 0
            if said and self.enabled:
                self.changed.emit()
        if not self.enabled:
            return
        if s.state is State.IDLE:
            if self.question is not None or self.running:
                self.running = False
                self._drop()
                self.changed.emit()
            return
        pos = s.position
        if s.state is State.FINISHED and pos >= s.end and self._answered is None:
            if self._stepping is not None or self.running or self.question is not None:
                self._stepping = None
                self.running = False
                self._drop()
                self.changed.emit()
            return
        if self._answered is not None:
            answered = self._answered
            at = answered.position
            if pos == at + 1:
                self._answered = None
                self._verdict(answered)
                self._advance()
            elif pos != at:  # sought elsewhere meanwhile: ask there
                self._answered = None
                self._advance()
            elif s.state is not State.FINISHED:
                self._examined()
            return
        if self._stepping is not None:
            if pos != self._stepping:
                self._stepping = None
                self._advance()
            elif s.state is not State.FINISHED:
                self._examined()
            return
        q = self.question
        if q is not None and pos != q.position:  # stepped back, sought, or played on
            self._drop()
            self.changed.emit()
            self._advance()
        elif q is None and self.running and not self._timer.isActive():
            self._advance()

    def _advance(self) -> None:
        """At a decision: ask about it, or step through it at the run's pace."""
        if not self.enabled or not self.running or self.question is not None:
            return
        s = self.session
        if s.state is State.RUNNING:
            s.pause()  # the questions pace this run; it stops at the next decision
            return
        if s.state is not State.PAUSED and not (s.state is State.FINISHED and s.position < s.end):
            if s.state is State.FINISHED:
                self.running = False
                self.changed.emit()
            return
        if s.shadow is None and s.puzzle.own(s.settings):
            return  # the learner's strategy's explainer still starts: ask once it can tell
        path, last = self._here()
        explainer = getattr(s.shadow, "explainer", None)
        unanswered = getattr(explainer, "unanswered", 0)
        expected = s.puzzle.next_event(s.settings, s.shadow, path, last)
        if getattr(explainer, "unanswered", 0) != unanswered:
            return  # the learner's strategy did not answer in time: asked again when it has
        if expected is None:
            # The search stops here (a solution it keeps, a dead end without backtracking):
            # one more step lets it say so.
            self._stepping = s.position
            self._step()
            return
        self._decisions += 1
        ask = (
            self.every is Every.ALL
            or (self.every is Every.BACKTRACKS and expected < 0)
            or (self.every is Every.SOMETIMES and (self._decisions - 1) % max(1, self.one_in) == 0)
        )
        if not ask:
            self._timer.start(self._interval())
            return
        options = self._options(path, last)
        tie = s.puzzle.predict_tie(s.settings, s.model, options, expected)
        self.question = q = Question(s.position, expected, options, tie=tie)
        self.board.set_picking(True)
        if self._marked_now(q):
            self._mark(q)
        self.changed.emit()

    def _step_unasked(self) -> None:
        if not self.enabled or not self.running or self.question is not None:
            return
        self._stepping = self.session.position
        self._step()

    def _step(self) -> None:
        considered = self.session.model.considered
        self._seen = (id(considered), len(considered))
        self.session.step()

    def _examined(self) -> bool:
        """A step asked for showed an examination, not a step: ask for the next event."""
        considered = self.session.model.considered
        if not considered or (id(considered), len(considered)) == self._seen:
            return False
        self._step()
        return True

    def _interval(self) -> int:
        """Milliseconds between unasked steps: the run's own pace, at most 60 a second."""
        speed = self.session.speed
        return max(16, int(1000 / speed)) if speed > 0 else 16

    def _here(self) -> tuple[tuple[int, ...], int | None]:
        """The position's path and the event that led to it (None at the start)."""
        s = self.session
        pos = s.position
        rec = s.recording
        last: int | None = None
        if pos > 0 and rec is not None:
            last = int(rec.events(pos - 1, pos)[0])
        return tuple(s.model.path), last

    def _options(self, path: tuple[int, ...], last: int | None) -> tuple[int, ...]:
        """The squares the search may still choose from here, in no telling order."""
        s = self.session
        children = s.puzzle.tree_children(s.settings, s.shadow)
        if children is None:
            return ()
        kids = list(children(path))
        if last is not None and last < 0 and ~last in kids:
            kids = kids[kids.index(~last) + 1 :]
        return tuple(sorted(kids))

    def _verdict(self, q: Question) -> None:
        """After the step: right or wrong, and why (the narration of the step taken; at a
        tie, the choices level for the rule and the tie-break that took one)."""
        s = self.session
        rec = s.recording
        at, guess = q.position, q.tries[0]
        actual = int(rec.events(at, at + 1)[0]) if rec is not None else guess
        right = q.right(guess, actual)
        ended = s.result if s.state is State.FINISHED else None
        why = s.puzzle.narrate(s.settings, s.model, ended)
        tie = q.tie.words() if q.tie is not None and actual in q.tie.squares else None
        if tie is not None:
            why = self.tr("{0}; the tie-break “{1}” takes {2}.").format(*tie, self._name(actual))
        self.verdicts += 1
        if right and tie is not None and guess != actual:
            self.feedback = self.tr(
                "✓ Right for the rule: {0}. The tie-break “{1}” takes {2}, not {3}."
            ).format(*tie, self._name(actual), self._name(guess))
        elif right:
            self.feedback = self.tr("✓ Right. {0}").format(why)
        elif actual < 0:
            self.feedback = self.tr("✗ It went back, not to {0}. {1}").format(
                self._name(guess), why
            )
        elif guess == BACK:
            self.feedback = self.tr("✗ It went on to {0}, not back. {1}").format(
                self._name(actual), why
            )
        else:
            self.feedback = self.tr("✗ It was {0}, not {1}. {2}").format(
                self._name(actual), self._name(guess), why
            )
        self.changed.emit()

    def _marked_now(self, q: Question) -> bool:
        """The choices are outlined: at once, with the hint, or after a wrong first try
        (as the marks setting says; never means never, hint or not)."""
        if self.marks is Marks.NEVER:
            return False
        return self.marks is Marks.ALWAYS or self.hint or bool(q.tries)

    def _mark(self, q: Question) -> None:
        size = self.session.model.size
        marks = {x % size: OPTION_COLOUR for x in q.options}  # events: their squares
        for guess in q.tries:
            if guess >= 0 and guess % size not in marks:
                marks[guess % size] = WRONG_COLOUR
        self.board.set_highlights(marks)

    def _drop(self) -> None:
        """No question any more (the board no longer takes answers)."""
        self.question = None
        self._answered = None
        self._stepping = None
        board = self.board
        board.set_picking(False)
        board.set_highlights({})

    def _name(self, square: int) -> str:
        if square < 0:
            return self.tr("back")
        s = self.session
        return s.puzzle.event_name(s.settings, square)


class PredictionBanner(Banner):
    """Above the board while "your turn" is on: the last verdict and the question
    (``predictionLabel``), the score beside them (``predictionScore``)."""

    def __init__(self) -> None:
        super().__init__("predictionFrame", INFO)
        self.label.setObjectName("predictionLabel")
        self.score = QLabel()
        self.score.setObjectName("predictionScore")
        self.score.setAlignment(Qt.AlignmentFlag.AlignCenter)
        font = self.score.font()
        font.setBold(True)
        self.score.setFont(font)
        # Two short lines beside the question, not one long one that narrows it.
        self.score.setWordWrap(True)
        self.score.setFixedWidth(self.score.fontMetrics().averageCharWidth() * 14)
        self.add_widget(self.score)

    def show_for(self, predictor: Predictor) -> None:
        self.score.setText(predictor.score_text())
        self.show_texts(predictor.texts())
