"""Hostile run files: whatever a ``.knightviz`` file holds, opening it ends in the
run or in a one-sentence refusal, with bounded memory (the address space is limited for
real), never another exception."""

from __future__ import annotations

import json
import math
import zipfile

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from knightviz.engine.recording import Recording
from knightviz.engine.runfile import RunFileError, read_run, rebuild

from .hostile import (
    ODD_VALUES,
    PARTS,
    RULES,
    bomb,
    declare,
    encrypted,
    far_checkpoints,
    field_paths,
    huge_declared_part,
    long_number,
    many_lists,
    nested,
    open_run,
    opened_in_child,
    other_method,
    parts_of,
    replaced,
    small_bomb,
    stored_size_lie,
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
        rebuild(back.recording, Recording(back.recording.initial), RULES)


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


# -- memory while refusing (each file opened in a process of its own) --------------------------

#: The promise: refusing any file takes well under this much memory.
MEMORY = 100 << 20


def refused_within_memory(path, match):
    """``path`` is refused for what it is (not for want of memory), adding under 100 MB."""
    import re

    done = opened_in_child(path)
    assert done["outcome"] == "refused", done
    assert done["peak"] < MEMORY, f"{done['peak'] / 2**20:.0f} MB: {done['message']}"
    assert "memory" not in done["message"], done["message"]
    assert re.search(match, done["message"]), done["message"]


def test_a_part_declaring_4_gb_stored_and_inflated_is_refused_without_allocating(tmp_path, good):
    """A few KB declaring a 4 GB part its description allows: the reader allocated 4 GB."""
    _, parts, header = good
    path = tmp_path / "declares.knightviz"
    path.write_bytes(huge_declared_part(parts, header))
    assert path.stat().st_size < 64 << 10
    refused_within_memory(path, "stored bytes than the file has")


def test_a_bomb_lying_about_its_stored_size_is_refused(tmp_path, good):
    """300 MB of steps in 300 KB, declaring 3 MB stored to pass the inflation check."""
    _, parts, header = good
    path = stored_size_lie(tmp_path / "lie.knightviz", parts, header)
    refused_within_memory(path, "stored bytes than the file has")


def test_a_small_deflate_bomb_is_refused_by_its_ratio(tmp_path, good):
    """60 MB of steps in 60 KB, which its description agrees with."""
    _, parts, header = good
    path = small_bomb(tmp_path / "small.knightviz", parts, header)
    assert path.stat().st_size < 1 << 20
    refused_within_memory(path, "inflate")


@pytest.mark.parametrize(
    "method",
    [zipfile.ZIP_BZIP2, pytest.param(zipfile.ZIP_LZMA, marks=pytest.mark.slow)],
    ids=["bzip2", "lzma"],
)
def test_bzip2_and_lzma_parts_are_refused_unread(tmp_path, good, method):
    """256 MB of spaces in 200 bytes (bzip2) or 40 KB (LZMA), declaring 1 MB."""
    _, parts, _ = good
    path = other_method(tmp_path / "method.knightviz", parts, method, 256)
    assert path.stat().st_size < 64 << 10
    refused_within_memory(path, "compressed in a way knightviz does not write")


def test_a_description_of_a_million_lists_is_refused_unparsed(tmp_path, good):
    _, parts, _ = good
    path = tmp_path / "lists.knightviz"
    path.write_bytes(many_lists(parts))
    refused_within_memory(path, "too many values")


def test_a_run_file_inside_a_run_file_is_refused(tmp_path, good):
    """A valid run file as run.json: nested archives are never opened."""
    good_path, parts, _ = good
    path = tmp_path / "nested.knightviz"
    nested_parts = [(n, good_path.read_bytes() if n == "run.json" else d) for n, d in parts]
    path.write_bytes(zip_of(nested_parts))
    refused_within_memory(path, "unreadable")


def test_a_valid_file_still_opens_in_a_process_of_its_own(good):
    path, _, _ = good
    done = opened_in_child(path)
    assert done["outcome"] == "run", done


# -- refusals in our own words (never a library's message) -------------------------------------

LIBRARY_WORDS = ("<ZipInfo", "Error", "sys.", "File is not", "Bad ", "zip file")


def refused_in_our_words(path, match):
    with pytest.raises(RunFileError, match=match) as caught:
        read_run(path)
    text = str(caught.value)
    assert not any(word in text for word in LIBRARY_WORDS), text


def test_an_encrypted_part_is_refused_in_our_words(tmp_path, good):
    _, parts, _ = good
    path = tmp_path / "locked.knightviz"
    path.write_bytes(encrypted(parts))
    refused_in_our_words(path, "encrypted")


def test_a_5000_digit_number_is_refused_in_our_words(tmp_path, good):
    _, parts, header = good
    path = tmp_path / "digits.knightviz"
    path.write_bytes(long_number(parts, header))
    refused_in_our_words(path, "too long")


@pytest.mark.parametrize(
    "content", [b"", b"not a zip", b"PK\x03\x04 broken", b"PK\x05\x06" + bytes(18)]
)
def test_what_is_not_an_archive_is_refused_in_our_words(tmp_path, content):
    path = tmp_path / "junk.knightviz"
    path.write_bytes(content)
    refused_in_our_words(path, "not a knightviz run file")


def test_the_largest_description_within_bounds_is_parsed_in_under_100_mb(tmp_path, good):
    """8 MB of a million numbers: as much as run.json may hold, parsed, then refused."""
    import random

    _, parts, _ = good
    pick = random.Random(0)
    numbers = b",".join(b"%d" % pick.randrange(10**6, 10**7) for _ in range((1 << 20) - 10))
    text = b"[" + numbers + b"]"
    path = tmp_path / "numbers.knightviz"
    path.write_bytes(zip_of([(n, text if n == "run.json" else d) for n, d in parts], level=1))
    refused_within_memory(path, "not a knightviz run file")
