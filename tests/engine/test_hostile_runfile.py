"""Hostile run files: whatever a ``.knightviz`` file holds, opening it ends in the
run or in a one-sentence refusal, with bounded memory (the address space is limited for
real), never another exception."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from knightviz.engine.recording import Recording
from knightviz.engine.runfile import RunFileError, read_run, rebuild

from .hostile import (
    ODD_VALUES,
    PARTS,
    bomb,
    declare,
    far_checkpoints,
    field_paths,
    nested,
    open_run,
    parts_of,
    replaced,
    unwritten_blocks,
    valid_run,
    zip_of,
)
from .limits import address_space_limit

HYPOTHESIS = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    path = valid_run(tmp_path_factory.mktemp("good"))
    return path, parts_of(path)


@pytest.fixture
def good(made):
    """The valid file, its parts and its description (a fresh copy for each test)."""
    path, parts = made
    return path, parts, json.loads(dict(parts)["run.json"])


def with_header(parts, header, text=None):
    body = (text if text is not None else json.dumps(header)).encode()
    return [(n, body if n == "run.json" else d) for n, d in parts]


def refused(path, match):
    with address_space_limit(), pytest.raises(RunFileError, match=match):
        back = read_run(path)
        assert back.recording is not None
        rebuild(back.recording, Recording(back.recording.initial))


# -- each defect found by the hostile-file probe -----------------------------------------------


def test_a_deflate_bomb_in_steps_is_refused_before_it_is_inflated(tmp_path, good):
    _, parts, _ = good
    path = bomb(tmp_path / "bomb.knightviz", "steps.bin", parts, 300)
    assert path.stat().st_size < 2 << 20
    refused(path, "steps.bin")


def test_a_deflate_bomb_that_its_description_agrees_with_is_refused(tmp_path, good):
    _, parts, header = good
    rec = header["recording"]
    rec["length"] = 300 << 18
    rec["blocks"] = [[b, 1 << 20] for b in range(75)]
    rec["block"] = 1 << 20
    path = bomb(tmp_path / "bomb.knightviz", "steps.bin", parts, 300, header)
    refused(path, "inflate")


def test_a_deflate_bomb_in_the_description_is_refused(tmp_path, good):
    _, parts, _ = good
    path = bomb(tmp_path / "bomb.knightviz", "run.json", parts, 300)
    refused(path, "run.json")


def test_a_description_nested_100000_deep_is_a_damaged_file(tmp_path, good):
    _, parts, header = good
    text = json.dumps(header)[:-1] + ', "deep": ' + nested(100_000) + "}"
    path = tmp_path / "deep.knightviz"
    path.write_bytes(zip_of(with_header(parts, header, text)))
    refused(path, "nested too deep")


def header_changed(tmp_path, parts, header, where, value):
    node = header
    for key in where[:-1]:
        node = node[key]
    node[where[-1]] = value
    path = tmp_path / "changed.knightviz"
    path.write_bytes(zip_of(with_header(parts, header)))
    return path


@pytest.mark.parametrize(
    ("where", "value", "says"),
    [
        (("recording", "length"), 10**15, "blocks"),  # [None] * 10^9 blocks, before
        (("wall_seconds",), math.nan, "not finite"),  # the history stopped saving, before
        (("wall_seconds",), math.inf, "not finite"),
        (("wall_seconds",), -math.inf, "not finite"),
        (("result", "moves"), 10**26, "moves"),  # past SQLite's 64 bits
    ],
)
def test_a_value_the_file_cannot_hold_is_refused(tmp_path, good, where, value, says):
    _, parts, header = good
    refused(header_changed(tmp_path, parts, header, where, value), says)


def test_a_number_too_large_for_a_double_is_refused(tmp_path, good):
    _, parts, header = good
    text = json.dumps(header).replace('"wall_seconds": 1.5', '"wall_seconds": 1e400')
    path = tmp_path / "huge.knightviz"
    path.write_bytes(zip_of(with_header(parts, header, text)))
    refused(path, "not finite")


def test_a_string_version_is_called_damaged_not_newer(tmp_path, good):
    _, parts, header = good
    header["version"] = "1"
    path = tmp_path / "version.knightviz"
    path.write_bytes(zip_of(with_header(parts, header)))
    with pytest.raises(RunFileError) as caught:
        read_run(path)
    assert "newer" not in str(caught.value) and "version" in str(caught.value)


def test_an_entry_twice_is_refused(tmp_path, good):
    _, parts, _ = good
    path = tmp_path / "twice.knightviz"
    with pytest.warns(UserWarning, match="Duplicate"):
        data = zip_of([*parts, parts[1]])
    path.write_bytes(data)
    refused(path, "twice")


def test_a_part_declaring_more_than_its_description_allows_is_refused(tmp_path, good):
    _, parts, _ = good
    path = tmp_path / "declared.knightviz"
    path.write_bytes(declare(zip_of(parts), "checkpoints.bin", 1 << 20))
    refused(path, "declares")


def test_blocks_whose_steps_were_never_written_are_refused(tmp_path, good):
    """16,384 blocks of one step each over 1M-step blocks: seeking read the unwritten rest
    as moves, and the process was killed for memory (found by trying it)."""
    _, parts, header = good
    path = tmp_path / "unwritten.knightviz"
    path.write_bytes(unwritten_blocks(parts, header, 16384))
    refused(path, "never written")


def test_checkpoints_too_far_apart_for_a_seek_are_refused(tmp_path, good):
    """Full blocks and one checkpoint at step 0: a seek would replay 8M steps in memory."""
    _, parts, header = good
    path = tmp_path / "far.knightviz"
    path.write_bytes(far_checkpoints(parts, header, 8))
    refused(path, "from the checkpoint at step 0")


# -- mutations (hypothesis) --------------------------------------------------------------------

OUTCOMES: dict[str, dict[str, int]] = {}


def tally(family: str, outcome: str) -> None:
    counts = OUTCOMES.setdefault(family, {})
    counts[outcome] = counts.get(outcome, 0) + 1


def opened(tmp_path, family: str, data: bytes) -> None:
    path = tmp_path / f"{family}.knightviz"
    path.write_bytes(data)
    with address_space_limit():
        tally(family, open_run(path))


@HYPOTHESIS
@given(data=st.data())
def test_any_field_replaced_opens_or_is_refused(tmp_path, good, data):
    _, parts, header = good
    where = data.draw(st.sampled_from(field_paths(header)))
    value = data.draw(
        st.one_of(
            st.sampled_from(ODD_VALUES),
            st.integers(),
            st.floats(allow_nan=True, allow_infinity=True),
            st.text(max_size=20),
            st.integers(1, 200_000).map(lambda d: json.loads(nested(min(d, 500)))),
        )
    )
    body = json.dumps(replaced(header, where, value))
    opened(tmp_path, "field replaced", zip_of(with_header(parts, header, body)))


@HYPOTHESIS
@given(
    name=st.sampled_from(PARTS),
    cut=st.one_of(st.none(), st.integers(0, 20_000)),
    grow=st.binary(max_size=64),
)
def test_any_part_cut_or_grown_opens_or_is_refused(tmp_path, good, name, cut, grow):
    _, parts, _ = good
    changed = [
        (n, (d[:cut] if cut is not None else d) + grow if n == name else d) for n, d in parts
    ]
    opened(tmp_path, "part cut or grown", zip_of(changed))


@HYPOTHESIS
@given(name=st.sampled_from(PARTS), size=st.integers(0, 2**32 - 1))
def test_any_declared_size_opens_or_is_refused(tmp_path, good, name, size):
    _, parts, _ = good
    opened(tmp_path, "declared size", declare(zip_of(parts), name, size))


@HYPOTHESIS
@given(
    keep=st.lists(st.sampled_from(PARTS), max_size=6),
    whole_file=st.one_of(st.none(), st.integers(0, 4000)),
)
def test_any_set_of_entries_opens_or_is_refused(tmp_path, good, keep, whole_file):
    _, parts, _ = good
    by_name = dict(parts)
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # duplicates are the point
        data = zip_of([(n, by_name[n]) for n in keep])
    if whole_file is not None:
        data = data[:whole_file]
    opened(tmp_path, "entries missing, twice or cut", data)


def test_the_mutations_were_tried(request):
    """(Runs last in this module.) Every family produced cases, all answered."""
    if not OUTCOMES:
        pytest.skip("run with the mutation tests")
    for family, counts in OUTCOMES.items():
        assert sum(counts.values()) > 0, family
        assert set(counts) <= {"run", "refused"}, (family, counts)
