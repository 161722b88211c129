"""`fiveup play`'s table chat and rematch, through real pseudo-terminals against a real
server process: two signed-in guests meet through the matchmaker, one writes (a phrase,
free text) and the other reads the lines between the moves; at the end both say yes and
the rematch starts in the same terminals at the same seats; a decline and a timeout end
both programs with status 0; an anonymous seat's free text is refused in one line, and
its rematch against bots starts a new match; Ctrl-C at the rematch and chat prompts ends
the program at once with status 130."""

from __future__ import annotations

import os
import re
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pexpect
import pytest

from .conftest import REMATCH_PROMPT

PROMPT = r"Your move \[number, q to quit\]: "
SEATED = r"Seated in match ([0-9a-f]+); you are seat (\d)\."
SIGNED_IN = r"Signed in as ([^\r\n]+)\.\r\n"
DEADLINE = 240.0
QUICK_EXIT_SECONDS = 15  # as test_play_keys: a loaded machine notices; a hang is far longer


def spawn(*args: str) -> pexpect.spawn:
    return pexpect.spawn(
        sys.executable, ["-m", "fiveup.cli", "play", *args],
        encoding="utf-8", timeout=60, env={**os.environ, "COLUMNS": "100"}, dimensions=(60, 100),
    )  # fmt: skip


class Player:
    """One terminal: its pexpect child and everything it printed so far."""

    def __init__(self, child: pexpect.spawn) -> None:
        self.child = child
        self.screen = ""

    def expect(self, patterns: list[object] | str, timeout: float = 60) -> int:
        index = int(self.child.expect(patterns, timeout=timeout))
        after = self.child.after if isinstance(self.child.after, str) else ""
        self.screen += self.child.before + after
        return index

    def send(self, line: str) -> None:
        self.child.sendline(line)

    def ends_with(self, status: int) -> None:
        self.expect(pexpect.EOF)
        self.child.close()
        assert self.child.exitstatus == status, (self.child.exitstatus, self.screen[-3000:])
        assert "Traceback" not in self.screen


@pytest.fixture
def players(server_process: str, tmp_path: Path) -> Iterator[Callable[..., dict[str, Player]]]:
    made: list[Player] = []

    def seat_two(
        *flags: str, ann: tuple[str, ...] = (), bob: tuple[str, ...] = ()
    ) -> dict[str, Player]:
        """Ann and Bob, seated together by the matchmaker (no bots), both at their table;
        ``ann`` and ``bob``: flags of one of them."""
        own = {"ann": ann, "bob": bob}
        pair = {
            name: Player(spawn("--server", server_process, "--device-file",
                               str(tmp_path / f"{name}-device"), "--queue", "2",
                               "--bot-wait", "300", *flags, *own[name]))
            for name in ("ann", "bob")
        }  # fmt: skip
        made.extend(pair.values())
        for p in pair.values():
            p.expect(SIGNED_IN)
            p.name = p.child.match.group(1)  # type: ignore[attr-defined]
        for p in pair.values():
            p.expect(SEATED)
            p.match_id, p.seat = p.child.match.group(1), int(p.child.match.group(2))  # type: ignore[attr-defined]
        assert pair["ann"].match_id == pair["bob"].match_id  # type: ignore[attr-defined]
        return pair

    yield seat_two
    for p in made:
        if p.child.isalive():
            p.child.terminate(force=True)


def play_to_the_rematch_question(
    pair: dict[str, Player], on_first_prompt: Callable[[Player], None] | None = None
) -> None:
    """Both play the first listed move at each prompt until each is asked about a
    rematch; ``on_first_prompt`` runs at the first move prompt either of them gets."""
    asked: set[str] = set()
    first = on_first_prompt
    deadline = time.monotonic() + DEADLINE
    while len(asked) < 2:
        assert time.monotonic() < deadline, "the match did not end in time"
        for name, p in pair.items():
            if name in asked:
                continue
            try:
                index = p.expect([PROMPT, REMATCH_PROMPT, pexpect.EOF], timeout=0.05)
            except pexpect.TIMEOUT:
                continue
            if index == 0:
                if first is not None:
                    first(p)
                    first = None
                p.send("1")
            elif index == 1:
                asked.add(name)
            else:
                raise AssertionError(f"{name}'s client ended early:\n{p.screen[-3000:]}")


def ann_offers_a_rematch(pair: dict[str, Player]) -> tuple[Player, Player]:
    """Both play to the rematch question; Ann says yes and waits for Bob."""
    play_to_the_rematch_question(pair)
    ann, bob = pair["ann"], pair["bob"]
    ann.send("y")
    ann.expect(r"Waiting for seat \d to accept")
    return ann, bob


def first_prompt(pair: dict[str, Player]) -> Player:
    """The player who gets a move prompt first."""
    deadline = time.monotonic() + DEADLINE
    while time.monotonic() < deadline:
        for p in pair.values():
            try:
                p.expect(PROMPT, timeout=0.05)
            except pexpect.TIMEOUT:
                continue
            return p
    raise AssertionError("nobody was asked for a move")


def test_chat_between_the_moves_and_a_rematch_in_the_same_terminals(
    players: Callable[..., dict[str, Player]],
) -> None:
    pair = players("--target", "6")
    ann, bob = pair["ann"], pair["bob"]
    writer: list[Player] = []

    def talk(p: Player) -> None:  # at the first prompt of whoever moves first
        writer.append(p)
        p.send(":phrase 1")
        p.expect(r"» you: Hello!")
        p.expect(PROMPT)
        p.send(":say good luck, friend")
        p.expect(r"» you: good luck, friend")
        p.expect(PROMPT)

    play_to_the_rematch_question(pair, talk)
    (author,) = writer
    reader = bob if author is ann else ann
    who = re.escape(f"{author.name} (seat {author.seat})")  # type: ignore[attr-defined]
    # The reader saw both lines as they came, between the moves, each once.
    assert len(re.findall(rf"» {who}: Hello!", reader.screen)) == 1, reader.screen[-3000:]
    assert len(re.findall(rf"» {who}: good luck, friend", reader.screen)) == 1
    assert "held" not in author.screen  # two seats: nothing is held back
    assert "Chat: at a prompt type :say TEXT" in reader.screen  # the help line

    # Both say yes: the first waits for the other, then both play the new match.
    ann.send("y")
    ann.expect(r"Waiting for seat \d to accept")
    bob.send("y")
    for p in (ann, bob):
        p.expect(r"Rematch: match ([0-9a-f]+); you are seat (\d)\.")
        p.rematch = (p.child.match.group(1), int(p.child.match.group(2)))  # type: ignore[attr-defined]
    assert ann.rematch[0] == bob.rematch[0] != ann.match_id  # type: ignore[attr-defined]
    assert [p.rematch[1] for p in (ann, bob)] == [ann.seat, bob.seat]  # type: ignore[attr-defined]
    for p in (ann, bob):
        p.expect(r"Five Up — match " + ann.rematch[0])  # type: ignore[attr-defined]
    # whoever is to move quits (status 0); the other leaves with Ctrl-C while following
    mover = first_prompt(pair)
    mover.send("q")
    mover.expect("Bye.")
    mover.ends_with(0)
    other = bob if mover is ann else ann
    other.child.sendintr()
    other.ends_with(130)


def test_a_declined_rematch_ends_both_programs(
    players: Callable[..., dict[str, Player]],
) -> None:
    ann, bob = ann_offers_a_rematch(players("--target", "1"))
    bob.send("n")
    bob.expect("You declined the rematch.")
    bob.ends_with(0)
    ann.expect("The rematch was declined.")
    ann.ends_with(0)


def test_nobody_answering_ends_the_wait_and_withdraws_the_offer(
    players: Callable[..., dict[str, Player]],
) -> None:
    pair = players("--target", "1", ann=("--rematch-wait", "4"), bob=("--rematch-wait", "120"))
    ann, bob = pair["ann"], pair["bob"]
    play_to_the_rematch_question(pair)
    ann.send("y")
    ann.expect(r"Waiting for seat \d to accept \(up to 4 s")
    # Bob is told of the offer over his open question and does not answer.
    bob.expect(r"· seat \d would play again: y to accept")
    ann.expect("Nobody accepted within 4 s: the offer is withdrawn.")
    ann.ends_with(0)
    bob.expect(r"· the rematch was declined; y offers a new one")  # withdrawn: it is off
    bob.send("n")
    bob.ends_with(0)


def test_partners_free_text_waits_for_the_rounds_end(server_process: str, tmp_path: Path) -> None:
    """A signed-in player at a 4-seat (partnership) table: free text and a game-talk
    phrase written during a round are held (one line says so); a courtesy phrase reaches
    the opponents at once and the partner at the round's end."""
    p = Player(spawn("--server", server_process, "--device-file", str(tmp_path / "device"),
                     "--queue", "4", "--bot-wait", "1"))  # fmt: skip
    p.expect(SEATED)
    p.expect(PROMPT)
    assert "Partners play without table talk" in p.screen
    p.send(":say I have the double six")
    p.expect(PROMPT)
    lines = [line for line in p.child.before.splitlines() if line.startswith("» ")]
    assert lines == [
        "» you: I have the double six  (held: the table reads it when this round ends;"
        " partners play without table talk)"
    ], p.child.before
    p.send(":phrase good_luck")  # game talk: held too
    p.expect(r"» you: Good luck!  \(held: ")
    p.expect(PROMPT)
    p.send(":phrase hello")  # courtesy: the opponents read it at once, the partner later
    p.expect(PROMPT)
    assert [line for line in p.child.before.splitlines() if line.startswith("» ")] == [
        "» you: Hello!  (your opponents read it now, your partner when this round ends)"
    ]
    p.send(":phrases")
    p.expect(PROMPT)
    assert "Hello!  (opponents at once)" in p.child.before
    assert "Good luck!  (at the round's end)" in p.child.before
    p.send("q")
    p.ends_with(0)


def test_an_anonymous_seat_sends_phrases_but_no_free_text(server_process: str) -> None:
    p = Player(spawn("--server", server_process))
    p.expect(PROMPT)
    p.send(":say hello?")
    p.expect(PROMPT)
    refusal = [line for line in p.child.before.splitlines() if line.startswith("Chat refused")]
    assert refusal == [
        "Chat refused: free text needs a signed-in player; an anonymous seat sends phrases"
    ], p.child.before
    p.send(":phrase")  # alone: the list, then the question
    p.expect(r"Phrase \[1-(\d+), Enter: none\]: ")
    assert "Quick-chat phrases (:phrase N):" in p.screen and "Good game!" in p.screen
    p.send("2")
    p.expect(r"» you: Thanks!")
    p.expect(PROMPT)
    p.send(":nonsense")
    p.expect(r"Chat: at a prompt type :say TEXT")
    p.expect(PROMPT)
    p.send("q")
    p.expect("Bye.")
    p.ends_with(0)


def test_an_anonymous_seats_rematch_starts_a_new_match_against_the_same_bots(
    server_process: str,
) -> None:
    p = Player(spawn("--server", server_process, "--target", "1"))
    while p.expect([PROMPT, REMATCH_PROMPT]) == 0:
        p.send("1")
    first = re.search(r"Created match (\w+)", p.screen).group(1)  # type: ignore[union-attr]
    p.send("y")
    p.expect(r"Created match (\w+); you are seat 1\.")
    assert p.child.match.group(1) != first
    p.expect([PROMPT, REMATCH_PROMPT])
    p.send("q")
    p.ends_with(0)


def test_an_unanswered_rematch_question_ends_the_program(server_process: str) -> None:
    p = Player(spawn("--server", server_process, "--target", "1", "--rematch-wait", "2"))
    while p.expect([PROMPT, REMATCH_PROMPT]) == 0:
        p.send("1")
    p.expect(r"No answer within 2 s: no rematch\.")
    p.ends_with(0)


def interrupted(p: Player) -> float:
    started = time.monotonic()
    p.child.sendintr()
    p.expect(pexpect.EOF, timeout=QUICK_EXIT_SECONDS)
    took = time.monotonic() - started
    p.child.close()
    assert p.child.exitstatus == 130, (p.child.exitstatus, p.child.signalstatus, p.screen[-2000:])
    assert "Traceback" not in p.screen
    return took


def test_ctrl_c_at_the_rematch_prompt_ends_at_once(server_process: str) -> None:
    p = Player(spawn("--server", server_process, "--target", "1"))
    while p.expect([PROMPT, REMATCH_PROMPT]) == 0:
        p.send("1")
    assert interrupted(p) < QUICK_EXIT_SECONDS


@pytest.mark.parametrize(
    ("command", "question"),
    [(":say", r"Say \(Enter: nothing\): "), (":phrase", r"Phrase \[1-\d+, Enter: none\]: ")],
)
def test_ctrl_c_at_a_chat_prompt_ends_at_once(
    server_process: str, command: str, question: str
) -> None:
    p = Player(spawn("--server", server_process))
    p.expect(PROMPT)
    p.send(command)
    p.expect(question)
    assert interrupted(p) < QUICK_EXIT_SECONDS


def test_ctrl_c_while_waiting_for_the_others_to_accept_ends_at_once(
    players: Callable[..., dict[str, Player]],
) -> None:
    ann, bob = ann_offers_a_rematch(players("--target", "1"))
    assert interrupted(ann) < QUICK_EXIT_SECONDS
    bob.send("n")
    bob.ends_with(0)
