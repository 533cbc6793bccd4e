"""count --plan and queens --plan: the plan printed (pieces, Knuth's estimate, core-hours, the
workers' table), nothing counted, and what cannot go with it refused in one line.

Whether the forecast's time matches a measured count is benchmarks/engine_plans.py's to say
(no timing here)."""

import json
import math

import pytest

from knightviz.cli import main
from knightviz.engine import parallel


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def no_count(monkeypatch):
    """A plan that ran a count would fail here."""

    def refuse(*args, **kwargs):
        raise AssertionError("--plan ran a count")

    monkeypatch.setattr(parallel.CountJob, "run", refuse)
    monkeypatch.setattr(parallel.tallies, "run_plan", refuse)


def test_count_plan_shows_pieces_estimate_and_workers(capsys, no_count):
    code, out, err = run(capsys, "count", "--size", "6", "--plan", "--probes", "512")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "plan: count the directed open tours of 6x6 from every square"
    assert lines[1].startswith("pieces: ")
    assert any(line.startswith("nodes: about ") for line in lines)
    assert any("core-hours" in line for line in lines)
    header = lines.index("workers  pieces  time")
    table = [line.split()[0] for line in lines[header + 1 :] if line.split()[0].isdigit()]
    here = str(parallel.usable_cpus())
    assert {"1", "2", "8", "64", here} <= set(table)
    # The row of the workers the count would have here: its cores, or this process alone
    # for a count of under a second.
    assert sum(line.endswith(("(this machine)", "process)")) for line in lines) == 1


def test_the_largest_pieces_are_listed_largest_first(capsys, no_count):
    code, out, _ = run(capsys, "count", "--size", "6", "--plan", "--probes", "512")
    shares = [float(line.split("%")[0]) for line in out.splitlines() if "%" in line]
    assert code == 0 and 1 <= len(shares) <= 5
    assert shares == sorted(shares, reverse=True) and sum(shares) <= 100.01


def test_a_count_of_years_is_planned_without_counting(capsys, no_count):
    # 8x8 has 19,591,828,170,979,904 directed tours (docs/reference.md): years of any machine.
    code, out, _ = run(capsys, "count", "--size", "8", "--plan", "--probes", "64")
    assert code == 0 and "years" in out


def test_jobs_names_the_workers_the_pieces_are_for(capsys, no_count):
    code, out, _ = run(capsys, "queens", "--size", "10", "--plan", "--jobs", "3")
    assert code == 0
    assert "for 3 workers" in out and any(
        line.split()[0] == "3" and line.endswith("(--jobs)") for line in out.splitlines()
    )


def test_queens_plan_as_json(capsys, no_count):
    code, out, _ = run(capsys, "queens", "--size", "12", "--plan", "--format", "json")
    assert code == 0
    plan = json.loads(out)
    rows = {r["workers"]: r for r in plan["workers"]}
    assert {1, 2, 8, 64} <= set(rows)
    # One worker runs every node: the time is the core-hours.
    assert rows[1]["seconds"] == pytest.approx(plan["core_hours"] * 3600)
    # More workers never take longer, and never less than the work shared out evenly.
    times = [rows[w]["seconds"] for w in sorted(rows)]
    assert times == sorted(times, reverse=True)
    assert all(rows[w]["seconds"] >= rows[1]["seconds"] / w * 0.999 for w in rows)
    shares = [p["share"] for p in plan["largest"]]
    assert shares == sorted(shares, reverse=True) and 0 < sum(shares) <= 1 + 1e-9
    assert plan["pieces"] >= len(shares)


def test_the_estimate_is_near_the_nodes_a_count_visits(capsys):
    # Knuth's estimator is unbiased, and the N-Queens tree is light-tailed: with the plan's
    # probes the figure is within a few percent of the nodes counted.
    code, out, _ = run(capsys, "queens", "--size", "12", "--plan", "--format", "json")
    counted = parallel.count_queens(12, jobs=1)
    assert code == 0 and counted.count == 14_200  # Q(12)
    estimated = 10 ** json.loads(out)["log10_nodes"]
    assert math.isclose(estimated, counted.nodes, rel_tol=0.2)


def test_a_known_fact_has_nothing_to_plan(capsys, no_count):
    code, out, err = run(capsys, "count", "--size", "3", "--plan")
    assert code == 0 and out == "plan: nothing to count, the count is 0\n"
    assert "No knight's tour" in err


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["count", "--plan", "--limit", "100"], "--limit cannot be combined with --plan"),
        (["count", "--plan", "--scheduler", "tcp://127.0.0.1:1"], "--jobs N plans for N workers"),
        (["count", "--probes", "100"], "--probes is for --plan"),
        (["queens", "--probes", "100", "--format", "count"], "--probes is for --plan"),
        (["queens", "--plan", "--first"], "--first cannot be combined with --plan"),
        (["queens", "--plan", "--trace"], "--trace cannot be combined with --plan"),
        (["queens", "--plan", "--html", "x.html"], "--html cannot be combined with --plan"),
        (["queens", "--plan", "--format", "ascii"], "--format count or json, not ascii"),
        (["queens", "--plan", "--strategy-file", "x.py"], "--strategy-file cannot be combined"),
        (["count", "--plan", "--probes", "1"], "--probes: must be from 2"),
    ],
    ids=" ".join,
)
def test_what_plan_cannot_take_is_one_line_and_exit_2(capsys, no_count, args, words):
    code, out, err = run(capsys, *args)
    assert (code, out) == (2, "") and words in err and err.count("\n") == 1


@pytest.mark.parametrize(
    ("args", "part"),
    [
        (["queens", "--size", "18", "--plan"], "queens-count"),
        (["queens", "--size", "18", "--format", "count"], "queens-count"),
        (["count", "--size", "7", "--plan"], "tours-count"),
        (["queens", "--size", "8"], None),
    ],
)
def test_a_plan_loads_only_the_kernels_its_count_runs(args, part):
    """The plan probes with the count's kernels: loading every kernel of the engine cost
    queens --size 18 --plan a second of its 1.7 s."""
    from knightviz.cli import backend
    from knightviz.cli.parser import build_parser

    assert backend.part(build_parser(puzzles=False).parse_args(args)) == part
