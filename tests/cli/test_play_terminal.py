"""Drive `fiveup play` through a pseudo-terminal, as a person would, against a real
server process; then check the finished match with `fiveup verify`."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest

from fiveup.v1 import common_pb2
from fiveup.v1 import match_pb2 as pb

FIVEUP = [sys.executable, "-m", "fiveup.cli"]


@pytest.fixture
def server_process(tmp_path: Path) -> Iterator[str]:
    proc = subprocess.Popen(
        [
            *FIVEUP,
            "serve",
            "--address",
            "127.0.0.1:0",
            "--db",
            str(tmp_path / "play.sqlite3"),
            "--metrics-port",
            "-1",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    assert proc.stdout is not None
    seen = []  # the server may log warnings first (e.g. an ephemeral access-token key)
    match = None
    while (line := proc.stdout.readline()) and len(seen) < 50:
        seen.append(line)
        if match := re.search(r"gRPC listening on (\S+):(\d+)", line):
            break
    assert match, "".join(seen)
    try:
        yield f"127.0.0.1:{match.group(2)}"
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def test_a_person_plays_a_whole_match_in_the_terminal(server_process: str, tmp_path: Path) -> None:
    child = pexpect.spawn(
        sys.executable,
        [
            "-m",
            "fiveup.cli",
            "play",
            "--server",
            server_process,
            "--players",
            "3",
            "--bots",
            "greedy,random",
            "--target",
            "6",
        ],
        encoding="utf-8",
        timeout=60,
        env={**os.environ, "COLUMNS": "100"},
        dimensions=(60, 100),
    )
    transcript = []
    turns = 0
    while True:
        index = child.expect(
            [r"Your move \[number, q to quit\]: ", r"Match over: side \d+ wins\.", pexpect.EOF]
        )
        transcript.append(child.before + (child.after if isinstance(child.after, str) else ""))
        if index == 0:
            turns += 1
            # choose the last listed move: exercises multi-digit choices and forced draws
            options = re.findall(r"^\s+(\d+)\) ", child.before, flags=re.M)
            child.sendline(options[-1] if options else "1")
        else:
            break
    child.expect(pexpect.EOF)
    child.close()
    screen = "".join(transcript)
    assert child.exitstatus == 0, screen[-2000:]
    assert turns > 0
    assert "Layout (○ open connection point" in screen
    assert "(spinner" in screen and "○ open" in screen and "★ counts" in screen
    assert re.search(r"you\s+-?\d+ points \(\s*-?\d+ raw\)", screen)
    assert "Reckoning:" in screen
    assert "Match over" in screen

    match_id = re.search(r"Created match (\w+)", screen).group(1)  # type: ignore[union-attr]
    verified = subprocess.run(
        [*FIVEUP, "verify", match_id, "--server", server_process],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert verified.returncode == 0, verified.stderr
    assert verified.stdout.startswith("OK:")


def test_verify_rejects_a_tampered_record(server_process: str, tmp_path: Path) -> None:
    import grpc
    from google.protobuf import json_format

    from fiveup.v1 import match_pb2_grpc

    with grpc.insecure_channel(server_process) as channel:
        stub = match_pb2_grpc.MatchServiceStub(channel)
        bot = pb.SeatSpec(kind=pb.SEAT_KIND_BOT, bot=pb.BOT_KIND_GREEDY)
        created = stub.CreateMatch(pb.CreateMatchRequest(seats=[bot, bot], target_points=5))
        for _ in stub.WatchMatch(pb.WatchMatchRequest(match_id=created.match_id)):
            pass  # the stream ends with the match
        record = stub.GetMatchRecord(pb.GetMatchRecordRequest(match_id=created.match_id))
    good = tmp_path / "good.json"
    good.write_text(json_format.MessageToJson(record))
    ok = subprocess.run([*FIVEUP, "verify", str(good)], capture_output=True, text=True, timeout=60)
    assert ok.returncode == 0, ok.stderr

    tampered = pb.GetMatchRecordResponse()
    tampered.CopyFrom(record)
    dealt = next(e for e in tampered.events if e.WhichOneof("kind") == "round_dealt").round_dealt
    a, b = dealt.hands[0].tiles[0], dealt.boneyard[0]
    swapped = common_pb2.Tile()
    swapped.CopyFrom(a)
    a.CopyFrom(b)
    b.CopyFrom(swapped)
    bad = tmp_path / "bad.binpb"
    bad.write_bytes(tampered.SerializeToString())
    failed = subprocess.run(
        [*FIVEUP, "verify", str(bad)], capture_output=True, text=True, timeout=60
    )
    assert failed.returncode == 1
    assert "not the deck derived from the seed" in failed.stderr

    wrong_seed = pb.GetMatchRecordResponse()
    wrong_seed.CopyFrom(record)
    wrong_seed.shuffle_seed = bytes(32)
    bad.write_bytes(wrong_seed.SerializeToString())
    failed = subprocess.run(
        [*FIVEUP, "verify", str(bad)], capture_output=True, text=True, timeout=60
    )
    assert failed.returncode == 1
    assert "commitment" in failed.stderr
