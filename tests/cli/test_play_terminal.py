"""Drive `fiveup play` through a pseudo-terminal, as a person would, against a real
server process; then check the finished match with `fiveup verify`."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pexpect

from fiveup.v1 import common_pb2
from fiveup.v1 import match_pb2 as pb

from .conftest import FIVEUP, no_rematch

# How the terminal announces the end: "you win", "seat 2 wins", "seats 1 & 3 (you) win"...
MATCH_OVER = r"Match over: [^\r\n]+\."


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
        index = child.expect([r"Your move \[number, q to quit\]: ", MATCH_OVER, pexpect.EOF])
        transcript.append(child.before + (child.after if isinstance(child.after, str) else ""))
        if index == 0:
            turns += 1
            # choose the last listed move: exercises multi-digit choices and forced draws
            options = re.findall(r"^\s+(\d+)\) ", child.before, flags=re.M)
            child.sendline(options[-1] if options else "1")
        else:
            break
    no_rematch(child)
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


def test_a_stand_in_plays_for_an_absent_person_who_then_takes_the_seat_back(
    tmp_path: Path,
) -> None:
    """The person does not answer: the turn timer hands the seat to a stand-in bot, the
    screen says so (the stand-in's moves are not "you placed"), and when the person
    comes back the game resumes without a raw ABORTED line."""
    from ..harness import start_process, stop_process

    server = start_process(
        tmp_path / "server", "--turn-timeout-seconds", "1.5", "--stand-in-delay-seconds", "1.0"
    )
    target = server.address
    child = pexpect.spawn(
        sys.executable,
        [
            "-m", "fiveup.cli", "play", "--server", target, "--players", "2",
            "--bots", "greedy", "--target", "6",
        ],
        encoding="utf-8", timeout=60, env={**os.environ, "COLUMNS": "100"},
        dimensions=(60, 100),
    )  # fmt: skip
    transcript: list[str] = []
    try:
        child.expect(r"Your move \[number, q to quit\]: ")
        transcript.append(child.before + child.after)
        # away from the keyboard: the stand-in takes over and says so at once
        child.expect(r"a stand-in bot is playing for you\. Press Enter to take your seat back\.")
        transcript.append(child.before + child.after)
        # the stand-in's moves are shown as they happen, as the stand-in's
        child.expect(r"· your stand-in (placed|drew|passed)")
        transcript.append(child.before + child.after)
        child.sendline("")  # back: whatever is typed now was chosen on an old table
        turns = 0
        while True:
            index = child.expect([r"Your move \[number, q to quit\]: ", MATCH_OVER, pexpect.EOF])
            transcript.append(child.before + (child.after if isinstance(child.after, str) else ""))
            if index != 0:
                break
            turns += 1
            options = re.findall(r"^\s+(\d+)\) ", child.before, flags=re.M)
            child.sendline(options[0] if options else "1")
        no_rematch(child)
        child.expect(pexpect.EOF)
        child.close()
    finally:
        stop_process(server)
    screen = "".join(transcript)
    assert child.exitstatus == 0, screen[-3000:]
    assert "your turn timer ran out: a stand-in bot plays for you" in screen
    assert re.search(r"· your stand-in (placed|drew|passed)", screen), screen[-3000:]
    assert "· you are back: your stand-in stopped" in screen, screen[-3000:]
    assert "ABORTED" not in screen and "STALE_VERSION" not in screen
    assert "is at version" not in screen
    assert turns > 0


def test_a_cancelled_match_ends_the_game_with_a_clear_line(tmp_path: Path) -> None:
    """The server's bound on a match's length (here: no round may finish) cancels the
    match; the screen says so and `fiveup play` ends instead of waiting forever."""
    from ..harness import start_process, stop_process

    server = start_process(tmp_path / "server", "--max-match-rounds", "0")
    target = server.address
    child = pexpect.spawn(
        sys.executable,
        ["-m", "fiveup.cli", "play", "--server", target, "--players", "2", "--bots", "greedy"],
        encoding="utf-8", timeout=60, dimensions=(60, 100),
    )  # fmt: skip
    transcript = []
    try:
        while True:
            index = child.expect([r"Your move \[number, q to quit\]: ", pexpect.EOF])
            transcript.append(child.before)
            if index == 1:
                break
            child.sendline("1")
        child.close()
    finally:
        stop_process(server)
    screen = "".join(transcript)
    assert "· the match was cancelled: it was too long for the server" in screen, screen[-2000:]
    assert "Match cancelled: it ended without a winner." in screen
    assert child.exitstatus == 1


def test_a_guest_queues_plays_and_resumes_from_another_process(
    server_process: str, tmp_path: Path
) -> None:
    """The matchmaker seats a signed-in guest (bots fill the table after a short wait); the
    player makes a move and quits, and a second process with the same device file picks
    the match up at the same seat."""
    device_file = tmp_path / "device-id"

    def spawn(*flags: str) -> pexpect.spawn:
        return pexpect.spawn(
            sys.executable,
            ["-m", "fiveup.cli", "play", "--server", server_process,
             "--device-file", str(device_file), *flags],
            encoding="utf-8", timeout=60, env={**os.environ, "COLUMNS": "100"},
            dimensions=(60, 100),
        )  # fmt: skip

    prompt = r"Your move \[number, q to quit\]: "
    # The name ends at its line's end: pexpect matches with DOTALL, so (.+) would reach
    # the last ".\r\n" of whatever output has arrived, under load several lines at once.
    signed_in = r"Signed in as ([^\r\n]+)\.\r\n"
    first = spawn("--queue", "2", "--bot-wait", "1")
    first.expect(signed_in)
    name = first.match.group(1)
    first.expect(r"Seated in match ([0-9a-f]+); you are seat (\d)\.")
    match_id, seat = first.match.group(1), first.match.group(2)
    first.expect(prompt)
    first.sendline("1")
    first.expect([prompt, r"Match over"])
    first.sendline("q")
    first.expect(pexpect.EOF)
    first.close()
    assert device_file.exists()

    second = spawn("--resume")
    second.expect(signed_in)
    assert second.match.group(1) == name
    second.expect(r"Resuming match ([0-9a-f]+); you are seat (\d)\.")
    assert (second.match.group(1), second.match.group(2)) == (match_id, seat)
    # the table as it stands: the first process's move (or the bot's lead) is on it
    second.expect(r"Layout \(")
    second.expect(r"End sum: ")
    assert "(empty table" not in second.before
    if second.expect([prompt, r"Match over"]) == 0:
        second.sendline("q")
    else:
        no_rematch(second)
    second.expect(pexpect.EOF)
    second.close()

    # another device is another player, with nothing to resume: one line, no traceback
    stranger = subprocess.run(
        [*FIVEUP, "play", "--server", server_process, "--resume",
         "--device-file", str(tmp_path / "another-device")],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert stranger.returncode == 1
    assert stranger.stderr.strip().splitlines() == [
        "fiveup play: no match in progress to resume: start one with --queue 2"
    ]


def test_practice_in_the_terminal_shows_hints_and_takes_moves_back(
    server_process: str, tmp_path: Path
) -> None:
    """`fiveup play --practice`: `h` lists the server's ranked hints (every listed move,
    numbered as in the move list), `u` takes the last move back; the match still ends and
    verifies."""
    child = pexpect.spawn(
        sys.executable,
        ["-m", "fiveup.cli", "play", "--server", server_process, "--practice",
         "--bots", "greedy", "--target", "4"],
        encoding="utf-8", timeout=60, env={**os.environ, "COLUMNS": "120"}, dimensions=(60, 120),
    )  # fmt: skip
    prompt = r"Your move \[number, (h for hints, )?(u to undo, )?q to quit\]: "
    screen = []
    hinted = undone = 0
    while True:
        index = child.expect([prompt, MATCH_OVER, pexpect.EOF])
        screen.append(child.before + (child.after if isinstance(child.after, str) else ""))
        if index != 0:
            break
        listed = re.findall(r"^\s+(\d+)\) ", child.before, flags=re.M)
        if hinted < 2 and child.match.group(1) and len(listed) > 1:
            child.sendline("h")
            child.expect(prompt)
            shown = child.before
            screen.append(shown)
            numbers = re.findall(r"^\s+(\d+)\) .* now \d+ points?, end sum \d+; ", shown, re.M)
            assert sorted(numbers, key=int) == sorted(listed, key=int), shown
            assert "sampled deals" in shown and "margin = " in shown and "net = " in shown
            assert "win " in shown
            hinted += 1
            child.sendline(numbers[0])  # follow the top hint
        elif undone < 2 and child.match.group(2):
            child.sendline("u")
            undone += 1
        else:
            child.sendline(listed[-1] if listed else "1")
    no_rematch(child)
    child.expect(pexpect.EOF)
    child.close()
    text = "".join(screen)
    assert child.exitstatus == 0, text[-2000:]
    assert hinted and undone, text[-2000:]
    assert "took moves back" in text
    match_id = re.search(r"Created match (\w+)", text).group(1)  # type: ignore[union-attr]
    verified = subprocess.run(
        [*FIVEUP, "verify", match_id, "--server", server_process],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert verified.returncode == 0, verified.stderr
