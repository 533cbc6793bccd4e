"""``knightviz tree``: the first levels of a run's search tree as text and JSON."""

import json
from fractions import Fraction

from knightviz.cli import main
from knightviz.engine import Board, make_queens_search, tour_search


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def tree_json(capsys, *args):
    code, out, err = run(capsys, "tree", "--format", "json", *args)
    assert code == 0 and err == ""
    return json.loads(out)


def test_six_queens_whole_tree_accounts_for_every_step_and_the_four_solutions(capsys):
    search = make_queens_search(6, backend="python")
    result = search.run()
    data = tree_json(capsys, "--queens", "--size", "6", "--depth", "1", "--steps", "100000")
    assert data["finished"] is True and data["step"] == result.steps
    assert data["explored"] == 1.0  # an exhausted search has finished its whole tree
    first = [n for n in data["nodes"] if n["depth"] == 1]
    assert [n["square"] for n in first] == ["a1", "b1", "c1", "d1", "e1", "f1"]
    # Every step lies below exactly one first-rank queen (the root is never left).
    assert sum(n["steps_below"] for n in first) == result.steps
    # 6-queens' four solutions start on files b to e; a1 and f1 lead to none.
    states = {n["square"]: n["state"] for n in first}
    assert states == {
        "a1": "finished",
        "b1": "solution",
        "c1": "solution",
        "d1": "solution",
        "e1": "solution",
        "f1": "finished",
    }


def test_the_path_and_the_shares_are_the_searchs_own(capsys):
    steps = 10_000
    data = tree_json(
        capsys, "--size", "5", "--heuristic", "none", "--depth", "4", "--steps", str(steps)
    )
    search = tour_search(5, 5, 0, heuristic="none", backend="python")
    left = steps
    while left and (chunk := search.advance(min(left, 4096))):
        left -= len(chunk)
    board = Board(5, 5)
    on_path = [n["square"] for n in data["nodes"] if n["state"] == "path"]
    assert on_path == [board.name(sq) for sq in search.path[:5]]
    # Shares: each level splits its parent's equally; siblings' shares add up to the parent's.
    nodes = data["nodes"]
    for i, node in enumerate(nodes):
        kids = []
        for later in nodes[i + 1 :]:
            if later["depth"] <= node["depth"]:
                break
            if later["depth"] == node["depth"] + 1:
                kids.append(later)
        if kids:
            assert sum(Fraction(k["share"]) for k in kids) == Fraction(node["share"])
            assert len({k["share"] for k in kids}) == 1
    # A finished node's steps are those between its entry and its exit, both included.
    for node in nodes:
        if node["state"] == "finished":
            assert node["steps_below"] >= 2 and node["steps_below"] % 2 == 0


def test_text_lists_depth_square_share_and_state(capsys):
    code, out, err = run(capsys, "tree", "--size", "5", "--heuristic", "none", "--depth", "2")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith("search tree of the tour by plain backtracking from a5 on 5x5")
    assert lines[1].split() == ["depth", "square", "share", "state", "steps", "below"]
    assert lines[2].split() == ["0", "a5", "1/1", "path"]
    assert lines[3].split()[:3] == ["1", "b3", "1/2"]


def test_a_known_fact_answers_and_bad_numbers_are_usage_errors(capsys):
    code, out, _ = run(capsys, "tree", "--size", "4")
    assert code == 1 and "No knight's tour exists on a 4x4 board" in out
    for args in (("--depth", "9"), ("--steps", "100000001"), ("--queens", "--size", "5x6")):
        code, out, err = run(capsys, "tree", *args)
        assert code == 2 and out == "" and len(err.splitlines()) == 1


def test_the_tree_is_of_the_boards_shape_not_the_full_boards(capsys):
    """--holes and --leaper shape the tree as they shape solve: a start on a hole is one
    line, the removed square is never a node, a camel's colour-bound board has no tour."""
    code, out, err = run(capsys, "tree", "--size", "5", "--start", "a5", "--holes", "a5")
    assert (code, out) == (2, "")
    assert err == "knightviz: error: start square a5 is a hole\n"
    data = tree_json(capsys, "--size", "5", "--holes", "c3", "--depth", "3", "--steps", "30")
    assert "holes c3" in data["search"] and "5x5" in data["search"]
    assert "c3" not in {n["square"] for n in data["nodes"]}
    code, out, err = run(capsys, "tree", "--leaper", "camel")
    assert code == 1 and err == ""
    assert out.startswith("No tour: each move of a camel (1, 3)")


def test_a_zebras_tree_has_the_zebras_moves(capsys):
    data = tree_json(capsys, "--size", "8", "--leaper", "zebra", "--depth", "1", "--steps", "0")
    assert "zebra" in data["search"]
    # From a8 a zebra (2, 3) reaches c5 and d6 only.
    assert sorted(n["square"] for n in data["nodes"] if n["depth"] == 1) == ["c5", "d6"]
