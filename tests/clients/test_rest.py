"""REST/JSON through the gateway beyond the conformance cases: FindMatch as a stream of
newline-delimited JSON (each line flushed as the server sends it), a seat found that way
played with the access token, and CORS letting a local page call the REST paths."""

from __future__ import annotations

import json
import threading
import time
import uuid
from typing import Any

import httpx

from .conftest import Stack

LOCAL_ORIGIN = "http://127.0.0.1:5173"


def sign_in(client: httpx.Client) -> dict[str, str]:
    answer = client.post("/v1/sessions:guest", json={"deviceId": f"rest-{uuid.uuid4()}"})
    assert answer.status_code == 200, answer.text
    return {"authorization": f"Bearer {answer.json()['session']['accessToken']}"}


def test_find_match_streams_ndjson_until_two_players_are_matched(stack: Stack) -> None:
    client = httpx.Client(base_url=stack.gateway.url, timeout=60)
    players = [sign_in(client), sign_in(client)]
    lines: list[list[dict[str, Any]]] = [[], []]
    first_line = threading.Event()

    def search(n: int) -> None:
        with client.stream("POST", "/v1/matchmaking:find", json={"players": 2},
                           headers=players[n]) as stream:  # fmt: skip
            assert stream.status_code == 200
            for line in stream.iter_lines():
                lines[n].append(json.loads(line))
                first_line.set()
                if "matched" in lines[n][-1]:
                    return

    first = threading.Thread(target=search, args=(0,))
    first.start()
    # the first searcher's `searching` line arrives while its request is still open:
    # the stream is delivered a message at a time, not when it ends
    assert first_line.wait(30)
    assert "searching" in lines[0][0]
    second = threading.Thread(target=search, args=(1,))
    second.start()
    first.join(60)
    second.join(60)
    matched = [found[-1]["matched"] for found in lines]
    assert matched[0]["matchId"] == matched[1]["matchId"]
    assert sorted(m["seat"] for m in matched) == [0, 1]  # seat 0 printed, not left out
    # the seat is bound to the player: their access token acts for it
    seat_to_move = client.get(f"/v1/matches/{matched[0]['matchId']}").json()["view"]["turnSeat"]
    mover = players[[m["seat"] for m in matched].index(seat_to_move)]
    legal = client.get(f"/v1/matches/{matched[0]['matchId']}/legalMoves", headers=mover)
    assert legal.status_code == 200 and legal.json()["moves"], legal.text


def test_a_local_page_may_call_rest_and_a_foreign_one_may_not(stack: Stack) -> None:
    def preflight(origin: str) -> httpx.Response:
        return httpx.options(
            f"{stack.gateway.url}/v1/matches/abc/legalMoves",
            headers={"Origin": origin, "Access-Control-Request-Method": "GET",
                     "Access-Control-Request-Headers": "authorization"},
        )  # fmt: skip

    allowed = preflight(LOCAL_ORIGIN)
    assert allowed.headers["access-control-allow-origin"] == LOCAL_ORIGIN
    assert "GET" in allowed.headers["access-control-allow-methods"]
    assert "access-control-allow-origin" not in preflight("https://evil.example").headers


def test_table_chat_over_rest(stack: Stack) -> None:
    """Chat through the transcoder: a phrase and free text sent with POST, the room read
    with GET, and WatchChat as newline-delimited JSON delivered a message at a time."""
    client = httpx.Client(base_url=stack.gateway.url, timeout=60)
    players = [sign_in(client), sign_in(client)]
    created = client.post(
        "/v1/matches",
        json={"seats": [{"kind": "SEAT_KIND_HUMAN"}, {"kind": "SEAT_KIND_HUMAN"}], "unrated": True},
    ).json()
    match = created["matchId"]
    for seat, headers in enumerate(players):
        joined = client.post(f"/v1/matches/{match}:join", json={"seat": seat}, headers=headers)
        assert joined.status_code == 200, joined.text
    got: list[dict[str, Any]] = []
    first = threading.Event()

    def watch() -> None:
        with client.stream("GET", f"/v1/matches/{match}/chat/events", params={"afterSeq": 0},
                           headers=players[1]) as stream:  # fmt: skip
            for line in stream.iter_lines():
                got.append(json.loads(line)["message"])
                first.set()
                if len(got) == 2:
                    return

    watcher = threading.Thread(target=watch)
    watcher.start()
    sent = client.post(f"/v1/matches/{match}/chat:send", json={"phrase": "hello"},
                       headers=players[0])  # fmt: skip
    assert sent.status_code == 200, sent.text
    assert first.wait(30) and got[0]["phrase"] == "hello"
    text = client.post(f"/v1/matches/{match}/chat:send", json={"text": "good luck!"},
                       headers=players[0])  # fmt: skip
    assert text.json()["message"]["author"]["you"] is True
    watcher.join(30)
    assert [m.get("text") or m.get("phrase") for m in got] == ["hello", "good luck!"]
    listed = client.get(f"/v1/matches/{match}/chat", headers=players[1]).json()
    # the reader's own positions 1, 2; ids are random (they count nothing), the stream's
    assert [m["cursor"] for m in listed["messages"]] == ["1", "2"]
    assert [m["messageId"] for m in listed["messages"]] == [m["messageId"] for m in got]
    refused = client.get(f"/v1/matches/{match}/chat")  # a spectator in the players' room
    assert refused.status_code == 403
    assert refused.json()["details"][0]["reason"] == "CHAT_NOT_ALLOWED"
    phrases = client.get("/v1/chat/phrases").json()
    assert phrases["languages"] == ["en", "hi"]


def test_tournaments_over_rest(stack: Stack) -> None:
    """TournamentService through the transcoder: create, enter, read, and the watch
    stream's first line as newline-delimited JSON."""
    client = httpx.Client(base_url=stack.gateway.url, timeout=60)
    owner = sign_in(client)
    starts = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() + 3600))
    created = client.post(
        "/v1/tournaments", headers=owner,
        json={"requestId": f"rest-{uuid.uuid4()}", "settings": {
            "name": "REST Swiss", "format": "TOURNAMENT_FORMAT_SWISS", "seats": 2,
            "capacity": 8, "startsAt": starts}},
    )  # fmt: skip
    assert created.status_code == 200, created.text
    tid = created.json()["tournament"]["tournamentId"]
    joined = client.post(f"/v1/tournaments/{tid}:join", headers=owner, json={})
    assert joined.status_code == 200 and joined.json()["tournament"]["entrants"] == 1
    read = client.get(f"/v1/tournaments/{tid}", headers=owner).json()["tournament"]
    assert read["entered"] is True and read["summary"]["state"] == "TOURNAMENT_STATE_UPCOMING"
    listed = client.get("/v1/tournaments").json()["tournaments"]
    assert tid in {t["tournamentId"] for t in listed}
    with client.stream("GET", f"/v1/tournaments/{tid}:watch", headers=owner) as stream:
        assert stream.status_code == 200
        first = json.loads(next(stream.iter_lines()))
    assert first["tournament"]["summary"]["tournamentId"] == tid
    missing = client.post("/v1/tournaments/nope:join", headers=owner, json={})
    assert missing.status_code == 404
    assert missing.json()["details"][0]["reason"] == "TOURNAMENT_NOT_FOUND"
