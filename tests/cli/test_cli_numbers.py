"""Every numeric option read by one parser and bounded, the range named in the error:
no run that cannot end, no number the engine cannot hold, and the
same answer for the same text whichever command reads it."""

from __future__ import annotations

import pytest

from knightviz.cli import MAX_JOBS, MAX_PROBES, MAX_SEED, MAX_STEPS, main


def usage_error(capsys, *args: str) -> str:
    code = main(list(args))
    out, err = capsys.readouterr()
    assert code == 2 and out == "", (code, out, err)
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (
            ["estimate", "--size", "8", "--probes", "1" + "0" * 26],
            f"argument --probes: must be from 2 to {MAX_PROBES:,}",
        ),
        (["estimate", "--probes", "1"], "argument --probes: must be from 2 to"),
        (["solve", "--size", "5", "--seed", "1" + "0" * 30], f"from 0 to {MAX_SEED:,}"),
        (["estimate", "--seed", "-1"], f"argument --seed: must be from 0 to {MAX_SEED:,}"),
        (["sweep", "--size", "5", "--limit", "9" * 26], f"from 0 to {MAX_STEPS:,}"),
        (["count", "--size", "5", "--jobs", "100000"], f"from 1 to {MAX_JOBS:,}"),
        (["queens", "--size", "100000"], "argument --size: must be from 1 to 1,000"),
        (["queens", "--size", "9" * 5000], "(5,000 digits)"),
        (["queens", "--size", "-3"], "argument --size: must be from 1 to 1,000, not -3"),
    ],
)
def test_every_numeric_option_is_bounded_and_names_its_range(capsys, args, says):
    assert says in usage_error(capsys, *args)


@pytest.mark.parametrize(
    "args",
    [
        ["queens", "--size", "\uff18", "--format", "count"],
        ["solve", "--size", "\uff18"],
        ["count", "--size", "\uff18"],
        ["solve", "--size", "5", "--seed", "\uff11"],
        ["solve", "--size", "5", "--limit", "1e5"],
        ["estimate", "--probes", "²"],
    ],
)
def test_one_number_syntax_for_every_command(capsys, args):
    """A full-width or superscript digit is refused by every command alike (queens took
    a full-width 8 as 8 while solve refused it)."""
    usage_error(capsys, *args)


def test_separators_are_read_alike_everywhere(capsys):
    assert main(["queens", "--size", "6", "--limit", "1_000", "--format", "count"]) in (0, 1)
    first = capsys.readouterr().out
    assert main(["queens", "--size", "6", "--limit", "1,000", "--format", "count"]) in (0, 1)
    assert capsys.readouterr().out == first


@pytest.mark.parametrize("square", ["-1,0", "0,-1"])
def test_a_negative_start_is_called_off_the_board(capsys, square):
    err = usage_error(capsys, "solve", "--size", "5", "--start", square)
    assert f"square '{square}' (row,col) is off the 5x5 board" in err


#: 5,000 digits: past Python's limit on reading a number from text (4,300 digits).
HUGE = "9" * 5000
#: Every place a number hides in an option's text.
HUGE_TEXTS = {
    "digits": HUGE,
    "negative": "-" + HUGE,
    "rank": "a" + HUGE,
    "file": "z" * 5000 + "1",
    "row": f"{HUGE},1",
    "column": f"1,{HUGE}",
    "both": f"{HUGE},{HUGE}",
    "size-rows": f"{HUGE}x5",
    "size-cols": f"5x{HUGE}",
}
#: Every option of each command that reads a number (or a square, a size, a leaper).
NUMERIC_OPTIONS = {
    "solve": ["--size", "--start", "--holes", "--leaper", "--limit", "--seed"],
    "count": ["--size", "--start", "--holes", "--leaper", "--limit", "--jobs"],
    "sweep": ["--size", "--holes", "--leaper", "--limit", "--seed", "--jobs"],
    "estimate": ["--size", "--start", "--holes", "--leaper", "--seed", "--probes"],
    "tree": ["--size", "--start", "--holes", "--leaper", "--seed", "--depth", "--steps"],
    "queens": ["--size", "--limit", "--jobs"],
}


@pytest.mark.own_engine
@pytest.mark.parametrize("text", HUGE_TEXTS.values(), ids=HUGE_TEXTS.keys())
@pytest.mark.parametrize(
    ("command", "option"),
    [(c, o) for c, opts in NUMERIC_OPTIONS.items() for o in opts],
    ids=[f"{c} {o}" for c, opts in NUMERIC_OPTIONS.items() for o in opts],
)
def test_thousands_of_digits_are_one_short_line(capsys, command, option, text):
    """Python refuses to read 4,300 digits or more: every option's number is bounded before
    it is read, and the line quotes the text cut short."""
    size = [] if option == "--size" else ["--size", "5"]
    err = usage_error(capsys, command, *size, option, text)
    assert err.startswith("knightviz: error: ")
    assert len(err) < 200, err
