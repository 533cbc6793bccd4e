"""Every option of every command is honoured or refused, never taken and then ignored.

One table: for each command and each option it accepts (read from the parser itself, so a
new option without a row fails), cases of what giving it does to a run: ``changes`` (the
exit status, standard output, standard error or the page written differ from the run
without it), ``refused`` (one line on stderr, exit 2, nothing on stdout) or ``same`` (an
option promised not to change the result, like ``--jobs``). The refusals are the
combinations a command cannot honour: ``tree --queens --holes``, ``solve --method construct
--holes``, ``--lang`` without ``--html``.
"""

from __future__ import annotations

import argparse
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from knightviz.cli import main
from knightviz.cli.parser import build_parser

#: Boards less c3, as --board reads them (the top rank first): 6x6 and 5x5.
BOARD_FILES = {
    "BOARD": "......\n......\n......\n..#...\n......\n......\n",
    "BOARD5": ".....\n.....\n..#..\n.....\n.....\n",
}


#: Strategies of one's own (``--strategy-file``), by the name a case gives them.
EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "strategies"
STRATEGY_FILES = ("edge_first", "queens_middle", "mrv")


@dataclass(frozen=True)
class Case:
    base: tuple[str, ...]
    given: tuple[str, ...]
    expect: str  # changes | refused | same

    def abbreviated(self) -> Case:
        """The same, its option abbreviated as argparse allows (``--tie`` for ``--tie-break``)."""
        option, *rest = self.given
        return Case(self.base, (option[:5], *rest), self.expect)

    def __str__(self) -> str:
        return f"{' '.join(self.base)} + {' '.join(self.given)} -> {self.expect}"


def c(base: str, given: str, expect: str = "changes") -> Case:
    return Case(tuple(base.split()), tuple(given.split()), expect)


SOLVE = "solve --size 6"
SOLVE5 = "solve --size 5 --heuristic none"
RANDOM = "--tie-break random"
COUNT = "count --size 5 --jobs 1"
SWEEP = "sweep --size 5 --jobs 1 --limit 2000"
ESTIMATE = "estimate --size 6 --probes 100"
TREE = "tree --size 6 --depth 2"
QUEENS = "queens --size 6"
#: A published 9×9 puzzle (one solution), every layout but the count's showing the steps.
SUDOKU = (
    "sudoku 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79 "
    "--format json"
)

#: command -> option -> the cases that show it honoured (or refused).
TABLE: dict[str, dict[str, list[Case]]] = {
    "solve": {
        "--size": [c(SOLVE, "--size 5"), c(SOLVE, "--size 5x6")],
        "--start": [c(SOLVE, "--start b4"), c(SOLVE, "--start g1", "refused")],
        "--holes": [
            c(SOLVE, "--holes c3"),
            c(SOLVE + " --start a6", "--holes a6", "refused"),
            c(SOLVE + " --method construct", "--holes a1", "refused"),
        ],
        "--board": [
            c(SOLVE, "--board BOARD"),
            c("solve --size 6", "--board BOARD"),  # the file's size, the same
            c("solve --size 5", "--board BOARD", "refused"),  # another size
            c("solve --siz 5", "--board BOARD", "refused"),
            c(SOLVE + " --method construct", "--board BOARD", "refused"),
        ],
        "--leaper": [
            c(SOLVE, "--leaper zebra"),
            c(SOLVE, "--leaper 1,3"),
            c(SOLVE + " --method construct", "--leaper camel", "refused"),
            c(SOLVE, "--leaper 0,9", "refused"),
        ],
        "--closed": [
            c(SOLVE, "--closed"),
            c("solve --size 5 --method construct", "--closed"),  # (no closed tour: exit 1)
        ],
        "--heuristic": [c(SOLVE, "--heuristic none")],
        "--tie-break": [
            c("solve --size 6x7 --start c4", "--tie-break roth"),
            c(SOLVE5, "--tie-break roth", "refused"),
            c(SOLVE + " --method construct", "--tie-break roth", "refused"),
            c(SOLVE + " --method construct", "--tie-break roth", "refused").abbreviated(),
        ],
        "--seed": [c(f"{SOLVE} {RANDOM}", "--seed 3"), c(SOLVE, "--seed 3", "refused")],
        "--no-backtrack": [c(SOLVE5, "--no-backtrack")],
        "--search-anyway": [c("solve --size 4", "--search-anyway")],
        "--method": [c(SOLVE, "--method construct")],
        "--strategy-file": [
            c(SOLVE, "--strategy-file EDGE_FIRST"),
            c(SOLVE + " --heuristic none", "--strategy-file EDGE_FIRST", "refused"),
            c(SOLVE + " --method construct", "--strategy-file EDGE_FIRST", "refused"),
        ],
        "--limit": [
            c(SOLVE5, "--limit 10"),
            c(SOLVE + " --method construct", "--limit 10", "refused").abbreviated(),
        ],
        "--format": [c(SOLVE, "--format json"), c(SOLVE, "--format c")],
        "--stats": [c(SOLVE, "--stats")],
        "--html": [
            c(SOLVE, "--html PAGE"),
            c(SOLVE + " --method construct", "--html PAGE", "refused"),
        ],
        "--lang": [c(SOLVE + " --html PAGE", "--lang zh_CN"), c(SOLVE, "--lang zh_CN", "refused")],
        "--trace": [c(SOLVE, "--trace")],
    },
    "count": {
        "--size": [c(COUNT, "--size 3x4")],
        "--start": [c(COUNT, "--start b4"), c(COUNT + " --holes b4", "--start b4", "refused")],
        "--holes": [c(COUNT, "--holes c3"), c(COUNT, "--holes f9", "refused")],
        "--board": [c(COUNT, "--board BOARD5"), c(COUNT, "--board BOARD", "refused")],
        "--leaper": [c(COUNT, "--leaper camel"), c(COUNT, "--leaper rook", "refused")],
        "--closed": [c(COUNT, "--closed")],
        "--limit": [c(COUNT, "--limit 100")],
        "--jobs": [c(COUNT, "--jobs 2", "same")],
        "--plan": [c(COUNT, "--plan"), c(COUNT + " --limit 100", "--plan", "refused")],
        "--probes": [c(COUNT + " --plan", "--probes 64"), c(COUNT, "--probes 64", "refused")],
        "--checkpoint": [
            c(COUNT, "--checkpoint CKPT", "same"),
            c(COUNT + " --limit 100", "--checkpoint CKPT", "refused"),
        ],
    },
    "sweep": {
        "--size": [c(SWEEP, "--size 6")],
        "--holes": [c(SWEEP, "--holes c3")],
        "--board": [c(SWEEP, "--board BOARD5"), c(SWEEP, "--board BOARD", "refused")],
        "--leaper": [c(SWEEP, "--leaper zebra")],
        "--closed": [c(SWEEP, "--closed")],
        "--heuristic": [c(SWEEP, "--heuristic none")],
        "--tie-break": [
            c(SWEEP, "--tie-break roth"),
            c(SWEEP + " --heuristic none", "--tie-break roth", "refused"),
        ],
        "--seed": [c(f"{SWEEP} {RANDOM}", "--seed 3"), c(SWEEP, "--seed 3", "refused")],
        "--no-backtrack": [c(SWEEP, "--no-backtrack")],
        "--search-anyway": [c("sweep --size 4 --jobs 1 --limit 100", "--search-anyway")],
        "--limit": [c(SWEEP, "--limit 10")],
        "--format": [c(SWEEP, "--format json")],
        "--jobs": [c(SWEEP, "--jobs 2", "same")],
    },
    "estimate": {
        "--size": [c(ESTIMATE, "--size 5")],
        "--start": [c(ESTIMATE, "--start b4")],
        "--holes": [
            c(ESTIMATE, "--holes c3"),
            c(ESTIMATE + " --start a6", "--holes a6", "refused"),
        ],
        "--board": [c(ESTIMATE, "--board BOARD")],
        "--leaper": [c(ESTIMATE, "--leaper zebra")],
        "--closed": [c("estimate --size 5 --probes 100", "--closed")],
        "--search-anyway": [c("estimate --size 4 --probes 100", "--search-anyway")],
        "--seed": [c(ESTIMATE, "--seed 3")],
        "--probes": [c(ESTIMATE, "--probes 50")],
        "--format": [c(ESTIMATE, "--format json")],
        # The tree is the same in every order of moves: these are refused, not ignored.
        "--heuristic": [c(ESTIMATE, "--heuristic none", "refused")],
        "--tie-break": [c(ESTIMATE, "--tie-break roth", "refused")],
        "--no-backtrack": [c(ESTIMATE, "--no-backtrack", "refused")],
    },
    "tree": {
        "--size": [c(TREE, "--size 5")],
        "--start": [
            c(TREE, "--start b4"),
            c("tree --size 5 --holes a5", "--start a5", "refused"),
            c(TREE + " --queens", "--start b4", "refused"),
        ],
        "--holes": [
            c(TREE, "--holes b4"),
            c("tree --size 5 --start a5", "--holes a5", "refused"),
            c(TREE + " --queens", "--holes b4", "refused"),
        ],
        "--board": [c(TREE, "--board BOARD"), c(TREE + " --queens", "--board BOARD", "refused")],
        "--leaper": [
            c(TREE, "--leaper camel"),
            c(TREE, "--leaper 2,3"),
            c(TREE + " --queens", "--leaper camel", "refused"),
        ],
        "--closed": [c(TREE, "--closed"), c(TREE + " --queens", "--closed", "refused")],
        "--heuristic": [c(TREE, "--heuristic none")],
        "--tie-break": [
            c("tree --size 6x7 --start c4 --depth 3 --steps 20", "--tie-break roth"),
            c(TREE + " --heuristic none", "--tie-break roth", "refused"),
        ],
        "--seed": [c(f"{TREE} {RANDOM}", "--seed 2"), c(TREE, "--seed 3", "refused")],
        "--no-backtrack": [c("tree --size 5 --heuristic none", "--no-backtrack")],
        "--search-anyway": [
            c("tree --size 4", "--search-anyway"),
            c(TREE + " --queens", "--search-anyway", "refused"),
        ],
        "--queens": [c(TREE, "--queens")],
        "--depth": [c(TREE, "--depth 1")],
        "--steps": [c(TREE + " --heuristic none", "--steps 50")],
        "--format": [c(TREE, "--format json")],
    },
    "queens": {
        "--size": [c(QUEENS, "--size 5")],
        "--trace": [c(QUEENS, "--trace"), c(QUEENS + " --format count", "--trace", "refused")],
        "--first": [c(QUEENS, "--first")],
        "--strategy-file": [c(QUEENS, "--strategy-file QUEENS_MIDDLE")],
        "--format": [c(QUEENS, "--format count"), c(QUEENS, "--format json")],
        "--limit": [c(QUEENS, "--limit 10")],
        "--html": [c(QUEENS, "--html PAGE")],
        "--lang": [
            c(QUEENS + " --html PAGE", "--lang zh_CN"),
            c(QUEENS, "--lang zh_CN", "refused"),
        ],
        "--jobs": [
            c(QUEENS + " --format count", "--jobs 2", "same"),
            c(QUEENS, "--jobs 2", "refused"),
        ],
        "--scheduler": [c(QUEENS, "--scheduler tcp://127.0.0.1:1", "refused")],
        "--plan": [c(QUEENS, "--plan"), c(QUEENS + " --first", "--plan", "refused")],
        "--probes": [c(QUEENS + " --plan", "--probes 64"), c(QUEENS, "--probes 64", "refused")],
        "--checkpoint": [
            c(QUEENS + " --format count", "--checkpoint CKPT", "same"),
            c(QUEENS, "--checkpoint CKPT", "refused"),
            c(
                QUEENS + " --format count --strategy-file QUEENS_MIDDLE",
                "--checkpoint CKPT",
                "refused",
            ),
        ],
    },
    "batch": {},
    "sudoku": {
        "--file": [c(SUDOKU, "--file BOARD", "refused")],
        "--size": [c(SUDOKU, "--size 4", "refused"), c(SUDOKU, "--size 9", "same")],
        "--strategy": [c(SUDOKU, "--strategy mrv"), c(SUDOKU, "--strategy dlx")],
        "--strategy-file": [
            c(SUDOKU, "--strategy-file MRV"),
            c(SUDOKU + " --strategy mrv", "--strategy-file MRV", "refused"),
        ],
        "--singles": [
            c(SUDOKU, "--singles"),
            c(SUDOKU + " --strategy dlx", "--singles", "refused"),
        ],
        "--all": [c(SUDOKU, "--all")],
        "--format": [c(SUDOKU, "--format line"), c(SUDOKU, "--format count")],
        "--limit": [c(SUDOKU, "--limit 10"), c(SUDOKU + " --format count", "--limit 10")],
        "--trace": [c(SUDOKU, "--trace"), c(SUDOKU + " --format count", "--trace", "refused")],
        "--list-examples": [c(SUDOKU, "--list-examples", "refused")],
        "--html": [
            c(SUDOKU, "--html PAGE"),
            c(SUDOKU + " --format count", "--html PAGE", "refused"),
        ],
        "--lang": [
            c(SUDOKU + " --html PAGE", "--lang zh_CN"),
            c(SUDOKU, "--lang zh_CN", "refused"),
        ],
        "--jobs": [
            c(SUDOKU + " --format count", "--jobs 1", "same"),
            c(SUDOKU, "--jobs 2", "refused"),
            c(SUDOKU + " --format count --strategy mrv", "--jobs 2", "refused"),
        ],
        "--scheduler": [c(SUDOKU, "--scheduler tcp://127.0.0.1:1", "refused")],
        "--checkpoint": [
            c(SUDOKU + " --format count", "--checkpoint CKPT", "same"),
            c(SUDOKU, "--checkpoint CKPT", "refused"),
            c(SUDOKU + " --format count --strategy mrv", "--checkpoint CKPT", "refused"),
        ],
    },
}
#: Options the table leaves to other tests, and why.
ELSEWHERE = {
    ("count", "--scheduler"): "a Dask cluster: the cluster tests",
    ("sweep", "--scheduler"): "a Dask cluster: the cluster tests",
}


def accepted(command: str) -> set[str]:
    """The long options ``command``'s parser accepts (--help aside)."""
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return {
        option
        for action in sub.choices[command]._actions
        for option in action.option_strings
        if option.startswith("--") and option != "--help"
    }


@pytest.mark.own_engine
@pytest.mark.parametrize("command", sorted(TABLE))
def test_the_table_has_every_option_of_every_command(command):
    elsewhere = {option for (cmd, option) in ELSEWHERE if cmd == command}
    assert set(TABLE[command]) | elsewhere == accepted(command)


#: Figures that differ from run to run (times): left out of the comparison.
_TIMES = re.compile(r'\d+\.\d+ s\b|"seconds": [0-9.e-]+|"seconds": \d+')


def outcome(capsys, tmp_path, args: tuple[str, ...]) -> tuple[int, str, str, str]:
    """A run's exit status, standard output and error (times left out) and the page it
    wrote (its language and size class; '' for none)."""
    page = tmp_path / "page.html"
    page.unlink(missing_ok=True)
    files = {"PAGE": str(page), "CKPT": str(tmp_path / "count.checkpoint")}
    files |= {name.upper(): str(EXAMPLES / f"{name}.py") for name in STRATEGY_FILES}
    for name, grid in BOARD_FILES.items():
        (tmp_path / name).write_text(grid)
        files[name] = str(tmp_path / name)
    named = [files.get(a, a) for a in args]
    code = main(named)
    out, err = capsys.readouterr()
    written = ""
    if page.exists():
        text = page.read_text(encoding="utf-8")
        written = re.search(r'<html lang="([^"]+)"', text)[1]
    return code, _TIMES.sub("T", out), _TIMES.sub("T", err), written


CASES = [
    pytest.param(command, option, case, id=f"{command} {option}: {' '.join(case.given)}")
    for command, row in TABLE.items()
    for option, cases in row.items()
    for case in cases
]


@pytest.mark.own_engine
@pytest.mark.parametrize(("command", "option", "case"), CASES)
def test_every_option_is_honoured_or_refused(capsys, tmp_path, command, option, case):
    assert case.base[0] == command and option.startswith(case.given[0])
    before = outcome(capsys, tmp_path, case.base)
    assert before[0] in (0, 1), (case, before)
    after = outcome(capsys, tmp_path, case.base + case.given)
    code, out, err, _ = after
    if case.expect == "refused":
        assert code == 2 and out == "", (case, after)
        assert err.startswith("knightviz: error: ") and err.count("\n") == 1, err
        assert "Traceback" not in err
    elif case.expect == "same":
        assert after == before, case
    else:
        assert code in (0, 1) and "Traceback" not in err, (case, after)
        assert after != before, f"{case}: the option changed nothing"
