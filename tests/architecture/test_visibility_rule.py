"""Who may see what is the match context's decision, never the transport's: no module of
``fiveup.api`` uses the engine's visibility rule (``fiveup.engine.redact``).  The match
context answers events and views already as the caller may see them
(``fiveup.match.results.seen_by``, ``Matches.watch``, ``Matches.view``); a servicer only
converts them to protobuf, so a servicer that forgot to hide a hand cannot exist.

Read from the source with ``ast``, like the import shape (test_import_shape.py): an
import of the name ``redact`` from any engine module, at any depth, or an attribute
``.redact`` reached through an imported engine module, fails.
"""

from __future__ import annotations

import ast
from pathlib import Path

from .test_import_shape import PACKAGE, SERVICE, _tree, modules_of

RULE = "redact"  # fiveup.engine.redact (defined in fiveup.engine.events)
ENGINE = f"{PACKAGE}.engine"
TRANSPORT = f"{PACKAGE}.api"


def visibility_in_transport(root: Path) -> list[str]:
    """Each use of the engine's visibility rule by a module of ``fiveup.api``."""
    problems = []
    for name, path, is_package in modules_of(root):
        if name != TRANSPORT and not name.startswith(TRANSPORT + "."):
            continue
        package = name.split(".") if is_package else name.split(".")[:-1]
        engine_aliases: set[str] = set()  # local names bound to an engine module
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package[: len(package) - node.level + 1]
                    source = ".".join([*base, *([node.module] if node.module else [])])
                else:
                    source = node.module or ""
                for alias in node.names:
                    if source == ENGINE or source.startswith(ENGINE + "."):
                        if alias.name == RULE:
                            problems.append(f"{name} imports {source}.{RULE}")
                        else:
                            engine_aliases.add(alias.asname or alias.name)
                    elif source == PACKAGE and alias.name == "engine":
                        engine_aliases.add(alias.asname or alias.name)
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name == ENGINE or alias.name.startswith(ENGINE + "."):
                        engine_aliases.add(alias.asname or alias.name.split(".")[0])
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr == RULE:
                root_name = node.value
                while isinstance(root_name, ast.Attribute):
                    root_name = root_name.value
                if isinstance(root_name, ast.Name) and root_name.id in engine_aliases:
                    problems.append(f"{name} uses {ast.unparse(node)}")
    return problems


def test_no_servicer_decides_visibility() -> None:
    assert visibility_in_transport(SERVICE) == []


def test_the_checker_sees_the_match_servicer() -> None:
    assert any(name == f"{TRANSPORT}.match_servicer" for name, _, _ in modules_of(SERVICE))


def test_a_servicer_importing_the_rule_fails(tmp_path: Path) -> None:
    files = {
        "engine/__init__.py": "from .events import redact\n",
        "engine/events.py": "def redact(e, v): return e\n",
        "api/one.py": "from ..engine import HUMAN, redact\n",
        "api/two.py": "def f():\n    from fiveup.engine.events import redact as hide\n",
        "api/three.py": "from .. import engine\nx = engine.redact\n",
        "api/four.py": "import fiveup.engine.events\nx = fiveup.engine.events.redact\n",
        "api/sound.py": "from ..shared.redact import redact_url\nfrom ..engine import HUMAN\n",
        "match/results.py": "from ..engine import redact\n",  # the match context may
    }
    problems = visibility_in_transport(_tree(tmp_path, files))
    assert problems == [
        "fiveup.api.four uses fiveup.engine.events.redact",
        "fiveup.api.one imports fiveup.engine.redact",
        "fiveup.api.three uses engine.redact",
        "fiveup.api.two imports fiveup.engine.events.redact",
    ]
