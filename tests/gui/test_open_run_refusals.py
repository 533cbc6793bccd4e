"""File › Open run refusing a file: one message box, its text plain (a file's name or a
reason read from the file is never taken for markup), in our own words (never a library's
message naming its internals), and nothing in the window lost."""

from __future__ import annotations

import json
import struct
import zipfile

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog

from tests.engine.hostile import (
    encrypted,
    long_number,
    other_method,
    parts_of,
    valid_run,
    zip_of,
)

from .conftest import child
from .test_export import messages  # noqa: F401  (the fixture)

pytestmark = pytest.mark.gui

LIBRARY_WORDS = ("<ZipInfo", "Error", "sys.", "Traceback", "File is not", "Bad CRC")


def hostile(kind: str, folder):
    """The file ``kind`` names, made from a valid 6x6 knight's run."""
    good = valid_run(folder)
    parts = parts_of(good)
    header = json.loads(dict(parts)["run.json"])
    path = folder / f"{kind}.knightviz"
    if kind == "encrypted":
        path.write_bytes(encrypted(parts))
    elif kind == "5000 digits":
        path.write_bytes(long_number(parts, header))
    elif kind == "bzip2":
        other_method(path, parts, zipfile.ZIP_BZIP2, 8)
    elif kind == "markup in its name":
        path = folder / "<b>bold<b>.knightviz"
        path.write_bytes(b"not a zip")
    elif kind == "markup in its puzzle":
        header["puzzle"] = "<b>sudoku</b>" * 100
        body = json.dumps(header).encode()
        path.write_bytes(zip_of([(n, body if n == "run.json" else d) for n, d in parts]))
    elif kind == "a knight stepping back from its start":
        steps = struct.pack("<i", ~0) + dict(parts)["steps.bin"][4:]
        path.write_bytes(zip_of([(n, steps if n == "steps.bin" else d) for n, d in parts]))
    else:
        raise AssertionError(kind)
    return path


@pytest.mark.parametrize(
    "kind",
    [
        "encrypted",
        "5000 digits",
        "bzip2",
        "markup in its name",
        "markup in its puzzle",
        "a knight stepping back from its start",
    ],
)
def test_open_run_refuses_in_plain_text_and_our_words(
    window,
    tmp_path,
    monkeypatch,
    messages,  # noqa: F811
    kind,
):
    path = hostile(kind, tmp_path)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *args, **kw: (str(path), ""))
    rows = window.history.rowCount()
    child(window, "openRunAction").trigger()
    assert len(messages) == 1, messages
    title, text = messages[-1]
    assert title == "Open run"
    assert messages.formats[-1] == Qt.TextFormat.PlainText
    assert text.startswith(f"{path.name} cannot be opened: "), text
    assert "\n" not in text and len(text) < 300, text
    assert not any(word in text for word in LIBRARY_WORDS), text
    assert window.history.rowCount() == rows
    if kind == "a knight stepping back from its start":
        assert "step 1: the knight steps back from its start" in text
