"""The shape of the service, checked from its own imports: no import cycle, and no import
from a lower layer to a higher one (engine <- contexts <- api <- telemetry <- app <- cli).

An ``ast`` walk over every module of ``service/fiveup`` reads every import, at any depth
(a function's, or one under ``if TYPE_CHECKING``): a lazy import cannot hide an upward
arrow or a cycle.  ``ORDER`` lists the packages from the bottom up; a package may import
itself and the packages of the groups below it, never one of its own group or above.
So the contexts' dependencies are explicit and acyclic (identity <- notifications <- ratings <- friends <-
match <- lobby <- tournaments <- chat, each depending only on those before it), ``api`` and
``store`` are siblings that never import each other, ``telemetry`` observes the servicers and the contexts (which
report to it only through their observer ports, never by importing it), and only ``app``
(the composition root) knows every context and every backend; ``admin`` (the operators'
use cases, behind AdminService) sits above every context it acts on, and the programs
(``cli``, ``devstack``) sit on top.  A
new package (a new context) must be placed in ``ORDER``.

Imports are half of the picture: a dependency handed over at run time counts too, so each
context's builder receives, as ports, everything it uses, and nothing is set on its
objects later (test_wiring.py).  Where a lower context needs an answer only a higher one
has, the lower one declares the port and the higher one's store adapter implements it
(identity's ``HasHistory`` and the match's ``SeatOwners``: both the lobby's store), so
no run-time arrow points up either.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest

SERVICE = Path(__file__).resolve().parents[2] / "service"
PACKAGE = "fiveup"
GENERATED = "v1"  # the protobuf stubs, generated at build time

# From the bottom up.  ``fiveup`` is the root package (its version).
ORDER: tuple[tuple[str, ...], ...] = (
    ("fiveup",),
    ("engine",),  # the pure domain: rules, state machines, views; no I/O
    ("bots",),  # beside the engine: players that choose from a seat's view
    ("shared",),  # the kernel every context may use: error kinds, UserError, paging
    # the guarded outbound HTTP client of every context that sends requests; the bus:
    # wake-ups between replicas, a port the store adapters use (hints, never data)
    ("egress", "bus"),
    ("identity",),  # the contexts, each depending only on those before it
    ("notifications",),  # the outbox: other contexts write notices with their own writes
    ("ratings",),  # (a season's end writes league notices: above the outbox)
    ("friends",),  # friendships, presence, the friends' board (the lobby asks who is a friend)
    ("match",),  # its builder gets the seat owners (a port the lobby's store implements)
    ("lobby",),
    ("tournaments",),  # Swiss and arena events: seats players through the match context
    ("chat",),
    ("admin",),  # the operators' use cases over every context (AdminService's core)
    (GENERATED,),  # the public contract: the contexts never see a proto
    ("api", "store"),  # the edges: servicers over the contexts; adapters of their ports
    ("telemetry",),  # metrics, logs and the interceptor: observe the api and the contexts
    ("app",),  # the composition root
    ("cli", "devstack"),  # the programs: the fiveup command; the local stack (make run)
)
LAYER_PICTURE = "engine <- contexts <- api <- telemetry <- app <- cli"


def unit_of(module: str) -> str:
    """``fiveup.match.matches`` -> ``match``; ``fiveup`` -> ``fiveup``."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else parts[0]


def rank() -> dict[str, int]:
    return {unit: i for i, group in enumerate(ORDER) for unit in group}


def modules_of(root: Path) -> Iterator[tuple[str, Path, bool]]:
    """(dotted name, path, is a package) of every module under ``root/fiveup``."""
    for path in sorted((root / PACKAGE).rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[1:2] == [GENERATED]:
            continue
        is_package = parts[-1] == "__init__"
        if is_package:
            parts = parts[:-1]
        yield ".".join(parts), path, is_package


def import_graph(root: Path) -> dict[str, set[str]]:
    """Module -> the fiveup modules it imports (``from X import name``: ``X.name`` when
    that is a module, else ``X``)."""
    found = list(modules_of(root))
    known = {name for name, _, _ in found}
    known |= {f"{PACKAGE}.{GENERATED}"}
    graph: dict[str, set[str]] = {}
    for name, path, is_package in found:
        package = name.split(".") if is_package else name.split(".")[:-1]
        edges: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package[: len(package) - node.level + 1]
                    source = ".".join([*base, *([node.module] if node.module else [])])
                else:
                    source = node.module or ""
                targets = [
                    f"{source}.{alias.name}" if f"{source}.{alias.name}" in known else source
                    for alias in node.names
                ]
            else:
                continue
            edges |= {t for t in targets if t == PACKAGE or t.startswith(PACKAGE + ".")}
        edges.discard(name)
        graph[name] = edges
    return graph


def upward_imports(graph: Mapping[str, set[str]]) -> list[str]:
    """Each import that reaches its own group or above (and each undeclared package)."""
    ranks = rank()
    problems = []
    for module, targets in sorted(graph.items()):
        unit = unit_of(module)
        if unit not in ranks:
            problems.append(f"{module}: package {unit!r} has no place in ORDER")
            continue
        for target in sorted(targets):
            other = unit_of(target)
            if other == unit:
                continue
            if other not in ranks:
                problems.append(f"{module} imports {target}: {other!r} has no place in ORDER")
            elif ranks[other] >= ranks[unit]:
                where = "beside" if ranks[other] == ranks[unit] else "above"
                problems.append(
                    f"{module} imports {target}: {other} is {where} {unit} ({LAYER_PICTURE}; "
                    "ORDER in this file)"
                )
    return problems


def cycles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """The import cycles: each strongly connected component of more than one module
    (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(start, iter(sorted(graph.get(start, ()))))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in graph:
                    continue
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return found


# --------------------------------------------------------------------------- the service


@pytest.fixture(scope="module")
def graph() -> dict[str, set[str]]:
    return import_graph(SERVICE)


def test_the_walk_sees_the_layers(graph: dict[str, set[str]]) -> None:
    assert "fiveup.app.server" in graph and "fiveup.match.matches" in graph
    assert "fiveup.api.match_servicer" in graph["fiveup.app.services"]
    assert "fiveup.match.matches" in graph["fiveup.api.match_servicer"]


def test_no_import_reaches_up_or_sideways(graph: dict[str, set[str]]) -> None:
    assert upward_imports(graph) == []


def test_no_import_cycle(graph: dict[str, set[str]]) -> None:
    assert cycles(graph) == []


def test_every_package_has_its_place() -> None:
    packages = {p.name for p in (SERVICE / PACKAGE).iterdir() if (p / "__init__.py").exists()}
    assert packages - {GENERATED} <= set(rank()), "place the new package in ORDER"


def test_the_top_level_holds_a_handful_of_modules() -> None:
    modules = {p.name for p in (SERVICE / PACKAGE).glob("*.py")}
    assert modules == {"__init__.py"}, "a module of its own belongs in a package"


# --------------------------------------------------------------------------- the checker


def _tree(root: Path, files: Mapping[str, str]) -> Path:
    for name, text in files.items():
        path = root / PACKAGE / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    for directory in [root / PACKAGE, *(root / PACKAGE).rglob("*")]:
        if directory.is_dir() and not (directory / "__init__.py").exists():
            (directory / "__init__.py").write_text("")
    return root


SOUND: dict[str, str] = {
    "engine/match.py": "",
    "match/matches.py": "from ..engine.match import x\n",
    "api/match_servicer.py": "from ..match.matches import Matches\n",
    "app/server.py": "from ..api import match_servicer\nfrom ..store import backends\n",
    "store/backends.py": "from ..match.matches import Matches\n",
}


def test_a_sound_tree_passes(tmp_path: Path) -> None:
    graph = import_graph(_tree(tmp_path, SOUND))
    assert upward_imports(graph) == [] and cycles(graph) == []
    assert graph["fiveup.app.server"] == {"fiveup.api.match_servicer", "fiveup.store.backends"}


@pytest.mark.parametrize(
    ("module", "text", "complaint"),
    [
        ("lobby/features.py", "from ..api.lobby_servicer import X\n", "api is above lobby"),
        ("identity/observer.py", "def f():\n    from ..api import errors\n", "api is above identity"),
        ("match/hints.py", "from fiveup.lobby.seats import Seats\n", "lobby is above match"),
        ("store/lobby.py", "from ..api.errors import E\n", "api is beside store"),
        ("match/convert.py", "from ..v1 import match_pb2\n", "v1 is above match"),
        ("gossip/rooms.py", "", "'gossip' has no place in ORDER"),
    ],
    ids=["lazy-context-to-api", "function-level", "absolute", "store-to-api", "proto", "new-package"],
)  # fmt: skip
def test_an_upward_import_fails(tmp_path: Path, module: str, text: str, complaint: str) -> None:
    graph = import_graph(_tree(tmp_path, {**SOUND, module: text}))
    problems = upward_imports(graph)
    assert any(complaint in problem for problem in problems), problems


def test_a_cycle_fails(tmp_path: Path) -> None:
    graph = import_graph(
        _tree(tmp_path, {**SOUND, "store/lobby.py": "from .lobby_sqlite import S\n",
                         "store/lobby_sqlite.py": "from .lobby import TableRow\n"})
    )  # fmt: skip
    assert cycles(graph) == [["fiveup.store.lobby", "fiveup.store.lobby_sqlite"]]
