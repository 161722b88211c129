"""Fair deals, beyond tests/engine/test_shuffle.py (which checks determinism, the
commitment, rejection sampling, each tile's position and the lot): the *joint*
distribution of the shuffle, which per-position statistics cannot see, and that no
service code can reach for the ``random`` module instead of the seeded stream.

The statistical tests use fixed seeds, so they are deterministic: they cannot flake, and
a biased shuffle fails them every time (thresholds are at p ~ 1e-6)."""

from __future__ import annotations

import ast
import hashlib
import itertools
import math
import shutil
import subprocess
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

import pytest

from fiveup.engine.shuffle import DerivedStream, round_deck
from fiveup_core import ALL_TILES

T = TypeVar("T")
ROOT = Path(__file__).resolve().parents[2]
SERVICE = ROOT / "service" / "fiveup"
RANDOM_ALLOWED = ("bots",)  # bots take an RNG; production passes secrets.SystemRandom
RUFF = ROOT / ".venv" / "bin" / "ruff"


def seeds(n: int, label: str) -> list[bytes]:
    return [hashlib.sha256(f"{label}/{i}".encode()).digest() for i in range(n)]


def chi2_limit(df: int, z: float = 4.753) -> float:
    """The chi-square value exceeded with probability ~1e-6 (Wilson-Hilferty)."""
    k = 2 / (9 * df)
    return df * (1 - k + z * math.sqrt(k)) ** 3


def chi2(observed: Sequence[int], expected: float) -> float:
    return sum((o - expected) ** 2 / expected for o in observed)


def rotation(stream: DerivedStream, items: Sequence[T]) -> list[T]:
    """A broken shuffle that per-position statistics cannot tell from a fair one: a
    random rotation puts every item at every position equally often, but reaches only
    n of the n! orders."""
    k = stream.below(len(items))
    return [*items[k:], *items[:k]]


def permutation_statistic(shuffle: Callable[[DerivedStream, str], list[str]]) -> tuple[int, float]:
    n = 24 * 600
    orders = Counter(tuple(shuffle(DerivedStream(seed, "perm"), "abcd")) for seed in seeds(n, "p"))
    observed = [orders.get(order, 0) for order in itertools.permutations("abcd")]
    return len(orders), chi2(observed, n / 24)


def adjacent_pairs_statistic(deal: Callable[[bytes], list[tuple[int, int]]]) -> float:
    """Chi-square of (first tile, second tile) over 28 x 27 ordered pairs."""
    n = 15_120  # 20 per pair
    pairs = Counter(tuple(deal(seed)[:2]) for seed in seeds(n, "pairs"))
    observed = [pairs.get((a, b), 0) for a in ALL_TILES for b in ALL_TILES if a != b]
    return chi2(observed, n / (28 * 27))


def test_every_order_of_a_small_deck_is_equally_likely() -> None:
    reached, statistic = permutation_statistic(lambda s, items: s.shuffled(items))
    assert reached == 24 and statistic < chi2_limit(23)


def test_neighbouring_tiles_of_the_real_deck_are_independent() -> None:
    assert adjacent_pairs_statistic(lambda seed: round_deck(seed, 1)) < chi2_limit(28 * 27 - 1)


def test_the_joint_statistics_catch_what_position_statistics_miss() -> None:
    reached, statistic = permutation_statistic(rotation)
    assert reached == 4 and statistic > chi2_limit(23)
    rotated = adjacent_pairs_statistic(lambda seed: rotation(DerivedStream(seed, "r"), ALL_TILES))
    assert rotated > chi2_limit(28 * 27 - 1)


# --------------------------------------------------------------------------- no `random`


def service_modules() -> list[Path]:
    return sorted(
        p for p in SERVICE.rglob("*.py")
        if p.relative_to(SERVICE).parts[0] not in (*RANDOM_ALLOWED, "v1")
    )  # fmt: skip


def random_uses(source: str) -> list[int]:
    """Lines that import ``random`` (any form, dynamic imports included)."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            if any(a.name == "random" or a.name.startswith("random.") for a in node.names):
                lines.append(node.lineno)
        elif isinstance(node, ast.ImportFrom):
            if node.module and (node.module == "random" or node.module.startswith("random.")):
                lines.append(node.lineno)
        elif isinstance(node, ast.Call) and node.args:
            name = ast.unparse(node.func)
            first = node.args[0]
            if (
                name in ("__import__", "importlib.import_module", "import_module")
                and isinstance(first, ast.Constant)
                and first.value == "random"
            ):
                lines.append(node.lineno)
    return lines


def test_random_uses_finds_every_form() -> None:
    source = "import random\nfrom random import choice\nimport random as r\n__import__('random')\n"
    assert random_uses(source) == [1, 2, 3, 4]
    assert random_uses("import secrets\nrng = secrets.SystemRandom()\n") == []


def test_no_service_module_uses_the_random_module() -> None:
    modules = service_modules()
    assert (
        SERVICE / "match" / "matches.py" in modules and SERVICE / "engine" / "shuffle.py" in modules
    )
    offenders = {
        str(p.relative_to(ROOT)): lines for p in modules if (lines := random_uses(p.read_text()))
    }
    assert offenders == {}


@pytest.mark.skipif(not RUFF.exists() and shutil.which("ruff") is None, reason="ruff not installed")
def test_ruff_bans_random_in_service_code_but_not_in_bots() -> None:
    ruff = str(RUFF) if RUFF.exists() else "ruff"

    def check(path: str) -> str:
        # --stdin-filename applies the per-file rules of that path; nothing is written.
        done = subprocess.run(
            [ruff, "check", "--select", "TID251", "--stdin-filename", path, "-"],
            input="import random\n", capture_output=True, text=True, cwd=ROOT, timeout=60,
        )  # fmt: skip
        return done.stdout + done.stderr

    assert "TID251" in check("service/fiveup/match/matches.py")
    assert "TID251" in check("service/fiveup/engine/shuffle.py")
    assert "TID251" not in check("service/fiveup/bots/simple.py")
    whole = subprocess.run(
        [ruff, "check", "--select", "TID251", "service", "core_ext"],
        capture_output=True, text=True, cwd=ROOT, timeout=60,
    )  # fmt: skip
    assert whole.returncode == 0, whole.stdout
