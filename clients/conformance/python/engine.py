"""The interpreter of clients/conformance/cases.json (README.md beside it says what each
step means), shared by the Python runners; a runner brings only its transport.

A transport speaks proto3 JSON (dicts) to the service and hands back what it received:
the answer as a dict, its status code and ErrorInfo reason, and the raw bytes or text off
the wire (the hidden-tile check looks at those).
"""

from __future__ import annotations

import copy
import json
import re
import secrets
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

FORMAT = 1
WATCH_DEADLINE = 30.0
WHOLE_VARIABLE = re.compile(r"^\$\{(\w+)\}$")
VARIABLE = re.compile(r"\$\{(\w+)\}")
PATH_PART = re.compile(r"([A-Za-z_]\w*)|\[(\d+)\]")


@dataclass
class Answer:
    """One unary answer: ``body`` is the response (proto3 JSON) when ``code`` is OK."""

    code: str
    body: dict[str, Any]
    reason: str = ""
    message: str = ""
    raw: bytes = b""


@dataclass
class Watched:
    """What a WatchMatch stream delivered before it ended or was dropped."""

    messages: list[dict[str, Any]]
    raws: list[bytes]
    ended: bool
    code: str = "OK"
    reason: str = ""


class Transport(Protocol):
    name: str

    def call(self, method: str, request: dict[str, Any], auth: str | None) -> Answer: ...

    def watch(
        self, request: dict[str, Any], auth: str | None, take: int | None, deadline: float
    ) -> Watched: ...

    def leaks(self, hand: list[dict[str, Any]], raw: bytes) -> bool:
        """Whether ``raw`` (one spectator answer) carries any tile of ``hand``."""
        ...


class CaseFailed(Exception):
    pass


# --- values and paths ------------------------------------------------------------------


def substitute(value: Any, variables: dict[str, Any]) -> Any:
    if isinstance(value, str):
        whole = WHOLE_VARIABLE.match(value)
        if whole:
            return copy.deepcopy(_lookup(variables, whole.group(1)))
        return VARIABLE.sub(lambda m: _text(_lookup(variables, m.group(1))), value)
    if isinstance(value, list):
        return [substitute(v, variables) for v in value]
    if isinstance(value, dict):
        return {k: substitute(v, variables) for k, v in value.items()}
    return value


def _lookup(variables: dict[str, Any], name: str) -> Any:
    if name not in variables:
        raise CaseFailed(f"variable ${{{name}}} was never saved")
    return variables[name]


def _text(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value)


_ABSENT = object()


def get_path(answer: Any, path: str) -> Any:
    """The value at ``path``, or _ABSENT."""
    if path == "$":
        return answer
    value = answer
    parts = path.split(".")
    for i, part in enumerate(parts):
        if part == "length" and i == len(parts) - 1:
            return len(value) if isinstance(value, list) else (0 if value is _ABSENT else _ABSENT)
        for name, index in PATH_PART.findall(part):
            if value is _ABSENT:
                return _ABSENT
            if name:
                value = value.get(name, _ABSENT) if isinstance(value, dict) else _ABSENT
            else:
                items = value if isinstance(value, list) else []
                value = items[int(index)] if int(index) < len(items) else _ABSENT
    return value


def _is_default(value: Any) -> bool:
    return (
        value is _ABSENT
        or value in (0, "", False, [], {})
        or (isinstance(value, str) and (value.endswith("_UNSPECIFIED") or value == "0"))
    )


def normalise(value: Any) -> Any:
    """Numbers as numbers (int64 arrives as a string in proto3 JSON)."""
    if isinstance(value, str) and re.fullmatch(r"-?\d+", value):
        return int(value)
    if isinstance(value, list):
        return [normalise(v) for v in value]
    if isinstance(value, dict):
        return {k: normalise(v) for k, v in value.items()}
    return value


def same(actual: Any, expected: Any) -> bool:
    if actual is _ABSENT:
        return _is_default(expected)
    return bool(normalise(actual) == normalise(expected))


# --- expectations ------------------------------------------------------------------------


def check(expect: dict[str, Any], code: str, reason: str, message: str, answer: Any,
          variables: dict[str, Any]) -> None:  # fmt: skip
    wanted = expect.get("code", "OK")
    if code != wanted:
        detail = f" ({reason}: {message})" if code != "OK" else ""
        raise CaseFailed(f"code {code}{detail}, expected {wanted}")
    if code != "OK":
        if "reason" in expect and reason != expect["reason"]:
            raise CaseFailed(f"reason {reason or '(none)'}, expected {expect['reason']}")
        if not reason:
            raise CaseFailed(f"{code} carries no ErrorInfo reason")
        return
    for path, value in expect.get("fields", {}).items():
        actual = get_path(answer, path)
        if not same(actual, value):
            shown = "absent" if actual is _ABSENT else json.dumps(actual)
            raise CaseFailed(f"{path} is {shown}, expected {json.dumps(value)}")
    for path in expect.get("present", []):
        actual = get_path(answer, path)
        if actual is _ABSENT or actual is None or actual in ([], "", {}):
            raise CaseFailed(f"{path} is not set")
    if "same_as" in expect:
        first = _lookup(variables, expect["same_as"])
        if normalise(first) != normalise(answer):
            raise CaseFailed(f"answer differs from {expect['same_as']}: {answer} != {first}")


# --- the procedures --------------------------------------------------------------------


@dataclass
class Runner:
    transport: Transport
    out: Callable[[str], None] = print
    counter: int = field(default=0)

    def ok(self, method: str, request: dict[str, Any], auth: str | None = None) -> dict[str, Any]:
        answer = self.transport.call(method, request, auth)
        if answer.code != "OK":
            raise CaseFailed(f"{method}: {answer.code} {answer.reason}: {answer.message}")
        return answer.body

    def view(self, match: str, auth: str | None = None) -> dict[str, Any]:
        view: dict[str, Any] = self.ok("MatchService.GetMatch", {"matchId": match}, auth)["view"]
        return view

    def turn(self, step: dict[str, Any]) -> dict[str, Any]:
        tokens = step["tokens"]
        seat = self.view(step["match"]).get("turnSeat")
        if seat is None:
            raise CaseFailed("nobody is to move (view.turnSeat unset)")
        return {"seat": seat, "token": tokens[seat], "other": tokens[(seat + 1) % len(tokens)]}

    def play_to_end(self, step: dict[str, Any], run: str) -> dict[str, Any]:
        match, tokens, moves = step["match"], step["tokens"], 0
        while True:
            view = self.view(match)
            if view.get("status") != "MATCH_STATUS_IN_PROGRESS":
                return {"moves": moves, "view": view}
            if moves >= int(step.get("maxMoves", 2000)):
                raise CaseFailed(f"no end after {moves} moves")
            token = tokens[view["turnSeat"]]
            legal = self.ok("MatchService.ListLegalMoves", {"matchId": match}, token)
            if not legal.get("moves"):
                raise CaseFailed(f"seat {view['turnSeat']} is to move but has no legal move")
            expected = int(legal["version"])
            self.counter += 1
            done = self.ok("MatchService.SubmitMove", {
                "matchId": match, "move": legal["moves"][0], "expectedVersion": expected,
                "requestId": f"conformance-{run}-{self.counter}",
            }, token)  # fmt: skip
            if int(done["version"]) <= expected:
                raise CaseFailed(f"SubmitMove answered version {done['version']} <= {expected}")
            moves += 1

    def watch(self, step: dict[str, Any]) -> dict[str, Any]:
        after = int(step["afterVersion"])
        take = step.get("take")
        request = {"matchId": step["match"], "afterVersion": after}
        seen = self.transport.watch(request, step.get("auth"), take, WATCH_DEADLINE)
        if seen.code != "OK":
            raise CaseFailed(f"WatchMatch ended with {seen.code} {seen.reason}")
        if take is not None and len(seen.messages) < int(take):
            raise CaseFailed(f"WatchMatch gave {len(seen.messages)} events, {take} wanted")
        if take is None and not seen.ended:
            raise CaseFailed("WatchMatch did not end within the deadline")
        events = []
        for message in seen.messages:
            if "event" not in message:
                raise CaseFailed(f"WatchMatch sent {message} instead of an event")
            events.append(message["event"])
        versions = [int(e["version"]) for e in events]
        if versions != list(range(after + 1, after + 1 + len(versions))):
            raise CaseFailed(f"versions {after + 1}.. expected, got {versions}")
        return {
            "count": len(events), "events": events, "ended": seen.ended,
            "firstVersion": versions[0] if versions else None,
            "lastVersion": versions[-1] if versions else None,
        }  # fmt: skip

    def hidden_hands(self, step: dict[str, Any]) -> dict[str, Any]:
        match = step["match"]
        hands = []
        for seat, token in enumerate(step["tokens"]):
            hand = self.view(match, token).get("hand", [])
            if not hand:
                raise CaseFailed(f"seat {seat} sees no hand of its own")
            hands.append(hand)
        spectator = self.transport.call("MatchService.GetMatch", {"matchId": match}, None)
        if spectator.code != "OK":
            raise CaseFailed(f"spectator GetMatch: {spectator.code} {spectator.reason}")
        view = spectator.body["view"]
        for name in ("hand", "legalMoves", "mustPlay", "viewerSeat"):
            if view.get(name) not in (None, []):
                raise CaseFailed(f"the spectator's view has {name}: {view[name]}")
        take = int(view["version"])
        seen = self.transport.watch(
            {"matchId": match, "afterVersion": 0}, None, take, WATCH_DEADLINE
        )
        if len(seen.messages) < take:
            raise CaseFailed(f"the spectator's stream gave {len(seen.messages)} of {take} events")
        for message in seen.messages:
            for hand in message.get("event", {}).get("roundDealt", {}).get("hands", []):
                if hand.get("tiles"):
                    raise CaseFailed(f"the spectator was dealt {hand['tiles']}")
        raws = [spectator.raw, *seen.raws]
        for seat, hand in enumerate(hands):
            for raw in raws:
                if self.transport.leaks(hand, raw):
                    raise CaseFailed(f"seat {seat}'s hidden tiles are in a spectator's bytes")
        return {"hiddenTiles": sum(len(h) for h in hands), "spectatorAnswers": len(raws)}

    # --- cases ---------------------------------------------------------------------

    def step(self, step: dict[str, Any], variables: dict[str, Any], run: str) -> None:
        expanded = substitute({k: v for k, v in step.items() if k not in ("expect", "save")},
                              variables)  # fmt: skip
        expect = substitute(step.get("expect", {}), variables)
        if "call" in expanded:
            answer = self.transport.call(expanded["call"], expanded.get("request", {}),
                                         expanded.get("auth"))  # fmt: skip
            check(expect, answer.code, answer.reason, answer.message, answer.body, variables)
            result: Any = answer.body
        else:
            procedure = expanded["do"]
            if procedure == "turn":
                result = self.turn(expanded)
            elif procedure == "play_to_end":
                result = self.play_to_end(expanded, run)
            elif procedure == "watch":
                result = self.watch(expanded)
            elif procedure == "hidden_hands":
                result = self.hidden_hands(expanded)
            else:
                raise CaseFailed(f"unknown procedure {procedure!r}")
            check(expect, "OK", "", "", result, variables)
        for name, path in step.get("save", {}).items():
            value = get_path(result, path)
            if value is _ABSENT:
                raise CaseFailed(f"nothing at {path} to save as {name}")
            variables[name] = value

    def case(self, case: dict[str, Any]) -> str | None:
        """None when the case passed, else why it failed."""
        run = secrets.token_hex(6)
        variables: dict[str, Any] = {"run": run}
        for number, step in enumerate(case["steps"], start=1):
            what = step.get("call") or step.get("do")
            try:
                self.step(step, variables, run)
            except CaseFailed as exc:
                return f"step {number} ({what}): {exc}"
            except Exception as exc:  # a transport error is this case's failure, not the run's
                return f"step {number} ({what}): {type(exc).__name__}: {exc}"
        return None

    def run(self, cases_file: Path, only: Sequence[str] = ()) -> int:
        suite = json.loads(cases_file.read_text())
        if suite.get("format") != FORMAT:
            raise SystemExit(
                f"{cases_file}: format {suite.get('format')!r}, this runner reads {FORMAT}"
            )
        cases = [c for c in suite["cases"] if not only or c["name"] in only]
        passed = failed = 0
        for case in cases:
            started = time.monotonic()
            why = self.case(case)
            took = f"{time.monotonic() - started:.2f}s"
            if why is None:
                passed += 1
                self.out(f"PASS {case['name']} ({took})")
            else:
                failed += 1
                self.out(f"FAIL {case['name']}: {why}")
        self.out(f"{passed} passed, {failed} failed")
        return 0 if failed == 0 and passed > 0 else 1


def main(make: Callable[[str], Transport], argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) < 2:
        print("usage: run CASES TARGET [CASE_NAME...]", file=sys.stderr)
        return 2
    transport = make(args[1])
    return Runner(transport, out=lambda line: print(line, flush=True)).run(Path(args[0]), args[2:])
