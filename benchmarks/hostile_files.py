"""Hostile ``.knightviz`` files, tried systematically: how many cases per family,
how each ended (the run, the one-sentence refusal, or anything else: a defect), and the peak
memory while refusing a file.

Run: ``.venv/bin/python -m benchmarks.hostile_files [--quick]``

Each case is opened in a forked child (``read_run`` then rebuilding the recording, as the
window does) under a 1 GB address-space limit; the child reports its outcome and how far its
resident memory rose above what it had when it began (its peak reset as it begins:
``VmHWM`` against ``VmRSS``).
Families: every field of a valid file's description replaced by each odd value (wrong types,
huge and negative numbers, NaN, deep nesting); each part cut or grown; each part declaring
other sizes; entries missing, twice or the file cut; deflate bombs of 300 MB in each part;
sizes declared inflated and stored that the file cannot have; bzip2, LZMA and encrypted
parts; descriptions of a million lists or a 5,000-digit number; a run file inside another;
a recorded step replaced by another (opened against the knight's rules).
Target: no case ends in anything but the run or a refusal; the peak while refusing stays
under 100 MB. Exit 1 otherwise.
"""

from __future__ import annotations

import json
import os
import random
import resource
import sys
import tempfile
import zipfile
from array import array
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

TARGET_PEAK_MB = 100.0


def _rss_kb(key: str = "VmRSS:") -> int:
    with open("/proc/self/status", encoding="ascii") as f:
        for line in f:
            if line.startswith(key):
                return int(line.split()[1])
    return 0


def try_case(path: Path) -> tuple[str, float]:
    """(outcome, peak MB above the start) of opening ``path`` in a forked child."""
    from tests.engine.hostile import open_run
    from tests.engine.limits import address_space

    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: open the file, report, leave without cleanup
        os.close(read)
        try:  # the parent's free heap given back: the child's allocations must show in its RSS
            import ctypes

            ctypes.CDLL("libc.so.6").malloc_trim(0)
        except (OSError, AttributeError):
            pass
        try:  # the peak so far forgotten (Linux 4.0 on): only opening the file counts
            with open("/proc/self/clear_refs", "w") as f:
                f.write("5")
        except OSError:
            pass
        start = _rss_kb()
        limit = address_space() + (1 << 30)
        resource.setrlimit(resource.RLIMIT_AS, (limit, resource.getrlimit(resource.RLIMIT_AS)[1]))
        try:
            outcome = open_run(path)
        except BaseException as exc:  # a defect: anything but the run or the refusal
            outcome = f"other: {type(exc).__name__}"
        peak = _rss_kb("VmHWM:")
        os.write(write, json.dumps([outcome, (peak - start) / 1024]).encode())
        os._exit(0)
    os.close(write)
    with os.fdopen(read) as f:
        data = f.read()
    os.waitpid(pid, 0)
    if not data:
        return "other: the child died", 0.0
    outcome, peak = json.loads(data)
    return outcome, float(peak)


def cases(good: Path, folder: Path, quick: bool) -> Iterator[tuple[str, bytes | Path]]:
    from tests.engine.hostile import (
        ODD_VALUES,
        PARTS,
        bomb,
        declare,
        encrypted,
        far_checkpoints,
        field_paths,
        huge_declared_part,
        long_number,
        many_lists,
        nested,
        other_method,
        parts_of,
        replaced,
        sizes_declared,
        small_bomb,
        stored_size_lie,
        unwritten_blocks,
        zip_of,
    )

    parts = parts_of(good)
    header = json.loads(dict(parts)["run.json"])

    def with_body(body: str) -> bytes:
        return zip_of([(n, body.encode() if n == "run.json" else d) for n, d in parts])

    values = [*ODD_VALUES, json.loads(nested(500))]
    paths = field_paths(header)
    for where in paths[:: 3 if quick else 1]:
        for value in values:
            yield "field replaced", with_body(json.dumps(replaced(header, where, value)))
    yield "field replaced", with_body(json.dumps(header)[:-1] + ', "x": ' + nested(100_000) + "}")
    for name in PARTS:
        data = dict(parts)[name]
        for cut in (0, 1, 3, len(data) // 2, max(0, len(data) - 1)):
            yield "part cut or grown", zip_of([(n, d[:cut] if n == name else d) for n, d in parts])
        for grow in (b"\0", b"\xff" * 4, b"\x7f\0\0\0" * 1000, os.urandom(4096)):
            yield "part cut or grown", zip_of([(n, d + grow if n == name else d) for n, d in parts])
    for name in PARTS:
        for size in (0, 1, 4, 1 << 20, 64 << 20, (1 << 32) - 1):
            yield "declared size", declare(zip_of(parts), name, size)
    by_name = dict(parts)
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        for missing in PARTS:
            yield "entries", zip_of([(n, d) for n, d in parts if n != missing])
        for twice in PARTS:
            yield "entries", zip_of([*parts, (twice, by_name[twice])])
        whole = zip_of(parts)
        for cut in range(0, len(whole), max(1, len(whole) // (10 if quick else 40))):
            yield "entries", whole[:cut]
    for n in (2, 64, 1024, 16384):
        yield "recording structure", unwritten_blocks(parts, header, n)
    for blocks in (3, 8, 64):
        yield "recording structure", far_checkpoints(parts, header, blocks)
    for name in PARTS:
        made = bomb(folder / f"bomb-{name}.knightviz", name, parts, 300)
        yield "deflate bomb (300 MB)", made
    yield "declared sizes lie", huge_declared_part(parts, header)
    yield "declared sizes lie", stored_size_lie(folder / "lie.knightviz", parts, header)
    yield "declared sizes lie", small_bomb(folder / "small.knightviz", parts, header)
    for name in PARTS:
        for size, stored in ((1 << 32) - 1, (1 << 32) - 1), (64 << 20, 1 << 20), (1 << 20, 0):
            yield "declared sizes lie", sizes_declared(zip_of(parts), name, size, stored)
    for method in (zipfile.ZIP_BZIP2, zipfile.ZIP_LZMA):
        yield "bzip2, LZMA, encrypted", other_method(folder / f"m{method}", parts, method, 256)
    yield "bzip2, LZMA, encrypted", encrypted(parts)
    yield "description too large", many_lists(parts)
    yield "description too large", long_number(parts, header)
    pick = random.Random(0)
    steps = array("i", dict(parts)["steps.bin"])
    for _ in range(20 if quick else 200):
        changed = array("i", steps)
        x = pick.randrange(36)
        changed[pick.randrange(len(changed))] = pick.choice([x, ~x])
        body = changed.tobytes()
        yield "a step replaced", zip_of([(n, body if n == "steps.bin" else d) for n, d in parts])
    yield (
        "nested archive",
        zip_of([(n, good.read_bytes() if n == "run.json" else d) for n, d in parts]),
    )
    yield (
        "nested archive",
        zip_of([(n, good.read_bytes() if n == "steps.bin" else d) for n, d in parts]),
    )


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    quick = "--quick" in args
    from tests.engine.hostile import valid_run

    with tempfile.TemporaryDirectory(prefix="knightviz-hostile-") as tmp:
        folder = Path(tmp)
        good = valid_run(folder)
        outcomes: dict[str, Counter[str]] = {}
        peak: dict[str, float] = {}
        case = folder / "case.knightviz"
        for family, made in cases(good, folder, quick):
            path = made if isinstance(made, Path) else case
            if isinstance(made, bytes):
                case.write_bytes(made)
            outcome, mb = try_case(path)
            outcomes.setdefault(family, Counter())[outcome] += 1
            kind = "refused" if outcome == "refused" else "run"
            peak[f"{family}/{kind}"] = max(peak.get(f"{family}/{kind}", 0.0), mb)
    print(
        f"{'family':26} {'cases':>6} {'run':>6} {'refused':>8} {'other':>6} "
        f"{'peak MB refusing':>17} {'peak MB opening':>16}"
    )
    others = 0
    for family, counts in outcomes.items():
        other = sum(n for k, n in counts.items() if k.startswith("other"))
        others += other
        print(
            f"{family:26} {sum(counts.values()):6} {counts['run']:6} {counts['refused']:8} "
            f"{other:6} {peak.get(f'{family}/refused', 0.0):17.1f} "
            f"{peak.get(f'{family}/run', 0.0):16.1f}"
        )
        for k, n in counts.items():
            if k.startswith("other"):
                print(f"    {n} x {k}")
    worst = max((mb for k, mb in peak.items() if k.endswith("/refused")), default=0.0)
    total = sum(sum(c.values()) for c in outcomes.values())
    print(f"\n{total} cases, {others} other outcomes (tracebacks); largest peak while refusing:")
    print(f"{worst:.1f} MB above the process's own (target under {TARGET_PEAK_MB:.0f} MB)")
    return 0 if others == 0 and worst < TARGET_PEAK_MB else 1


if __name__ == "__main__":
    sys.exit(main())
