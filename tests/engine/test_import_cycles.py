"""No import circle anywhere in the package: the layers of docs/ARCHITECTURE.md hold only if
every module can be read (and tested) after the modules it imports.

The graph is grimp's (the one import-linter checks the contracts on): every import counts,
relative ones, those inside functions, and those under ``if TYPE_CHECKING`` too (a circle
through a type is still a circle a reader has to go round).
"""

import grimp
import pytest


@pytest.fixture(scope="module")
def graph():
    return grimp.build_graph("knightviz", cache_dir=None)


def circles(graph, package):
    """The import circles among ``package``'s modules: each strongly connected group of
    more than one module (or a module importing itself), sorted."""
    modules = sorted(m for m in graph.modules if m == package or m.startswith(package + "."))
    inside = set(modules)
    edges = {m: sorted(set(graph.find_modules_directly_imported_by(m)) & inside) for m in modules}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in modules:  # Tarjan's algorithm, without recursion
        if root in index:
            continue
        work = [(root, 0)]
        while work:
            node, i = work.pop()
            if i == 0:
                index[node] = low[node] = len(index)
                stack.append(node)
                on_stack.add(node)
            if i < len(edges[node]):
                work.append((node, i + 1))
                nxt = edges[node][i]
                if nxt not in index:
                    work.append((nxt, 0))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1 or node in edges[node]:
                    found.append(sorted(group))
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
    return sorted(found)


def test_the_circle_finder_finds_circles():
    g = grimp.ImportGraph()
    for name in ("p", "p.a", "p.b", "p.c", "p.d"):
        g.add_module(name)
    g.add_import(importer="p.a", imported="p.b")
    g.add_import(importer="p.b", imported="p.c")
    g.add_import(importer="p.c", imported="p.a")
    g.add_import(importer="p.c", imported="p.d")
    assert circles(g, "p") == [["p.a", "p.b", "p.c"]]
    g.remove_import(importer="p.c", imported="p.a")
    assert circles(g, "p") == []


def test_the_engine_has_no_import_circle(graph):
    assert circles(graph, "knightviz.engine") == []


def test_the_page_has_no_import_circle(graph):
    assert circles(graph, "knightviz.page") == []


def test_no_import_circle_anywhere(graph):
    assert circles(graph, "knightviz") == []
