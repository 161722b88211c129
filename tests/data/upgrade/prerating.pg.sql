--
-- PostgreSQL database dump
--

\restrict ifHukKAskYLv8DjMZSsON3IvLdFdzcZlf6WQnfMeFNgOHk4wDApaXBs84lXDfyN

-- Dumped from database version 15.20 (Debian 15.20-0+deb12u1)
-- Dumped by pg_dump version 15.20 (Debian 15.20-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
-- Name: fiveup_append(text, integer, text[], text, integer, text, integer, integer, boolean, boolean); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.fiveup_append(p_match_id text, p_expected integer, p_bodies text[], p_request_id text, p_seat integer, p_fingerprint text, p_first integer, p_last integer, p_finished boolean, p_notify boolean, OUT outcome text, OUT current_version integer, OUT r_seat integer, OUT r_fingerprint text, OUT r_first integer, OUT r_last integer) RETURNS record
    LANGUAGE plpgsql
    AS $$
        BEGIN
            -- The version first, then the request: each statement sees the latest commits
            -- (READ COMMITTED), so a racing append of this request committed in between is
            -- seen by the second read and reported as a duplicate, not as a conflict.
            SELECT COALESCE(MAX(e.version), 0) INTO current_version
              FROM events e WHERE e.match_id = p_match_id;
            IF p_request_id IS NOT NULL THEN
                SELECT r.seat, r.fingerprint, r.first_version, r.last_version
                  INTO r_seat, r_fingerprint, r_first, r_last
                  FROM requests r
                 WHERE r.match_id = p_match_id AND r.request_id = p_request_id;
                IF FOUND THEN
                    outcome := 'duplicate';
                    RETURN;
                END IF;
            END IF;
            IF current_version <> p_expected THEN
                IF current_version = 0
                   AND NOT EXISTS (SELECT 1 FROM matches m WHERE m.match_id = p_match_id) THEN
                    outcome := 'missing';
                ELSE
                    outcome := 'conflict';
                END IF;
                RETURN;
            END IF;
            INSERT INTO events (match_id, version, body)
                 SELECT p_match_id, p_expected + t.n::INTEGER, t.body::JSONB
                   FROM unnest(p_bodies) WITH ORDINALITY AS t(body, n);
            IF p_request_id IS NOT NULL THEN
                INSERT INTO requests VALUES
                    (p_match_id, p_request_id, p_seat, p_fingerprint, p_first, p_last);
            END IF;
            IF p_finished THEN
                UPDATE matches SET finished = TRUE WHERE match_id = p_match_id;
            END IF;
            IF p_notify THEN
                PERFORM pg_notify('fiveup_events', p_match_id);
            END IF;
            current_version := p_expected + COALESCE(array_length(p_bodies, 1), 0);
            outcome := 'ok';
        END
        $$;


SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: events; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.events (
    match_id text NOT NULL,
    version integer NOT NULL,
    body jsonb NOT NULL,
    CONSTRAINT events_version_check CHECK ((version > 0))
);


--
-- Name: lobby_schema_version; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.lobby_schema_version (
    version integer NOT NULL,
    applied_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: matches; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.matches (
    match_id text NOT NULL,
    seats jsonb NOT NULL,
    target_points integer NOT NULL,
    seed bytea NOT NULL,
    created_at double precision NOT NULL,
    finished boolean DEFAULT false NOT NULL,
    creator_hash bytea,
    finished_at double precision
);


--
-- Name: mm_tickets; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.mm_tickets (
    ticket_id text NOT NULL,
    player_id text NOT NULL,
    players integer NOT NULL,
    target_points integer NOT NULL,
    allow_bots boolean NOT NULL,
    bots_at double precision,
    party text,
    queued_at double precision NOT NULL,
    heartbeat_at double precision NOT NULL,
    state text NOT NULL,
    match_id text,
    seat integer,
    settled_at double precision
);


--
-- Name: player_identities; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.player_identities (
    provider text NOT NULL,
    subject text NOT NULL,
    player_id text NOT NULL,
    created_at double precision NOT NULL
);


--
-- Name: player_schema_version; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.player_schema_version (
    version integer NOT NULL,
    applied_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: player_sessions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.player_sessions (
    session_id text NOT NULL,
    player_id text NOT NULL,
    created_at double precision NOT NULL,
    revoked_at double precision,
    revoked_reason text
);


--
-- Name: players; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.players (
    player_id text NOT NULL,
    display_name text NOT NULL,
    created_at double precision NOT NULL,
    last_seen_at double precision NOT NULL
);


--
-- Name: private_tables; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.private_tables (
    match_id text NOT NULL,
    invite_hash bytea NOT NULL,
    expires_at double precision NOT NULL,
    created_by text NOT NULL,
    created_at double precision NOT NULL
);


--
-- Name: refresh_tokens; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.refresh_tokens (
    token_hash bytea NOT NULL,
    session_id text NOT NULL,
    issued_at double precision NOT NULL,
    expires_at double precision NOT NULL,
    replaced_at double precision
);


--
-- Name: requests; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.requests (
    match_id text NOT NULL,
    request_id text NOT NULL,
    seat integer NOT NULL,
    fingerprint text NOT NULL,
    first_version integer NOT NULL,
    last_version integer NOT NULL
);


--
-- Name: schema_version; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.schema_version (
    version integer NOT NULL,
    applied_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: seat_players; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.seat_players (
    match_id text NOT NULL,
    seat integer NOT NULL,
    player_id text NOT NULL,
    joined_at double precision NOT NULL
);


--
-- Name: seats; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.seats (
    match_id text NOT NULL,
    seat integer NOT NULL,
    token_hash bytea NOT NULL
);


--
-- Data for Name: events; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.events VALUES ('dedb852311da070d', 1, '{"type": "match_started", "hints": false, "seats": ["human", "human"], "practice": false, "commitment": "64ca3a09792ab263509626537ccc7f9a5d6e03309720db50fd3d11d727edeaf7", "target_points": 5}');
INSERT INTO public.events VALUES ('dedb852311da070d', 2, '{"turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "round_dealt", "hands": [[[2, 2], [2, 5], [1, 3], [5, 6], [0, 3]], [[1, 1], [0, 2], [1, 2], [6, 6], [3, 3]]], "by_lot": true, "starter": 0, "boneyard": [[0, 4], [3, 6], [4, 5], [0, 0], [2, 3], [2, 6], [0, 1], [3, 5], [4, 6], [4, 4], [5, 5], [1, 6], [2, 4], [0, 6], [1, 5], [0, 5], [3, 4], [1, 4]], "round_no": 1, "hand_sizes": [5, 5], "boneyard_size": 18}');
INSERT INTO public.events VALUES ('dedb852311da070d', 3, '{"seat": 0, "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "seat_claimed", "display_name": "ada"}');
INSERT INTO public.events VALUES ('dedb852311da070d', 4, '{"seat": 1, "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "seat_claimed", "display_name": "ben"}');
INSERT INTO public.events VALUES ('dedb852311da070d', 5, '{"on": null, "seat": 0, "tile": [1, 3], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 4}');
INSERT INTO public.events VALUES ('dedb852311da070d', 6, '{"on": [[1, 3], "low"], "seat": 1, "tile": [1, 2], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('dedb852311da070d', 7, '{"on": [[1, 2], "high"], "seat": 0, "tile": [2, 5], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 8}');
INSERT INTO public.events VALUES ('dedb852311da070d', 8, '{"on": [[1, 3], "high"], "seat": 1, "tile": [3, 3], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 11}');
INSERT INTO public.events VALUES ('dedb852311da070d', 9, '{"on": [[3, 3], "chain_b"], "seat": 0, "tile": [0, 3], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('dedb852311da070d', 10, '{"on": [[0, 3], "low"], "seat": 1, "tile": [0, 2], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('dedb852311da070d', 11, '{"on": [[2, 5], "high"], "seat": 0, "tile": [5, 6], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 8}');
INSERT INTO public.events VALUES ('dedb852311da070d', 12, '{"on": [[5, 6], "high"], "seat": 1, "tile": [6, 6], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 14}');
INSERT INTO public.events VALUES ('dedb852311da070d', 13, '{"on": [[0, 2], "high"], "seat": 0, "tile": [2, 2], "type": "tile_placed", "points": 0, "end_sum": 16}');
INSERT INTO public.events VALUES ('dedb852311da070d', 14, '{"type": "round_ended", "hands": [[], [[1, 1]]], "scores": [5, 5], "winner": 0, "blocked": false, "round_no": 1, "deductions": [0, 0]}');
INSERT INTO public.events VALUES ('dedb852311da070d', 15, '{"turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "round_dealt", "hands": [[[2, 5], [0, 5], [1, 4], [0, 1], [1, 6]], [[4, 4], [1, 2], [0, 6], [4, 5], [3, 5]]], "by_lot": false, "starter": 0, "boneyard": [[4, 6], [2, 3], [3, 4], [0, 0], [1, 3], [2, 6], [3, 6], [5, 5], [1, 1], [6, 6], [0, 3], [2, 4], [5, 6], [1, 5], [0, 4], [0, 2], [3, 3], [2, 2]], "round_no": 2, "hand_sizes": [5, 5], "boneyard_size": 18}');
INSERT INTO public.events VALUES ('dedb852311da070d', 16, '{"on": null, "seat": 0, "tile": [1, 4], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('dedb852311da070d', 17, '{"on": [[1, 4], "high"], "seat": 1, "tile": [4, 4], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 9}');
INSERT INTO public.events VALUES ('dedb852311da070d', 18, '{"on": [[1, 4], "low"], "seat": 0, "tile": [0, 1], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 8}');
INSERT INTO public.events VALUES ('dedb852311da070d', 19, '{"on": [[0, 1], "low"], "seat": 1, "tile": [0, 6], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 14}');
INSERT INTO public.events VALUES ('dedb852311da070d', 20, '{"on": [[0, 6], "high"], "seat": 0, "tile": [1, 6], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 9}');
INSERT INTO public.events VALUES ('dedb852311da070d', 21, '{"on": [[4, 4], "chain_b"], "seat": 1, "tile": [4, 5], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('dedb852311da070d', 22, '{"on": [[4, 5], "high"], "seat": 0, "tile": [0, 5], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 1}');
INSERT INTO public.events VALUES ('dedb852311da070d', 23, '{"on": [[1, 6], "low"], "seat": 1, "tile": [1, 2], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 2}');
INSERT INTO public.events VALUES ('dedb852311da070d', 24, '{"on": [[1, 2], "high"], "seat": 0, "tile": [2, 5], "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('dedb852311da070d', 25, '{"type": "round_ended", "hands": [[], [[3, 5]]], "scores": [15, -5], "winner": 0, "blocked": false, "round_no": 2, "deductions": [0, 10]}');
INSERT INTO public.events VALUES ('dedb852311da070d', 26, '{"turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "round_dealt", "hands": [[[3, 5], [3, 6], [0, 6], [1, 5], [1, 3]], [[2, 3], [2, 4], [1, 4], [1, 6], [0, 2]]], "by_lot": false, "starter": 0, "boneyard": [[2, 5], [5, 5], [2, 6], [2, 2], [3, 4], [1, 1], [4, 6], [0, 4], [6, 6], [4, 5], [0, 3], [0, 5], [3, 3], [0, 0], [1, 2], [5, 6], [4, 4], [0, 1]], "round_no": 3, "hand_sizes": [5, 5], "boneyard_size": 18}');
INSERT INTO public.events VALUES ('dedb852311da070d', 27, '{"on": null, "seat": 0, "tile": [3, 5], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 8}');
INSERT INTO public.events VALUES ('dedb852311da070d', 28, '{"on": [[3, 5], "low"], "seat": 1, "tile": [2, 3], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('dedb852311da070d', 29, '{"on": [[3, 5], "high"], "seat": 0, "tile": [1, 5], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 3}');
INSERT INTO public.events VALUES ('dedb852311da070d', 30, '{"on": [[2, 3], "low"], "seat": 1, "tile": [2, 4], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('dedb852311da070d', 31, '{"on": [[1, 5], "low"], "seat": 0, "tile": [1, 3], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('dedb852311da070d', 32, '{"on": [[2, 4], "high"], "seat": 1, "tile": [1, 4], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 4}');
INSERT INTO public.events VALUES ('dedb852311da070d', 33, '{"on": [[1, 3], "high"], "seat": 0, "tile": [3, 6], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('dedb852311da070d', 34, '{"on": [[3, 6], "high"], "seat": 1, "tile": [1, 6], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 2}');
INSERT INTO public.events VALUES ('dedb852311da070d', 35, '{"seat": 0, "tile": [2, 5], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('dedb852311da070d', 36, '{"seat": 0, "tile": [5, 5], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('dedb852311da070d', 37, '{"seat": 0, "tile": [2, 6], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('dedb852311da070d', 38, '{"seat": 0, "tile": [2, 2], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('dedb852311da070d', 39, '{"seat": 0, "tile": [3, 4], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('dedb852311da070d', 40, '{"seat": 0, "tile": [1, 1], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('dedb852311da070d', 41, '{"on": [[1, 4], "low"], "seat": 0, "tile": [1, 1], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 3}');
INSERT INTO public.events VALUES ('dedb852311da070d', 42, '{"seat": 1, "tile": [4, 6], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('dedb852311da070d', 43, '{"seat": 1, "tile": [0, 4], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('dedb852311da070d', 44, '{"seat": 1, "tile": [6, 6], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('dedb852311da070d', 45, '{"seat": 1, "tile": [4, 5], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('dedb852311da070d', 46, '{"seat": 1, "tile": [0, 3], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('dedb852311da070d', 47, '{"seat": 1, "tile": [0, 5], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('dedb852311da070d', 48, '{"seat": 1, "tile": [3, 3], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('dedb852311da070d', 49, '{"seat": 1, "tile": [0, 0], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('dedb852311da070d', 50, '{"seat": 1, "tile": [1, 2], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('dedb852311da070d', 51, '{"on": [[1, 6], "low"], "seat": 1, "tile": [1, 2], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 4}');
INSERT INTO public.events VALUES ('dedb852311da070d', 52, '{"on": [[1, 2], "high"], "seat": 0, "tile": [2, 5], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('dedb852311da070d', 53, '{"on": [[2, 5], "high"], "seat": 1, "tile": [0, 5], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 2}');
INSERT INTO public.events VALUES ('dedb852311da070d', 54, '{"on": [[0, 5], "low"], "seat": 0, "tile": [0, 6], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 8}');
INSERT INTO public.events VALUES ('dedb852311da070d', 55, '{"on": [[0, 6], "high"], "seat": 1, "tile": [6, 6], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 14}');
INSERT INTO public.events VALUES ('dedb852311da070d', 56, '{"on": [[6, 6], "chain_b"], "seat": 0, "tile": [2, 6], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 4}');
INSERT INTO public.events VALUES ('dedb852311da070d', 57, '{"on": [[6, 6], "branch_a"], "seat": 1, "tile": [4, 6], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 8}');
INSERT INTO public.events VALUES ('dedb852311da070d', 58, '{"on": [[4, 6], "low"], "seat": 0, "tile": [3, 4], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('dedb852311da070d', 59, '{"on": [[3, 4], "low"], "seat": 1, "tile": [0, 3], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 4}');
INSERT INTO public.events VALUES ('dedb852311da070d', 60, '{"on": [[2, 6], "low"], "seat": 0, "tile": [2, 2], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('dedb852311da070d', 61, '{"on": [[2, 2], "chain_b"], "seat": 1, "tile": [0, 2], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 2}');
INSERT INTO public.events VALUES ('dedb852311da070d', 62, '{"seat": 0, "tile": [5, 6], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('dedb852311da070d', 63, '{"on": [[6, 6], "branch_b"], "seat": 0, "tile": [5, 6], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('dedb852311da070d', 64, '{"on": [[0, 2], "low"], "seat": 1, "tile": [0, 0], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('dedb852311da070d', 65, '{"on": [[5, 6], "low"], "seat": 0, "tile": [5, 5], "type": "tile_placed", "points": 0, "end_sum": 12}');
INSERT INTO public.events VALUES ('dedb852311da070d', 66, '{"type": "round_ended", "hands": [[], [[0, 4], [4, 5], [3, 3]]], "scores": [15, -20], "winner": 0, "blocked": false, "round_no": 3, "deductions": [0, 20]}');
INSERT INTO public.events VALUES ('dedb852311da070d', 67, '{"turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "round_dealt", "hands": [[[1, 6], [3, 6], [5, 6], [4, 5], [0, 5]], [[0, 6], [2, 4], [2, 6], [1, 5], [2, 3]]], "by_lot": false, "starter": 0, "boneyard": [[4, 6], [3, 4], [4, 4], [6, 6], [2, 2], [0, 1], [3, 3], [2, 5], [1, 1], [1, 3], [0, 2], [1, 4], [0, 0], [0, 3], [1, 2], [0, 4], [5, 5], [3, 5]], "round_no": 4, "hand_sizes": [5, 5], "boneyard_size": 18}');
INSERT INTO public.events VALUES ('dedb852311da070d', 68, '{"on": null, "seat": 0, "tile": [1, 6], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('dedb852311da070d', 69, '{"on": [[1, 6], "high"], "seat": 1, "tile": [2, 6], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 3}');
INSERT INTO public.events VALUES ('dedb852311da070d', 70, '{"seat": 0, "tile": [4, 6], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('dedb852311da070d', 71, '{"seat": 0, "tile": [3, 4], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('dedb852311da070d', 72, '{"seat": 0, "tile": [4, 4], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('dedb852311da070d', 73, '{"seat": 0, "tile": [6, 6], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('dedb852311da070d', 74, '{"seat": 0, "tile": [2, 2], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('dedb852311da070d', 75, '{"on": [[2, 6], "low"], "seat": 0, "tile": [2, 2], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('dedb852311da070d', 76, '{"on": [[2, 2], "chain_b"], "seat": 1, "tile": [2, 3], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 4}');
INSERT INTO public.events VALUES ('dedb852311da070d', 77, '{"on": [[2, 3], "high"], "seat": 0, "tile": [3, 6], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('dedb852311da070d', 78, '{"on": [[1, 6], "low"], "seat": 1, "tile": [1, 5], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 11}');
INSERT INTO public.events VALUES ('dedb852311da070d', 79, '{"on": [[1, 5], "high"], "seat": 0, "tile": [4, 5], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 10, "end_sum": 10}');
INSERT INTO public.events VALUES ('dedb852311da070d', 80, '{"on": [[3, 6], "high"], "seat": 1, "tile": [0, 6], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 4}');
INSERT INTO public.events VALUES ('dedb852311da070d', 81, '{"on": [[0, 6], "low"], "seat": 0, "tile": [0, 5], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 9}');
INSERT INTO public.events VALUES ('dedb852311da070d', 82, '{"on": [[4, 5], "low"], "seat": 1, "tile": [2, 4], "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('dedb852311da070d', 83, '{"type": "round_ended", "hands": [[[5, 6], [4, 6], [3, 4], [4, 4], [6, 6]], []], "scores": [-20, -20], "winner": 1, "blocked": false, "round_no": 4, "deductions": [50, 0]}');
INSERT INTO public.events VALUES ('dedb852311da070d', 84, '{"turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "round_dealt", "hands": [[[0, 1], [3, 6], [1, 3], [0, 3], [4, 5]], [[5, 5], [4, 6], [0, 2], [0, 5], [0, 0]]], "by_lot": false, "starter": 1, "boneyard": [[2, 5], [2, 6], [1, 6], [1, 2], [6, 6], [3, 5], [4, 4], [2, 2], [0, 6], [1, 1], [3, 3], [2, 3], [5, 6], [1, 4], [1, 5], [2, 4], [0, 4], [3, 4]], "round_no": 5, "hand_sizes": [5, 5], "boneyard_size": 18}');
INSERT INTO public.events VALUES ('dedb852311da070d', 85, '{"on": null, "seat": 1, "tile": [0, 5], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('dedb852311da070d', 86, '{"on": [[0, 5], "high"], "seat": 0, "tile": [4, 5], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 4}');
INSERT INTO public.events VALUES ('dedb852311da070d', 87, '{"on": [[0, 5], "low"], "seat": 1, "tile": [0, 2], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('dedb852311da070d', 88, '{"seat": 0, "tile": [2, 5], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('dedb852311da070d', 89, '{"on": [[0, 2], "high"], "seat": 0, "tile": [2, 5], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 9}');
INSERT INTO public.events VALUES ('dedb852311da070d', 90, '{"on": [[2, 5], "high"], "seat": 1, "tile": [5, 5], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 14}');
INSERT INTO public.events VALUES ('dedb852311da070d', 91, '{"seat": 0, "tile": [2, 6], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('dedb852311da070d', 92, '{"seat": 0, "tile": [1, 6], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('dedb852311da070d', 93, '{"seat": 0, "tile": [1, 2], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('dedb852311da070d', 94, '{"seat": 0, "tile": [6, 6], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('dedb852311da070d', 95, '{"seat": 0, "tile": [3, 5], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('dedb852311da070d', 96, '{"on": [[5, 5], "chain_b"], "seat": 0, "tile": [3, 5], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('dedb852311da070d', 97, '{"on": [[4, 5], "low"], "seat": 1, "tile": [4, 6], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 9}');
INSERT INTO public.events VALUES ('dedb852311da070d', 98, '{"on": [[4, 6], "high"], "seat": 0, "tile": [1, 6], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 4}');
INSERT INTO public.events VALUES ('dedb852311da070d', 99, '{"seat": 1, "tile": [4, 4], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('dedb852311da070d', 100, '{"seat": 1, "tile": [2, 2], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('dedb852311da070d', 101, '{"seat": 1, "tile": [0, 6], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('dedb852311da070d', 102, '{"seat": 1, "tile": [1, 1], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('dedb852311da070d', 103, '{"on": [[1, 6], "low"], "seat": 1, "tile": [1, 1], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('dedb852311da070d', 104, '{"on": [[1, 1], "chain_b"], "seat": 0, "tile": [1, 2], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('dedb852311da070d', 105, '{"on": [[1, 2], "high"], "seat": 1, "tile": [2, 2], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('dedb852311da070d', 106, '{"on": [[1, 1], "branch_a"], "seat": 0, "tile": [1, 3], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 10, "end_sum": 10}');
INSERT INTO public.events VALUES ('dedb852311da070d', 107, '{"seat": 1, "tile": [3, 3], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('dedb852311da070d', 108, '{"on": [[1, 3], "high"], "seat": 1, "tile": [3, 3], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 13}');
INSERT INTO public.events VALUES ('dedb852311da070d', 109, '{"on": [[3, 3], "chain_b"], "seat": 0, "tile": [3, 6], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 13}');
INSERT INTO public.events VALUES ('dedb852311da070d', 110, '{"on": [[3, 6], "high"], "seat": 1, "tile": [0, 6], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('dedb852311da070d', 111, '{"on": [[0, 6], "low"], "seat": 0, "tile": [0, 1], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 8}');
INSERT INTO public.events VALUES ('dedb852311da070d', 112, '{"seat": 1, "tile": [2, 3], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('dedb852311da070d', 113, '{"on": [[3, 3], "branch_a"], "seat": 1, "tile": [2, 3], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 10, "end_sum": 10}');
INSERT INTO public.events VALUES ('dedb852311da070d', 114, '{"on": [[2, 2], "chain_b"], "seat": 0, "tile": [2, 6], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 12}');
INSERT INTO public.events VALUES ('dedb852311da070d', 115, '{"seat": 1, "tile": [5, 6], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('dedb852311da070d', 116, '{"on": [[5, 5], "branch_a"], "seat": 1, "tile": [5, 6], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 18}');
INSERT INTO public.events VALUES ('dedb852311da070d', 117, '{"on": [[3, 3], "branch_b"], "seat": 0, "tile": [0, 3], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 18}');
INSERT INTO public.events VALUES ('dedb852311da070d', 118, '{"on": [[0, 3], "low"], "seat": 1, "tile": [0, 0], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 18}');
INSERT INTO public.events VALUES ('dedb852311da070d', 119, '{"on": [[5, 6], "high"], "seat": 0, "tile": [6, 6], "type": "tile_placed", "points": 0, "end_sum": 24}');
INSERT INTO public.events VALUES ('dedb852311da070d', 120, '{"type": "round_ended", "hands": [[], [[4, 4]]], "scores": [-5, -10], "winner": 0, "blocked": false, "round_no": 5, "deductions": [0, 10]}');
INSERT INTO public.events VALUES ('dedb852311da070d', 121, '{"turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "round_dealt", "hands": [[[3, 4], [2, 3], [0, 4], [1, 3], [3, 5]], [[3, 3], [2, 2], [2, 4], [0, 3], [1, 1]]], "by_lot": false, "starter": 0, "boneyard": [[4, 6], [3, 6], [1, 4], [0, 5], [2, 6], [6, 6], [1, 5], [4, 5], [0, 6], [1, 6], [2, 5], [1, 2], [4, 4], [5, 5], [0, 2], [0, 1], [5, 6], [0, 0]], "round_no": 6, "hand_sizes": [5, 5], "boneyard_size": 18}');
INSERT INTO public.events VALUES ('dedb852311da070d', 122, '{"on": null, "seat": 0, "tile": [1, 3], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 4}');
INSERT INTO public.events VALUES ('dedb852311da070d', 123, '{"on": [[1, 3], "high"], "seat": 1, "tile": [0, 3], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 1}');
INSERT INTO public.events VALUES ('dedb852311da070d', 124, '{"on": [[0, 3], "low"], "seat": 0, "tile": [0, 4], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('dedb852311da070d', 125, '{"on": [[0, 4], "high"], "seat": 1, "tile": [2, 4], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 3}');
INSERT INTO public.events VALUES ('dedb852311da070d', 126, '{"on": [[2, 4], "low"], "seat": 0, "tile": [2, 3], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 4}');
INSERT INTO public.events VALUES ('dedb852311da070d', 127, '{"on": [[2, 3], "high"], "seat": 1, "tile": [3, 3], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('dedb852311da070d', 128, '{"on": [[3, 3], "chain_b"], "seat": 0, "tile": [3, 4], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('dedb852311da070d', 129, '{"on": [[1, 3], "low"], "seat": 1, "tile": [1, 1], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('dedb852311da070d', 130, '{"on": [[3, 3], "branch_b"], "seat": 0, "tile": [3, 5], "type": "tile_placed", "points": 0, "end_sum": 11}');
INSERT INTO public.events VALUES ('dedb852311da070d', 131, '{"type": "round_ended", "hands": [[], [[2, 2]]], "scores": [5, -15], "winner": 0, "blocked": false, "round_no": 6, "deductions": [0, 5]}');
INSERT INTO public.events VALUES ('dedb852311da070d', 132, '{"turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "round_dealt", "hands": [[[2, 2], [4, 4], [3, 4], [1, 4], [0, 0]], [[0, 6], [2, 5], [2, 3], [3, 6], [1, 5]]], "by_lot": false, "starter": 0, "boneyard": [[3, 3], [4, 5], [5, 6], [6, 6], [5, 5], [0, 4], [0, 1], [4, 6], [2, 4], [1, 1], [1, 2], [0, 5], [3, 5], [0, 2], [1, 6], [1, 3], [0, 3], [2, 6]], "round_no": 7, "hand_sizes": [5, 5], "boneyard_size": 18}');
INSERT INTO public.events VALUES ('dedb852311da070d', 133, '{"on": null, "seat": 0, "tile": [0, 0], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 0}');
INSERT INTO public.events VALUES ('dedb852311da070d', 134, '{"on": [[0, 0], "chain_b"], "seat": 1, "tile": [0, 6], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('dedb852311da070d', 135, '{"seat": 0, "tile": [3, 3], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('dedb852311da070d', 136, '{"seat": 0, "tile": [4, 5], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('dedb852311da070d', 137, '{"seat": 0, "tile": [5, 6], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('dedb852311da070d', 138, '{"on": [[0, 6], "high"], "seat": 0, "tile": [5, 6], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('dedb852311da070d', 139, '{"on": [[5, 6], "low"], "seat": 1, "tile": [2, 5], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 2}');
INSERT INTO public.events VALUES ('dedb852311da070d', 140, '{"on": [[2, 5], "low"], "seat": 0, "tile": [2, 2], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 4}');
INSERT INTO public.events VALUES ('dedb852311da070d', 141, '{"on": [[2, 2], "chain_b"], "seat": 1, "tile": [2, 3], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 3}');
INSERT INTO public.events VALUES ('dedb852311da070d', 142, '{"on": [[2, 3], "high"], "seat": 0, "tile": [3, 3], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('dedb852311da070d', 143, '{"on": [[3, 3], "chain_b"], "seat": 1, "tile": [3, 6], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('dedb852311da070d', 144, '{"on": [[3, 3], "branch_a"], "seat": 0, "tile": [3, 4], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 10, "end_sum": 10}');
INSERT INTO public.events VALUES ('dedb852311da070d', 145, '{"seat": 1, "tile": [6, 6], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('dedb852311da070d', 146, '{"on": [[3, 6], "high"], "seat": 1, "tile": [6, 6], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 16}');
INSERT INTO public.events VALUES ('dedb852311da070d', 147, '{"on": [[3, 4], "high"], "seat": 0, "tile": [4, 4], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 20, "end_sum": 20}');
INSERT INTO public.events VALUES ('dedb852311da070d', 148, '{"seat": 1, "tile": [5, 5], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('dedb852311da070d', 149, '{"seat": 1, "tile": [0, 4], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('dedb852311da070d', 150, '{"on": [[4, 4], "chain_b"], "seat": 1, "tile": [0, 4], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 12}');
INSERT INTO public.events VALUES ('dedb852311da070d', 151, '{"on": [[4, 4], "branch_b"], "seat": 0, "tile": [1, 4], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 13}');
INSERT INTO public.events VALUES ('dedb852311da070d', 152, '{"on": [[1, 4], "low"], "seat": 1, "tile": [1, 5], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 17}');
INSERT INTO public.events VALUES ('dedb852311da070d', 153, '{"on": [[1, 5], "high"], "seat": 0, "tile": [4, 5], "type": "tile_placed", "points": 0, "end_sum": 16}');
INSERT INTO public.events VALUES ('dedb852311da070d', 154, '{"type": "round_ended", "hands": [[], [[5, 5]]], "scores": [40, -25], "winner": 0, "blocked": false, "round_no": 7, "deductions": [0, 10]}');
INSERT INTO public.events VALUES ('dedb852311da070d', 155, '{"type": "match_ended", "scores": [40, -25], "winner_side": 0}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 1, '{"type": "match_started", "hints": false, "seats": ["human", "human", "human"], "practice": false, "commitment": "6898b271a407eb645a918b79b44fe6db4d79d8b022856845f8d6de590c0982a5", "target_points": 5}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 2, '{"turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "round_dealt", "hands": [[[3, 4], [0, 5], [0, 3], [2, 6], [1, 4]], [[0, 0], [1, 3], [0, 6], [5, 5], [2, 3]], [[2, 2], [0, 2], [6, 6], [3, 5], [3, 6]]], "by_lot": true, "starter": 1, "boneyard": [[1, 1], [4, 6], [4, 4], [2, 4], [1, 6], [0, 1], [1, 2], [5, 6], [4, 5], [1, 5], [0, 4], [2, 5], [3, 3]], "round_no": 1, "hand_sizes": [5, 5, 5], "boneyard_size": 13}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 3, '{"seat": 0, "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "seat_claimed", "display_name": "ben"}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 4, '{"seat": 1, "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "seat_claimed", "display_name": "cy"}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 5, '{"seat": 2, "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "seat_claimed", "display_name": "ada"}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 6, '{"on": null, "seat": 1, "tile": [0, 6], "turn": {"seat": 2, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 7, '{"on": [[0, 6], "high"], "seat": 2, "tile": [3, 6], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 3}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 8, '{"on": [[3, 6], "low"], "seat": 0, "tile": [0, 3], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 0}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 9, '{"on": [[0, 3], "low"], "seat": 1, "tile": [0, 0], "turn": {"seat": 2, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 0}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 10, '{"on": [[0, 6], "low"], "seat": 2, "tile": [0, 2], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 2}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 11, '{"on": [[0, 0], "chain_b"], "seat": 0, "tile": [0, 5], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 12, '{"on": [[0, 2], "high"], "seat": 1, "tile": [2, 3], "turn": {"seat": 2, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 8}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 13, '{"on": [[0, 5], "high"], "seat": 2, "tile": [3, 5], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 14, '{"on": [[3, 5], "low"], "seat": 0, "tile": [3, 4], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 15, '{"on": [[2, 3], "high"], "seat": 1, "tile": [1, 3], "turn": {"seat": 2, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 16, '{"seat": 2, "tile": [1, 1], "turn": {"seat": 2, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('b3b84f68e2da091f', 23, '{"seat": 1, "tile": [3, 5], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 17, '{"on": [[1, 3], "low"], "seat": 2, "tile": [1, 1], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 18, '{"on": [[1, 1], "chain_b"], "seat": 0, "tile": [1, 4], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 8}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 19, '{"seat": 1, "tile": [4, 6], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 20, '{"on": [[3, 4], "high"], "seat": 1, "tile": [4, 6], "turn": {"seat": 2, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 10, "end_sum": 10}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 21, '{"on": [[4, 6], "high"], "seat": 2, "tile": [6, 6], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 16}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 22, '{"on": [[6, 6], "chain_b"], "seat": 0, "tile": [2, 6], "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 23, '{"type": "round_ended", "hands": [[], [[5, 5]], [[2, 2]]], "scores": [0, 5, -5], "winner": 0, "blocked": false, "round_no": 1, "deductions": [0, 10, 5]}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 24, '{"turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "round_dealt", "hands": [[[0, 2], [5, 6], [6, 6], [0, 3], [4, 6]], [[2, 3], [0, 4], [1, 4], [0, 0], [2, 2]], [[1, 5], [1, 3], [2, 5], [3, 5], [4, 4]]], "by_lot": false, "starter": 0, "boneyard": [[0, 6], [3, 4], [1, 1], [5, 5], [0, 1], [0, 5], [2, 4], [4, 5], [3, 3], [3, 6], [2, 6], [1, 6], [1, 2]], "round_no": 2, "hand_sizes": [5, 5, 5], "boneyard_size": 13}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 25, '{"on": null, "seat": 0, "tile": [5, 6], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 11}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 26, '{"seat": 1, "tile": [0, 6], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 27, '{"on": [[5, 6], "high"], "seat": 1, "tile": [0, 6], "turn": {"seat": 2, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 28, '{"on": [[5, 6], "low"], "seat": 2, "tile": [2, 5], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 2}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 29, '{"on": [[0, 6], "low"], "seat": 0, "tile": [0, 3], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 30, '{"on": [[0, 3], "high"], "seat": 1, "tile": [2, 3], "turn": {"seat": 2, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 4}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 31, '{"seat": 2, "tile": [3, 4], "turn": {"seat": 2, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 32, '{"seat": 2, "tile": [1, 1], "turn": {"seat": 2, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 33, '{"seat": 2, "tile": [5, 5], "turn": {"seat": 2, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 34, '{"seat": 2, "tile": [0, 1], "turn": {"seat": 2, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 35, '{"seat": 2, "tile": [0, 5], "turn": {"seat": 2, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 36, '{"seat": 2, "tile": [2, 4], "turn": {"seat": 2, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 37, '{"on": [[2, 3], "low"], "seat": 2, "tile": [2, 4], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 38, '{"on": [[2, 4], "high"], "seat": 0, "tile": [4, 6], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 8}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 39, '{"on": [[2, 5], "low"], "seat": 1, "tile": [2, 2], "turn": {"seat": 2, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 10, "end_sum": 10}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 40, '{"seat": 2, "tile": [4, 5], "turn": {"seat": 2, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 41, '{"seat": 2, "tile": [3, 3], "turn": {"seat": 2, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 42, '{"seat": 2, "tile": [3, 6], "turn": {"seat": 2, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 43, '{"on": [[4, 6], "high"], "seat": 2, "tile": [3, 6], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 44, '{"on": [[2, 2], "chain_b"], "seat": 0, "tile": [0, 2], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 3}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 45, '{"on": [[0, 2], "low"], "seat": 1, "tile": [0, 4], "turn": {"seat": 2, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 46, '{"on": [[3, 6], "low"], "seat": 2, "tile": [3, 5], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 9}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 47, '{"seat": 0, "tile": [2, 6], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 48, '{"on": [[2, 2], "branch_b"], "seat": 0, "tile": [2, 6], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 15, "end_sum": 15}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 49, '{"on": [[0, 4], "high"], "seat": 1, "tile": [1, 4], "turn": {"seat": 2, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 12}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 50, '{"on": [[1, 4], "low"], "seat": 2, "tile": [1, 5], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 16}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 51, '{"on": [[2, 6], "high"], "seat": 0, "tile": [6, 6], "type": "tile_placed", "points": 0, "end_sum": 22}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 52, '{"type": "round_ended", "hands": [[], [[0, 0]], [[1, 3], [4, 4], [3, 4], [1, 1], [5, 5], [0, 1], [0, 5], [4, 5], [3, 3]]], "scores": [20, 20, -55], "winner": 0, "blocked": false, "round_no": 2, "deductions": [0, 0, 50]}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 53, '{"turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "round_dealt", "hands": [[[0, 1], [0, 4], [2, 4], [1, 5], [5, 6]], [[4, 5], [1, 4], [0, 5], [5, 5], [3, 3]], [[4, 4], [0, 3], [0, 6], [2, 6], [2, 5]]], "by_lot": false, "starter": 0, "boneyard": [[0, 0], [2, 2], [3, 5], [1, 6], [2, 3], [0, 2], [1, 1], [3, 6], [3, 4], [1, 2], [4, 6], [6, 6], [1, 3]], "round_no": 3, "hand_sizes": [5, 5, 5], "boneyard_size": 13}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 54, '{"on": null, "seat": 0, "tile": [0, 4], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 4}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 55, '{"on": [[0, 4], "high"], "seat": 1, "tile": [1, 4], "turn": {"seat": 2, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 1}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 56, '{"on": [[0, 4], "low"], "seat": 2, "tile": [0, 6], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 57, '{"on": [[0, 6], "high"], "seat": 0, "tile": [5, 6], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 58, '{"on": [[5, 6], "low"], "seat": 1, "tile": [5, 5], "turn": {"seat": 2, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 11}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 59, '{"on": [[5, 5], "chain_b"], "seat": 2, "tile": [2, 5], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 3}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 60, '{"on": [[1, 4], "low"], "seat": 0, "tile": [0, 1], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 2}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 61, '{"on": [[0, 1], "low"], "seat": 1, "tile": [0, 5], "turn": {"seat": 2, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 62, '{"on": [[2, 5], "low"], "seat": 2, "tile": [2, 6], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 11}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 63, '{"on": [[5, 5], "branch_a"], "seat": 0, "tile": [1, 5], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 12}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 64, '{"on": [[0, 5], "high"], "seat": 1, "tile": [4, 5], "turn": {"seat": 2, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 11}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 65, '{"on": [[4, 5], "low"], "seat": 2, "tile": [4, 4], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 15, "end_sum": 15}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 66, '{"on": [[4, 4], "chain_b"], "seat": 0, "tile": [2, 4], "type": "tile_placed", "points": 0, "end_sum": 9}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 67, '{"type": "round_ended", "hands": [[], [[3, 3]], [[0, 3]]], "scores": [20, 15, -45], "winner": 0, "blocked": false, "round_no": 3, "deductions": [0, 5, 5]}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 68, '{"turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "round_dealt", "hands": [[[0, 4], [0, 5], [3, 3], [5, 6], [4, 5]], [[2, 2], [1, 4], [0, 3], [4, 6], [1, 3]], [[2, 3], [1, 6], [3, 4], [0, 1], [1, 5]]], "by_lot": false, "starter": 0, "boneyard": [[3, 5], [4, 4], [1, 1], [1, 2], [5, 5], [0, 0], [0, 6], [0, 2], [2, 6], [3, 6], [2, 4], [2, 5], [6, 6]], "round_no": 4, "hand_sizes": [5, 5, 5], "boneyard_size": 13}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 69, '{"on": null, "seat": 0, "tile": [0, 5], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 70, '{"on": [[0, 5], "low"], "seat": 1, "tile": [0, 3], "turn": {"seat": 2, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 8}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 71, '{"on": [[0, 5], "high"], "seat": 2, "tile": [1, 5], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 4}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 72, '{"on": [[0, 3], "high"], "seat": 0, "tile": [3, 3], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 73, '{"on": [[3, 3], "chain_b"], "seat": 1, "tile": [1, 3], "turn": {"seat": 2, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 2}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 74, '{"on": [[1, 5], "low"], "seat": 2, "tile": [1, 6], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 75, '{"on": [[1, 6], "high"], "seat": 0, "tile": [5, 6], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 76, '{"on": [[1, 3], "low"], "seat": 1, "tile": [1, 4], "turn": {"seat": 2, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 9}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 77, '{"on": [[1, 4], "high"], "seat": 2, "tile": [3, 4], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 8}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 78, '{"on": [[5, 6], "low"], "seat": 0, "tile": [4, 5], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 79, '{"on": [[4, 5], "low"], "seat": 1, "tile": [4, 6], "turn": {"seat": 2, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 9}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 80, '{"on": [[3, 4], "low"], "seat": 2, "tile": [2, 3], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 8}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 81, '{"seat": 0, "tile": [3, 5], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 82, '{"on": [[3, 3], "branch_a"], "seat": 0, "tile": [3, 5], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 13}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 83, '{"on": [[2, 3], "low"], "seat": 1, "tile": [2, 2], "type": "tile_placed", "points": 15, "end_sum": 15}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 84, '{"type": "round_ended", "hands": [[[0, 4]], [], [[0, 1]]], "scores": [20, 30, -45], "winner": 1, "blocked": false, "round_no": 4, "deductions": [5, 0, 0]}');
INSERT INTO public.events VALUES ('d5643f9e3f226a3d', 85, '{"type": "match_ended", "scores": [20, 30, -45], "winner_side": 1}');
INSERT INTO public.events VALUES ('b3b84f68e2da091f', 1, '{"type": "match_started", "hints": false, "seats": ["human", "greedy"], "practice": false, "commitment": "601660ecacfb429aa56120973631542d537852a23fe4504dd5334e4e776f10c9", "target_points": 5}');
INSERT INTO public.events VALUES ('b3b84f68e2da091f', 24, '{"on": [[1, 3], "high"], "seat": 1, "tile": [3, 5], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('b3b84f68e2da091f', 25, '{"seat": 0, "tile": [3, 6], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('b3b84f68e2da091f', 2, '{"turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "round_dealt", "hands": [[[1, 4], [0, 2], [5, 6], [1, 2], [0, 3]], [[5, 5], [2, 4], [1, 1], [0, 5], [0, 1]]], "by_lot": true, "starter": 1, "boneyard": [[4, 4], [4, 5], [1, 6], [2, 3], [3, 4], [2, 2], [2, 6], [3, 5], [2, 5], [4, 6], [3, 3], [1, 3], [1, 5], [0, 4], [6, 6], [3, 6], [0, 6], [0, 0]], "round_no": 1, "hand_sizes": [5, 5], "boneyard_size": 18}');
INSERT INTO public.events VALUES ('b3b84f68e2da091f', 3, '{"on": null, "seat": 1, "tile": [5, 5], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 10, "end_sum": 10}');
INSERT INTO public.events VALUES ('b3b84f68e2da091f', 4, '{"seat": 0, "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "seat_claimed", "display_name": ""}');
INSERT INTO public.events VALUES ('b3b84f68e2da091f', 5, '{"on": [[5, 5], "chain_a"], "seat": 0, "tile": [5, 6], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 16}');
INSERT INTO public.events VALUES ('b3b84f68e2da091f', 6, '{"on": [[5, 5], "chain_b"], "seat": 1, "tile": [0, 5], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('b3b84f68e2da091f', 7, '{"on": [[0, 5], "low"], "seat": 0, "tile": [0, 2], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 8}');
INSERT INTO public.events VALUES ('b3b84f68e2da091f', 8, '{"on": [[0, 2], "high"], "seat": 1, "tile": [2, 4], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 10, "end_sum": 10}');
INSERT INTO public.events VALUES ('b3b84f68e2da091f', 9, '{"on": [[2, 4], "high"], "seat": 0, "tile": [1, 4], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('b3b84f68e2da091f', 10, '{"on": [[1, 4], "low"], "seat": 1, "tile": [1, 1], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 8}');
INSERT INTO public.events VALUES ('b3b84f68e2da091f', 11, '{"on": [[1, 1], "chain_b"], "seat": 0, "tile": [1, 2], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 8}');
INSERT INTO public.events VALUES ('b3b84f68e2da091f', 12, '{"on": [[1, 1], "branch_a"], "seat": 1, "tile": [0, 1], "type": "tile_placed", "points": 0, "end_sum": 8}');
INSERT INTO public.events VALUES ('b3b84f68e2da091f', 13, '{"type": "round_ended", "hands": [[[0, 3]], []], "scores": [-5, 20], "winner": 1, "blocked": false, "round_no": 1, "deductions": [5, 0]}');
INSERT INTO public.events VALUES ('b3b84f68e2da091f', 14, '{"turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "round_dealt", "hands": [[[0, 3], [1, 3], [4, 6], [3, 3], [1, 4]], [[1, 5], [3, 4], [1, 6], [1, 2], [2, 6]]], "by_lot": false, "starter": 1, "boneyard": [[2, 2], [5, 5], [3, 5], [3, 6], [2, 5], [0, 6], [0, 1], [0, 4], [0, 2], [2, 4], [0, 5], [1, 1], [4, 4], [6, 6], [2, 3], [5, 6], [0, 0], [4, 5]], "round_no": 2, "hand_sizes": [5, 5], "boneyard_size": 18}');
INSERT INTO public.events VALUES ('b3b84f68e2da091f', 15, '{"on": null, "seat": 1, "tile": [2, 6], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 8}');
INSERT INTO public.events VALUES ('b3b84f68e2da091f', 16, '{"on": [[2, 6], "high"], "seat": 0, "tile": [4, 6], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('b3b84f68e2da091f', 17, '{"on": [[4, 6], "low"], "seat": 1, "tile": [3, 4], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('b3b84f68e2da091f', 18, '{"on": [[3, 4], "low"], "seat": 0, "tile": [0, 3], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 2}');
INSERT INTO public.events VALUES ('b3b84f68e2da091f', 19, '{"on": [[2, 6], "low"], "seat": 1, "tile": [1, 2], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 1}');
INSERT INTO public.events VALUES ('b3b84f68e2da091f', 20, '{"on": [[1, 2], "low"], "seat": 0, "tile": [1, 3], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 3}');
INSERT INTO public.events VALUES ('b3b84f68e2da091f', 21, '{"seat": 1, "tile": [2, 2], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('b3b84f68e2da091f', 22, '{"seat": 1, "tile": [5, 5], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('b3b84f68e2da091f', 26, '{"seat": 0, "tile": [2, 5], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('b3b84f68e2da091f', 27, '{"on": [[3, 5], "high"], "seat": 0, "tile": [2, 5], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 2}');
INSERT INTO public.events VALUES ('b3b84f68e2da091f', 28, '{"on": [[2, 5], "low"], "seat": 1, "tile": [2, 2], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 4}');
INSERT INTO public.events VALUES ('b3b84f68e2da091f', 29, '{"seat": 0, "tile": [0, 6], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('b3b84f68e2da091f', 30, '{"on": [[0, 3], "low"], "seat": 0, "tile": [0, 6], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 10, "end_sum": 10}');
INSERT INTO public.events VALUES ('b3b84f68e2da091f', 31, '{"on": [[0, 6], "high"], "seat": 1, "tile": [1, 6], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('b3b84f68e2da091f', 32, '{"on": [[1, 6], "low"], "seat": 0, "tile": [1, 4], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 8}');
INSERT INTO public.events VALUES ('b3b84f68e2da091f', 33, '{"seat": 1, "tile": [0, 1], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('b3b84f68e2da091f', 34, '{"seat": 1, "tile": [0, 4], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('b3b84f68e2da091f', 35, '{"on": [[1, 4], "high"], "seat": 1, "tile": [0, 4], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 4}');
INSERT INTO public.events VALUES ('b3b84f68e2da091f', 36, '{"seat": 0, "tile": [0, 2], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('b3b84f68e2da091f', 37, '{"on": [[0, 4], "low"], "seat": 0, "tile": [0, 2], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('b3b84f68e2da091f', 38, '{"seat": 1, "tile": [2, 4], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('b3b84f68e2da091f', 39, '{"on": [[0, 2], "high"], "seat": 1, "tile": [2, 4], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 8}');
INSERT INTO public.events VALUES ('b3b84f68e2da091f', 40, '{"seat": 0, "tile": [0, 5], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('b3b84f68e2da091f', 41, '{"seat": 0, "tile": [1, 1], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('b3b84f68e2da091f', 42, '{"seat": 0, "tile": [4, 4], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('b3b84f68e2da091f', 43, '{"on": [[2, 4], "high"], "seat": 0, "tile": [4, 4], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 12}');
INSERT INTO public.events VALUES ('b3b84f68e2da091f', 44, '{"seat": 1, "tile": [6, 6], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('b3b84f68e2da091f', 45, '{"seat": 1, "tile": [2, 3], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('b3b84f68e2da091f', 46, '{"on": [[2, 2], "chain_b"], "seat": 1, "tile": [2, 3], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 11}');
INSERT INTO public.events VALUES ('b3b84f68e2da091f', 47, '{"on": [[2, 3], "high"], "seat": 0, "tile": [3, 3], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 14}');
INSERT INTO public.events VALUES ('b3b84f68e2da091f', 48, '{"seat": 1, "tile": [5, 6], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('b3b84f68e2da091f', 49, '{"seat": 1, "tile": [0, 0], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('b3b84f68e2da091f', 50, '{"seat": 1, "tile": [4, 5], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('b3b84f68e2da091f', 51, '{"on": [[4, 4], "chain_b"], "seat": 1, "tile": [4, 5], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 11}');
INSERT INTO public.events VALUES ('b3b84f68e2da091f', 52, '{"on": [[3, 3], "chain_b"], "seat": 0, "tile": [3, 6], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 11}');
INSERT INTO public.events VALUES ('b3b84f68e2da091f', 53, '{"on": [[3, 6], "high"], "seat": 1, "tile": [5, 6], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 10, "end_sum": 10}');
INSERT INTO public.events VALUES ('b3b84f68e2da091f', 54, '{"on": [[4, 5], "high"], "seat": 0, "tile": [0, 5], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('b3b84f68e2da091f', 55, '{"on": [[5, 6], "low"], "seat": 1, "tile": [5, 5], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 10, "end_sum": 10}');
INSERT INTO public.events VALUES ('b3b84f68e2da091f', 56, '{"seat": 0, "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "passed"}');
INSERT INTO public.events VALUES ('b3b84f68e2da091f', 57, '{"on": [[0, 5], "low"], "seat": 1, "tile": [0, 0], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 10, "end_sum": 10}');
INSERT INTO public.events VALUES ('b3b84f68e2da091f', 58, '{"seat": 0, "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "passed"}');
INSERT INTO public.events VALUES ('b3b84f68e2da091f', 59, '{"on": [[5, 5], "chain_b"], "seat": 1, "tile": [1, 5], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 1}');
INSERT INTO public.events VALUES ('b3b84f68e2da091f', 60, '{"on": [[1, 5], "low"], "seat": 0, "tile": [1, 1], "type": "tile_placed", "points": 0, "end_sum": 2}');
INSERT INTO public.events VALUES ('b3b84f68e2da091f', 61, '{"type": "round_ended", "hands": [[], [[0, 1], [6, 6]]], "scores": [10, 50], "winner": 0, "blocked": false, "round_no": 2, "deductions": [0, 15]}');
INSERT INTO public.events VALUES ('b3b84f68e2da091f', 62, '{"type": "match_ended", "scores": [10, 50], "winner_side": 1}');
INSERT INTO public.events VALUES ('5773fa1ed42f1111', 1, '{"type": "match_started", "hints": false, "seats": ["human", "human"], "practice": false, "commitment": "1b3b94a1327f2cb4988bcb2053f938dbf30068524ede3d3f14e2110c1b9f978c", "target_points": 5}');
INSERT INTO public.events VALUES ('5773fa1ed42f1111', 2, '{"turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "round_dealt", "hands": [[[0, 1], [0, 3], [0, 4], [5, 5], [2, 6]], [[4, 5], [2, 2], [1, 1], [6, 6], [3, 6]]], "by_lot": true, "starter": 1, "boneyard": [[3, 3], [3, 4], [1, 3], [5, 6], [0, 5], [1, 6], [2, 5], [0, 2], [4, 4], [0, 0], [1, 4], [2, 4], [0, 6], [3, 5], [2, 3], [4, 6], [1, 2], [1, 5]], "round_no": 1, "hand_sizes": [5, 5], "boneyard_size": 18}');
INSERT INTO public.events VALUES ('5773fa1ed42f1111', 3, '{"seat": 0, "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "seat_claimed", "display_name": "cy"}');
INSERT INTO public.events VALUES ('5773fa1ed42f1111', 4, '{"seat": 1, "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "seat_claimed", "display_name": "ada"}');
INSERT INTO public.events VALUES ('5773fa1ed42f1111', 5, '{"on": null, "seat": 1, "tile": [1, 1], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 2}');
INSERT INTO public.events VALUES ('5773fa1ed42f1111', 6, '{"on": [[1, 1], "chain_a"], "seat": 0, "tile": [0, 1], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 2}');
INSERT INTO public.events VALUES ('5773fa1ed42f1111', 7, '{"seat": 1, "tile": [3, 3], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('5773fa1ed42f1111', 8, '{"seat": 1, "tile": [3, 4], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('77fb60947e431076', 1, '{"type": "match_started", "hints": false, "seats": ["human", "human"], "practice": false, "commitment": "8c280c00621582aa1c0113763deb6f8e40b826aaedd0190627975c4e611ce0c8", "target_points": 5}');
INSERT INTO public.events VALUES ('77fb60947e431076', 2, '{"turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "round_dealt", "hands": [[[1, 5], [1, 3], [2, 4], [1, 4], [0, 2]], [[1, 6], [4, 6], [5, 5], [0, 4], [1, 1]]], "by_lot": true, "starter": 1, "boneyard": [[3, 5], [0, 6], [0, 3], [5, 6], [0, 0], [4, 4], [2, 2], [2, 3], [4, 5], [0, 1], [2, 6], [0, 5], [3, 3], [1, 2], [2, 5], [3, 6], [3, 4], [6, 6]], "round_no": 1, "hand_sizes": [5, 5], "boneyard_size": 18}');
INSERT INTO public.events VALUES ('77fb60947e431076', 3, '{"seat": 0, "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "seat_claimed", "display_name": ""}');
INSERT INTO public.events VALUES ('77fb60947e431076', 4, '{"seat": 1, "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "seat_claimed", "display_name": ""}');
INSERT INTO public.events VALUES ('77fb60947e431076', 5, '{"on": null, "seat": 1, "tile": [5, 5], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 10, "end_sum": 10}');
INSERT INTO public.events VALUES ('77fb60947e431076', 6, '{"on": [[5, 5], "chain_a"], "seat": 0, "tile": [1, 5], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 11}');
INSERT INTO public.events VALUES ('77fb60947e431076', 7, '{"on": [[1, 5], "low"], "seat": 1, "tile": [1, 1], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 12}');
INSERT INTO public.events VALUES ('77fb60947e431076', 8, '{"on": [[1, 1], "chain_b"], "seat": 0, "tile": [1, 3], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 13}');
INSERT INTO public.events VALUES ('82d482695b248827', 1, '{"type": "match_started", "hints": false, "seats": ["human", "human"], "practice": false, "commitment": "02e30a9df908a407556715d75582106fec6e0ec69037c5967c7202a84975075b", "target_points": 5}');
INSERT INTO public.events VALUES ('82d482695b248827', 2, '{"turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "round_dealt", "hands": [[[0, 5], [1, 1], [0, 6], [3, 5], [1, 5]], [[5, 6], [1, 4], [4, 5], [1, 3], [3, 4]]], "by_lot": true, "starter": 1, "boneyard": [[0, 2], [2, 5], [2, 6], [1, 6], [0, 0], [2, 2], [4, 6], [2, 4], [3, 3], [1, 2], [0, 1], [0, 3], [4, 4], [3, 6], [5, 5], [6, 6], [0, 4], [2, 3]], "round_no": 1, "hand_sizes": [5, 5], "boneyard_size": 18}');
INSERT INTO public.events VALUES ('82d482695b248827', 3, '{"seat": 0, "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "seat_claimed", "display_name": "ben"}');


--
-- Data for Name: lobby_schema_version; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.lobby_schema_version VALUES (1, '2026-12-01 11:11:41.675692+00');


--
-- Data for Name: matches; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.matches VALUES ('dedb852311da070d', '["human", "human"]', 5, '\xa71b58140e7f616c9e034e52b48186cbeb31115d2cfc09d53018fc448ba94137', 1796123501.7620976, true, '\x1fb13bbca2d49635cff935befff49a05ffb5a64dc0df6eeb1b2b962b2bb98de4', NULL);
INSERT INTO public.matches VALUES ('d5643f9e3f226a3d', '["human", "human", "human"]', 5, '\x5f8e2d18743ddec4a7777b0ec8b091d13233d62e0ad8abfe2c5e0617a5a5631d', 1796123502.9232495, true, '\xdac52128ad44ffa5d2396b1504ec683b25a81e679500cfec1befbaa294f74ad6', NULL);
INSERT INTO public.matches VALUES ('b3b84f68e2da091f', '["human", "greedy"]', 5, '\xdde2750c02e4823621e2f51252fb2324cfa0a5b951c977f6587246e0af41636a', 1796123503.8158746, true, '\xd2b59e76bdf21c493d70f08171a192d84daefaed1f86d4e684cc62584745c5f7', NULL);
INSERT INTO public.matches VALUES ('5773fa1ed42f1111', '["human", "human"]', 5, '\x10304639f0be6fec1ddd03ec0e1bdf3ef3326cd26aee59ab282f76d9d7ca09de', 1796123504.2598596, false, '\xe8e2cb7a5da2e1849de183af101ec0ef2764d3ce67e443b0487a9c5fc4de3403', NULL);
INSERT INTO public.matches VALUES ('77fb60947e431076', '["human", "human"]', 5, '\xce5ae038b6cb1b0a75322e72a4c4bfa298c23cde73e7cb0b0c4be3b10ae3b32b', 1796123504.3487267, false, '\xcae6d4451081393c8f1f007e8f5d72b59efb75be43a0282a94661f337f3c7b7f', NULL);
INSERT INTO public.matches VALUES ('82d482695b248827', '["human", "human"]', 5, '\xc6ca2d8d5a4be9544c4b9a3d782228f4310012fe6a20f5551f38867b2ed224e4', 1796123504.4129958, false, '\x1398abfa09c3c1c24c1b836a0f8d3d2b52c6ebd3bc9d70629d5126cc2a2eac3f', NULL);


--
-- Data for Name: mm_tickets; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: player_identities; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.player_identities VALUES ('device', '181d1b855f355ca3ca39db2d40196032ac244fab210869ba3299b5866e4cef8b', '1e3f342e4bd345078e3ab8b22fa02152', 1796123501.7457876);
INSERT INTO public.player_identities VALUES ('device', '351c8c6041a995a5d7a5c813f562168058e3096e10cf3949d5546f1e61808431', '8e21e27123a84bffb9cc11c75dc0c555', 1796123501.751561);
INSERT INTO public.player_identities VALUES ('device', 'ea21735e64459451ee41c95804fb75c0392152e30f565a749356e8eff5674603', 'd1bea49b2ed04faeb7afae062067dd77', 1796123501.7578294);


--
-- Data for Name: player_schema_version; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.player_schema_version VALUES (1, '2026-12-01 11:11:41.625608+00');


--
-- Data for Name: player_sessions; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.player_sessions VALUES ('9f600b52c54343749fce51a0cb690b93', '1e3f342e4bd345078e3ab8b22fa02152', 1796123501.7488341, NULL, NULL);
INSERT INTO public.player_sessions VALUES ('d8003b9e67734c86bfa45f061b2e46e9', '8e21e27123a84bffb9cc11c75dc0c555', 1796123501.755929, NULL, NULL);
INSERT INTO public.player_sessions VALUES ('cec69950aafd49e580c07fc19fb4b5bd', 'd1bea49b2ed04faeb7afae062067dd77', 1796123501.7593458, NULL, NULL);


--
-- Data for Name: players; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.players VALUES ('1e3f342e4bd345078e3ab8b22fa02152', 'ada', 1796123501.7457876, 1796123501.7457876);
INSERT INTO public.players VALUES ('8e21e27123a84bffb9cc11c75dc0c555', 'ben', 1796123501.751561, 1796123501.751561);
INSERT INTO public.players VALUES ('d1bea49b2ed04faeb7afae062067dd77', 'cy', 1796123501.7578294, 1796123501.7578294);


--
-- Data for Name: private_tables; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.private_tables VALUES ('82d482695b248827', '\xcfcb6b5572394f987b1c818ee2f994e8385328704e8e6e0b728b52c9f33c8955', 1796728304.4118187, '8e21e27123a84bffb9cc11c75dc0c555', 1796123504.4118187);


--
-- Data for Name: refresh_tokens; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.refresh_tokens VALUES ('\x41c0bcce45f0fb8e657f2a872a2e7c17ebbcb2b055f90639c43e938986405f9d', '9f600b52c54343749fce51a0cb690b93', 1796123501.7488341, 1798715501.7488341, NULL);
INSERT INTO public.refresh_tokens VALUES ('\x4c26a604d226cddea631999b9eebc70e533939517a761724bee9d468c856815a', 'd8003b9e67734c86bfa45f061b2e46e9', 1796123501.755929, 1798715501.755929, NULL);
INSERT INTO public.refresh_tokens VALUES ('\xc6b29f30ec4dd20005e305cce8194401a84eff9c9c1f470cb80850f64e65922c', 'cec69950aafd49e580c07fc19fb4b5bd', 1796123501.7593458, 1798715501.7593458, NULL);


--
-- Data for Name: requests; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-1', 0, '0:place [1|3]', 5, 5);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-2', 1, '1:place [1|2]@[1|3]:low', 6, 6);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-3', 0, '0:place [2|5]@[1|2]:high', 7, 7);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-4', 1, '1:place [3|3]@[1|3]:high', 8, 8);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-5', 0, '0:place [0|3]@[3|3]:chain_b', 9, 9);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-6', 1, '1:place [0|2]@[0|3]:low', 10, 10);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-7', 0, '0:place [5|6]@[2|5]:high', 11, 11);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-8', 1, '1:place [6|6]@[5|6]:high', 12, 12);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-9', 0, '0:place [2|2]@[0|2]:high', 13, 15);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-10', 0, '0:place [1|4]', 16, 16);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-11', 1, '1:place [4|4]@[1|4]:high', 17, 17);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-12', 0, '0:place [0|1]@[1|4]:low', 18, 18);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-13', 1, '1:place [0|6]@[0|1]:low', 19, 19);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-14', 0, '0:place [1|6]@[0|6]:high', 20, 20);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-15', 1, '1:place [4|5]@[4|4]:chain_b', 21, 21);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-16', 0, '0:place [0|5]@[4|5]:high', 22, 22);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-17', 1, '1:place [1|2]@[1|6]:low', 23, 23);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-18', 0, '0:place [2|5]@[1|2]:high', 24, 26);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-19', 0, '0:place [3|5]', 27, 27);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-20', 1, '1:place [2|3]@[3|5]:low', 28, 28);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-21', 0, '0:place [1|5]@[3|5]:high', 29, 29);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-22', 1, '1:place [2|4]@[2|3]:low', 30, 30);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-23', 0, '0:place [1|3]@[1|5]:low', 31, 31);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-24', 1, '1:place [1|4]@[2|4]:high', 32, 32);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-25', 0, '0:place [3|6]@[1|3]:high', 33, 33);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-26', 1, '1:place [1|6]@[3|6]:high', 34, 34);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-27', 0, '0:draw', 35, 35);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-28', 0, '0:draw', 36, 36);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-29', 0, '0:draw', 37, 37);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-30', 0, '0:draw', 38, 38);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-31', 0, '0:draw', 39, 39);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-32', 0, '0:draw', 40, 40);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-33', 0, '0:place [1|1]@[1|4]:low', 41, 41);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-34', 1, '1:draw', 42, 42);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-35', 1, '1:draw', 43, 43);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-36', 1, '1:draw', 44, 44);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-37', 1, '1:draw', 45, 45);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-38', 1, '1:draw', 46, 46);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-39', 1, '1:draw', 47, 47);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-40', 1, '1:draw', 48, 48);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-41', 1, '1:draw', 49, 49);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-42', 1, '1:draw', 50, 50);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-43', 1, '1:place [1|2]@[1|6]:low', 51, 51);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-44', 0, '0:place [2|5]@[1|2]:high', 52, 52);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-45', 1, '1:place [0|5]@[2|5]:high', 53, 53);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-46', 0, '0:place [0|6]@[0|5]:low', 54, 54);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-47', 1, '1:place [6|6]@[0|6]:high', 55, 55);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-48', 0, '0:place [2|6]@[6|6]:chain_b', 56, 56);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-49', 1, '1:place [4|6]@[6|6]:branch_a', 57, 57);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-50', 0, '0:place [3|4]@[4|6]:low', 58, 58);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-51', 1, '1:place [0|3]@[3|4]:low', 59, 59);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-52', 0, '0:place [2|2]@[2|6]:low', 60, 60);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-53', 1, '1:place [0|2]@[2|2]:chain_b', 61, 61);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-54', 0, '0:draw', 62, 62);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-55', 0, '0:place [5|6]@[6|6]:branch_b', 63, 63);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-56', 1, '1:place [0|0]@[0|2]:low', 64, 64);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-57', 0, '0:place [5|5]@[5|6]:low', 65, 67);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-58', 0, '0:place [1|6]', 68, 68);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-59', 1, '1:place [2|6]@[1|6]:high', 69, 69);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-60', 0, '0:draw', 70, 70);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-61', 0, '0:draw', 71, 71);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-62', 0, '0:draw', 72, 72);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-63', 0, '0:draw', 73, 73);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-64', 0, '0:draw', 74, 74);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-65', 0, '0:place [2|2]@[2|6]:low', 75, 75);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-66', 1, '1:place [2|3]@[2|2]:chain_b', 76, 76);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-67', 0, '0:place [3|6]@[2|3]:high', 77, 77);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-68', 1, '1:place [1|5]@[1|6]:low', 78, 78);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-69', 0, '0:place [4|5]@[1|5]:high', 79, 79);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-70', 1, '1:place [0|6]@[3|6]:high', 80, 80);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-71', 0, '0:place [0|5]@[0|6]:low', 81, 81);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-72', 1, '1:place [2|4]@[4|5]:low', 82, 84);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-73', 1, '1:place [0|5]', 85, 85);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-74', 0, '0:place [4|5]@[0|5]:high', 86, 86);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-75', 1, '1:place [0|2]@[0|5]:low', 87, 87);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-76', 0, '0:draw', 88, 88);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-77', 0, '0:place [2|5]@[0|2]:high', 89, 89);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-78', 1, '1:place [5|5]@[2|5]:high', 90, 90);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-79', 0, '0:draw', 91, 91);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-80', 0, '0:draw', 92, 92);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-81', 0, '0:draw', 93, 93);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-82', 0, '0:draw', 94, 94);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-83', 0, '0:draw', 95, 95);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-84', 0, '0:place [3|5]@[5|5]:chain_b', 96, 96);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-85', 1, '1:place [4|6]@[4|5]:low', 97, 97);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-86', 0, '0:place [1|6]@[4|6]:high', 98, 98);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-87', 1, '1:draw', 99, 99);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-88', 1, '1:draw', 100, 100);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-89', 1, '1:draw', 101, 101);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-90', 1, '1:draw', 102, 102);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-91', 1, '1:place [1|1]@[1|6]:low', 103, 103);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-92', 0, '0:place [1|2]@[1|1]:chain_b', 104, 104);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-93', 1, '1:place [2|2]@[1|2]:high', 105, 105);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-94', 0, '0:place [1|3]@[1|1]:branch_a', 106, 106);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-95', 1, '1:draw', 107, 107);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-96', 1, '1:place [3|3]@[1|3]:high', 108, 108);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-97', 0, '0:place [3|6]@[3|3]:chain_b', 109, 109);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-98', 1, '1:place [0|6]@[3|6]:high', 110, 110);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-99', 0, '0:place [0|1]@[0|6]:low', 111, 111);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-100', 1, '1:draw', 112, 112);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-101', 1, '1:place [2|3]@[3|3]:branch_a', 113, 113);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-102', 0, '0:place [2|6]@[2|2]:chain_b', 114, 114);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-103', 1, '1:draw', 115, 115);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-104', 1, '1:place [5|6]@[5|5]:branch_a', 116, 116);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-105', 0, '0:place [0|3]@[3|3]:branch_b', 117, 117);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-106', 1, '1:place [0|0]@[0|3]:low', 118, 118);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-107', 0, '0:place [6|6]@[5|6]:high', 119, 121);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-108', 0, '0:place [1|3]', 122, 122);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-109', 1, '1:place [0|3]@[1|3]:high', 123, 123);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-110', 0, '0:place [0|4]@[0|3]:low', 124, 124);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-111', 1, '1:place [2|4]@[0|4]:high', 125, 125);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-112', 0, '0:place [2|3]@[2|4]:low', 126, 126);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-113', 1, '1:place [3|3]@[2|3]:high', 127, 127);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-114', 0, '0:place [3|4]@[3|3]:chain_b', 128, 128);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-115', 1, '1:place [1|1]@[1|3]:low', 129, 129);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-116', 0, '0:place [3|5]@[3|3]:branch_b', 130, 132);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-117', 0, '0:place [0|0]', 133, 133);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-118', 1, '1:place [0|6]@[0|0]:chain_b', 134, 134);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-119', 0, '0:draw', 135, 135);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-120', 0, '0:draw', 136, 136);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-121', 0, '0:draw', 137, 137);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-122', 0, '0:place [5|6]@[0|6]:high', 138, 138);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-123', 1, '1:place [2|5]@[5|6]:low', 139, 139);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-124', 0, '0:place [2|2]@[2|5]:low', 140, 140);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-125', 1, '1:place [2|3]@[2|2]:chain_b', 141, 141);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-126', 0, '0:place [3|3]@[2|3]:high', 142, 142);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-127', 1, '1:place [3|6]@[3|3]:chain_b', 143, 143);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-128', 0, '0:place [3|4]@[3|3]:branch_a', 144, 144);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-129', 1, '1:draw', 145, 145);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-130', 1, '1:place [6|6]@[3|6]:high', 146, 146);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-131', 0, '0:place [4|4]@[3|4]:high', 147, 147);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-132', 1, '1:draw', 148, 148);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-133', 1, '1:draw', 149, 149);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-134', 1, '1:place [0|4]@[4|4]:chain_b', 150, 150);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-135', 0, '0:place [1|4]@[4|4]:branch_b', 151, 151);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-136', 1, '1:place [1|5]@[1|4]:low', 152, 152);
INSERT INTO public.requests VALUES ('dedb852311da070d', 'fixture-137', 0, '0:place [4|5]@[1|5]:high', 153, 155);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-138', 1, '1:place [0|6]', 6, 6);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-139', 2, '2:place [3|6]@[0|6]:high', 7, 7);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-140', 0, '0:place [0|3]@[3|6]:low', 8, 8);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-141', 1, '1:place [0|0]@[0|3]:low', 9, 9);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-142', 2, '2:place [0|2]@[0|6]:low', 10, 10);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-143', 0, '0:place [0|5]@[0|0]:chain_b', 11, 11);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-144', 1, '1:place [2|3]@[0|2]:high', 12, 12);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-145', 2, '2:place [3|5]@[0|5]:high', 13, 13);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-146', 0, '0:place [3|4]@[3|5]:low', 14, 14);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-147', 1, '1:place [1|3]@[2|3]:high', 15, 15);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-148', 2, '2:draw', 16, 16);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-149', 2, '2:place [1|1]@[1|3]:low', 17, 17);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-150', 0, '0:place [1|4]@[1|1]:chain_b', 18, 18);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-151', 1, '1:draw', 19, 19);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-152', 1, '1:place [4|6]@[3|4]:high', 20, 20);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-153', 2, '2:place [6|6]@[4|6]:high', 21, 21);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-154', 0, '0:place [2|6]@[6|6]:chain_b', 22, 24);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-155', 0, '0:place [5|6]', 25, 25);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-156', 1, '1:draw', 26, 26);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-157', 1, '1:place [0|6]@[5|6]:high', 27, 27);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-158', 2, '2:place [2|5]@[5|6]:low', 28, 28);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-159', 0, '0:place [0|3]@[0|6]:low', 29, 29);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-160', 1, '1:place [2|3]@[0|3]:high', 30, 30);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-161', 2, '2:draw', 31, 31);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-162', 2, '2:draw', 32, 32);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-163', 2, '2:draw', 33, 33);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-164', 2, '2:draw', 34, 34);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-165', 2, '2:draw', 35, 35);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-166', 2, '2:draw', 36, 36);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-167', 2, '2:place [2|4]@[2|3]:low', 37, 37);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-168', 0, '0:place [4|6]@[2|4]:high', 38, 38);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-169', 1, '1:place [2|2]@[2|5]:low', 39, 39);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-170', 2, '2:draw', 40, 40);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-171', 2, '2:draw', 41, 41);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-172', 2, '2:draw', 42, 42);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-173', 2, '2:place [3|6]@[4|6]:high', 43, 43);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-174', 0, '0:place [0|2]@[2|2]:chain_b', 44, 44);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-175', 1, '1:place [0|4]@[0|2]:low', 45, 45);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-176', 2, '2:place [3|5]@[3|6]:low', 46, 46);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-177', 0, '0:draw', 47, 47);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-178', 0, '0:place [2|6]@[2|2]:branch_b', 48, 48);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-179', 1, '1:place [1|4]@[0|4]:high', 49, 49);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-180', 2, '2:place [1|5]@[1|4]:low', 50, 50);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-181', 0, '0:place [6|6]@[2|6]:high', 51, 53);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-182', 0, '0:place [0|4]', 54, 54);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-183', 1, '1:place [1|4]@[0|4]:high', 55, 55);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-184', 2, '2:place [0|6]@[0|4]:low', 56, 56);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-185', 0, '0:place [5|6]@[0|6]:high', 57, 57);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-186', 1, '1:place [5|5]@[5|6]:low', 58, 58);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-187', 2, '2:place [2|5]@[5|5]:chain_b', 59, 59);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-188', 0, '0:place [0|1]@[1|4]:low', 60, 60);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-189', 1, '1:place [0|5]@[0|1]:low', 61, 61);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-190', 2, '2:place [2|6]@[2|5]:low', 62, 62);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-191', 0, '0:place [1|5]@[5|5]:branch_a', 63, 63);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-192', 1, '1:place [4|5]@[0|5]:high', 64, 64);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-193', 2, '2:place [4|4]@[4|5]:low', 65, 65);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-194', 0, '0:place [2|4]@[4|4]:chain_b', 66, 68);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-195', 0, '0:place [0|5]', 69, 69);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-196', 1, '1:place [0|3]@[0|5]:low', 70, 70);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-197', 2, '2:place [1|5]@[0|5]:high', 71, 71);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-198', 0, '0:place [3|3]@[0|3]:high', 72, 72);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-199', 1, '1:place [1|3]@[3|3]:chain_b', 73, 73);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-200', 2, '2:place [1|6]@[1|5]:low', 74, 74);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-201', 0, '0:place [5|6]@[1|6]:high', 75, 75);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-202', 1, '1:place [1|4]@[1|3]:low', 76, 76);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-203', 2, '2:place [3|4]@[1|4]:high', 77, 77);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-204', 0, '0:place [4|5]@[5|6]:low', 78, 78);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-205', 1, '1:place [4|6]@[4|5]:low', 79, 79);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-206', 2, '2:place [2|3]@[3|4]:low', 80, 80);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-207', 0, '0:draw', 81, 81);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-208', 0, '0:place [3|5]@[3|3]:branch_a', 82, 82);
INSERT INTO public.requests VALUES ('d5643f9e3f226a3d', 'fixture-209', 1, '1:place [2|2]@[2|3]:low', 83, 85);
INSERT INTO public.requests VALUES ('b3b84f68e2da091f', 'fixture-210', 0, '0:place [5|6]@[5|5]:chain_a', 5, 5);
INSERT INTO public.requests VALUES ('b3b84f68e2da091f', 'fixture-211', 0, '0:place [0|2]@[0|5]:low', 7, 7);
INSERT INTO public.requests VALUES ('b3b84f68e2da091f', 'fixture-212', 0, '0:place [1|4]@[2|4]:high', 9, 9);
INSERT INTO public.requests VALUES ('b3b84f68e2da091f', 'fixture-213', 0, '0:place [1|2]@[1|1]:chain_b', 11, 11);
INSERT INTO public.requests VALUES ('b3b84f68e2da091f', 'fixture-214', 0, '0:place [4|6]@[2|6]:high', 16, 16);
INSERT INTO public.requests VALUES ('b3b84f68e2da091f', 'fixture-215', 0, '0:place [0|3]@[3|4]:low', 18, 18);
INSERT INTO public.requests VALUES ('b3b84f68e2da091f', 'fixture-216', 0, '0:place [1|3]@[1|2]:low', 20, 20);
INSERT INTO public.requests VALUES ('b3b84f68e2da091f', 'fixture-217', 0, '0:draw', 25, 25);
INSERT INTO public.requests VALUES ('b3b84f68e2da091f', 'fixture-218', 0, '0:draw', 26, 26);
INSERT INTO public.requests VALUES ('b3b84f68e2da091f', 'fixture-219', 0, '0:place [2|5]@[3|5]:high', 27, 27);
INSERT INTO public.requests VALUES ('b3b84f68e2da091f', 'fixture-220', 0, '0:draw', 29, 29);
INSERT INTO public.requests VALUES ('b3b84f68e2da091f', 'fixture-221', 0, '0:place [0|6]@[0|3]:low', 30, 30);
INSERT INTO public.requests VALUES ('b3b84f68e2da091f', 'fixture-222', 0, '0:place [1|4]@[1|6]:low', 32, 32);
INSERT INTO public.requests VALUES ('b3b84f68e2da091f', 'fixture-223', 0, '0:draw', 36, 36);
INSERT INTO public.requests VALUES ('b3b84f68e2da091f', 'fixture-224', 0, '0:place [0|2]@[0|4]:low', 37, 37);
INSERT INTO public.requests VALUES ('b3b84f68e2da091f', 'fixture-225', 0, '0:draw', 40, 40);
INSERT INTO public.requests VALUES ('b3b84f68e2da091f', 'fixture-226', 0, '0:draw', 41, 41);
INSERT INTO public.requests VALUES ('b3b84f68e2da091f', 'fixture-227', 0, '0:draw', 42, 42);
INSERT INTO public.requests VALUES ('b3b84f68e2da091f', 'fixture-228', 0, '0:place [4|4]@[2|4]:high', 43, 43);
INSERT INTO public.requests VALUES ('b3b84f68e2da091f', 'fixture-229', 0, '0:place [3|3]@[2|3]:high', 47, 47);
INSERT INTO public.requests VALUES ('b3b84f68e2da091f', 'fixture-230', 0, '0:place [3|6]@[3|3]:chain_b', 52, 52);
INSERT INTO public.requests VALUES ('b3b84f68e2da091f', 'fixture-231', 0, '0:place [0|5]@[4|5]:high', 54, 54);
INSERT INTO public.requests VALUES ('b3b84f68e2da091f', 'fixture-232', 0, '0:pass', 56, 56);
INSERT INTO public.requests VALUES ('b3b84f68e2da091f', 'fixture-233', 0, '0:pass', 58, 58);
INSERT INTO public.requests VALUES ('b3b84f68e2da091f', 'fixture-234', 0, '0:place [1|1]@[1|5]:low', 60, 62);
INSERT INTO public.requests VALUES ('5773fa1ed42f1111', 'fixture-235', 1, '1:place [1|1]', 5, 5);
INSERT INTO public.requests VALUES ('5773fa1ed42f1111', 'fixture-236', 0, '0:place [0|1]@[1|1]:chain_a', 6, 6);
INSERT INTO public.requests VALUES ('5773fa1ed42f1111', 'fixture-237', 1, '1:draw', 7, 7);
INSERT INTO public.requests VALUES ('5773fa1ed42f1111', 'fixture-238', 1, '1:draw', 8, 8);
INSERT INTO public.requests VALUES ('77fb60947e431076', 'fixture-239', 1, '1:place [5|5]', 5, 5);
INSERT INTO public.requests VALUES ('77fb60947e431076', 'fixture-240', 0, '0:place [1|5]@[5|5]:chain_a', 6, 6);
INSERT INTO public.requests VALUES ('77fb60947e431076', 'fixture-241', 1, '1:place [1|1]@[1|5]:low', 7, 7);
INSERT INTO public.requests VALUES ('77fb60947e431076', 'fixture-242', 0, '0:place [1|3]@[1|1]:chain_b', 8, 8);


--
-- Data for Name: schema_version; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.schema_version VALUES (1, '2026-12-01 11:11:41.525523+00');
INSERT INTO public.schema_version VALUES (2, '2026-12-01 11:11:41.525523+00');


--
-- Data for Name: seat_players; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.seat_players VALUES ('dedb852311da070d', 0, '1e3f342e4bd345078e3ab8b22fa02152', 1796123501.7722404);
INSERT INTO public.seat_players VALUES ('dedb852311da070d', 1, '8e21e27123a84bffb9cc11c75dc0c555', 1796123501.7766619);
INSERT INTO public.seat_players VALUES ('d5643f9e3f226a3d', 0, '8e21e27123a84bffb9cc11c75dc0c555', 1796123502.9325445);
INSERT INTO public.seat_players VALUES ('d5643f9e3f226a3d', 1, 'd1bea49b2ed04faeb7afae062067dd77', 1796123502.939274);
INSERT INTO public.seat_players VALUES ('d5643f9e3f226a3d', 2, '1e3f342e4bd345078e3ab8b22fa02152', 1796123502.9477248);
INSERT INTO public.seat_players VALUES ('5773fa1ed42f1111', 0, 'd1bea49b2ed04faeb7afae062067dd77', 1796123504.2721512);
INSERT INTO public.seat_players VALUES ('5773fa1ed42f1111', 1, '1e3f342e4bd345078e3ab8b22fa02152', 1796123504.287685);
INSERT INTO public.seat_players VALUES ('82d482695b248827', 0, '8e21e27123a84bffb9cc11c75dc0c555', 1796123504.427712);


--
-- Data for Name: seats; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.seats VALUES ('dedb852311da070d', 0, '\x76f3262e16b23bc41dcf294a4fe426486cbdc7100ae408cdd3b9ec0951d9bf38');
INSERT INTO public.seats VALUES ('dedb852311da070d', 1, '\x51bb6296e0218741f7f645e49b2bcbe225a491781317fc1b3ba8ec12f6ef0946');
INSERT INTO public.seats VALUES ('d5643f9e3f226a3d', 0, '\x1eb8624a0e0fe70f3d511ff7aba72d24d5f911b676f5b7e05a71d6674501b8f9');
INSERT INTO public.seats VALUES ('d5643f9e3f226a3d', 1, '\xa49af23290994cec5721b4d9f0e584b17ab65b912e9f7cdff3ba01fc757876d6');
INSERT INTO public.seats VALUES ('d5643f9e3f226a3d', 2, '\x883c93a7d99351309f79cc57eaeb5f526021aaa60297adca95f4dc55df4b90f3');
INSERT INTO public.seats VALUES ('b3b84f68e2da091f', 0, '\xefe8f5cd2e33457cacd55bcca85018240b867899f4c5a9734553aca64deced77');
INSERT INTO public.seats VALUES ('5773fa1ed42f1111', 0, '\xe3837a735d738ae13be92531320f07b5e86d715483b51a601a4d46e89185a629');
INSERT INTO public.seats VALUES ('5773fa1ed42f1111', 1, '\xd5c9e9f4263c6acb0a1f80504e3b0178285344db48b757818f5034586d28bfdc');
INSERT INTO public.seats VALUES ('77fb60947e431076', 0, '\xf97cd15c32075c40e2628be39982d86bbfef4050050f022d677af366a26cebec');
INSERT INTO public.seats VALUES ('77fb60947e431076', 1, '\x0c6f0c72dc4069546bcb7883cb948cc5ad8ce54046f2f66dd6a684417533b98c');
INSERT INTO public.seats VALUES ('82d482695b248827', 0, '\xad2d4947602b1be5a0f29aa3408f8da8433c6254e6f3e60d7abcf886a095731b');


--
-- Name: events events_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.events
    ADD CONSTRAINT events_pkey PRIMARY KEY (match_id, version);


--
-- Name: lobby_schema_version lobby_schema_version_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.lobby_schema_version
    ADD CONSTRAINT lobby_schema_version_pkey PRIMARY KEY (version);


--
-- Name: matches matches_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.matches
    ADD CONSTRAINT matches_pkey PRIMARY KEY (match_id);


--
-- Name: mm_tickets mm_tickets_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.mm_tickets
    ADD CONSTRAINT mm_tickets_pkey PRIMARY KEY (ticket_id);


--
-- Name: player_identities player_identities_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.player_identities
    ADD CONSTRAINT player_identities_pkey PRIMARY KEY (provider, subject);


--
-- Name: player_schema_version player_schema_version_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.player_schema_version
    ADD CONSTRAINT player_schema_version_pkey PRIMARY KEY (version);


--
-- Name: player_sessions player_sessions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.player_sessions
    ADD CONSTRAINT player_sessions_pkey PRIMARY KEY (session_id);


--
-- Name: players players_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.players
    ADD CONSTRAINT players_pkey PRIMARY KEY (player_id);


--
-- Name: private_tables private_tables_invite_hash_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.private_tables
    ADD CONSTRAINT private_tables_invite_hash_key UNIQUE (invite_hash);


--
-- Name: private_tables private_tables_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.private_tables
    ADD CONSTRAINT private_tables_pkey PRIMARY KEY (match_id);


--
-- Name: refresh_tokens refresh_tokens_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.refresh_tokens
    ADD CONSTRAINT refresh_tokens_pkey PRIMARY KEY (token_hash);


--
-- Name: requests requests_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.requests
    ADD CONSTRAINT requests_pkey PRIMARY KEY (match_id, request_id);


--
-- Name: schema_version schema_version_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.schema_version
    ADD CONSTRAINT schema_version_pkey PRIMARY KEY (version);


--
-- Name: seat_players seat_players_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.seat_players
    ADD CONSTRAINT seat_players_pkey PRIMARY KEY (match_id, seat);


--
-- Name: seats seats_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.seats
    ADD CONSTRAINT seats_pkey PRIMARY KEY (match_id, seat);


--
-- Name: matches_active; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX matches_active ON public.matches USING btree (created_at DESC) WHERE (NOT finished);


--
-- Name: matches_finished_at; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX matches_finished_at ON public.matches USING btree (finished_at) WHERE finished;


--
-- Name: mm_waiting; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX mm_waiting ON public.mm_tickets USING btree (queued_at) WHERE (state = 'waiting'::text);


--
-- Name: one_external_identity_per_provider; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX one_external_identity_per_provider ON public.player_identities USING btree (player_id, provider) WHERE (provider <> 'device'::text);


--
-- Name: one_seat_per_player; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX one_seat_per_player ON public.seat_players USING btree (match_id, player_id);


--
-- Name: one_waiting_search; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX one_waiting_search ON public.mm_tickets USING btree (player_id) WHERE (state = 'waiting'::text);


--
-- Name: player_identities_by_player; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX player_identities_by_player ON public.player_identities USING btree (player_id, provider);


--
-- Name: refresh_tokens_by_expiry; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX refresh_tokens_by_expiry ON public.refresh_tokens USING btree (expires_at);


--
-- Name: refresh_tokens_by_session; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX refresh_tokens_by_session ON public.refresh_tokens USING btree (session_id);


--
-- Name: seat_players_by_player; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX seat_players_by_player ON public.seat_players USING btree (player_id, joined_at);


--
-- Name: events events_match_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.events
    ADD CONSTRAINT events_match_id_fkey FOREIGN KEY (match_id) REFERENCES public.matches(match_id);


--
-- Name: player_identities player_identities_player_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.player_identities
    ADD CONSTRAINT player_identities_player_id_fkey FOREIGN KEY (player_id) REFERENCES public.players(player_id);


--
-- Name: player_sessions player_sessions_player_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.player_sessions
    ADD CONSTRAINT player_sessions_player_id_fkey FOREIGN KEY (player_id) REFERENCES public.players(player_id);


--
-- Name: refresh_tokens refresh_tokens_session_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.refresh_tokens
    ADD CONSTRAINT refresh_tokens_session_id_fkey FOREIGN KEY (session_id) REFERENCES public.player_sessions(session_id);


--
-- Name: requests requests_match_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.requests
    ADD CONSTRAINT requests_match_id_fkey FOREIGN KEY (match_id) REFERENCES public.matches(match_id);


--
-- Name: seats seats_match_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.seats
    ADD CONSTRAINT seats_match_id_fkey FOREIGN KEY (match_id) REFERENCES public.matches(match_id);


--
-- PostgreSQL database dump complete
--

\unrestrict ifHukKAskYLv8DjMZSsON3IvLdFdzcZlf6WQnfMeFNgOHk4wDApaXBs84lXDfyN

