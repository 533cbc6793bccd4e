"""The command line's package: dispatch by the parser, a command's module loaded only
when it runs, and the entry points."""

import subprocess
import sys

import pytest

from knightviz.cli.parser import build_parser
from knightviz.engine.puzzles import specs

COMMANDS = ["solve", "batch", "count", "sweep", "queens", "estimate", "tree"]
#: The commands the puzzle specs describe, each run by the one generic module.
SPEC_COMMANDS = [s.command.name for s in specs().values() if s.command is not None]


def test_the_parser_knows_every_command_and_nothing_else():
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    assert list(sub.choices) == COMMANDS + SPEC_COMMANDS


@pytest.mark.parametrize("command", COMMANDS)
def test_each_command_s_handler_is_set_by_the_parser(command):
    args = build_parser().parse_args([command])
    assert args.handler.module == f"knightviz.cli.commands.{command}"


@pytest.mark.parametrize("command", SPEC_COMMANDS)
def test_each_spec_command_s_handler_is_the_generic_one(command):
    args = build_parser().parse_args([command])
    assert args.handler.module == "knightviz.cli.commands.puzzle"
    assert specs()[args.puzzle_key].command.name == command


def test_a_command_loads_no_other_command_s_module():
    code = (
        "import sys, io, contextlib; from knightviz.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()): rc = main(['solve', '--size', '5'])\n"
        "print(rc, *sorted(m for m in sys.modules if m.startswith('knightviz.cli.commands.')))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["0", "knightviz.cli.commands.solve"]


@pytest.mark.parametrize("module", ["knightviz", "knightviz.cli"])
def test_python_dash_m_runs_the_command(module):
    done = subprocess.run(
        [sys.executable, "-m", module, "solve", "--size", "5", "--format", "sequence"],
        capture_output=True,
        text=True,
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert len(done.stdout.split()) == 25
