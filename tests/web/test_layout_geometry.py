"""The web client's layout drawing (clients/web/src/table/geometry.ts) never overlaps two tiles:
self-play through the real engine (as ``fiveup simulate`` plays: the same bots, the same
seeds) collects the final layout of every round, the biggest a round can reach, and the
node test draws each one and checks every pair of tiles; then bends each at the table's
edge of a phone (390 px wide) and checks again, with every tile at least 18 px a square
once the board fits them (the straight lines drew 12-14 px); and the round-end panel's
still picture of each, bent at the panel's own box on a phone and a laptop (it bent at
the live board's frame: a laptop drew its biggest as squares of 15.5 px, now 21)."""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

from fiveup.bots import make_bot, seeded_rng
from fiveup.cli.simulate import match_seed
from fiveup.engine import Match, MatchConfig, RoundEnded, view_for

from ..clients.conftest import CLIENTS_DIR, ensure_clients_built

WEB_DIR = CLIENTS_DIR / "web"
TABLES = [
    ("greedy", "random"),
    ("random", "random", "random"),
    ("greedy",) * 4,
    ("expert", "random"),
]
MATCHES_PER_TABLE = 12


def round_layouts() -> list[str]:
    """The compact layout each round ended with, over a few dozen self-played matches."""
    layouts: set[str] = set()
    for table_no, kinds in enumerate(TABLES):
        for i in range(MATCHES_PER_TABLE):
            seed = match_seed(f"geometry/{table_no}", i)
            bots = [make_bot(k, seeded_rng(f"{seed.hex()}/bot/{s}")) for s, k in enumerate(kinds)]
            match, events = Match.start(MatchConfig(seats=kinds, seed=seed, target_points=61))
            last = b""
            while True:
                if match.round is not None:
                    last = match.round.layout.to_bytes() or last
                if any(isinstance(e, RoundEnded) for e in events) and last:
                    layouts.add(last.hex())
                seat = match.to_move()
                if seat is None:
                    break
                events = match.act(seat, bots[seat].choose(view_for(match, seat)))
    return sorted(layouts, key=len, reverse=True)


def test_no_layout_reachable_in_play_is_drawn_with_overlaps(tmp_path: Path) -> None:
    tools = ensure_clients_built()
    layouts = round_layouts()
    assert len(layouts) > 300
    biggest = len(layouts[0]) // 4
    assert biggest >= 18, f"self-play reached only {biggest} tiles"
    data = tmp_path / "layouts.json"
    data.write_text(json.dumps(layouts))
    env = dict(os.environ, FIVEUP_LAYOUTS=str(data), NO_COLOR="1")
    done = subprocess.run(
        [tools["node"], "--test", "--test-reporter=spec", "test/geometry.test.mjs"],
        cwd=WEB_DIR, env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    output = done.stdout + done.stderr
    assert done.returncode == 0, output[-5000:]
    found = re.search(r"GEOMETRY layouts=(\d+) biggest=(\d+)", output)
    assert found, output[-3000:]
    assert (int(found.group(1)), int(found.group(2))) == (len(layouts), biggest)
    phone = re.search(r"PHONE frame=(\d+)x(\d+) min=([\d.]+)", output)
    assert phone, output[-3000:]
    assert float(phone.group(3)) >= 18, phone.group(0)
    # the round-end panel's picture bends at its own box (phone and laptop both drawn)
    stills = re.findall(r"STILL (\w+) board_frame_min=([\d.]+) .* min=([\d.]+)", output)
    assert sorted(name for name, _, _ in stills) == ["laptop", "phone"], output[-3000:]
    print(stills)
