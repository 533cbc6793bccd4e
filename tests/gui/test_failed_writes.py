"""Failed writes, for real: the kernel refuses to let a file grow past a
limit (``RLIMIT_FSIZE``, SIGXFSZ ignored), as a full disk or a quota would. Every export
format, the history's CSV and JSON, a saved run, the desktop entry and the icons: the old
file is intact, no temporary file is left, the window says which file and why. Also: a
hostile run file opened in the window is one message, nothing lost (items 1-4)."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from knightviz import desktop
from tests.engine.hostile import (
    ODD_VALUES,
    bomb,
    field_paths,
    nested,
    parts_of,
    replaced,
    valid_run,
    zip_of,
)
from tests.engine.limits import address_space_limit, file_size_limit

from .conftest import configure, place, set_speed, start_and_finish
from .test_export import messages  # noqa: F401  (the fixture)

OLD = b"the user's old file, precious"
LIMIT = 64  # bytes: smaller than any export of an 8x8 tour
RUN_FORMATS = ["c", "py", "matrix", "sequence", "algebraic", "json", "png", "svg", "gif", "html"]


def run_8x8(window, qtbot):
    configure(window, "knight", rows=8, cols=8, warnsdorff=True)
    place(window, 0, 0)
    set_speed(window, math.inf)
    return start_and_finish(window, qtbot)


def old_file(tmp_path, name):
    folder = tmp_path / "out"
    folder.mkdir()
    path = folder / name
    path.write_bytes(OLD)
    return path


def left_alone(path):
    assert path.read_bytes() == OLD
    assert [p.name for p in path.parent.iterdir()] == [path.name], "a temporary file was left"


def said(messages, path):  # noqa: F811
    assert len(messages) == 1, messages
    text = messages[0][1]
    assert str(path) in text and "File too large" in text, text


WRITERS = [
    *((f"tour.{fmt}", lambda w, path, fmt=fmt: w.export_run(path, fmt)) for fmt in RUN_FORMATS),
    *(
        (f"history.{fmt}", lambda w, path, fmt=fmt: w.export_history(path, fmt))
        for fmt in ("csv", "json")
    ),
    ("tour.knightviz", lambda w, path: w.save_run(path)),
]


@pytest.mark.parametrize(("name", "write"), WRITERS, ids=[name for name, _ in WRITERS])
def test_a_failed_write_leaves_the_old_file(window, qtbot, tmp_path, messages, name, write):  # noqa: F811
    """Every run format, the history as CSV and JSON, a saved run."""
    run_8x8(window, qtbot)
    path = old_file(tmp_path, name)
    with file_size_limit(LIMIT):
        assert not write(window, str(path))
    left_alone(path)
    said(messages, path)
    assert write(window, str(path))  # and with room, it writes
    assert path.read_bytes() != OLD


def test_a_failed_desktop_install_leaves_the_old_files(tmp_path):
    home = tmp_path / "share"
    targets = desktop.targets(home)
    for target in targets.values():
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(OLD)
    with file_size_limit(LIMIT), pytest.raises(OSError, match="File too large"):
        desktop.install(home, exec_command="knightviz")
    for target in targets.values():
        assert target.read_bytes() == OLD, target
        assert [p.name for p in target.parent.iterdir()] == [target.name]


def test_failed_icon_rendering_leaves_the_old_icons(tmp_path):
    folder = tmp_path / "icons"
    folder.mkdir()
    for size in desktop.SIZES:
        (folder / desktop.icon_name(size)).write_bytes(OLD)
    with file_size_limit(LIMIT), pytest.raises(OSError, match="File too large"):
        desktop.render_icons(folder)
    assert sorted(p.read_bytes() for p in folder.iterdir()) == [OLD] * len(desktop.SIZES)


# -- hostile run files in the window ------------------------------------------------------------


def hostile_files(good, tmp_path):
    """Hostile files: deep nesting, a huge length, a NaN wall time, a steps bomb."""
    parts = parts_of(good)
    header = json.loads(dict(parts)["run.json"])

    def with_header(h, text=None):
        body = (text or json.dumps(h)).encode()
        return zip_of([(n, body if n == "run.json" else d) for n, d in parts])

    deep = json.dumps(header)[:-1] + ', "deep": ' + nested(100_000) + "}"
    long = json.loads(json.dumps(header))
    long["recording"]["length"] = 10**15
    nan = json.loads(json.dumps(header))
    nan["wall_seconds"] = math.nan
    files = {"deep": with_header(header, deep), "long": with_header(long), "nan": with_header(nan)}
    for name, data in files.items():
        (tmp_path / f"{name}.knightviz").write_bytes(data)
    made = bomb(tmp_path / "bomb.knightviz", "steps.bin", parts, 300)
    return [*(tmp_path / f"{n}.knightviz" for n in files), made]


def test_hostile_run_files_are_one_message_and_nothing_is_lost(window, qtbot, tmp_path, messages):  # noqa: F811
    result = run_8x8(window, qtbot)
    good = tmp_path / "good.knightviz"
    assert window.save_run(str(good))
    rows = window.history.rowCount()
    for path in hostile_files(good, tmp_path):
        with address_space_limit():
            assert not window.open_run(str(path))
        assert f"{path.name} cannot be opened" in messages[-1][1]
        assert "\n" not in messages[-1][1]
    assert len(messages) == 4
    assert window.history.rowCount() == rows
    assert window.session.result == result


@settings(
    max_examples=80,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_any_field_replaced_opens_in_the_window_or_is_one_message(
    window,
    qtbot,
    tmp_path_factory,
    data,
    messages,  # noqa: F811
):
    """Past ``read_run`` the window decodes the settings, rebuilds the recording and words
    the summary: a damaged value there too is a message, never an exception."""
    folder = tmp_path_factory.mktemp("open")
    good = valid_run(folder)
    parts = parts_of(good)
    header = json.loads(dict(parts)["run.json"])
    where = data.draw(st.sampled_from(field_paths(header)))
    value = data.draw(st.one_of(st.sampled_from(ODD_VALUES), st.integers(-50, 50)))
    body = json.dumps(replaced(header, where, value)).encode()
    path = folder / "mutated.knightviz"
    path.write_bytes(zip_of([(n, body if n == "run.json" else d) for n, d in parts]))
    before = len(messages)
    with address_space_limit():
        opened = window.open_run(str(path))
    if not opened:
        assert len(messages) == before + 1 and "\n" not in messages[-1][1]
