"""`fiveup play --tournament ID` through a pseudo-terminal against a real server process:
a person enters a short Swiss, waits for the rounds, plays their tables with the match
screen, and sees the final standings; the other entrants are held by the test through
the public API (random legal moves).  Every refused entry is one line and a non-zero
exit; `--tournaments` lists what can be entered."""

from __future__ import annotations

import asyncio
import os
import random
import re
import secrets
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import grpc
import pexpect
import pytest
from google.protobuf.timestamp_pb2 import Timestamp

from fiveup.v1 import match_pb2_grpc, players_pb2, players_pb2_grpc, tournaments_pb2_grpc
from fiveup.v1 import tournaments_pb2 as pb

from ..harness import auth, running_server, start_process, stop_process
from ..service.players import play_seat
from .conftest import FIVEUP

SERVER_FLAGS = (
    "--tournament-tick-seconds", "0.1", "--tournament-watch-seconds", "0.2",
    "--tournament-player-per-day", "50",
)  # fmt: skip
PROMPT = r"Your move \[number, q to quit\]: "

# `fiveup play --tournament ID` with its imports done before the id is typed: the
# tournament can start a moment after it is created, whatever the machine's load.
WARM_PLAY = [
    sys.executable, "-c",
    "import sys\n"
    "from fiveup.cli import main\n"
    "import fiveup.cli.play, fiveup.cli.play_tournament\n"
    "print('ready', flush=True)\n"
    "tid = input()\n"
    "sys.exit(main([*sys.argv[1:], '--tournament', tid]))",
]  # fmt: skip


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with running_server(tmp_path_factory.mktemp("server"), extra=SERVER_FLAGS) as running:
        yield running.address


def at(seconds: float) -> Timestamp:
    ts = Timestamp()
    ts.FromNanoseconds(int(seconds * 1e9))
    return ts


def sign_in(channel: grpc.Channel, name: str) -> players_pb2.Session:
    stub = players_pb2_grpc.PlayerServiceStub(channel)
    request = players_pb2.SignInAsGuestRequest(
        device_id=secrets.token_urlsafe(20), display_name=name
    )
    return stub.SignInAsGuest(request).session


def create(channel: grpc.Channel, owner: str, **kw: object) -> str:
    settings: dict[str, object] = {
        "name": "Tiny Swiss", "format": pb.TOURNAMENT_FORMAT_SWISS, "seats": 2,
        "target_points": 1, "starts_at": at(time.time() + 3600), "capacity": 8,
    }  # fmt: skip
    settings.update(kw)
    stub = tournaments_pb2_grpc.TournamentServiceStub(channel)
    answer = stub.CreateTournament(
        pb.CreateTournamentRequest(
            settings=pb.TournamentSettings(**settings),  # type: ignore[arg-type]
            request_id=secrets.token_hex(8),
        ),
        metadata=auth(owner),
    )
    return answer.tournament.tournament_id


def join(channel: grpc.Channel, tid: str, token: str) -> None:
    stub = tournaments_pb2_grpc.TournamentServiceStub(channel)
    stub.JoinTournament(pb.JoinTournamentRequest(tournament_id=tid), metadata=auth(token))


def get(channel: grpc.Channel, tid: str) -> pb.TournamentDetail:
    stub = tournaments_pb2_grpc.TournamentServiceStub(channel)
    return stub.GetTournament(pb.GetTournamentRequest(tournament_id=tid)).tournament


class HeldPlayers:
    """The other entrants, in a thread of their own: each plays every table it is seated
    at (random legal moves) until the tournament is over."""

    def __init__(self, server: str, tid: str, tokens: dict[str, str]) -> None:
        self.server, self.tid, self.tokens = server, tid, tokens
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> HeldPlayers:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.thread.join(timeout=60)
        if self.error is not None and exc[0] is None:
            raise self.error

    def _run(self) -> None:
        try:
            asyncio.run(self._play())
        except BaseException as exc:  # reported by __exit__
            self.error = exc

    async def _play(self) -> None:
        async with grpc.aio.insecure_channel(self.server) as channel:
            tournaments = tournaments_pb2_grpc.TournamentServiceStub(channel)
            matches = match_pb2_grpc.MatchServiceStub(channel)
            rng = random.Random(7)
            started: set[str] = set()
            tasks: list[asyncio.Task[object]] = []
            request = pb.WatchTournamentRequest(tournament_id=self.tid)
            try:
                async with asyncio.timeout(50):
                    async for update in tournaments.WatchTournament(request):
                        for rnd in update.tournament.rounds:
                            for table in rnd.tables:
                                if table.ending != pb.TABLE_ENDING_PLAYING:
                                    continue
                                for player in table.player_ids:
                                    if (
                                        player in self.tokens
                                        and (table.match_id, player) not in started
                                    ):
                                        started.add((table.match_id, player))  # type: ignore[arg-type]
                                        tasks.append(asyncio.create_task(play_seat(
                                            matches, table.match_id, self.tokens[player],
                                            random.Random(rng.random()),
                                        )))  # fmt: skip
                        if update.tournament.summary.state == pb.TOURNAMENT_STATE_FINISHED:
                            break
            finally:
                for task in tasks:
                    task.cancel()
                await asyncio.gather(*tasks, return_exceptions=True)


def test_a_person_plays_a_swiss_from_the_terminal_to_its_final_standings(
    server: str, tmp_path: Path
) -> None:
    child = pexpect.spawn(
        WARM_PLAY[0],
        [*WARM_PLAY[1:], "play", "--server", server, "--device-file", str(tmp_path / "device")],
        encoding="utf-8", timeout=30, env={**os.environ, "COLUMNS": "100"},
        dimensions=(60, 100),
    )  # fmt: skip
    child.logfile_read = (tmp_path / "screen.txt").open("w")  # the whole screen, for a failure
    transcript: list[str] = []

    def seen() -> None:
        transcript.append(child.before + (child.after if isinstance(child.after, str) else ""))

    child.expect("ready")
    with grpc.insecure_channel(server) as channel:
        organiser = sign_in(channel, "Organiser")
        others = [sign_in(channel, name) for name in ("Asha", "Bilal", "Chen")]
        # The start leaves the terminal (its imports done) 6 s to sign in and enter, the
        # margin a loaded 2-core machine needed (3 s was not always enough).
        tid = create(channel, organiser.access_token, starts_at=at(time.time() + 6), capacity=4)
        child.sendline(tid)
        for other in others:
            join(channel, tid, other.access_token)
        tokens = {s.player.player_id: s.access_token for s in others}
        with HeldPlayers(server, tid, tokens):
            child.expect(r"Signed in as ([^\r\n]+)\.\r\n")
            child.expect(r"Entered Tiny Swiss\.")
            seen()
            child.expect("Type w to withdraw, or q to leave")
            seen()
            tables = 0
            while True:
                index = child.expect(
                    [r"Round (\d): your table is ready — match \w+; you are seat \d\.",
                     PROMPT, r"Tournament over: [^\r\n]+\.", pexpect.EOF]
                )  # fmt: skip
                seen()
                if index == 0:
                    tables += 1
                    assert child.match.group(1) == str(tables)
                elif index == 1:
                    options = re.findall(r"^\s+(\d+)\) ", child.before, flags=re.M)
                    child.sendline(options[-1] if options else "1")
                else:
                    break
            child.expect(pexpect.EOF)
            child.close()
        final = get(channel, tid)
    screen = "".join(transcript)
    assert child.exitstatus == 0, screen[-3000:]
    assert tables == 2, screen[-3000:]  # 4 entrants: ceil(log2 4) = 2 rounds, no byes
    assert "Layout (" in screen and "Match over" in screen
    # entered before the start (the wait is shown unless the machine was slower)
    assert re.search(r"Starts in \d+ seconds? \(|Waiting for round 1…|being seated", screen)
    assert re.search(r"Waiting for (round 2|the final standings)", screen), screen[-3000:]
    assert final.summary.state == pb.TOURNAMENT_STATE_FINISHED
    # the final standings on the screen are the server's, the person's line marked
    last = screen[screen.rindex("Tiny Swiss — Swiss, 2 seats, to 1 point; round 2 of 2") :]
    for row in final.standings:
        line = re.search(rf"^\s+{row.rank}\s+(\S+)( \(you\))?\s+{row.points:g}\s", last, re.M)
        assert line, (row, last)
    me = next(s for s in final.standings if s.display_name not in ("Asha", "Bilal", "Chen"))
    assert re.search(rf"you finished {me.rank}\w\w of 4 with {me.points:g} points?\.", last)


def run_play(server: str, tmp_path: Path, *flags: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*FIVEUP, "play", "--server", server, "--device-file", str(tmp_path / "device"), *flags],
        capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL,
    )  # fmt: skip


def one_line(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 1, (done.stdout, done.stderr)
    assert "Traceback" not in done.stderr, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("fiveup play: "), lines[0]
    return lines[0].removeprefix("fiveup play: ")


def test_refused_entries_end_in_one_line_and_the_list_shows_what_can_be_entered(
    server: str, tmp_path: Path
) -> None:
    with grpc.insecure_channel(server) as channel:
        owner = sign_in(channel, "Owner").access_token
        full = create(channel, owner, name="Full House", capacity=2)
        for name in ("Dev", "Eve"):
            join(channel, full, sign_in(channel, name).access_token)
        picky = create(channel, owner, name="Strong", entry=pb.EntryRules(min_rating=1800))
        closed = create(channel, owner, name="Under Way", starts_at=at(time.time() + 0.3))
        for name in ("Fay", "Gus"):
            join(channel, closed, sign_in(channel, name).access_token)
        deadline = time.monotonic() + 20
        while get(channel, closed).summary.state != pb.TOURNAMENT_STATE_RUNNING:
            assert time.monotonic() < deadline, "the tournament did not start"
            time.sleep(0.05)

    assert one_line(run_play(server, tmp_path, "--tournament", "nosuchid")) == (
        "no tournament nosuchid (check the id: fiveup play --tournaments lists them;"
        " an invitation-only one is shown only to the players it names)"
    )
    assert one_line(run_play(server, tmp_path, "--tournament", full)) == (
        f"tournament {full} is full; pick another (fiveup play --tournaments)"
    )
    assert one_line(run_play(server, tmp_path, "--tournament", closed)) == (
        f"entries to tournament {closed} are closed; pick another (fiveup play --tournaments)"
    )
    assert one_line(run_play(server, tmp_path, "--tournament", picky)) == (
        f"your rating is outside tournament {picky}'s rating band: you cannot enter it"
    )

    listed = run_play(server, tmp_path, "--tournaments")
    assert listed.returncode == 0, listed.stderr
    assert re.search(rf"^  {full}  Full House — Swiss, 2 seats, to 1 point; 2/2 entered; starts ",
                     listed.stdout, re.M), listed.stdout  # fmt: skip
    assert re.search(rf"^  {closed}  Under Way — .*; round 1 of 1$", listed.stdout, re.M)
    assert listed.stdout.rstrip().endswith("Enter one with: fiveup play --tournament ID")


def test_the_view_survives_a_server_restart_and_a_person_comes_back_then_withdraws(
    tmp_path: Path,
) -> None:
    """The server stops while the person waits: the view says it reconnects, and once
    the server is back (with a new signing key) it follows the tournament again (a new
    entrant shows).  q leaves
    with the entry kept; the same command comes back to it; w withdraws, after a yes."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        address = f"127.0.0.1:{probe.getsockname()[1]}"
    folder = tmp_path / "server"
    # An ephemeral signing key, as `make run` has: the restarted server refuses the
    # sessions the first one signed, and the view signs in again with the same device.
    server = start_process(folder, "--address", address, *SERVER_FLAGS)

    def spawn() -> pexpect.spawn:
        return pexpect.spawn(
            sys.executable,
            ["-m", "fiveup.cli", "play", "--server", address,
             "--device-file", str(tmp_path / "device"), "--tournament", tid],
            encoding="utf-8", timeout=30, dimensions=(60, 100),
        )  # fmt: skip

    try:
        with grpc.insecure_channel(address) as channel:
            tid = create(channel, sign_in(channel, "Host").access_token, name="Later")
        child = spawn()
        child.expect(r"Entered Later\.")
        child.expect(r"Entered\. Starts in \d+ minutes \([^)]+\); waiting for round 1…")
        child.expect("Type w to withdraw")
        stop_process(server)
        child.expect("· the connection dropped; reconnecting…")
        server = start_process(folder, "--address", address, *SERVER_FLAGS)
        with grpc.insecure_channel(address) as channel:
            join(channel, tid, sign_in(channel, "Zed").access_token)
            child.expect(r"\d\s+Zed\s+0\s")  # the standings again, from the new stream
            child.sendline("q")
            child.expect(rf"You are still entered: fiveup play --tournament {tid} takes you back\.")
            child.expect(pexpect.EOF)
            child.close()
            assert child.exitstatus == 0
            assert get(channel, tid).summary.entrants == 2

            back = spawn()
            back.expect(r"Back in Later\.")
            back.expect("Type w to withdraw")
            back.sendline("w")
            back.expect(r"Withdraw from the tournament\? .* \[y/N\] ")
            back.sendline("n")
            back.expect("Still entered.")
            back.sendline("w")
            back.expect(r"\[y/N\] ")
            back.sendline("y")
            back.expect("You withdrew from the tournament")
            back.expect(pexpect.EOF)
            back.close()
            assert back.exitstatus == 0
            assert get(channel, tid).summary.entrants == 1  # before the start: the place is freed
    finally:
        stop_process(server)
