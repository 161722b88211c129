"""``fiveup play``'s input: the blocking prompt in its own thread, and the choice of a
move from the server's list (or q, h for hints, u to undo, a chat command)."""

from __future__ import annotations

import asyncio
import contextlib
import enum
import threading
from collections.abc import Awaitable, Callable
from typing import TextIO

from ..v1 import match_pb2 as pb
from .play_chat import TableChat, parse_command
from .play_render import move_text


async def ask_with_chat(ask: Callable[[str], str], text: str, chat: TableChat | None) -> str:
    """Ask in the prompt thread; incoming chat lines meanwhile show the prompt again."""
    if chat is not None:
        chat.prompt = text
    try:
        if isinstance(ask, Keyboard):
            return await ask.line(text)
        return await _ask_in_thread(ask, text)
    finally:
        if chat is not None:
            chat.prompt = None


def read_line(prompt: str) -> str:
    try:
        return input(prompt)
    except EOFError:
        return "q"


def _ask_in_thread(ask: Callable[[str], str], prompt: str) -> asyncio.Future[str]:
    """Run the blocking prompt in a daemon thread.  Not the loop's executor: on Ctrl-C,
    asyncio.run waits for the executor's threads, and one blocked in input() would keep
    the program on screen until Enter; a daemon thread is simply left behind."""
    loop = asyncio.get_running_loop()
    future: asyncio.Future[str] = loop.create_future()

    def settle(value: str | None, error: BaseException | None) -> None:
        if future.done():
            return
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(value or "")

    def run() -> None:
        try:
            value = ask(prompt)
        except BaseException as exc:  # handed to the loop, which raises it in the task
            answer: tuple[str | None, BaseException | None] = (None, exc)
        else:
            answer = (value, None)
        # the loop may be gone (the program is ending): then nobody waits for the answer
        with contextlib.suppress(RuntimeError):
            loop.call_soon_threadsafe(settle, *answer)

    threading.Thread(target=run, name="fiveup-prompt", daemon=True).start()
    return future


class Interrupt(enum.Enum):
    """What the person answered instead of a move."""

    QUIT = "quit"
    MOVED_ON = "moved on"  # the table changed while they chose (a stand-in played)
    HINTS = "hints"  # show the server's hints (h), then ask again
    UNDO = "undo"  # take the last move back (u, practice matches)


async def choose_move(
    view: pb.MatchView,
    prompt_for: Callable[[str], Awaitable[str]],
    out: TextIO,
    chat: TableChat | None = None,
    moved_on: Callable[[], bool] = lambda: False,
    *,
    listed: bool = True,
) -> pb.Move | Interrupt:
    moves = list(view.legal_moves)
    if listed:
        for i, move in enumerate(moves, start=1):
            print(f"  {i:>2}) {move_text(move)}", file=out)
    extras = ("h for hints, " if view.hints_allowed else "") + (
        "u to undo, " if view.can_undo else ""
    )
    prompt = f"Your move [number, {extras}q to quit]: "
    while True:
        typed = await prompt_for(prompt)
        command = parse_command(typed)
        if command is not None and chat is not None:  # a chat line, then the move again
            await chat.command(command, prompt_for)
            if moved_on():
                return Interrupt.MOVED_ON
            continue
        answer = typed.strip().lower()
        if answer in ("q", "quit", "exit"):
            return Interrupt.QUIT
        if moved_on():  # whatever was typed, it was chosen on a table that is gone
            return Interrupt.MOVED_ON
        if answer == "h" and view.hints_allowed:
            return Interrupt.HINTS
        if answer == "u" and view.can_undo:
            return Interrupt.UNDO
        if answer == "" and len(moves) == 1:
            return moves[0]
        if answer.isdigit() and 1 <= int(answer) <= len(moves):
            return moves[int(answer) - 1]
        print(f"  Type a number from 1 to {len(moves)}.", file=out, flush=True)


class Keyboard:
    """The terminal's lines for a session whose questions may be dropped unanswered
    (the tournament view stops asking when a table is ready).  One thread reads the
    lines; each goes to the newest question, in the event loop, so a question dropped
    earlier never takes the answer to the next one (with ``read_line`` each question
    has a thread of its own, and a dropped one would still take the next line typed).
    Pass it where an ``ask`` goes: ``ask_with_chat`` asks it in the loop; called
    directly it is a blocking ``read_line``."""

    def __init__(self, out: TextIO, read: Callable[[], str] = input) -> None:
        self.out, self.read = out, read
        self._typed: list[str] = []  # lines typed while nothing was asked
        self._ended = False  # end of input: every question is answered "q"
        self._waiting: asyncio.Future[str] | None = None  # the newest question
        self._loop: asyncio.AbstractEventLoop | None = None

    def __call__(self, prompt: str) -> str:
        return read_line(prompt)

    async def line(self, prompt: str) -> str:
        """Show ``prompt`` and wait for the next line (an older question is dropped)."""
        if self._loop is None:
            self._loop = asyncio.get_running_loop()
            threading.Thread(target=self._read, name="fiveup-keys", daemon=True).start()
        if self._waiting is not None and not self._waiting.done():
            self._waiting.cancel()
        if prompt:
            print(prompt, end="", file=self.out, flush=True)
        if self._typed:
            return self._typed.pop(0)
        if self._ended:
            return "q"
        self._waiting = self._loop.create_future()
        return await self._waiting

    def _typed_line(self, line: str | None) -> None:
        """In the loop: a line (None: the end of input) for the newest question."""
        if line is None:
            self._ended = True
            line = "q"
        if self._waiting is not None and not self._waiting.done():
            self._waiting.set_result(line)
        elif not self._ended:
            self._typed.append(line)

    def _read(self) -> None:
        assert self._loop is not None
        while True:
            try:
                line: str | None = self.read()
            except (EOFError, OSError):
                line = None
            with contextlib.suppress(RuntimeError):  # the loop is gone: nobody asks
                self._loop.call_soon_threadsafe(self._typed_line, line)
            if line is None:
                return
