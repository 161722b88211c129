--
-- PostgreSQL database dump
--

\restrict eXFw4VNAxuV0k6ozfiGrZXca02bucHptjPpBp4s7jAbSz0A4WaTZEEd7YXRRNVE

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
-- Name: player_results; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.player_results (
    player_id text NOT NULL COLLATE pg_catalog."C",
    match_id text NOT NULL COLLATE pg_catalog."C",
    ended_at double precision NOT NULL,
    category text NOT NULL,
    seat integer NOT NULL,
    side integer NOT NULL,
    won boolean NOT NULL,
    placement integer NOT NULL,
    rounds integer NOT NULL,
    points integer NOT NULL,
    deducted integer NOT NULL,
    blocked_rounds integer NOT NULL,
    best_placement integer NOT NULL,
    rated boolean NOT NULL,
    mu_before double precision,
    sigma_before double precision,
    mu_after double precision,
    sigma_after double precision
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
-- Name: rated_matches; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.rated_matches (
    seq bigint NOT NULL,
    match_id text NOT NULL,
    category text NOT NULL,
    ended_at double precision NOT NULL
);


--
-- Name: rating_history; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.rating_history (
    player_id text NOT NULL COLLATE pg_catalog."C",
    category text NOT NULL,
    seq bigint NOT NULL,
    match_id text NOT NULL,
    ended_at double precision NOT NULL,
    mu double precision NOT NULL,
    sigma double precision NOT NULL,
    ordinal double precision NOT NULL
);


--
-- Name: rating_schema_version; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.rating_schema_version (
    version integer NOT NULL,
    applied_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: ratings; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.ratings (
    category text NOT NULL,
    player_id text NOT NULL COLLATE pg_catalog."C",
    mu double precision NOT NULL,
    sigma double precision NOT NULL,
    ordinal double precision NOT NULL,
    matches integer NOT NULL,
    wins integer NOT NULL,
    last_seq bigint NOT NULL
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

INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 1, '{"type": "match_started", "hints": false, "rated": true, "seats": ["human", "human"], "practice": false, "commitment": "f05d1527417645736f0b1523ebd9119c81a1077ebc8fef2e109825bc8084aa48", "target_points": 5}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 2, '{"turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "round_dealt", "hands": [[[0, 0], [1, 5], [1, 1], [3, 6], [0, 3]], [[2, 6], [2, 2], [1, 3], [1, 4], [2, 5]]], "by_lot": true, "starter": 1, "boneyard": [[4, 5], [2, 3], [3, 3], [0, 5], [2, 4], [6, 6], [0, 6], [1, 2], [3, 4], [5, 6], [4, 6], [0, 2], [3, 5], [5, 5], [0, 4], [1, 6], [0, 1], [4, 4]], "round_no": 1, "hand_sizes": [5, 5], "boneyard_size": 18}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 3, '{"seat": 0, "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "seat_claimed", "display_name": "ada"}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 4, '{"seat": 1, "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "seat_claimed", "display_name": "ben"}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 5, '{"on": null, "seat": 1, "tile": [1, 3], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 4}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 6, '{"on": [[1, 3], "high"], "seat": 0, "tile": [0, 3], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 1}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 7, '{"on": [[1, 3], "low"], "seat": 1, "tile": [1, 4], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 4}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 8, '{"on": [[0, 3], "low"], "seat": 0, "tile": [0, 0], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 4}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 9, '{"seat": 1, "tile": [4, 5], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 10, '{"on": [[1, 4], "high"], "seat": 1, "tile": [4, 5], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 11, '{"on": [[4, 5], "high"], "seat": 0, "tile": [1, 5], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 1}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 12, '{"seat": 1, "tile": [2, 3], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 13, '{"seat": 1, "tile": [3, 3], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 14, '{"seat": 1, "tile": [0, 5], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 15, '{"on": [[0, 0], "chain_b"], "seat": 1, "tile": [0, 5], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 16, '{"on": [[1, 5], "low"], "seat": 0, "tile": [1, 1], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 17, '{"on": [[0, 5], "high"], "seat": 1, "tile": [2, 5], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 4}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 18, '{"seat": 0, "tile": [2, 4], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 19, '{"on": [[2, 5], "low"], "seat": 0, "tile": [2, 4], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 20, '{"seat": 1, "tile": [6, 6], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 21, '{"seat": 1, "tile": [0, 6], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 22, '{"on": [[0, 0], "branch_b"], "seat": 1, "tile": [0, 6], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 12}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 23, '{"on": [[0, 6], "high"], "seat": 0, "tile": [3, 6], "type": "tile_placed", "points": 0, "end_sum": 9}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 24, '{"type": "round_ended", "hands": [[], [[2, 6], [2, 2], [2, 3], [3, 3], [6, 6]]], "scores": [0, -30], "winner": 0, "blocked": false, "round_no": 1, "deductions": [0, 35]}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 46, '{"seat": 0, "tile": [1, 4], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 47, '{"on": [[1, 1], "chain_a"], "seat": 0, "tile": [1, 4], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 25, '{"turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "round_dealt", "hands": [[[4, 6], [0, 4], [0, 3], [1, 5], [2, 4]], [[4, 5], [6, 6], [2, 5], [3, 4], [1, 1]]], "by_lot": false, "starter": 0, "boneyard": [[1, 2], [0, 6], [5, 6], [3, 6], [2, 2], [4, 4], [1, 6], [1, 3], [0, 0], [0, 2], [1, 4], [3, 5], [2, 3], [0, 1], [3, 3], [5, 5], [0, 5], [2, 6]], "round_no": 2, "hand_sizes": [5, 5], "boneyard_size": 18}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 26, '{"on": null, "seat": 0, "tile": [0, 4], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 4}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 27, '{"on": [[0, 4], "high"], "seat": 1, "tile": [3, 4], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 3}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 28, '{"on": [[0, 4], "low"], "seat": 0, "tile": [0, 3], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 29, '{"seat": 1, "tile": [1, 2], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 30, '{"seat": 1, "tile": [0, 6], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 31, '{"seat": 1, "tile": [5, 6], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 32, '{"seat": 1, "tile": [3, 6], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 33, '{"on": [[3, 4], "low"], "seat": 1, "tile": [3, 6], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 9}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 34, '{"on": [[3, 6], "high"], "seat": 0, "tile": [4, 6], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 35, '{"on": [[4, 6], "low"], "seat": 1, "tile": [4, 5], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 8}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 36, '{"on": [[4, 5], "high"], "seat": 0, "tile": [1, 5], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 4}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 37, '{"on": [[1, 5], "low"], "seat": 1, "tile": [1, 2], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 38, '{"on": [[1, 2], "high"], "seat": 0, "tile": [2, 4], "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 39, '{"type": "round_ended", "hands": [[], [[6, 6], [2, 5], [1, 1], [0, 6], [5, 6]]], "scores": [0, -65], "winner": 0, "blocked": false, "round_no": 2, "deductions": [0, 40]}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 40, '{"turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "round_dealt", "hands": [[[1, 1], [0, 5], [2, 6], [2, 2], [2, 4]], [[3, 4], [0, 0], [0, 1], [3, 6], [3, 5]]], "by_lot": false, "starter": 0, "boneyard": [[0, 2], [1, 4], [0, 3], [5, 5], [1, 3], [4, 4], [1, 6], [1, 5], [5, 6], [2, 3], [4, 5], [6, 6], [1, 2], [4, 6], [0, 4], [2, 5], [0, 6], [3, 3]], "round_no": 3, "hand_sizes": [5, 5], "boneyard_size": 18}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 41, '{"on": null, "seat": 0, "tile": [1, 1], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 2}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 42, '{"on": [[1, 1], "chain_b"], "seat": 1, "tile": [0, 1], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 2}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 43, '{"on": [[0, 1], "low"], "seat": 0, "tile": [0, 5], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 44, '{"on": [[0, 5], "high"], "seat": 1, "tile": [3, 5], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 45, '{"seat": 0, "tile": [0, 2], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 48, '{"on": [[3, 5], "low"], "seat": 1, "tile": [3, 4], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 8}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 49, '{"on": [[1, 4], "high"], "seat": 0, "tile": [2, 4], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 50, '{"seat": 1, "tile": [0, 3], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 51, '{"seat": 1, "tile": [5, 5], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 52, '{"seat": 1, "tile": [1, 3], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 53, '{"on": [[1, 1], "branch_b"], "seat": 1, "tile": [1, 3], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 9}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 54, '{"on": [[2, 4], "low"], "seat": 0, "tile": [2, 6], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 13}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 55, '{"on": [[2, 6], "high"], "seat": 1, "tile": [3, 6], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 10, "end_sum": 10}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 56, '{"seat": 0, "tile": [4, 4], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 57, '{"on": [[3, 4], "high"], "seat": 0, "tile": [4, 4], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 14}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 58, '{"on": [[3, 6], "low"], "seat": 1, "tile": [0, 3], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 11}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 59, '{"on": [[0, 3], "low"], "seat": 0, "tile": [0, 2], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 13}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 60, '{"seat": 1, "tile": [1, 6], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 61, '{"on": [[1, 1], "branch_a"], "seat": 1, "tile": [1, 6], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 19}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 62, '{"on": [[0, 2], "high"], "seat": 0, "tile": [2, 2], "type": "tile_placed", "points": 0, "end_sum": 21}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 63, '{"type": "round_ended", "hands": [[], [[0, 0], [5, 5]]], "scores": [0, -60], "winner": 0, "blocked": false, "round_no": 3, "deductions": [0, 10]}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 64, '{"turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "round_dealt", "hands": [[[4, 5], [2, 6], [3, 3], [1, 2], [2, 2]], [[5, 6], [3, 5], [0, 1], [2, 5], [0, 3]]], "by_lot": false, "starter": 0, "boneyard": [[0, 6], [1, 5], [1, 3], [3, 6], [5, 5], [0, 0], [4, 6], [1, 6], [1, 1], [4, 4], [0, 5], [0, 4], [3, 4], [2, 3], [2, 4], [6, 6], [0, 2], [1, 4]], "round_no": 4, "hand_sizes": [5, 5], "boneyard_size": 18}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 65, '{"on": null, "seat": 0, "tile": [4, 5], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 9}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 66, '{"on": [[4, 5], "high"], "seat": 1, "tile": [3, 5], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 67, '{"on": [[3, 5], "low"], "seat": 0, "tile": [3, 3], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 10, "end_sum": 10}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 68, '{"on": [[3, 3], "chain_b"], "seat": 1, "tile": [0, 3], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 4}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 69, '{"seat": 0, "tile": [0, 6], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 70, '{"on": [[0, 3], "low"], "seat": 0, "tile": [0, 6], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 10, "end_sum": 10}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 71, '{"on": [[0, 6], "high"], "seat": 1, "tile": [5, 6], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 9}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 72, '{"seat": 0, "tile": [1, 5], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 73, '{"on": [[5, 6], "low"], "seat": 0, "tile": [1, 5], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 74, '{"on": [[1, 5], "low"], "seat": 1, "tile": [0, 1], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 4}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 75, '{"seat": 0, "tile": [1, 3], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 76, '{"on": [[3, 3], "branch_a"], "seat": 0, "tile": [1, 3], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 77, '{"seat": 1, "tile": [3, 6], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 78, '{"on": [[3, 3], "branch_b"], "seat": 1, "tile": [3, 6], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 11}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 79, '{"on": [[3, 6], "high"], "seat": 0, "tile": [2, 6], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 80, '{"on": [[2, 6], "low"], "seat": 1, "tile": [2, 5], "type": "tile_placed", "points": 10, "end_sum": 10}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 81, '{"type": "round_ended", "hands": [[[1, 2], [2, 2]], []], "scores": [25, -50], "winner": 1, "blocked": false, "round_no": 4, "deductions": [5, 0]}');
INSERT INTO public.events VALUES ('2677900a8f7e4e5d', 82, '{"type": "match_ended", "scores": [25, -50], "winner_side": 0}');
INSERT INTO public.events VALUES ('5730b6bfea8cbcf0', 1, '{"type": "match_started", "hints": false, "rated": true, "seats": ["human", "human", "human"], "practice": false, "commitment": "07dd1c39a835cde21bf037c2f69b86eaefa92b36180560e039601997ab40454e", "target_points": 5}');
INSERT INTO public.events VALUES ('5730b6bfea8cbcf0', 2, '{"turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "round_dealt", "hands": [[[0, 5], [5, 5], [5, 6], [1, 6], [0, 2]], [[2, 4], [3, 3], [1, 3], [0, 1], [2, 3]], [[3, 4], [0, 0], [2, 5], [3, 6], [4, 4]]], "by_lot": true, "starter": 1, "boneyard": [[0, 4], [6, 6], [1, 5], [3, 5], [1, 4], [2, 2], [4, 5], [2, 6], [4, 6], [1, 1], [1, 2], [0, 3], [0, 6]], "round_no": 1, "hand_sizes": [5, 5, 5], "boneyard_size": 13}');
INSERT INTO public.events VALUES ('5730b6bfea8cbcf0', 3, '{"seat": 0, "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "seat_claimed", "display_name": "ben"}');
INSERT INTO public.events VALUES ('5730b6bfea8cbcf0', 4, '{"seat": 1, "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "seat_claimed", "display_name": "cy"}');
INSERT INTO public.events VALUES ('5730b6bfea8cbcf0', 5, '{"seat": 2, "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "seat_claimed", "display_name": "ada"}');
INSERT INTO public.events VALUES ('5730b6bfea8cbcf0', 6, '{"on": null, "seat": 1, "tile": [0, 1], "turn": {"seat": 2, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 1}');
INSERT INTO public.events VALUES ('5730b6bfea8cbcf0', 7, '{"on": [[0, 1], "low"], "seat": 2, "tile": [0, 0], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 1}');
INSERT INTO public.events VALUES ('5730b6bfea8cbcf0', 8, '{"on": [[0, 1], "high"], "seat": 0, "tile": [1, 6], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('5730b6bfea8cbcf0', 9, '{"seat": 1, "tile": [0, 4], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('5730b6bfea8cbcf0', 10, '{"on": [[0, 0], "chain_b"], "seat": 1, "tile": [0, 4], "turn": {"seat": 2, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 10, "end_sum": 10}');
INSERT INTO public.events VALUES ('5730b6bfea8cbcf0', 11, '{"on": [[1, 6], "high"], "seat": 2, "tile": [3, 6], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('5730b6bfea8cbcf0', 12, '{"on": [[0, 0], "branch_a"], "seat": 0, "tile": [0, 5], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 12}');
INSERT INTO public.events VALUES ('5730b6bfea8cbcf0', 13, '{"on": [[0, 4], "high"], "seat": 1, "tile": [2, 4], "turn": {"seat": 2, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 10, "end_sum": 10}');
INSERT INTO public.events VALUES ('5730b6bfea8cbcf0', 14, '{"on": [[2, 4], "low"], "seat": 2, "tile": [2, 5], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 13}');
INSERT INTO public.events VALUES ('5730b6bfea8cbcf0', 15, '{"on": [[0, 5], "high"], "seat": 0, "tile": [5, 5], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 18}');
INSERT INTO public.events VALUES ('5730b6bfea8cbcf0', 16, '{"on": [[3, 6], "low"], "seat": 1, "tile": [3, 3], "turn": {"seat": 2, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 21}');
INSERT INTO public.events VALUES ('5730b6bfea8cbcf0', 17, '{"on": [[3, 3], "chain_b"], "seat": 2, "tile": [3, 4], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 19}');
INSERT INTO public.events VALUES ('5730b6bfea8cbcf0', 18, '{"on": [[5, 5], "chain_b"], "seat": 0, "tile": [5, 6], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 15, "end_sum": 15}');
INSERT INTO public.events VALUES ('5730b6bfea8cbcf0', 19, '{"on": [[3, 3], "branch_a"], "seat": 1, "tile": [1, 3], "turn": {"seat": 2, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 16}');
INSERT INTO public.events VALUES ('5730b6bfea8cbcf0', 20, '{"on": [[3, 4], "high"], "seat": 2, "tile": [4, 4], "type": "tile_placed", "points": 20, "end_sum": 20}');
INSERT INTO public.events VALUES ('5730b6bfea8cbcf0', 21, '{"type": "round_ended", "hands": [[[0, 2]], [[2, 3]], []], "scores": [15, 15, 20], "winner": 2, "blocked": false, "round_no": 1, "deductions": [0, 5, 0]}');
INSERT INTO public.events VALUES ('5730b6bfea8cbcf0', 22, '{"turn": {"seat": 2, "deadline": null, "stand_in": false}, "type": "round_dealt", "hands": [[[0, 6], [3, 5], [6, 6], [4, 4], [2, 3]], [[0, 0], [0, 2], [1, 6], [2, 4], [1, 5]], [[2, 5], [5, 6], [0, 5], [4, 5], [2, 2]]], "by_lot": false, "starter": 2, "boneyard": [[2, 6], [5, 5], [1, 2], [3, 6], [4, 6], [1, 1], [3, 3], [0, 3], [0, 1], [1, 4], [0, 4], [3, 4], [1, 3]], "round_no": 2, "hand_sizes": [5, 5, 5], "boneyard_size": 13}');
INSERT INTO public.events VALUES ('5730b6bfea8cbcf0', 23, '{"on": null, "seat": 2, "tile": [2, 5], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('5730b6bfea8cbcf0', 24, '{"on": [[2, 5], "low"], "seat": 0, "tile": [2, 3], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 8}');
INSERT INTO public.events VALUES ('5730b6bfea8cbcf0', 25, '{"on": [[2, 5], "high"], "seat": 1, "tile": [1, 5], "turn": {"seat": 2, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 4}');
INSERT INTO public.events VALUES ('5730b6bfea8cbcf0', 26, '{"seat": 2, "tile": [2, 6], "turn": {"seat": 2, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('5730b6bfea8cbcf0', 27, '{"seat": 2, "tile": [5, 5], "turn": {"seat": 2, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('5730b6bfea8cbcf0', 28, '{"seat": 2, "tile": [1, 2], "turn": {"seat": 2, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('5730b6bfea8cbcf0', 29, '{"on": [[1, 5], "low"], "seat": 2, "tile": [1, 2], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('5730b6bfea8cbcf0', 30, '{"on": [[2, 3], "high"], "seat": 0, "tile": [3, 5], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('5730b6bfea8cbcf0', 31, '{"on": [[1, 2], "high"], "seat": 1, "tile": [0, 2], "turn": {"seat": 2, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('5730b6bfea8cbcf0', 32, '{"on": [[3, 5], "high"], "seat": 2, "tile": [5, 6], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('5730b6bfea8cbcf0', 33, '{"on": [[0, 2], "low"], "seat": 0, "tile": [0, 6], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 12}');
INSERT INTO public.events VALUES ('5730b6bfea8cbcf0', 34, '{"on": [[0, 6], "high"], "seat": 1, "tile": [1, 6], "turn": {"seat": 2, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('5730b6bfea8cbcf0', 35, '{"on": [[5, 6], "high"], "seat": 2, "tile": [2, 6], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 3}');
INSERT INTO public.events VALUES ('5730b6bfea8cbcf0', 36, '{"seat": 0, "tile": [3, 6], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('5730b6bfea8cbcf0', 37, '{"seat": 0, "tile": [4, 6], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('5730b6bfea8cbcf0', 38, '{"seat": 0, "tile": [1, 1], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('5730b6bfea8cbcf0', 39, '{"on": [[1, 6], "low"], "seat": 0, "tile": [1, 1], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 4}');
INSERT INTO public.events VALUES ('5730b6bfea8cbcf0', 40, '{"on": [[2, 6], "low"], "seat": 1, "tile": [2, 4], "turn": {"seat": 2, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('5730b6bfea8cbcf0', 41, '{"on": [[2, 4], "high"], "seat": 2, "tile": [4, 5], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('5730b6bfea8cbcf0', 42, '{"seat": 0, "tile": [3, 3], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('5730b6bfea8cbcf0', 43, '{"seat": 0, "tile": [0, 3], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('5730b6bfea8cbcf0', 44, '{"seat": 0, "tile": [0, 1], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('5730b6bfea8cbcf0', 45, '{"on": [[1, 1], "chain_b"], "seat": 0, "tile": [0, 1], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('5730b6bfea8cbcf0', 46, '{"on": [[0, 1], "low"], "seat": 1, "tile": [0, 0], "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('5730b6bfea8cbcf0', 47, '{"type": "round_ended", "hands": [[[6, 6], [4, 4], [3, 6], [4, 6], [3, 3], [0, 3]], [], [[0, 5], [2, 2], [5, 5]]], "scores": [-30, 25, 5], "winner": 1, "blocked": false, "round_no": 2, "deductions": [50, 0, 20]}');
INSERT INTO public.events VALUES ('5730b6bfea8cbcf0', 48, '{"type": "match_ended", "scores": [-30, 25, 5], "winner_side": 1}');
INSERT INTO public.events VALUES ('39b75951a39049d1', 1, '{"type": "match_started", "hints": false, "rated": false, "seats": ["human", "greedy"], "practice": false, "commitment": "678d523708e562fc604169b7460059cf24bb398c8b068e156af61a108511c7f1", "target_points": 5}');
INSERT INTO public.events VALUES ('39b75951a39049d1', 2, '{"turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "round_dealt", "hands": [[[4, 5], [2, 3], [0, 1], [0, 4], [0, 2]], [[1, 3], [0, 5], [0, 3], [1, 6], [1, 5]]], "by_lot": true, "starter": 0, "boneyard": [[1, 2], [3, 4], [1, 4], [4, 4], [0, 6], [3, 6], [0, 0], [3, 3], [2, 2], [3, 5], [6, 6], [1, 1], [5, 6], [2, 6], [5, 5], [2, 4], [2, 5], [4, 6]], "round_no": 1, "hand_sizes": [5, 5], "boneyard_size": 18}');
INSERT INTO public.events VALUES ('39b75951a39049d1', 3, '{"seat": 0, "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "seat_claimed", "display_name": ""}');
INSERT INTO public.events VALUES ('39b75951a39049d1', 4, '{"on": null, "seat": 0, "tile": [2, 3], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('39b75951a39049d1', 5, '{"on": [[2, 3], "high"], "seat": 1, "tile": [1, 3], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 3}');
INSERT INTO public.events VALUES ('39b75951a39049d1', 6, '{"on": [[2, 3], "low"], "seat": 0, "tile": [0, 2], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 1}');
INSERT INTO public.events VALUES ('39b75951a39049d1', 7, '{"on": [[1, 3], "low"], "seat": 1, "tile": [1, 5], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('39b75951a39049d1', 8, '{"on": [[0, 2], "low"], "seat": 0, "tile": [0, 4], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 9}');
INSERT INTO public.events VALUES ('39b75951a39049d1', 9, '{"on": [[1, 5], "high"], "seat": 1, "tile": [0, 5], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 4}');
INSERT INTO public.events VALUES ('39b75951a39049d1', 10, '{"on": [[0, 5], "low"], "seat": 0, "tile": [0, 1], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('39b75951a39049d1', 11, '{"on": [[0, 1], "high"], "seat": 1, "tile": [1, 6], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 10, "end_sum": 10}');
INSERT INTO public.events VALUES ('39b75951a39049d1', 12, '{"on": [[0, 4], "high"], "seat": 0, "tile": [4, 5], "type": "tile_placed", "points": 0, "end_sum": 11}');
INSERT INTO public.events VALUES ('39b75951a39049d1', 13, '{"type": "round_ended", "hands": [[], [[0, 3]]], "scores": [10, 10], "winner": 0, "blocked": false, "round_no": 1, "deductions": [0, 5]}');
INSERT INTO public.events VALUES ('39b75951a39049d1', 40, '{"on": [[0, 1], "low"], "seat": 0, "tile": [0, 0], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('39b75951a39049d1', 41, '{"seat": 1, "tile": [3, 6], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('39b75951a39049d1', 14, '{"turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "round_dealt", "hands": [[[2, 4], [1, 4], [2, 5], [0, 4], [2, 6]], [[1, 1], [2, 3], [3, 3], [1, 6], [0, 3]]], "by_lot": false, "starter": 0, "boneyard": [[0, 6], [4, 4], [0, 2], [0, 0], [1, 3], [3, 5], [0, 5], [5, 6], [3, 4], [2, 2], [0, 1], [3, 6], [1, 5], [4, 6], [6, 6], [5, 5], [1, 2], [4, 5]], "round_no": 2, "hand_sizes": [5, 5], "boneyard_size": 18}');
INSERT INTO public.events VALUES ('39b75951a39049d1', 15, '{"on": null, "seat": 0, "tile": [2, 4], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('39b75951a39049d1', 16, '{"on": [[2, 4], "low"], "seat": 1, "tile": [2, 3], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('39b75951a39049d1', 17, '{"on": [[2, 4], "high"], "seat": 0, "tile": [1, 4], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 4}');
INSERT INTO public.events VALUES ('39b75951a39049d1', 18, '{"on": [[1, 4], "low"], "seat": 1, "tile": [1, 1], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('39b75951a39049d1', 19, '{"seat": 0, "tile": [0, 6], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('39b75951a39049d1', 20, '{"seat": 0, "tile": [4, 4], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('39b75951a39049d1', 21, '{"seat": 0, "tile": [0, 2], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('39b75951a39049d1', 22, '{"seat": 0, "tile": [0, 0], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('39b75951a39049d1', 23, '{"seat": 0, "tile": [1, 3], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('39b75951a39049d1', 24, '{"on": [[2, 3], "high"], "seat": 0, "tile": [1, 3], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 3}');
INSERT INTO public.events VALUES ('39b75951a39049d1', 25, '{"on": [[1, 1], "chain_b"], "seat": 1, "tile": [1, 6], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('39b75951a39049d1', 26, '{"on": [[1, 6], "high"], "seat": 0, "tile": [0, 6], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 1}');
INSERT INTO public.events VALUES ('39b75951a39049d1', 27, '{"on": [[0, 6], "low"], "seat": 1, "tile": [0, 3], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 4}');
INSERT INTO public.events VALUES ('39b75951a39049d1', 28, '{"seat": 0, "tile": [3, 5], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('39b75951a39049d1', 29, '{"on": [[0, 3], "high"], "seat": 0, "tile": [3, 5], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('39b75951a39049d1', 30, '{"seat": 1, "tile": [0, 5], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('39b75951a39049d1', 31, '{"on": [[3, 5], "high"], "seat": 1, "tile": [0, 5], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 1}');
INSERT INTO public.events VALUES ('39b75951a39049d1', 32, '{"on": [[0, 5], "low"], "seat": 0, "tile": [0, 4], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('39b75951a39049d1', 33, '{"seat": 1, "tile": [5, 6], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('39b75951a39049d1', 34, '{"seat": 1, "tile": [3, 4], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('39b75951a39049d1', 35, '{"on": [[0, 4], "high"], "seat": 1, "tile": [3, 4], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 4}');
INSERT INTO public.events VALUES ('39b75951a39049d1', 36, '{"seat": 0, "tile": [2, 2], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('39b75951a39049d1', 37, '{"seat": 0, "tile": [0, 1], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('39b75951a39049d1', 38, '{"on": [[1, 1], "branch_b"], "seat": 0, "tile": [0, 1], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 4}');
INSERT INTO public.events VALUES ('39b75951a39049d1', 39, '{"on": [[3, 4], "low"], "seat": 1, "tile": [3, 3], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('39b75951a39049d1', 42, '{"on": [[3, 3], "chain_b"], "seat": 1, "tile": [3, 6], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('39b75951a39049d1', 43, '{"on": [[3, 6], "high"], "seat": 0, "tile": [2, 6], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 3}');
INSERT INTO public.events VALUES ('39b75951a39049d1', 44, '{"seat": 1, "tile": [1, 5], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('39b75951a39049d1', 45, '{"on": [[1, 1], "branch_a"], "seat": 1, "tile": [1, 5], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 8}');
INSERT INTO public.events VALUES ('39b75951a39049d1', 46, '{"on": [[2, 6], "low"], "seat": 0, "tile": [0, 2], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('39b75951a39049d1', 47, '{"on": [[1, 5], "high"], "seat": 1, "tile": [5, 6], "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('39b75951a39049d1', 48, '{"type": "round_ended", "hands": [[[2, 5], [4, 4], [2, 2]], []], "scores": [-5, 15], "winner": 1, "blocked": false, "round_no": 2, "deductions": [20, 0]}');
INSERT INTO public.events VALUES ('39b75951a39049d1', 49, '{"turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "round_dealt", "hands": [[[2, 5], [0, 5], [4, 4], [4, 6], [1, 1]], [[1, 3], [5, 5], [2, 2], [1, 4], [3, 5]]], "by_lot": false, "starter": 1, "boneyard": [[2, 3], [0, 6], [2, 4], [6, 6], [0, 2], [2, 6], [4, 5], [0, 1], [1, 5], [3, 4], [1, 6], [0, 4], [3, 3], [0, 0], [3, 6], [5, 6], [0, 3], [1, 2]], "round_no": 3, "hand_sizes": [5, 5], "boneyard_size": 18}');
INSERT INTO public.events VALUES ('39b75951a39049d1', 50, '{"on": null, "seat": 1, "tile": [5, 5], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 10, "end_sum": 10}');
INSERT INTO public.events VALUES ('39b75951a39049d1', 51, '{"on": [[5, 5], "chain_b"], "seat": 0, "tile": [2, 5], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 12}');
INSERT INTO public.events VALUES ('39b75951a39049d1', 52, '{"on": [[5, 5], "chain_a"], "seat": 1, "tile": [3, 5], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('39b75951a39049d1', 53, '{"on": [[5, 5], "branch_b"], "seat": 0, "tile": [0, 5], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('39b75951a39049d1', 54, '{"on": [[2, 5], "low"], "seat": 1, "tile": [2, 2], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('39b75951a39049d1', 55, '{"seat": 0, "tile": [2, 3], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('39b75951a39049d1', 56, '{"on": [[2, 2], "chain_b"], "seat": 0, "tile": [2, 3], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('39b75951a39049d1', 57, '{"on": [[2, 3], "high"], "seat": 1, "tile": [1, 3], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 4}');
INSERT INTO public.events VALUES ('39b75951a39049d1', 58, '{"on": [[1, 3], "low"], "seat": 0, "tile": [1, 1], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('39b75951a39049d1', 59, '{"on": [[1, 1], "chain_b"], "seat": 1, "tile": [1, 4], "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('39b75951a39049d1', 60, '{"type": "round_ended", "hands": [[[4, 4], [4, 6]], []], "scores": [-15, 30], "winner": 1, "blocked": false, "round_no": 3, "deductions": [20, 0]}');
INSERT INTO public.events VALUES ('39b75951a39049d1', 61, '{"type": "match_ended", "scores": [-15, 30], "winner_side": 1}');
INSERT INTO public.events VALUES ('49149a73490453e5', 1, '{"type": "match_started", "hints": false, "rated": true, "seats": ["human", "human"], "practice": false, "commitment": "b8cf1cd65b3043ced8cab9a6082d065afddbf37f71d6621eb13edbd945951379", "target_points": 5}');
INSERT INTO public.events VALUES ('49149a73490453e5', 2, '{"turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "round_dealt", "hands": [[[1, 2], [0, 3], [6, 6], [0, 6], [2, 3]], [[1, 6], [1, 4], [3, 6], [3, 3], [0, 1]]], "by_lot": true, "starter": 1, "boneyard": [[4, 5], [2, 2], [4, 6], [0, 2], [4, 4], [0, 4], [2, 5], [3, 5], [2, 4], [5, 5], [5, 6], [2, 6], [1, 1], [0, 5], [1, 3], [1, 5], [0, 0], [3, 4]], "round_no": 1, "hand_sizes": [5, 5], "boneyard_size": 18}');
INSERT INTO public.events VALUES ('49149a73490453e5', 3, '{"seat": 0, "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "seat_claimed", "display_name": "cy"}');
INSERT INTO public.events VALUES ('49149a73490453e5', 4, '{"seat": 1, "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "seat_claimed", "display_name": "ada"}');
INSERT INTO public.events VALUES ('49149a73490453e5', 5, '{"on": null, "seat": 1, "tile": [1, 4], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('49149a73490453e5', 6, '{"on": [[1, 4], "low"], "seat": 0, "tile": [1, 2], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('49149a73490453e5', 7, '{"seat": 1, "tile": [4, 5], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('49149a73490453e5', 8, '{"on": [[1, 4], "high"], "seat": 1, "tile": [4, 5], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('c9114b77514f155d', 1, '{"type": "match_started", "hints": false, "rated": true, "seats": ["human", "human"], "practice": false, "commitment": "f29391bc7f7abc1fc61cb3e75eab8999c89828f81787543f98022a1e9aa1dc7f", "target_points": 5}');
INSERT INTO public.events VALUES ('c9114b77514f155d', 2, '{"turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "round_dealt", "hands": [[[3, 4], [1, 5], [0, 5], [4, 6], [0, 2]], [[2, 6], [0, 1], [1, 6], [3, 5], [2, 3]]], "by_lot": true, "starter": 0, "boneyard": [[6, 6], [1, 2], [3, 6], [1, 3], [0, 6], [0, 4], [0, 0], [0, 3], [5, 5], [1, 1], [4, 5], [4, 4], [2, 4], [1, 4], [3, 3], [2, 2], [2, 5], [5, 6]], "round_no": 1, "hand_sizes": [5, 5], "boneyard_size": 18}');
INSERT INTO public.events VALUES ('c9114b77514f155d', 3, '{"seat": 0, "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "seat_claimed", "display_name": ""}');
INSERT INTO public.events VALUES ('c9114b77514f155d', 4, '{"seat": 1, "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "seat_claimed", "display_name": ""}');
INSERT INTO public.events VALUES ('c9114b77514f155d', 5, '{"on": null, "seat": 0, "tile": [0, 5], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('c9114b77514f155d', 6, '{"on": [[0, 5], "high"], "seat": 1, "tile": [3, 5], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 3}');
INSERT INTO public.events VALUES ('c9114b77514f155d', 7, '{"on": [[3, 5], "low"], "seat": 0, "tile": [3, 4], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 4}');
INSERT INTO public.events VALUES ('c9114b77514f155d', 8, '{"on": [[0, 5], "low"], "seat": 1, "tile": [0, 1], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('48d03169161f5498', 1, '{"type": "match_started", "hints": false, "rated": true, "seats": ["human", "human"], "practice": false, "commitment": "67f49d71750e1462b976f14deeee2dc983332c04d313a119ce2adf89ad095af0", "target_points": 5}');
INSERT INTO public.events VALUES ('48d03169161f5498', 2, '{"turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "round_dealt", "hands": [[[1, 6], [3, 3], [1, 5], [0, 5], [2, 6]], [[2, 3], [3, 4], [6, 6], [0, 4], [4, 5]]], "by_lot": true, "starter": 1, "boneyard": [[3, 5], [2, 2], [0, 3], [4, 4], [4, 6], [1, 1], [1, 3], [1, 4], [5, 5], [2, 4], [0, 6], [5, 6], [1, 2], [0, 1], [3, 6], [2, 5], [0, 0], [0, 2]], "round_no": 1, "hand_sizes": [5, 5], "boneyard_size": 18}');
INSERT INTO public.events VALUES ('48d03169161f5498', 3, '{"seat": 0, "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "seat_claimed", "display_name": "ben"}');


--
-- Data for Name: lobby_schema_version; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.lobby_schema_version VALUES (1, '2026-12-01 11:11:50.215086+00');


--
-- Data for Name: matches; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.matches VALUES ('2677900a8f7e4e5d', '["human", "human"]', 5, '\xc81c85999501bb07352e3d10358bb0850671dfd1b351791ffa153c04f50e5813', 1796123510.3943777, true, '\xd22d3b19a1fe5cfc622025c4553492a77f307fde19252a44f1312e0ce1f92f98', NULL);
INSERT INTO public.matches VALUES ('5730b6bfea8cbcf0', '["human", "human", "human"]', 5, '\x70a0e3fc16ad9e162e09d88eae9a010ee40bb9291868aa7b9b06cfef47e631e5', 1796123511.0975795, true, '\x26e020231e01a03d6706c78d827e619654164a414ff94abeedb03e83b17c5d93', NULL);
INSERT INTO public.matches VALUES ('39b75951a39049d1', '["human", "greedy"]', 5, '\x448aba03ba604875ce4c9758e167cbe08cea065952137777881fea978e7a461f', 1796123511.5896218, true, '\xe826171842af19ffb4bd98aca0c7db8a6a6b2b85b9d0c5b2df948188fffb22eb', NULL);
INSERT INTO public.matches VALUES ('49149a73490453e5', '["human", "human"]', 5, '\x0a49dc106092a7c1e2c6fef4bc515eee5c550b0822ae415ae72c3ab9c253f9a2', 1796123511.8716676, false, '\x606c65f2f31cfffd97c850e6b339c8f85eeb8b629524518fea6d2ef8f1744dab', NULL);
INSERT INTO public.matches VALUES ('c9114b77514f155d', '["human", "human"]', 5, '\xbe0317e0d6047c96ee0bfa9261f1308ff3c0323ebe6ab55c2e25ba6b8cce848c', 1796123511.940419, false, '\x6b441cfe328446d273d94148bcf76007f72a832a9e02a51fadd1a0167ce14c5a', NULL);
INSERT INTO public.matches VALUES ('48d03169161f5498', '["human", "human"]', 5, '\x0477e0db12a56038780131f11e236f4d55971395640946b91e460b4be6cb7c58', 1796123512.026559, false, '\xf21c6d58820cbf0e5c6d3c320292e3c511334c2b96ebb4449e8001ec478ac6b1', NULL);


--
-- Data for Name: mm_tickets; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: player_identities; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.player_identities VALUES ('device', '181d1b855f355ca3ca39db2d40196032ac244fab210869ba3299b5866e4cef8b', '87922a53409c4fcc8a4e72cbd0df5f50', 1796123510.3775954);
INSERT INTO public.player_identities VALUES ('device', '351c8c6041a995a5d7a5c813f562168058e3096e10cf3949d5546f1e61808431', '6d51d2e59b514c069cc6100722b9d9c6', 1796123510.3853452);
INSERT INTO public.player_identities VALUES ('device', 'ea21735e64459451ee41c95804fb75c0392152e30f565a749356e8eff5674603', 'a559f52824514e5cab7a38a55441b8ca', 1796123510.389192);


--
-- Data for Name: player_results; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.player_results VALUES ('87922a53409c4fcc8a4e72cbd0df5f50', '2677900a8f7e4e5d', 1796123511.089494, '2', 0, 0, true, 1, 4, 6, 1, 0, 2, true, 25, 8.333333333333334, 27.635389493140497, 8.06590141354368);
INSERT INTO public.player_results VALUES ('6d51d2e59b514c069cc6100722b9d9c6', '2677900a8f7e4e5d', 1796123511.089494, '2', 1, 1, false, 2, 4, 7, 17, 0, 2, true, 25, 8.333333333333334, 22.364610506859503, 8.06590141354368);
INSERT INTO public.player_results VALUES ('6d51d2e59b514c069cc6100722b9d9c6', '5730b6bfea8cbcf0', 1796123511.577767, '3', 0, 0, false, 3, 2, 4, 10, 0, 3, true, 25, 8.333333333333334, 21.413689149063217, 8.058224222802378);
INSERT INTO public.player_results VALUES ('a559f52824514e5cab7a38a55441b8ca', '5730b6bfea8cbcf0', 1796123511.577767, '3', 1, 1, true, 1, 2, 6, 1, 0, 2, true, 25, 8.333333333333334, 27.869048680749426, 8.205243377397993);
INSERT INTO public.player_results VALUES ('87922a53409c4fcc8a4e72cbd0df5f50', '5730b6bfea8cbcf0', 1796123511.577767, '3', 2, 2, false, 2, 2, 5, 4, 0, 4, true, 25, 8.333333333333334, 25.717262170187357, 8.058224222802378);


--
-- Data for Name: player_schema_version; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.player_schema_version VALUES (1, '2026-12-01 11:11:50.162094+00');


--
-- Data for Name: player_sessions; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.player_sessions VALUES ('3898615604764d6094fea70439ed9e91', '87922a53409c4fcc8a4e72cbd0df5f50', 1796123510.382469, NULL, NULL);
INSERT INTO public.player_sessions VALUES ('1c22c3a3306349ca88722bcad2360c71', '6d51d2e59b514c069cc6100722b9d9c6', 1796123510.3867772, NULL, NULL);
INSERT INTO public.player_sessions VALUES ('3f3e2bf8db6a43508b57f09715491a41', 'a559f52824514e5cab7a38a55441b8ca', 1796123510.3911242, NULL, NULL);


--
-- Data for Name: players; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.players VALUES ('87922a53409c4fcc8a4e72cbd0df5f50', 'ada', 1796123510.3775954, 1796123510.3775954);
INSERT INTO public.players VALUES ('6d51d2e59b514c069cc6100722b9d9c6', 'ben', 1796123510.3853452, 1796123510.3853452);
INSERT INTO public.players VALUES ('a559f52824514e5cab7a38a55441b8ca', 'cy', 1796123510.389192, 1796123510.389192);


--
-- Data for Name: private_tables; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.private_tables VALUES ('48d03169161f5498', '\xd156554816714839c07a8088ffa66c8d99578e594702489551a55b92d230effb', 1796728312.0218105, '6d51d2e59b514c069cc6100722b9d9c6', 1796123512.0218105);


--
-- Data for Name: rated_matches; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.rated_matches VALUES (1, '2677900a8f7e4e5d', '2', 1796123511.089494);
INSERT INTO public.rated_matches VALUES (2, '5730b6bfea8cbcf0', '3', 1796123511.577767);


--
-- Data for Name: rating_history; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.rating_history VALUES ('87922a53409c4fcc8a4e72cbd0df5f50', '2', 1, '2677900a8f7e4e5d', 1796123511.089494, 27.635389493140497, 8.06590141354368, 3.437685252509457);
INSERT INTO public.rating_history VALUES ('6d51d2e59b514c069cc6100722b9d9c6', '2', 1, '2677900a8f7e4e5d', 1796123511.089494, 22.364610506859503, 8.06590141354368, -1.8330937337715376);
INSERT INTO public.rating_history VALUES ('6d51d2e59b514c069cc6100722b9d9c6', '3', 2, '5730b6bfea8cbcf0', 1796123511.577767, 21.413689149063217, 8.058224222802378, -2.7609835193439167);
INSERT INTO public.rating_history VALUES ('a559f52824514e5cab7a38a55441b8ca', '3', 2, '5730b6bfea8cbcf0', 1796123511.577767, 27.869048680749426, 8.205243377397993, 3.253318548555445);
INSERT INTO public.rating_history VALUES ('87922a53409c4fcc8a4e72cbd0df5f50', '3', 2, '5730b6bfea8cbcf0', 1796123511.577767, 25.717262170187357, 8.058224222802378, 1.542589501780224);


--
-- Data for Name: rating_schema_version; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.rating_schema_version VALUES (1, '2026-12-01 11:11:50.090054+00');


--
-- Data for Name: ratings; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.ratings VALUES ('2', '87922a53409c4fcc8a4e72cbd0df5f50', 27.635389493140497, 8.06590141354368, 3.437685252509457, 1, 1, 1);
INSERT INTO public.ratings VALUES ('2', '6d51d2e59b514c069cc6100722b9d9c6', 22.364610506859503, 8.06590141354368, -1.8330937337715376, 1, 0, 1);
INSERT INTO public.ratings VALUES ('3', '6d51d2e59b514c069cc6100722b9d9c6', 21.413689149063217, 8.058224222802378, -2.7609835193439167, 1, 0, 2);
INSERT INTO public.ratings VALUES ('3', 'a559f52824514e5cab7a38a55441b8ca', 27.869048680749426, 8.205243377397993, 3.253318548555445, 1, 1, 2);
INSERT INTO public.ratings VALUES ('3', '87922a53409c4fcc8a4e72cbd0df5f50', 25.717262170187357, 8.058224222802378, 1.542589501780224, 1, 0, 2);


--
-- Data for Name: refresh_tokens; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.refresh_tokens VALUES ('\x86b81a807acdf96ae6176e522f501031314794a8be64e8cd5d8d0dd6d2d2bae5', '3898615604764d6094fea70439ed9e91', 1796123510.382469, 1798715510.382469, NULL);
INSERT INTO public.refresh_tokens VALUES ('\xa736567bec14c814e122a8dc91866156905023fd9d8c7c1613810f356e20cfae', '1c22c3a3306349ca88722bcad2360c71', 1796123510.3867772, 1798715510.3867772, NULL);
INSERT INTO public.refresh_tokens VALUES ('\xe5f4d830d67f2f91bcfaaf29a182aafaec7238d97d6654e5aef1d61eb004fd58', '3f3e2bf8db6a43508b57f09715491a41', 1796123510.3911242, 1798715510.3911242, NULL);


--
-- Data for Name: requests; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-1', 1, '1:place [1|3]', 5, 5);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-2', 0, '0:place [0|3]@[1|3]:high', 6, 6);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-3', 1, '1:place [1|4]@[1|3]:low', 7, 7);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-4', 0, '0:place [0|0]@[0|3]:low', 8, 8);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-5', 1, '1:draw', 9, 9);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-6', 1, '1:place [4|5]@[1|4]:high', 10, 10);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-7', 0, '0:place [1|5]@[4|5]:high', 11, 11);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-8', 1, '1:draw', 12, 12);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-9', 1, '1:draw', 13, 13);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-10', 1, '1:draw', 14, 14);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-11', 1, '1:place [0|5]@[0|0]:chain_b', 15, 15);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-12', 0, '0:place [1|1]@[1|5]:low', 16, 16);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-13', 1, '1:place [2|5]@[0|5]:high', 17, 17);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-14', 0, '0:draw', 18, 18);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-15', 0, '0:place [2|4]@[2|5]:low', 19, 19);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-16', 1, '1:draw', 20, 20);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-17', 1, '1:draw', 21, 21);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-18', 1, '1:place [0|6]@[0|0]:branch_b', 22, 22);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-19', 0, '0:place [3|6]@[0|6]:high', 23, 25);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-20', 0, '0:place [0|4]', 26, 26);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-21', 1, '1:place [3|4]@[0|4]:high', 27, 27);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-22', 0, '0:place [0|3]@[0|4]:low', 28, 28);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-23', 1, '1:draw', 29, 29);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-24', 1, '1:draw', 30, 30);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-25', 1, '1:draw', 31, 31);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-26', 1, '1:draw', 32, 32);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-27', 1, '1:place [3|6]@[3|4]:low', 33, 33);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-28', 0, '0:place [4|6]@[3|6]:high', 34, 34);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-29', 1, '1:place [4|5]@[4|6]:low', 35, 35);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-30', 0, '0:place [1|5]@[4|5]:high', 36, 36);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-31', 1, '1:place [1|2]@[1|5]:low', 37, 37);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-32', 0, '0:place [2|4]@[1|2]:high', 38, 40);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-33', 0, '0:place [1|1]', 41, 41);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-34', 1, '1:place [0|1]@[1|1]:chain_b', 42, 42);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-35', 0, '0:place [0|5]@[0|1]:low', 43, 43);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-36', 1, '1:place [3|5]@[0|5]:high', 44, 44);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-37', 0, '0:draw', 45, 45);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-38', 0, '0:draw', 46, 46);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-39', 0, '0:place [1|4]@[1|1]:chain_a', 47, 47);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-40', 1, '1:place [3|4]@[3|5]:low', 48, 48);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-41', 0, '0:place [2|4]@[1|4]:high', 49, 49);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-42', 1, '1:draw', 50, 50);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-43', 1, '1:draw', 51, 51);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-44', 1, '1:draw', 52, 52);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-45', 1, '1:place [1|3]@[1|1]:branch_b', 53, 53);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-46', 0, '0:place [2|6]@[2|4]:low', 54, 54);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-47', 1, '1:place [3|6]@[2|6]:high', 55, 55);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-48', 0, '0:draw', 56, 56);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-49', 0, '0:place [4|4]@[3|4]:high', 57, 57);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-50', 1, '1:place [0|3]@[3|6]:low', 58, 58);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-51', 0, '0:place [0|2]@[0|3]:low', 59, 59);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-52', 1, '1:draw', 60, 60);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-53', 1, '1:place [1|6]@[1|1]:branch_a', 61, 61);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-54', 0, '0:place [2|2]@[0|2]:high', 62, 64);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-55', 0, '0:place [4|5]', 65, 65);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-56', 1, '1:place [3|5]@[4|5]:high', 66, 66);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-57', 0, '0:place [3|3]@[3|5]:low', 67, 67);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-58', 1, '1:place [0|3]@[3|3]:chain_b', 68, 68);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-59', 0, '0:draw', 69, 69);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-60', 0, '0:place [0|6]@[0|3]:low', 70, 70);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-61', 1, '1:place [5|6]@[0|6]:high', 71, 71);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-62', 0, '0:draw', 72, 72);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-63', 0, '0:place [1|5]@[5|6]:low', 73, 73);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-64', 1, '1:place [0|1]@[1|5]:low', 74, 74);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-65', 0, '0:draw', 75, 75);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-66', 0, '0:place [1|3]@[3|3]:branch_a', 76, 76);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-67', 1, '1:draw', 77, 77);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-68', 1, '1:place [3|6]@[3|3]:branch_b', 78, 78);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-69', 0, '0:place [2|6]@[3|6]:high', 79, 79);
INSERT INTO public.requests VALUES ('2677900a8f7e4e5d', 'fixture-70', 1, '1:place [2|5]@[2|6]:low', 80, 82);
INSERT INTO public.requests VALUES ('5730b6bfea8cbcf0', 'fixture-71', 1, '1:place [0|1]', 6, 6);
INSERT INTO public.requests VALUES ('5730b6bfea8cbcf0', 'fixture-72', 2, '2:place [0|0]@[0|1]:low', 7, 7);
INSERT INTO public.requests VALUES ('5730b6bfea8cbcf0', 'fixture-73', 0, '0:place [1|6]@[0|1]:high', 8, 8);
INSERT INTO public.requests VALUES ('5730b6bfea8cbcf0', 'fixture-74', 1, '1:draw', 9, 9);
INSERT INTO public.requests VALUES ('5730b6bfea8cbcf0', 'fixture-75', 1, '1:place [0|4]@[0|0]:chain_b', 10, 10);
INSERT INTO public.requests VALUES ('5730b6bfea8cbcf0', 'fixture-76', 2, '2:place [3|6]@[1|6]:high', 11, 11);
INSERT INTO public.requests VALUES ('5730b6bfea8cbcf0', 'fixture-77', 0, '0:place [0|5]@[0|0]:branch_a', 12, 12);
INSERT INTO public.requests VALUES ('5730b6bfea8cbcf0', 'fixture-78', 1, '1:place [2|4]@[0|4]:high', 13, 13);
INSERT INTO public.requests VALUES ('5730b6bfea8cbcf0', 'fixture-79', 2, '2:place [2|5]@[2|4]:low', 14, 14);
INSERT INTO public.requests VALUES ('5730b6bfea8cbcf0', 'fixture-80', 0, '0:place [5|5]@[0|5]:high', 15, 15);
INSERT INTO public.requests VALUES ('5730b6bfea8cbcf0', 'fixture-81', 1, '1:place [3|3]@[3|6]:low', 16, 16);
INSERT INTO public.requests VALUES ('5730b6bfea8cbcf0', 'fixture-82', 2, '2:place [3|4]@[3|3]:chain_b', 17, 17);
INSERT INTO public.requests VALUES ('5730b6bfea8cbcf0', 'fixture-83', 0, '0:place [5|6]@[5|5]:chain_b', 18, 18);
INSERT INTO public.requests VALUES ('5730b6bfea8cbcf0', 'fixture-84', 1, '1:place [1|3]@[3|3]:branch_a', 19, 19);
INSERT INTO public.requests VALUES ('5730b6bfea8cbcf0', 'fixture-85', 2, '2:place [4|4]@[3|4]:high', 20, 22);
INSERT INTO public.requests VALUES ('5730b6bfea8cbcf0', 'fixture-86', 2, '2:place [2|5]', 23, 23);
INSERT INTO public.requests VALUES ('5730b6bfea8cbcf0', 'fixture-87', 0, '0:place [2|3]@[2|5]:low', 24, 24);
INSERT INTO public.requests VALUES ('5730b6bfea8cbcf0', 'fixture-88', 1, '1:place [1|5]@[2|5]:high', 25, 25);
INSERT INTO public.requests VALUES ('5730b6bfea8cbcf0', 'fixture-89', 2, '2:draw', 26, 26);
INSERT INTO public.requests VALUES ('5730b6bfea8cbcf0', 'fixture-90', 2, '2:draw', 27, 27);
INSERT INTO public.requests VALUES ('5730b6bfea8cbcf0', 'fixture-91', 2, '2:draw', 28, 28);
INSERT INTO public.requests VALUES ('5730b6bfea8cbcf0', 'fixture-92', 2, '2:place [1|2]@[1|5]:low', 29, 29);
INSERT INTO public.requests VALUES ('5730b6bfea8cbcf0', 'fixture-93', 0, '0:place [3|5]@[2|3]:high', 30, 30);
INSERT INTO public.requests VALUES ('5730b6bfea8cbcf0', 'fixture-94', 1, '1:place [0|2]@[1|2]:high', 31, 31);
INSERT INTO public.requests VALUES ('5730b6bfea8cbcf0', 'fixture-95', 2, '2:place [5|6]@[3|5]:high', 32, 32);
INSERT INTO public.requests VALUES ('5730b6bfea8cbcf0', 'fixture-96', 0, '0:place [0|6]@[0|2]:low', 33, 33);
INSERT INTO public.requests VALUES ('5730b6bfea8cbcf0', 'fixture-97', 1, '1:place [1|6]@[0|6]:high', 34, 34);
INSERT INTO public.requests VALUES ('5730b6bfea8cbcf0', 'fixture-98', 2, '2:place [2|6]@[5|6]:high', 35, 35);
INSERT INTO public.requests VALUES ('5730b6bfea8cbcf0', 'fixture-99', 0, '0:draw', 36, 36);
INSERT INTO public.requests VALUES ('5730b6bfea8cbcf0', 'fixture-100', 0, '0:draw', 37, 37);
INSERT INTO public.requests VALUES ('5730b6bfea8cbcf0', 'fixture-101', 0, '0:draw', 38, 38);
INSERT INTO public.requests VALUES ('5730b6bfea8cbcf0', 'fixture-102', 0, '0:place [1|1]@[1|6]:low', 39, 39);
INSERT INTO public.requests VALUES ('5730b6bfea8cbcf0', 'fixture-103', 1, '1:place [2|4]@[2|6]:low', 40, 40);
INSERT INTO public.requests VALUES ('5730b6bfea8cbcf0', 'fixture-104', 2, '2:place [4|5]@[2|4]:high', 41, 41);
INSERT INTO public.requests VALUES ('5730b6bfea8cbcf0', 'fixture-105', 0, '0:draw', 42, 42);
INSERT INTO public.requests VALUES ('5730b6bfea8cbcf0', 'fixture-106', 0, '0:draw', 43, 43);
INSERT INTO public.requests VALUES ('5730b6bfea8cbcf0', 'fixture-107', 0, '0:draw', 44, 44);
INSERT INTO public.requests VALUES ('5730b6bfea8cbcf0', 'fixture-108', 0, '0:place [0|1]@[1|1]:chain_b', 45, 45);
INSERT INTO public.requests VALUES ('5730b6bfea8cbcf0', 'fixture-109', 1, '1:place [0|0]@[0|1]:low', 46, 48);
INSERT INTO public.requests VALUES ('39b75951a39049d1', 'fixture-110', 0, '0:place [2|3]', 4, 4);
INSERT INTO public.requests VALUES ('39b75951a39049d1', 'fixture-111', 0, '0:place [0|2]@[2|3]:low', 6, 6);
INSERT INTO public.requests VALUES ('39b75951a39049d1', 'fixture-112', 0, '0:place [0|4]@[0|2]:low', 8, 8);
INSERT INTO public.requests VALUES ('39b75951a39049d1', 'fixture-113', 0, '0:place [0|1]@[0|5]:low', 10, 10);
INSERT INTO public.requests VALUES ('39b75951a39049d1', 'fixture-114', 0, '0:place [4|5]@[0|4]:high', 12, 14);
INSERT INTO public.requests VALUES ('39b75951a39049d1', 'fixture-115', 0, '0:place [2|4]', 15, 15);
INSERT INTO public.requests VALUES ('39b75951a39049d1', 'fixture-116', 0, '0:place [1|4]@[2|4]:high', 17, 17);
INSERT INTO public.requests VALUES ('39b75951a39049d1', 'fixture-117', 0, '0:draw', 19, 19);
INSERT INTO public.requests VALUES ('39b75951a39049d1', 'fixture-118', 0, '0:draw', 20, 20);
INSERT INTO public.requests VALUES ('39b75951a39049d1', 'fixture-119', 0, '0:draw', 21, 21);
INSERT INTO public.requests VALUES ('39b75951a39049d1', 'fixture-120', 0, '0:draw', 22, 22);
INSERT INTO public.requests VALUES ('39b75951a39049d1', 'fixture-121', 0, '0:draw', 23, 23);
INSERT INTO public.requests VALUES ('39b75951a39049d1', 'fixture-122', 0, '0:place [1|3]@[2|3]:high', 24, 24);
INSERT INTO public.requests VALUES ('39b75951a39049d1', 'fixture-123', 0, '0:place [0|6]@[1|6]:high', 26, 26);
INSERT INTO public.requests VALUES ('39b75951a39049d1', 'fixture-124', 0, '0:draw', 28, 28);
INSERT INTO public.requests VALUES ('39b75951a39049d1', 'fixture-125', 0, '0:place [3|5]@[0|3]:high', 29, 29);
INSERT INTO public.requests VALUES ('39b75951a39049d1', 'fixture-126', 0, '0:place [0|4]@[0|5]:low', 32, 32);
INSERT INTO public.requests VALUES ('39b75951a39049d1', 'fixture-127', 0, '0:draw', 36, 36);
INSERT INTO public.requests VALUES ('39b75951a39049d1', 'fixture-128', 0, '0:draw', 37, 37);
INSERT INTO public.requests VALUES ('39b75951a39049d1', 'fixture-129', 0, '0:place [0|1]@[1|1]:branch_b', 38, 38);
INSERT INTO public.requests VALUES ('39b75951a39049d1', 'fixture-130', 0, '0:place [0|0]@[0|1]:low', 40, 40);
INSERT INTO public.requests VALUES ('39b75951a39049d1', 'fixture-131', 0, '0:place [2|6]@[3|6]:high', 43, 43);
INSERT INTO public.requests VALUES ('39b75951a39049d1', 'fixture-132', 0, '0:place [0|2]@[2|6]:low', 46, 46);
INSERT INTO public.requests VALUES ('39b75951a39049d1', 'fixture-133', 0, '0:place [2|5]@[5|5]:chain_b', 51, 51);
INSERT INTO public.requests VALUES ('39b75951a39049d1', 'fixture-134', 0, '0:place [0|5]@[5|5]:branch_b', 53, 53);
INSERT INTO public.requests VALUES ('39b75951a39049d1', 'fixture-135', 0, '0:draw', 55, 55);
INSERT INTO public.requests VALUES ('39b75951a39049d1', 'fixture-136', 0, '0:place [2|3]@[2|2]:chain_b', 56, 56);
INSERT INTO public.requests VALUES ('39b75951a39049d1', 'fixture-137', 0, '0:place [1|1]@[1|3]:low', 58, 58);
INSERT INTO public.requests VALUES ('49149a73490453e5', 'fixture-138', 1, '1:place [1|4]', 5, 5);
INSERT INTO public.requests VALUES ('49149a73490453e5', 'fixture-139', 0, '0:place [1|2]@[1|4]:low', 6, 6);
INSERT INTO public.requests VALUES ('49149a73490453e5', 'fixture-140', 1, '1:draw', 7, 7);
INSERT INTO public.requests VALUES ('49149a73490453e5', 'fixture-141', 1, '1:place [4|5]@[1|4]:high', 8, 8);
INSERT INTO public.requests VALUES ('c9114b77514f155d', 'fixture-142', 0, '0:place [0|5]', 5, 5);
INSERT INTO public.requests VALUES ('c9114b77514f155d', 'fixture-143', 1, '1:place [3|5]@[0|5]:high', 6, 6);
INSERT INTO public.requests VALUES ('c9114b77514f155d', 'fixture-144', 0, '0:place [3|4]@[3|5]:low', 7, 7);
INSERT INTO public.requests VALUES ('c9114b77514f155d', 'fixture-145', 1, '1:place [0|1]@[0|5]:low', 8, 8);


--
-- Data for Name: schema_version; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.schema_version VALUES (1, '2026-12-01 11:11:50.054492+00');
INSERT INTO public.schema_version VALUES (2, '2026-12-01 11:11:50.054492+00');


--
-- Data for Name: seat_players; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.seat_players VALUES ('2677900a8f7e4e5d', 0, '87922a53409c4fcc8a4e72cbd0df5f50', 1796123510.404813);
INSERT INTO public.seat_players VALUES ('2677900a8f7e4e5d', 1, '6d51d2e59b514c069cc6100722b9d9c6', 1796123510.4118993);
INSERT INTO public.seat_players VALUES ('5730b6bfea8cbcf0', 0, '6d51d2e59b514c069cc6100722b9d9c6', 1796123511.123729);
INSERT INTO public.seat_players VALUES ('5730b6bfea8cbcf0', 1, 'a559f52824514e5cab7a38a55441b8ca', 1796123511.2069066);
INSERT INTO public.seat_players VALUES ('5730b6bfea8cbcf0', 2, '87922a53409c4fcc8a4e72cbd0df5f50', 1796123511.2705736);
INSERT INTO public.seat_players VALUES ('49149a73490453e5', 0, 'a559f52824514e5cab7a38a55441b8ca', 1796123511.8841405);
INSERT INTO public.seat_players VALUES ('49149a73490453e5', 1, '87922a53409c4fcc8a4e72cbd0df5f50', 1796123511.8925633);
INSERT INTO public.seat_players VALUES ('48d03169161f5498', 0, '6d51d2e59b514c069cc6100722b9d9c6', 1796123512.0367785);


--
-- Data for Name: seats; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.seats VALUES ('2677900a8f7e4e5d', 0, '\x6045a8dff2bdf76b0c49f75aeb299a139b4fcf1fafc45c54b4a64b31a4c2bafe');
INSERT INTO public.seats VALUES ('2677900a8f7e4e5d', 1, '\x11d46d5cc57083e5dbe12409b85c32902e4f8ff8a847c258a5bd44cdeae960aa');
INSERT INTO public.seats VALUES ('5730b6bfea8cbcf0', 0, '\x2f4c4426d4ec4137f2c1e56d971df7708612bf28861c8df95bbf64f508c1fafd');
INSERT INTO public.seats VALUES ('5730b6bfea8cbcf0', 1, '\x46614a8cb93ddf53eb8aedc1a0855476b66833384a81862bd655ea68d0466fdc');
INSERT INTO public.seats VALUES ('5730b6bfea8cbcf0', 2, '\xac3425bde618f8c2f3609fe8403fe7089159ef72b9abf421b2638e252f9b3657');
INSERT INTO public.seats VALUES ('39b75951a39049d1', 0, '\xadcf831fe8abbd354977362cff0f96b37f0f6337344ce45a02be0e5e5421aac4');
INSERT INTO public.seats VALUES ('49149a73490453e5', 0, '\x3871211c672f3832b61116873b4328a6ea61e96107cd570a190f743ca986039f');
INSERT INTO public.seats VALUES ('49149a73490453e5', 1, '\xf574a292db022dd25ee1489b140fa06065f27518d346979e906fa490b11955a2');
INSERT INTO public.seats VALUES ('c9114b77514f155d', 0, '\xa0487ad82100cddb24748641935a431a14bb5c820984fd306407140aa7154204');
INSERT INTO public.seats VALUES ('c9114b77514f155d', 1, '\xc34465924e1c964ced497c5d0c0a0e256076c3989a3f15f62e967c1dcb39edae');
INSERT INTO public.seats VALUES ('48d03169161f5498', 0, '\xccda33d83c3ff8c0d9f2ae2fb219df8ab5d4b8ecf641ce9ed8ca410dc84e38cc');


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
-- Name: player_results player_results_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.player_results
    ADD CONSTRAINT player_results_pkey PRIMARY KEY (player_id, match_id);


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
-- Name: rated_matches rated_matches_match_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.rated_matches
    ADD CONSTRAINT rated_matches_match_id_key UNIQUE (match_id);


--
-- Name: rated_matches rated_matches_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.rated_matches
    ADD CONSTRAINT rated_matches_pkey PRIMARY KEY (seq);


--
-- Name: rating_history rating_history_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.rating_history
    ADD CONSTRAINT rating_history_pkey PRIMARY KEY (player_id, category, seq);


--
-- Name: rating_schema_version rating_schema_version_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.rating_schema_version
    ADD CONSTRAINT rating_schema_version_pkey PRIMARY KEY (version);


--
-- Name: ratings ratings_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.ratings
    ADD CONSTRAINT ratings_pkey PRIMARY KEY (category, player_id);


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
-- Name: player_results_newest; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX player_results_newest ON public.player_results USING btree (player_id, ended_at, match_id);


--
-- Name: player_results_one_per_seat; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX player_results_one_per_seat ON public.player_results USING btree (match_id, seat);


--
-- Name: player_results_window; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX player_results_window ON public.player_results USING btree (category, ended_at) WHERE rated;


--
-- Name: ratings_board; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ratings_board ON public.ratings USING btree (category, ordinal DESC, player_id);


--
-- Name: ratings_by_player; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ratings_by_player ON public.ratings USING btree (player_id);


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

\unrestrict eXFw4VNAxuV0k6ozfiGrZXca02bucHptjPpBp4s7jAbSz0A4WaTZEEd7YXRRNVE

