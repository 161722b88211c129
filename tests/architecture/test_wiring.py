"""Constructor injection only: the composition root (``fiveup.app``) hands each context,
through its builder, everything it uses, and never sets an attribute of a context's
object afterwards (``players.has_history = ...``, ``repository.on_noticed = ...``): a
dependency set later is one the builder's signature, and the layer order of
test_import_shape.py, cannot show.

An ``ast`` walk over every module of ``service/fiveup/app`` finds each assignment
(``=``, ``+=``, an annotated one, ``setattr``) to an attribute of anything but ``self``;
and over the whole service, each after-construction setter that used to wire contexts
(``notify_through``, ``record_outcomes``): those methods are gone for good.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

SERVICE = Path(__file__).resolve().parents[2] / "service"
ROOT = SERVICE / "fiveup" / "app"
GENERATED = SERVICE / "fiveup" / "v1"
# Assignments in ``app/`` to objects that are no context's, each with why it is allowed
# (matched on the assignment's text, wherever in ``app/`` it is).
NOT_A_CONTEXTS: dict[str, str] = {
    "record.msg": "a logging filter rewrites the LogRecord it is handed (logging's API)",
    "record.args": "likewise",
    "setattr(namespace, self.dest": "an argparse Action stores its value (argparse's API)",
    "self._timer.daemon": "a threading.Timer takes no daemon argument",
    "app.metrics_port": "the composition root's own FiveUpServer, told its metrics port",
    "limits.on_pools_changed": "the API layer's limits, not a context (health of the pools)",
}
# The setters that once wired contexts after construction; a builder's parameter
# replaces each (build_match's ``owners``, ``rated_play`` and ``published``).
GONE_SETTERS = frozenset({"notify_through", "record_outcomes"})


def _targets(node: ast.AST) -> Iterator[ast.expr]:
    if isinstance(node, ast.Assign):
        yield from node.targets
    elif isinstance(node, ast.AugAssign | ast.AnnAssign):
        yield node.target


def _flatten(target: ast.expr) -> Iterator[ast.expr]:
    if isinstance(target, ast.Tuple | ast.List):
        for element in target.elts:
            yield from _flatten(element)
    elif isinstance(target, ast.Starred):
        yield from _flatten(target.value)
    else:
        yield target


def _is_self(node: ast.expr) -> bool:
    return isinstance(node, ast.Name) and node.id in ("self", "cls")


def foreign_assignments(source: str, filename: str = "<module>") -> list[str]:
    """``file:line: text`` of each assignment to an attribute of something not ``self``
    (``obj.attr = ...``, ``obj.attr += ...``, ``a.b.c: T = ...``, ``setattr(obj, ...)``)."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source, filename)):
        for target in _targets(node):
            for each in _flatten(target):
                if isinstance(each, ast.Attribute) and not _is_self(each.value):
                    found.append(f"{filename}:{each.lineno}: {ast.unparse(each)} = ...")
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "setattr"
            and node.args
            and not _is_self(node.args[0])
        ):
            found.append(f"{filename}:{node.lineno}: {ast.unparse(node)}")
    return found


def setter_uses(source: str, filename: str = "<module>") -> list[str]:
    """Each definition or call of one of the ``GONE_SETTERS``."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source, filename)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name in GONE_SETTERS:
            found.append(f"{filename}:{node.lineno}: def {node.name}")
        elif isinstance(node, ast.Attribute) and node.attr in GONE_SETTERS:
            found.append(f"{filename}:{node.lineno}: {ast.unparse(node)}")
    return found


# The event log's tables: all the event stores may create (their DDL, events_schema.py).
EVENT_LOG_TABLES = frozenset({"matches", "events", "seats", "requests", "schema_version"})
# The other contexts' table modules the event stores once imported to migrate and write.
OTHER_CONTEXTS_TABLES = ("ratings_sql", "outbox")
STORE = SERVICE / "fiveup" / "store"


def created_tables(source: str) -> set[str]:
    return {
        name.lower()
        for name in re.findall(
            r"CREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?(\w+)\s*\(", source, re.I
        )
    }


def _modules(root: Path) -> Iterator[Path]:
    for path in sorted(root.rglob("*.py")):
        if GENERATED not in path.parents:
            yield path


# --------------------------------------------------------------------------- the service


def test_the_composition_root_assigns_no_attribute_of_another_object() -> None:
    paths = list(_modules(ROOT))
    assert any(p.name == "contexts.py" for p in paths)  # the walk sees the root
    found = [
        hit
        for p in paths
        for hit in foreign_assignments(p.read_text(), str(p))
        if not any(f": {allowed}" in hit for allowed in NOT_A_CONTEXTS)
    ]
    assert found == [], "hand it to the context's builder instead"


def test_no_context_is_wired_by_a_setter_after_construction() -> None:
    found = [
        hit for p in _modules(SERVICE / "fiveup") for hit in setter_uses(p.read_text(), str(p))
    ]
    assert found == []


def test_the_event_stores_hold_only_the_event_logs_tables() -> None:
    """Each context owns its tables: the event stores create only the event log's, and
    write another context's rows only through its adapter (a transaction participant)."""
    paths = sorted(STORE.glob("*/events*.py"))
    assert {p.name for p in paths} >= {"events.py", "events_schema.py"}
    for path in paths:
        source = path.read_text()
        assert created_tables(source) <= EVENT_LOG_TABLES, path
        imported = {
            node.module or ""
            for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.ImportFrom)
        }
        assert not {m for m in imported if m.rsplit(".", 1)[-1] in OTHER_CONTEXTS_TABLES}, path


# --------------------------------------------------------------------------- the checker


def test_created_tables_reads_the_ddl() -> None:
    ddl = "CREATE TABLE IF NOT EXISTS matches (x); create table player_results (y)"
    assert created_tables(ddl) == {"matches", "player_results"}
    assert created_tables("CREATE TABLE IF NOT EXISTS {version_table} (version INT)") == set()


@pytest.mark.parametrize(
    "text",
    [
        "players.has_history = has_seat(lobby)\n",
        "def wire(m):\n    m.repository.on_noticed = outbox.published\n",
        "a, b.c = 1, 2\n",
        "x.count += 1\n",
        "x.y: int = 1\n",
        "setattr(players, 'has_history', f)\n",
    ],
    ids=["plain", "nested-in-function", "tuple", "augmented", "annotated", "setattr"],
)
def test_an_assignment_to_another_objects_attribute_fails(text: str) -> None:
    assert foreign_assignments(text)


def test_a_class_may_set_its_own_attributes() -> None:
    text = (
        "class Server:\n"
        "    def __init__(self, contexts):\n"
        "        self.contexts = contexts\n"
        "        self.stopped: bool = False\n"
        "        local = contexts.players\n"
        "        setattr(self, 'x', 1)\n"
    )
    assert foreign_assignments(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "match.matches.notify_through(outbox.published)\n",
        "class Matches:\n    def record_outcomes(self, owners): ...\n",
    ],
    ids=["call", "definition"],
)
def test_a_setter_after_construction_fails(text: str) -> None:
    assert setter_uses(text)
