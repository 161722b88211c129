--
-- PostgreSQL database dump
--

\restrict m3AoR8eaJlrZf9BXpzvAQHNIvdTznbtEGLfuY0ubFM57zAlUpLLBC19679zd7wx

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

INSERT INTO public.events VALUES ('010458afb0d6147d', 1, '{"type": "match_started", "hints": false, "rated": true, "seats": ["human", "human"], "practice": false, "commitment": "a0dd8146cf3ba042915b8c9191d4a3f28fde5ac80653b6105aafd7a39d72bc0b", "target_points": 5}');
INSERT INTO public.events VALUES ('010458afb0d6147d', 2, '{"turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "round_dealt", "hands": [[[5, 6], [0, 1], [0, 0], [2, 6], [0, 5]], [[3, 5], [0, 4], [3, 3], [2, 2], [0, 2]]], "by_lot": true, "starter": 0, "boneyard": [[5, 5], [1, 6], [4, 4], [1, 3], [1, 5], [1, 4], [4, 6], [6, 6], [0, 3], [2, 3], [0, 6], [2, 4], [3, 6], [3, 4], [1, 2], [4, 5], [2, 5], [1, 1]], "round_no": 1, "hand_sizes": [5, 5], "boneyard_size": 18}');
INSERT INTO public.events VALUES ('010458afb0d6147d', 3, '{"seat": 0, "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "seat_claimed", "display_name": "ada"}');
INSERT INTO public.events VALUES ('010458afb0d6147d', 4, '{"seat": 1, "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "seat_claimed", "display_name": "ben"}');
INSERT INTO public.events VALUES ('010458afb0d6147d', 5, '{"on": null, "seat": 0, "tile": [0, 0], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 0}');
INSERT INTO public.events VALUES ('010458afb0d6147d', 6, '{"on": [[0, 0], "chain_b"], "seat": 1, "tile": [0, 2], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 2}');
INSERT INTO public.events VALUES ('010458afb0d6147d', 7, '{"on": [[0, 2], "high"], "seat": 0, "tile": [2, 6], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('010458afb0d6147d', 8, '{"on": [[0, 0], "chain_a"], "seat": 1, "tile": [0, 4], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 10, "end_sum": 10}');
INSERT INTO public.events VALUES ('010458afb0d6147d', 9, '{"on": [[0, 0], "branch_a"], "seat": 0, "tile": [0, 5], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 15, "end_sum": 15}');
INSERT INTO public.events VALUES ('010458afb0d6147d', 10, '{"on": [[0, 5], "high"], "seat": 1, "tile": [3, 5], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 13}');
INSERT INTO public.events VALUES ('010458afb0d6147d', 11, '{"on": [[0, 0], "branch_b"], "seat": 0, "tile": [0, 1], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 14}');
INSERT INTO public.events VALUES ('010458afb0d6147d', 12, '{"on": [[3, 5], "low"], "seat": 1, "tile": [3, 3], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 17}');
INSERT INTO public.events VALUES ('010458afb0d6147d', 13, '{"on": [[2, 6], "high"], "seat": 0, "tile": [5, 6], "type": "tile_placed", "points": 0, "end_sum": 16}');
INSERT INTO public.events VALUES ('010458afb0d6147d', 14, '{"type": "round_ended", "hands": [[], [[2, 2]]], "scores": [15, 5], "winner": 0, "blocked": false, "round_no": 1, "deductions": [0, 5]}');
INSERT INTO public.events VALUES ('010458afb0d6147d', 15, '{"turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "round_dealt", "hands": [[[2, 5], [5, 5], [0, 0], [1, 5], [2, 3]], [[0, 6], [3, 4], [1, 6], [0, 5], [1, 4]]], "by_lot": false, "starter": 0, "boneyard": [[2, 4], [6, 6], [0, 4], [1, 3], [5, 6], [0, 2], [4, 5], [0, 3], [2, 6], [3, 5], [4, 4], [1, 2], [3, 3], [1, 1], [0, 1], [2, 2], [4, 6], [3, 6]], "round_no": 2, "hand_sizes": [5, 5], "boneyard_size": 18}');
INSERT INTO public.events VALUES ('010458afb0d6147d', 16, '{"on": null, "seat": 0, "tile": [0, 0], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 0}');
INSERT INTO public.events VALUES ('010458afb0d6147d', 17, '{"on": [[0, 0], "chain_b"], "seat": 1, "tile": [0, 6], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('010458afb0d6147d', 18, '{"seat": 0, "tile": [2, 4], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('010458afb0d6147d', 19, '{"seat": 0, "tile": [6, 6], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('010458afb0d6147d', 20, '{"on": [[0, 6], "high"], "seat": 0, "tile": [6, 6], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 12}');
INSERT INTO public.events VALUES ('010458afb0d6147d', 21, '{"on": [[0, 0], "chain_a"], "seat": 1, "tile": [0, 5], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 17}');
INSERT INTO public.events VALUES ('010458afb0d6147d', 22, '{"on": [[0, 5], "high"], "seat": 0, "tile": [5, 5], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 22}');
INSERT INTO public.events VALUES ('010458afb0d6147d', 23, '{"on": [[6, 6], "chain_b"], "seat": 1, "tile": [1, 6], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 11}');
INSERT INTO public.events VALUES ('010458afb0d6147d', 24, '{"on": [[5, 5], "chain_b"], "seat": 0, "tile": [1, 5], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 2}');
INSERT INTO public.events VALUES ('010458afb0d6147d', 25, '{"on": [[1, 6], "low"], "seat": 1, "tile": [1, 4], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('010458afb0d6147d', 26, '{"on": [[5, 5], "branch_a"], "seat": 0, "tile": [2, 5], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('010458afb0d6147d', 27, '{"on": [[1, 4], "high"], "seat": 1, "tile": [3, 4], "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('010458afb0d6147d', 28, '{"type": "round_ended", "hands": [[[2, 3], [2, 4]], []], "scores": [5, 10], "winner": 1, "blocked": false, "round_no": 2, "deductions": [10, 0]}');
INSERT INTO public.events VALUES ('010458afb0d6147d', 29, '{"turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "round_dealt", "hands": [[[2, 5], [2, 4], [3, 4], [5, 6], [4, 5]], [[3, 5], [2, 2], [2, 3], [5, 5], [0, 6]]], "by_lot": false, "starter": 1, "boneyard": [[1, 2], [1, 6], [1, 3], [2, 6], [6, 6], [1, 4], [0, 2], [4, 6], [0, 1], [0, 5], [0, 3], [3, 3], [0, 0], [1, 1], [0, 4], [3, 6], [1, 5], [4, 4]], "round_no": 3, "hand_sizes": [5, 5], "boneyard_size": 18}');
INSERT INTO public.events VALUES ('010458afb0d6147d', 30, '{"on": null, "seat": 1, "tile": [0, 6], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('010458afb0d6147d', 31, '{"on": [[0, 6], "high"], "seat": 0, "tile": [5, 6], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('010458afb0d6147d', 32, '{"on": [[5, 6], "low"], "seat": 1, "tile": [3, 5], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 3}');
INSERT INTO public.events VALUES ('010458afb0d6147d', 33, '{"on": [[3, 5], "low"], "seat": 0, "tile": [3, 4], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 4}');
INSERT INTO public.events VALUES ('010458afb0d6147d', 34, '{"seat": 1, "tile": [1, 2], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('010458afb0d6147d', 35, '{"seat": 1, "tile": [1, 6], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('010458afb0d6147d', 36, '{"seat": 1, "tile": [1, 3], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('010458afb0d6147d', 37, '{"seat": 1, "tile": [2, 6], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('010458afb0d6147d', 38, '{"seat": 1, "tile": [6, 6], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('010458afb0d6147d', 39, '{"seat": 1, "tile": [1, 4], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('010458afb0d6147d', 40, '{"on": [[3, 4], "high"], "seat": 1, "tile": [1, 4], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 1}');
INSERT INTO public.events VALUES ('010458afb0d6147d', 41, '{"seat": 0, "tile": [0, 2], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('010458afb0d6147d', 42, '{"on": [[0, 6], "low"], "seat": 0, "tile": [0, 2], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 3}');
INSERT INTO public.events VALUES ('010458afb0d6147d', 43, '{"on": [[0, 2], "high"], "seat": 1, "tile": [2, 6], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('010458afb0d6147d', 44, '{"seat": 0, "tile": [4, 6], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('010458afb0d6147d', 45, '{"on": [[2, 6], "high"], "seat": 0, "tile": [4, 6], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('010458afb0d6147d', 46, '{"on": [[1, 4], "low"], "seat": 1, "tile": [1, 6], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 10, "end_sum": 10}');
INSERT INTO public.events VALUES ('010458afb0d6147d', 47, '{"on": [[4, 6], "low"], "seat": 0, "tile": [4, 5], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 11}');
INSERT INTO public.events VALUES ('010458afb0d6147d', 48, '{"on": [[4, 5], "high"], "seat": 1, "tile": [5, 5], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 16}');
INSERT INTO public.events VALUES ('010458afb0d6147d', 49, '{"on": [[5, 5], "chain_b"], "seat": 0, "tile": [2, 5], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 8}');
INSERT INTO public.events VALUES ('010458afb0d6147d', 50, '{"on": [[2, 5], "low"], "seat": 1, "tile": [2, 2], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 10, "end_sum": 10}');
INSERT INTO public.events VALUES ('010458afb0d6147d', 51, '{"on": [[2, 2], "chain_b"], "seat": 0, "tile": [2, 4], "type": "tile_placed", "points": 10, "end_sum": 10}');
INSERT INTO public.events VALUES ('010458afb0d6147d', 52, '{"type": "round_ended", "hands": [[], [[2, 3], [1, 2], [1, 3], [6, 6]]], "scores": [25, 5], "winner": 0, "blocked": false, "round_no": 3, "deductions": [0, 25]}');
INSERT INTO public.events VALUES ('010458afb0d6147d', 53, '{"type": "match_ended", "scores": [25, 5], "winner_side": 0}');
INSERT INTO public.events VALUES ('64412415b4048fa9', 1, '{"type": "match_started", "hints": false, "rated": true, "seats": ["human", "human", "human"], "practice": false, "commitment": "748e8ae9a5c1e6d271c5782ad72a2ba0417457c1df9b4364d18628116a598c5a", "target_points": 5}');
INSERT INTO public.events VALUES ('64412415b4048fa9', 2, '{"turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "round_dealt", "hands": [[[3, 4], [0, 1], [5, 5], [0, 4], [2, 6]], [[3, 3], [0, 2], [0, 0], [2, 5], [1, 3]], [[1, 2], [2, 2], [0, 6], [4, 5], [4, 6]]], "by_lot": true, "starter": 1, "boneyard": [[1, 5], [2, 4], [1, 4], [3, 6], [0, 3], [5, 6], [1, 6], [0, 5], [1, 1], [3, 5], [4, 4], [6, 6], [2, 3]], "round_no": 1, "hand_sizes": [5, 5, 5], "boneyard_size": 13}');
INSERT INTO public.events VALUES ('64412415b4048fa9', 3, '{"seat": 0, "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "seat_claimed", "display_name": "ben"}');
INSERT INTO public.events VALUES ('64412415b4048fa9', 4, '{"seat": 1, "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "seat_claimed", "display_name": "cy"}');
INSERT INTO public.events VALUES ('64412415b4048fa9', 5, '{"seat": 2, "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "seat_claimed", "display_name": "ada"}');
INSERT INTO public.events VALUES ('64412415b4048fa9', 6, '{"on": null, "seat": 1, "tile": [3, 3], "turn": {"seat": 2, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('64412415b4048fa9', 7, '{"seat": 2, "tile": [1, 5], "turn": {"seat": 2, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('64412415b4048fa9', 8, '{"seat": 2, "tile": [2, 4], "turn": {"seat": 2, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('64412415b4048fa9', 9, '{"seat": 2, "tile": [1, 4], "turn": {"seat": 2, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('64412415b4048fa9', 10, '{"seat": 2, "tile": [3, 6], "turn": {"seat": 2, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('64412415b4048fa9', 11, '{"on": [[3, 3], "chain_a"], "seat": 2, "tile": [3, 6], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 12}');
INSERT INTO public.events VALUES ('64412415b4048fa9', 12, '{"on": [[3, 6], "high"], "seat": 0, "tile": [2, 6], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 8}');
INSERT INTO public.events VALUES ('64412415b4048fa9', 13, '{"on": [[2, 6], "low"], "seat": 1, "tile": [2, 5], "turn": {"seat": 2, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 11}');
INSERT INTO public.events VALUES ('64412415b4048fa9', 14, '{"on": [[2, 5], "high"], "seat": 2, "tile": [1, 5], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('64412415b4048fa9', 15, '{"on": [[1, 5], "low"], "seat": 0, "tile": [0, 1], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('64412415b4048fa9', 16, '{"on": [[0, 1], "low"], "seat": 1, "tile": [0, 0], "turn": {"seat": 2, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('64412415b4048fa9', 17, '{"on": [[0, 0], "chain_b"], "seat": 2, "tile": [0, 6], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 12}');
INSERT INTO public.events VALUES ('64412415b4048fa9', 18, '{"on": [[3, 3], "chain_b"], "seat": 0, "tile": [3, 4], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 10, "end_sum": 10}');
INSERT INTO public.events VALUES ('64412415b4048fa9', 19, '{"on": [[3, 3], "branch_b"], "seat": 1, "tile": [1, 3], "turn": {"seat": 2, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 11}');
INSERT INTO public.events VALUES ('64412415b4048fa9', 20, '{"on": [[1, 3], "low"], "seat": 2, "tile": [1, 4], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 14}');
INSERT INTO public.events VALUES ('64412415b4048fa9', 21, '{"on": [[0, 0], "branch_a"], "seat": 0, "tile": [0, 4], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 18}');
INSERT INTO public.events VALUES ('64412415b4048fa9', 22, '{"on": [[0, 0], "branch_b"], "seat": 1, "tile": [0, 2], "type": "tile_placed", "points": 20, "end_sum": 20}');
INSERT INTO public.events VALUES ('64412415b4048fa9', 23, '{"type": "round_ended", "hands": [[[5, 5]], [], [[1, 2], [2, 2], [4, 5], [4, 6], [2, 4]]], "scores": [0, 20, -30], "winner": 1, "blocked": false, "round_no": 1, "deductions": [10, 0, 30]}');
INSERT INTO public.events VALUES ('64412415b4048fa9', 24, '{"turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "round_dealt", "hands": [[[0, 6], [2, 6], [4, 5], [0, 4], [0, 1]], [[3, 6], [0, 0], [2, 5], [1, 3], [0, 5]], [[1, 4], [5, 5], [1, 2], [3, 5], [1, 1]]], "by_lot": false, "starter": 1, "boneyard": [[0, 2], [1, 6], [2, 3], [1, 5], [2, 4], [3, 4], [4, 6], [5, 6], [2, 2], [4, 4], [6, 6], [0, 3], [3, 3]], "round_no": 2, "hand_sizes": [5, 5, 5], "boneyard_size": 13}');
INSERT INTO public.events VALUES ('64412415b4048fa9', 25, '{"on": null, "seat": 1, "tile": [1, 3], "turn": {"seat": 2, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 4}');
INSERT INTO public.events VALUES ('64412415b4048fa9', 26, '{"on": [[1, 3], "low"], "seat": 2, "tile": [1, 4], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('64412415b4048fa9', 27, '{"on": [[1, 4], "high"], "seat": 0, "tile": [0, 4], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 3}');
INSERT INTO public.events VALUES ('64412415b4048fa9', 28, '{"on": [[0, 4], "low"], "seat": 1, "tile": [0, 5], "turn": {"seat": 2, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 8}');
INSERT INTO public.events VALUES ('64412415b4048fa9', 29, '{"on": [[0, 5], "high"], "seat": 2, "tile": [5, 5], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 13}');
INSERT INTO public.events VALUES ('64412415b4048fa9', 30, '{"on": [[5, 5], "chain_b"], "seat": 0, "tile": [4, 5], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('64412415b4048fa9', 31, '{"on": [[5, 5], "branch_b"], "seat": 1, "tile": [2, 5], "turn": {"seat": 2, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 9}');
INSERT INTO public.events VALUES ('64412415b4048fa9', 32, '{"on": [[2, 5], "low"], "seat": 2, "tile": [1, 2], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 8}');
INSERT INTO public.events VALUES ('64412415b4048fa9', 33, '{"on": [[1, 2], "low"], "seat": 0, "tile": [0, 1], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('64412415b4048fa9', 34, '{"on": [[1, 3], "high"], "seat": 1, "tile": [3, 6], "turn": {"seat": 2, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 10, "end_sum": 10}');
INSERT INTO public.events VALUES ('64412415b4048fa9', 35, '{"on": [[5, 5], "branch_a"], "seat": 2, "tile": [3, 5], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 13}');
INSERT INTO public.events VALUES ('64412415b4048fa9', 36, '{"on": [[3, 6], "high"], "seat": 0, "tile": [2, 6], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 9}');
INSERT INTO public.events VALUES ('64412415b4048fa9', 37, '{"on": [[0, 1], "low"], "seat": 1, "tile": [0, 0], "type": "tile_placed", "points": 0, "end_sum": 9}');
INSERT INTO public.events VALUES ('64412415b4048fa9', 38, '{"type": "round_ended", "hands": [[[0, 6]], [], [[1, 1]]], "scores": [-5, 30, -30], "winner": 1, "blocked": false, "round_no": 2, "deductions": [5, 0, 0]}');
INSERT INTO public.events VALUES ('64412415b4048fa9', 39, '{"type": "match_ended", "scores": [-5, 30, -30], "winner_side": 1}');
INSERT INTO public.events VALUES ('3119b198c206a150', 1, '{"type": "match_started", "hints": false, "rated": false, "seats": ["human", "greedy"], "practice": false, "commitment": "1032995459bfdce2cad90e7fec8ea784df3e0869e0c5c2b0df0ea2fb7df3daf3", "target_points": 5}');
INSERT INTO public.events VALUES ('3119b198c206a150', 29, '{"on": [[5, 6], "low"], "seat": 1, "tile": [1, 5], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 1}');
INSERT INTO public.events VALUES ('3119b198c206a150', 30, '{"on": [[0, 5], "low"], "seat": 0, "tile": [0, 0], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 1}');
INSERT INTO public.events VALUES ('3119b198c206a150', 2, '{"turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "round_dealt", "hands": [[[2, 3], [0, 1], [2, 5], [0, 6], [0, 0]], [[3, 3], [1, 3], [3, 5], [4, 5], [1, 2]]], "by_lot": true, "starter": 1, "boneyard": [[5, 6], [2, 4], [0, 4], [0, 3], [4, 4], [1, 4], [1, 1], [1, 6], [0, 2], [2, 2], [0, 5], [4, 6], [3, 4], [3, 6], [1, 5], [5, 5], [2, 6], [6, 6]], "round_no": 1, "hand_sizes": [5, 5], "boneyard_size": 18}');
INSERT INTO public.events VALUES ('3119b198c206a150', 3, '{"on": null, "seat": 1, "tile": [4, 5], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 9}');
INSERT INTO public.events VALUES ('3119b198c206a150', 4, '{"seat": 0, "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "seat_claimed", "display_name": ""}');
INSERT INTO public.events VALUES ('3119b198c206a150', 5, '{"on": [[4, 5], "high"], "seat": 0, "tile": [2, 5], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('3119b198c206a150', 6, '{"on": [[2, 5], "low"], "seat": 1, "tile": [1, 2], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('3119b198c206a150', 7, '{"on": [[1, 2], "low"], "seat": 0, "tile": [0, 1], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 4}');
INSERT INTO public.events VALUES ('3119b198c206a150', 8, '{"seat": 1, "tile": [5, 6], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('3119b198c206a150', 9, '{"seat": 1, "tile": [2, 4], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('3119b198c206a150', 10, '{"on": [[4, 5], "low"], "seat": 1, "tile": [2, 4], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 2}');
INSERT INTO public.events VALUES ('3119b198c206a150', 11, '{"on": [[2, 4], "low"], "seat": 0, "tile": [2, 3], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 3}');
INSERT INTO public.events VALUES ('3119b198c206a150', 12, '{"on": [[2, 3], "high"], "seat": 1, "tile": [3, 5], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('3119b198c206a150', 13, '{"on": [[0, 1], "low"], "seat": 0, "tile": [0, 6], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 11}');
INSERT INTO public.events VALUES ('3119b198c206a150', 14, '{"on": [[0, 6], "high"], "seat": 1, "tile": [5, 6], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 10, "end_sum": 10}');
INSERT INTO public.events VALUES ('3119b198c206a150', 15, '{"seat": 0, "tile": [0, 4], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('3119b198c206a150', 16, '{"seat": 0, "tile": [0, 3], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('3119b198c206a150', 17, '{"seat": 0, "tile": [4, 4], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('3119b198c206a150', 18, '{"seat": 0, "tile": [1, 4], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('3119b198c206a150', 19, '{"seat": 0, "tile": [1, 1], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('3119b198c206a150', 20, '{"seat": 0, "tile": [1, 6], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('3119b198c206a150', 21, '{"seat": 0, "tile": [0, 2], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('3119b198c206a150', 22, '{"seat": 0, "tile": [2, 2], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('3119b198c206a150', 23, '{"seat": 0, "tile": [0, 5], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('3119b198c206a150', 24, '{"on": [[3, 5], "high"], "seat": 0, "tile": [0, 5], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('3119b198c206a150', 25, '{"seat": 1, "tile": [4, 6], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('3119b198c206a150', 26, '{"seat": 1, "tile": [3, 4], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('3119b198c206a150', 27, '{"seat": 1, "tile": [3, 6], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('3119b198c206a150', 28, '{"seat": 1, "tile": [1, 5], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('3119b198c206a150', 31, '{"on": [[1, 5], "low"], "seat": 1, "tile": [1, 3], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 3}');
INSERT INTO public.events VALUES ('3119b198c206a150', 32, '{"on": [[0, 0], "chain_b"], "seat": 0, "tile": [0, 2], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('3119b198c206a150', 33, '{"on": [[1, 3], "high"], "seat": 1, "tile": [3, 6], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 8}');
INSERT INTO public.events VALUES ('3119b198c206a150', 34, '{"on": [[0, 2], "high"], "seat": 0, "tile": [2, 2], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 10, "end_sum": 10}');
INSERT INTO public.events VALUES ('3119b198c206a150', 35, '{"on": [[3, 6], "high"], "seat": 1, "tile": [4, 6], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 8}');
INSERT INTO public.events VALUES ('3119b198c206a150', 36, '{"on": [[0, 0], "branch_a"], "seat": 0, "tile": [0, 4], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 12}');
INSERT INTO public.events VALUES ('3119b198c206a150', 37, '{"on": [[0, 4], "high"], "seat": 1, "tile": [3, 4], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 11}');
INSERT INTO public.events VALUES ('3119b198c206a150', 38, '{"on": [[0, 0], "branch_b"], "seat": 0, "tile": [0, 3], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 14}');
INSERT INTO public.events VALUES ('3119b198c206a150', 39, '{"on": [[0, 3], "high"], "seat": 1, "tile": [3, 3], "type": "tile_placed", "points": 0, "end_sum": 17}');
INSERT INTO public.events VALUES ('3119b198c206a150', 40, '{"type": "round_ended", "hands": [[[4, 4], [1, 4], [1, 1], [1, 6]], []], "scores": [0, 20], "winner": 1, "blocked": false, "round_no": 1, "deductions": [20, 0]}');
INSERT INTO public.events VALUES ('3119b198c206a150', 41, '{"turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "round_dealt", "hands": [[[4, 4], [3, 5], [0, 1], [1, 3], [4, 6]], [[2, 5], [0, 6], [1, 4], [0, 0], [2, 4]]], "by_lot": false, "starter": 1, "boneyard": [[1, 6], [0, 3], [5, 5], [0, 5], [2, 3], [2, 6], [0, 2], [4, 5], [3, 4], [2, 2], [1, 5], [6, 6], [0, 4], [1, 2], [3, 3], [3, 6], [5, 6], [1, 1]], "round_no": 2, "hand_sizes": [5, 5], "boneyard_size": 18}');
INSERT INTO public.events VALUES ('3119b198c206a150', 42, '{"on": null, "seat": 1, "tile": [1, 4], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('3119b198c206a150', 43, '{"on": [[1, 4], "high"], "seat": 0, "tile": [4, 4], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 9}');
INSERT INTO public.events VALUES ('3119b198c206a150', 44, '{"on": [[4, 4], "chain_b"], "seat": 1, "tile": [2, 4], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 3}');
INSERT INTO public.events VALUES ('3119b198c206a150', 45, '{"on": [[4, 4], "branch_b"], "seat": 0, "tile": [4, 6], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 9}');
INSERT INTO public.events VALUES ('3119b198c206a150', 46, '{"on": [[2, 4], "low"], "seat": 1, "tile": [2, 5], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 12}');
INSERT INTO public.events VALUES ('3119b198c206a150', 47, '{"on": [[2, 5], "high"], "seat": 0, "tile": [3, 5], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 10, "end_sum": 10}');
INSERT INTO public.events VALUES ('3119b198c206a150', 48, '{"on": [[4, 6], "high"], "seat": 1, "tile": [0, 6], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 4}');
INSERT INTO public.events VALUES ('3119b198c206a150', 49, '{"on": [[1, 4], "low"], "seat": 0, "tile": [1, 3], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('3119b198c206a150', 50, '{"on": [[0, 6], "low"], "seat": 1, "tile": [0, 0], "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('3119b198c206a150', 51, '{"type": "round_ended", "hands": [[[0, 1]], []], "scores": [10, 25], "winner": 1, "blocked": false, "round_no": 2, "deductions": [0, 0]}');
INSERT INTO public.events VALUES ('3119b198c206a150', 52, '{"type": "match_ended", "scores": [10, 25], "winner_side": 1}');
INSERT INTO public.events VALUES ('030b3847c2232b3c', 1, '{"type": "match_started", "hints": false, "rated": true, "seats": ["human", "human"], "practice": false, "commitment": "c1a0f88e39e96f0351fedda96734e142131f23a609c40347231f267b9d5ab2c1", "target_points": 5}');
INSERT INTO public.events VALUES ('030b3847c2232b3c', 2, '{"turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "round_dealt", "hands": [[[3, 6], [3, 4], [1, 3], [3, 3], [1, 6]], [[0, 0], [2, 3], [1, 5], [2, 4], [3, 5]]], "by_lot": true, "starter": 1, "boneyard": [[0, 2], [2, 6], [5, 6], [0, 3], [1, 4], [4, 4], [0, 5], [0, 6], [0, 1], [1, 2], [4, 6], [2, 5], [4, 5], [5, 5], [6, 6], [1, 1], [0, 4], [2, 2]], "round_no": 1, "hand_sizes": [5, 5], "boneyard_size": 18}');
INSERT INTO public.events VALUES ('030b3847c2232b3c', 3, '{"seat": 0, "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "seat_claimed", "display_name": "cy"}');
INSERT INTO public.events VALUES ('030b3847c2232b3c', 4, '{"seat": 1, "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "seat_claimed", "display_name": "ada"}');
INSERT INTO public.events VALUES ('030b3847c2232b3c', 5, '{"on": null, "seat": 1, "tile": [2, 3], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('030b3847c2232b3c', 6, '{"on": [[2, 3], "high"], "seat": 0, "tile": [3, 4], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('030b3847c2232b3c', 7, '{"on": [[2, 3], "low"], "seat": 1, "tile": [2, 4], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 8}');
INSERT INTO public.events VALUES ('030b3847c2232b3c', 8, '{"seat": 0, "tile": [0, 2], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('6b3132115a4ba8d7', 1, '{"type": "match_started", "hints": false, "rated": true, "seats": ["human", "human"], "practice": false, "commitment": "0f6a7fd83a5577c036c334b866f11163727579e21ea1f79d0210765fedaf5e40", "target_points": 5}');
INSERT INTO public.events VALUES ('6b3132115a4ba8d7', 2, '{"turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "round_dealt", "hands": [[[1, 6], [0, 4], [5, 5], [4, 6], [2, 5]], [[3, 5], [5, 6], [2, 4], [2, 3], [3, 4]]], "by_lot": true, "starter": 1, "boneyard": [[4, 4], [0, 3], [2, 6], [0, 5], [0, 2], [1, 4], [1, 3], [3, 6], [0, 1], [6, 6], [0, 6], [3, 3], [4, 5], [1, 5], [1, 2], [1, 1], [2, 2], [0, 0]], "round_no": 1, "hand_sizes": [5, 5], "boneyard_size": 18}');
INSERT INTO public.events VALUES ('6b3132115a4ba8d7', 3, '{"seat": 0, "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "seat_claimed", "display_name": ""}');
INSERT INTO public.events VALUES ('6b3132115a4ba8d7', 4, '{"seat": 1, "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "seat_claimed", "display_name": ""}');
INSERT INTO public.events VALUES ('6b3132115a4ba8d7', 5, '{"on": null, "seat": 1, "tile": [3, 4], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('6b3132115a4ba8d7', 6, '{"on": [[3, 4], "high"], "seat": 0, "tile": [0, 4], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 0, "end_sum": 3}');
INSERT INTO public.events VALUES ('6b3132115a4ba8d7', 7, '{"on": [[3, 4], "low"], "seat": 1, "tile": [3, 5], "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('6b3132115a4ba8d7', 8, '{"on": [[3, 5], "high"], "seat": 0, "tile": [5, 5], "turn": {"seat": 1, "deadline": null, "stand_in": false}, "type": "tile_placed", "points": 10, "end_sum": 10}');
INSERT INTO public.events VALUES ('4f8134a101b3e867', 1, '{"type": "match_started", "hints": false, "rated": true, "seats": ["human", "human"], "practice": false, "commitment": "15b86cc6a37d56b17c806f831dd1cb84a2ae901fbd92c596d201539bbaee36ad", "target_points": 5}');
INSERT INTO public.events VALUES ('4f8134a101b3e867', 2, '{"turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "round_dealt", "hands": [[[1, 5], [1, 1], [3, 4], [0, 4], [6, 6]], [[1, 4], [0, 1], [3, 6], [3, 3], [0, 2]]], "by_lot": true, "starter": 0, "boneyard": [[4, 4], [0, 0], [4, 5], [2, 5], [1, 3], [0, 3], [2, 6], [2, 4], [2, 2], [0, 5], [3, 5], [1, 6], [5, 5], [2, 3], [1, 2], [0, 6], [5, 6], [4, 6]], "round_no": 1, "hand_sizes": [5, 5], "boneyard_size": 18}');
INSERT INTO public.events VALUES ('4f8134a101b3e867', 3, '{"seat": 0, "turn": {"seat": 0, "deadline": null, "stand_in": false}, "type": "seat_claimed", "display_name": "ben"}');


--
-- Data for Name: lobby_schema_version; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.lobby_schema_version VALUES (1, '2026-12-01 11:08:04.947882+00');


--
-- Data for Name: matches; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.matches VALUES ('010458afb0d6147d', '["human", "human"]', 5, '\xac1ef70393500d451d7cf8cff8fb49f24857bed98b6164e7c84678aa9c444010', 1796123285.3027213, true, '\x85f296adc5b35e03d5a5a0cba24ef2cf58a7e2a3914b1d77a1afab72740ac695', NULL);
INSERT INTO public.matches VALUES ('64412415b4048fa9', '["human", "human", "human"]', 5, '\x1c2ce469f42148fc61965ebcbf3071c7a4baa0c6906d69ca73f55272de111f4b', 1796123286.4843802, true, '\xb888265ed459e12a52e1240674c84b8232acbcbfca91a5c3900d52bc210b807b', NULL);
INSERT INTO public.matches VALUES ('3119b198c206a150', '["human", "greedy"]', 5, '\xdd5568dc006dd47d5c781bf2908929513ba961d017094ac02e3882b0a7301d03', 1796123288.4840958, true, '\x0df2424ce89900f71913dafa27bd9601945012064714abe6865a82a961ea03e8', NULL);
INSERT INTO public.matches VALUES ('030b3847c2232b3c', '["human", "human"]', 5, '\xe35d97bf50bf80b399dd16ac7fbf890cc0eadd88f2a0fb9edaa1d85bc18c9a42', 1796123289.3369198, false, '\x11094c643030bc66b276a620c08ae9a2d855bf48b34800e4b4da23086294753f', NULL);
INSERT INTO public.matches VALUES ('6b3132115a4ba8d7', '["human", "human"]', 5, '\x02dc580e20b3e57c810be21983e8404aa41b22bc9adeed2d168a9479416a0c75', 1796123289.4263844, false, '\x6d1043dd82708d3a8ee98b7987f3ecd58cac3ef2519613cddf6aa31b3fd010a5', NULL);
INSERT INTO public.matches VALUES ('4f8134a101b3e867', '["human", "human"]', 5, '\x8de12758304b3110b0b01c8602ea96b809f173da858c2a7b8d28fa01407b71bf', 1796123289.4657807, false, '\x5116e4943d0296011d487ba7723c7420d9b812477d7c9cf7ba32176fc825ee14', NULL);


--
-- Data for Name: mm_tickets; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: player_identities; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.player_identities VALUES ('device', '181d1b855f355ca3ca39db2d40196032ac244fab210869ba3299b5866e4cef8b', 'b74f9aaaab8f409bbb3981ceb188c576', 1796123285.1810608);
INSERT INTO public.player_identities VALUES ('device', '351c8c6041a995a5d7a5c813f562168058e3096e10cf3949d5546f1e61808431', 'faa433b802ac4cba9facf4e4503ada42', 1796123285.2326272);
INSERT INTO public.player_identities VALUES ('device', 'ea21735e64459451ee41c95804fb75c0392152e30f565a749356e8eff5674603', '210f8bfe07d6467a8f1547f6c57085b1', 1796123285.2649653);


--
-- Data for Name: player_results; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.player_results VALUES ('b74f9aaaab8f409bbb3981ceb188c576', '010458afb0d6147d', 1796123286.4131854, '2', 0, 0, true, 1, 3, 7, 2, 0, 3, true, 25, 8.333333333333334, 27.635389493140497, 8.06590141354368);
INSERT INTO public.player_results VALUES ('faa433b802ac4cba9facf4e4503ada42', '010458afb0d6147d', 1796123286.4131854, '2', 1, 1, false, 2, 3, 7, 6, 0, 2, true, 25, 8.333333333333334, 22.364610506859503, 8.06590141354368);
INSERT INTO public.player_results VALUES ('faa433b802ac4cba9facf4e4503ada42', '64412415b4048fa9', 1796123288.423, '3', 0, 0, false, 2, 2, 2, 3, 0, 2, true, 25, 8.333333333333334, 25.717262170187357, 8.058224222802378);
INSERT INTO public.player_results VALUES ('210f8bfe07d6467a8f1547f6c57085b1', '64412415b4048fa9', 1796123288.423, '3', 1, 1, true, 1, 2, 6, 0, 0, 4, true, 25, 8.333333333333334, 27.869048680749426, 8.205243377397993);
INSERT INTO public.player_results VALUES ('b74f9aaaab8f409bbb3981ceb188c576', '64412415b4048fa9', 1796123288.423, '3', 2, 2, false, 3, 2, 0, 6, 0, 0, true, 25, 8.333333333333334, 21.413689149063217, 8.058224222802378);


--
-- Data for Name: player_schema_version; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.player_schema_version VALUES (1, '2026-12-01 11:08:04.775551+00');


--
-- Data for Name: player_sessions; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.player_sessions VALUES ('8a91c8a48f18457d88e03bdd3ebea1ea', 'b74f9aaaab8f409bbb3981ceb188c576', 1796123285.204486, NULL, NULL);
INSERT INTO public.player_sessions VALUES ('bcaa0757182947c99f3e9d6a1c77edb7', 'faa433b802ac4cba9facf4e4503ada42', 1796123285.25904, NULL, NULL);
INSERT INTO public.player_sessions VALUES ('c834d543d2654c799b99263cd922ee78', '210f8bfe07d6467a8f1547f6c57085b1', 1796123285.2983143, NULL, NULL);


--
-- Data for Name: players; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.players VALUES ('b74f9aaaab8f409bbb3981ceb188c576', 'ada', 1796123285.1810608, 1796123285.1810608);
INSERT INTO public.players VALUES ('faa433b802ac4cba9facf4e4503ada42', 'ben', 1796123285.2326272, 1796123285.2326272);
INSERT INTO public.players VALUES ('210f8bfe07d6467a8f1547f6c57085b1', 'cy', 1796123285.2649653, 1796123285.2649653);


--
-- Data for Name: private_tables; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.private_tables VALUES ('4f8134a101b3e867', '\x6736f36cd6dc7738077926042eb9407dec41effe6d451eb40acabe01b4e10ba6', 1796728089.464752, 'faa433b802ac4cba9facf4e4503ada42', 1796123289.464752);


--
-- Data for Name: rated_matches; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.rated_matches VALUES (1, '010458afb0d6147d', '2', 1796123286.4131854);
INSERT INTO public.rated_matches VALUES (2, '64412415b4048fa9', '3', 1796123288.423);


--
-- Data for Name: rating_history; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.rating_history VALUES ('b74f9aaaab8f409bbb3981ceb188c576', '2', 1, '010458afb0d6147d', 1796123286.4131854, 27.635389493140497, 8.06590141354368, 3.437685252509457);
INSERT INTO public.rating_history VALUES ('faa433b802ac4cba9facf4e4503ada42', '2', 1, '010458afb0d6147d', 1796123286.4131854, 22.364610506859503, 8.06590141354368, -1.8330937337715376);
INSERT INTO public.rating_history VALUES ('faa433b802ac4cba9facf4e4503ada42', '3', 2, '64412415b4048fa9', 1796123288.423, 25.717262170187357, 8.058224222802378, 1.542589501780224);
INSERT INTO public.rating_history VALUES ('210f8bfe07d6467a8f1547f6c57085b1', '3', 2, '64412415b4048fa9', 1796123288.423, 27.869048680749426, 8.205243377397993, 3.253318548555445);
INSERT INTO public.rating_history VALUES ('b74f9aaaab8f409bbb3981ceb188c576', '3', 2, '64412415b4048fa9', 1796123288.423, 21.413689149063217, 8.058224222802378, -2.7609835193439167);


--
-- Data for Name: rating_schema_version; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.rating_schema_version VALUES (1, '2026-12-01 11:08:04.54351+00');


--
-- Data for Name: ratings; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.ratings VALUES ('2', 'b74f9aaaab8f409bbb3981ceb188c576', 27.635389493140497, 8.06590141354368, 3.437685252509457, 1, 1, 1);
INSERT INTO public.ratings VALUES ('2', 'faa433b802ac4cba9facf4e4503ada42', 22.364610506859503, 8.06590141354368, -1.8330937337715376, 1, 0, 1);
INSERT INTO public.ratings VALUES ('3', 'faa433b802ac4cba9facf4e4503ada42', 25.717262170187357, 8.058224222802378, 1.542589501780224, 1, 0, 2);
INSERT INTO public.ratings VALUES ('3', '210f8bfe07d6467a8f1547f6c57085b1', 27.869048680749426, 8.205243377397993, 3.253318548555445, 1, 1, 2);
INSERT INTO public.ratings VALUES ('3', 'b74f9aaaab8f409bbb3981ceb188c576', 21.413689149063217, 8.058224222802378, -2.7609835193439167, 1, 0, 2);


--
-- Data for Name: refresh_tokens; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.refresh_tokens VALUES ('\x77a9c2fe2dba9d011f9c0c6ff80a6e28d0b9ca63405eb06badd022fa34459bf5', '8a91c8a48f18457d88e03bdd3ebea1ea', 1796123285.204486, 1798715285.204486, NULL);
INSERT INTO public.refresh_tokens VALUES ('\x15b6a70ae71b38a3cfe18e2941d72bd9613c7d29ed0f333342c9d92194f63907', 'bcaa0757182947c99f3e9d6a1c77edb7', 1796123285.25904, 1798715285.25904, NULL);
INSERT INTO public.refresh_tokens VALUES ('\x1cdc6c6813ebf914a95acca7c4135b6a3ae11dc969b4a6f9431089b019debe09', 'c834d543d2654c799b99263cd922ee78', 1796123285.2983143, 1798715285.2983143, NULL);


--
-- Data for Name: requests; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.requests VALUES ('010458afb0d6147d', 'fixture-1', 0, '0:place [0|0]', 5, 5);
INSERT INTO public.requests VALUES ('010458afb0d6147d', 'fixture-2', 1, '1:place [0|2]@[0|0]:chain_b', 6, 6);
INSERT INTO public.requests VALUES ('010458afb0d6147d', 'fixture-3', 0, '0:place [2|6]@[0|2]:high', 7, 7);
INSERT INTO public.requests VALUES ('010458afb0d6147d', 'fixture-4', 1, '1:place [0|4]@[0|0]:chain_a', 8, 8);
INSERT INTO public.requests VALUES ('010458afb0d6147d', 'fixture-5', 0, '0:place [0|5]@[0|0]:branch_a', 9, 9);
INSERT INTO public.requests VALUES ('010458afb0d6147d', 'fixture-6', 1, '1:place [3|5]@[0|5]:high', 10, 10);
INSERT INTO public.requests VALUES ('010458afb0d6147d', 'fixture-7', 0, '0:place [0|1]@[0|0]:branch_b', 11, 11);
INSERT INTO public.requests VALUES ('010458afb0d6147d', 'fixture-8', 1, '1:place [3|3]@[3|5]:low', 12, 12);
INSERT INTO public.requests VALUES ('010458afb0d6147d', 'fixture-9', 0, '0:place [5|6]@[2|6]:high', 13, 15);
INSERT INTO public.requests VALUES ('010458afb0d6147d', 'fixture-10', 0, '0:place [0|0]', 16, 16);
INSERT INTO public.requests VALUES ('010458afb0d6147d', 'fixture-11', 1, '1:place [0|6]@[0|0]:chain_b', 17, 17);
INSERT INTO public.requests VALUES ('010458afb0d6147d', 'fixture-12', 0, '0:draw', 18, 18);
INSERT INTO public.requests VALUES ('010458afb0d6147d', 'fixture-13', 0, '0:draw', 19, 19);
INSERT INTO public.requests VALUES ('010458afb0d6147d', 'fixture-14', 0, '0:place [6|6]@[0|6]:high', 20, 20);
INSERT INTO public.requests VALUES ('010458afb0d6147d', 'fixture-15', 1, '1:place [0|5]@[0|0]:chain_a', 21, 21);
INSERT INTO public.requests VALUES ('010458afb0d6147d', 'fixture-16', 0, '0:place [5|5]@[0|5]:high', 22, 22);
INSERT INTO public.requests VALUES ('010458afb0d6147d', 'fixture-17', 1, '1:place [1|6]@[6|6]:chain_b', 23, 23);
INSERT INTO public.requests VALUES ('010458afb0d6147d', 'fixture-18', 0, '0:place [1|5]@[5|5]:chain_b', 24, 24);
INSERT INTO public.requests VALUES ('010458afb0d6147d', 'fixture-19', 1, '1:place [1|4]@[1|6]:low', 25, 25);
INSERT INTO public.requests VALUES ('010458afb0d6147d', 'fixture-20', 0, '0:place [2|5]@[5|5]:branch_a', 26, 26);
INSERT INTO public.requests VALUES ('010458afb0d6147d', 'fixture-21', 1, '1:place [3|4]@[1|4]:high', 27, 29);
INSERT INTO public.requests VALUES ('010458afb0d6147d', 'fixture-22', 1, '1:place [0|6]', 30, 30);
INSERT INTO public.requests VALUES ('010458afb0d6147d', 'fixture-23', 0, '0:place [5|6]@[0|6]:high', 31, 31);
INSERT INTO public.requests VALUES ('010458afb0d6147d', 'fixture-24', 1, '1:place [3|5]@[5|6]:low', 32, 32);
INSERT INTO public.requests VALUES ('010458afb0d6147d', 'fixture-25', 0, '0:place [3|4]@[3|5]:low', 33, 33);
INSERT INTO public.requests VALUES ('010458afb0d6147d', 'fixture-26', 1, '1:draw', 34, 34);
INSERT INTO public.requests VALUES ('010458afb0d6147d', 'fixture-27', 1, '1:draw', 35, 35);
INSERT INTO public.requests VALUES ('010458afb0d6147d', 'fixture-28', 1, '1:draw', 36, 36);
INSERT INTO public.requests VALUES ('010458afb0d6147d', 'fixture-29', 1, '1:draw', 37, 37);
INSERT INTO public.requests VALUES ('010458afb0d6147d', 'fixture-30', 1, '1:draw', 38, 38);
INSERT INTO public.requests VALUES ('010458afb0d6147d', 'fixture-31', 1, '1:draw', 39, 39);
INSERT INTO public.requests VALUES ('010458afb0d6147d', 'fixture-32', 1, '1:place [1|4]@[3|4]:high', 40, 40);
INSERT INTO public.requests VALUES ('010458afb0d6147d', 'fixture-33', 0, '0:draw', 41, 41);
INSERT INTO public.requests VALUES ('010458afb0d6147d', 'fixture-34', 0, '0:place [0|2]@[0|6]:low', 42, 42);
INSERT INTO public.requests VALUES ('010458afb0d6147d', 'fixture-35', 1, '1:place [2|6]@[0|2]:high', 43, 43);
INSERT INTO public.requests VALUES ('010458afb0d6147d', 'fixture-36', 0, '0:draw', 44, 44);
INSERT INTO public.requests VALUES ('010458afb0d6147d', 'fixture-37', 0, '0:place [4|6]@[2|6]:high', 45, 45);
INSERT INTO public.requests VALUES ('010458afb0d6147d', 'fixture-38', 1, '1:place [1|6]@[1|4]:low', 46, 46);
INSERT INTO public.requests VALUES ('010458afb0d6147d', 'fixture-39', 0, '0:place [4|5]@[4|6]:low', 47, 47);
INSERT INTO public.requests VALUES ('010458afb0d6147d', 'fixture-40', 1, '1:place [5|5]@[4|5]:high', 48, 48);
INSERT INTO public.requests VALUES ('010458afb0d6147d', 'fixture-41', 0, '0:place [2|5]@[5|5]:chain_b', 49, 49);
INSERT INTO public.requests VALUES ('010458afb0d6147d', 'fixture-42', 1, '1:place [2|2]@[2|5]:low', 50, 50);
INSERT INTO public.requests VALUES ('010458afb0d6147d', 'fixture-43', 0, '0:place [2|4]@[2|2]:chain_b', 51, 53);
INSERT INTO public.requests VALUES ('64412415b4048fa9', 'fixture-44', 1, '1:place [3|3]', 6, 6);
INSERT INTO public.requests VALUES ('64412415b4048fa9', 'fixture-45', 2, '2:draw', 7, 7);
INSERT INTO public.requests VALUES ('64412415b4048fa9', 'fixture-46', 2, '2:draw', 8, 8);
INSERT INTO public.requests VALUES ('64412415b4048fa9', 'fixture-47', 2, '2:draw', 9, 9);
INSERT INTO public.requests VALUES ('64412415b4048fa9', 'fixture-48', 2, '2:draw', 10, 10);
INSERT INTO public.requests VALUES ('64412415b4048fa9', 'fixture-49', 2, '2:place [3|6]@[3|3]:chain_a', 11, 11);
INSERT INTO public.requests VALUES ('64412415b4048fa9', 'fixture-50', 0, '0:place [2|6]@[3|6]:high', 12, 12);
INSERT INTO public.requests VALUES ('64412415b4048fa9', 'fixture-51', 1, '1:place [2|5]@[2|6]:low', 13, 13);
INSERT INTO public.requests VALUES ('64412415b4048fa9', 'fixture-52', 2, '2:place [1|5]@[2|5]:high', 14, 14);
INSERT INTO public.requests VALUES ('64412415b4048fa9', 'fixture-53', 0, '0:place [0|1]@[1|5]:low', 15, 15);
INSERT INTO public.requests VALUES ('64412415b4048fa9', 'fixture-54', 1, '1:place [0|0]@[0|1]:low', 16, 16);
INSERT INTO public.requests VALUES ('64412415b4048fa9', 'fixture-55', 2, '2:place [0|6]@[0|0]:chain_b', 17, 17);
INSERT INTO public.requests VALUES ('64412415b4048fa9', 'fixture-56', 0, '0:place [3|4]@[3|3]:chain_b', 18, 18);
INSERT INTO public.requests VALUES ('64412415b4048fa9', 'fixture-57', 1, '1:place [1|3]@[3|3]:branch_b', 19, 19);
INSERT INTO public.requests VALUES ('64412415b4048fa9', 'fixture-58', 2, '2:place [1|4]@[1|3]:low', 20, 20);
INSERT INTO public.requests VALUES ('64412415b4048fa9', 'fixture-59', 0, '0:place [0|4]@[0|0]:branch_a', 21, 21);
INSERT INTO public.requests VALUES ('64412415b4048fa9', 'fixture-60', 1, '1:place [0|2]@[0|0]:branch_b', 22, 24);
INSERT INTO public.requests VALUES ('64412415b4048fa9', 'fixture-61', 1, '1:place [1|3]', 25, 25);
INSERT INTO public.requests VALUES ('64412415b4048fa9', 'fixture-62', 2, '2:place [1|4]@[1|3]:low', 26, 26);
INSERT INTO public.requests VALUES ('64412415b4048fa9', 'fixture-63', 0, '0:place [0|4]@[1|4]:high', 27, 27);
INSERT INTO public.requests VALUES ('64412415b4048fa9', 'fixture-64', 1, '1:place [0|5]@[0|4]:low', 28, 28);
INSERT INTO public.requests VALUES ('64412415b4048fa9', 'fixture-65', 2, '2:place [5|5]@[0|5]:high', 29, 29);
INSERT INTO public.requests VALUES ('64412415b4048fa9', 'fixture-66', 0, '0:place [4|5]@[5|5]:chain_b', 30, 30);
INSERT INTO public.requests VALUES ('64412415b4048fa9', 'fixture-67', 1, '1:place [2|5]@[5|5]:branch_b', 31, 31);
INSERT INTO public.requests VALUES ('64412415b4048fa9', 'fixture-68', 2, '2:place [1|2]@[2|5]:low', 32, 32);
INSERT INTO public.requests VALUES ('64412415b4048fa9', 'fixture-69', 0, '0:place [0|1]@[1|2]:low', 33, 33);
INSERT INTO public.requests VALUES ('64412415b4048fa9', 'fixture-70', 1, '1:place [3|6]@[1|3]:high', 34, 34);
INSERT INTO public.requests VALUES ('64412415b4048fa9', 'fixture-71', 2, '2:place [3|5]@[5|5]:branch_a', 35, 35);
INSERT INTO public.requests VALUES ('64412415b4048fa9', 'fixture-72', 0, '0:place [2|6]@[3|6]:high', 36, 36);
INSERT INTO public.requests VALUES ('64412415b4048fa9', 'fixture-73', 1, '1:place [0|0]@[0|1]:low', 37, 39);
INSERT INTO public.requests VALUES ('3119b198c206a150', 'fixture-74', 0, '0:place [2|5]@[4|5]:high', 5, 5);
INSERT INTO public.requests VALUES ('3119b198c206a150', 'fixture-75', 0, '0:place [0|1]@[1|2]:low', 7, 7);
INSERT INTO public.requests VALUES ('3119b198c206a150', 'fixture-76', 0, '0:place [2|3]@[2|4]:low', 11, 11);
INSERT INTO public.requests VALUES ('3119b198c206a150', 'fixture-77', 0, '0:place [0|6]@[0|1]:low', 13, 13);
INSERT INTO public.requests VALUES ('3119b198c206a150', 'fixture-78', 0, '0:draw', 15, 15);
INSERT INTO public.requests VALUES ('3119b198c206a150', 'fixture-79', 0, '0:draw', 16, 16);
INSERT INTO public.requests VALUES ('3119b198c206a150', 'fixture-80', 0, '0:draw', 17, 17);
INSERT INTO public.requests VALUES ('3119b198c206a150', 'fixture-81', 0, '0:draw', 18, 18);
INSERT INTO public.requests VALUES ('3119b198c206a150', 'fixture-82', 0, '0:draw', 19, 19);
INSERT INTO public.requests VALUES ('3119b198c206a150', 'fixture-83', 0, '0:draw', 20, 20);
INSERT INTO public.requests VALUES ('3119b198c206a150', 'fixture-84', 0, '0:draw', 21, 21);
INSERT INTO public.requests VALUES ('3119b198c206a150', 'fixture-85', 0, '0:draw', 22, 22);
INSERT INTO public.requests VALUES ('3119b198c206a150', 'fixture-86', 0, '0:draw', 23, 23);
INSERT INTO public.requests VALUES ('3119b198c206a150', 'fixture-87', 0, '0:place [0|5]@[3|5]:high', 24, 24);
INSERT INTO public.requests VALUES ('3119b198c206a150', 'fixture-88', 0, '0:place [0|0]@[0|5]:low', 30, 30);
INSERT INTO public.requests VALUES ('3119b198c206a150', 'fixture-89', 0, '0:place [0|2]@[0|0]:chain_b', 32, 32);
INSERT INTO public.requests VALUES ('3119b198c206a150', 'fixture-90', 0, '0:place [2|2]@[0|2]:high', 34, 34);
INSERT INTO public.requests VALUES ('3119b198c206a150', 'fixture-91', 0, '0:place [0|4]@[0|0]:branch_a', 36, 36);
INSERT INTO public.requests VALUES ('3119b198c206a150', 'fixture-92', 0, '0:place [0|3]@[0|0]:branch_b', 38, 38);
INSERT INTO public.requests VALUES ('3119b198c206a150', 'fixture-93', 0, '0:place [4|4]@[1|4]:high', 43, 43);
INSERT INTO public.requests VALUES ('3119b198c206a150', 'fixture-94', 0, '0:place [4|6]@[4|4]:branch_b', 45, 45);
INSERT INTO public.requests VALUES ('3119b198c206a150', 'fixture-95', 0, '0:place [3|5]@[2|5]:high', 47, 47);
INSERT INTO public.requests VALUES ('3119b198c206a150', 'fixture-96', 0, '0:place [1|3]@[1|4]:low', 49, 49);
INSERT INTO public.requests VALUES ('030b3847c2232b3c', 'fixture-97', 1, '1:place [2|3]', 5, 5);
INSERT INTO public.requests VALUES ('030b3847c2232b3c', 'fixture-98', 0, '0:place [3|4]@[2|3]:high', 6, 6);
INSERT INTO public.requests VALUES ('030b3847c2232b3c', 'fixture-99', 1, '1:place [2|4]@[2|3]:low', 7, 7);
INSERT INTO public.requests VALUES ('030b3847c2232b3c', 'fixture-100', 0, '0:draw', 8, 8);
INSERT INTO public.requests VALUES ('6b3132115a4ba8d7', 'fixture-101', 1, '1:place [3|4]', 5, 5);
INSERT INTO public.requests VALUES ('6b3132115a4ba8d7', 'fixture-102', 0, '0:place [0|4]@[3|4]:high', 6, 6);
INSERT INTO public.requests VALUES ('6b3132115a4ba8d7', 'fixture-103', 1, '1:place [3|5]@[3|4]:low', 7, 7);
INSERT INTO public.requests VALUES ('6b3132115a4ba8d7', 'fixture-104', 0, '0:place [5|5]@[3|5]:high', 8, 8);


--
-- Data for Name: schema_version; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.schema_version VALUES (1, '2026-12-01 11:08:04.395962+00');
INSERT INTO public.schema_version VALUES (2, '2026-12-01 11:08:04.395962+00');


--
-- Data for Name: seat_players; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.seat_players VALUES ('010458afb0d6147d', 0, 'b74f9aaaab8f409bbb3981ceb188c576', 1796123285.351881);
INSERT INTO public.seat_players VALUES ('010458afb0d6147d', 1, 'faa433b802ac4cba9facf4e4503ada42', 1796123285.387109);
INSERT INTO public.seat_players VALUES ('64412415b4048fa9', 0, 'faa433b802ac4cba9facf4e4503ada42', 1796123286.5374813);
INSERT INTO public.seat_players VALUES ('64412415b4048fa9', 1, '210f8bfe07d6467a8f1547f6c57085b1', 1796123286.5837917);
INSERT INTO public.seat_players VALUES ('64412415b4048fa9', 2, 'b74f9aaaab8f409bbb3981ceb188c576', 1796123286.6304095);
INSERT INTO public.seat_players VALUES ('030b3847c2232b3c', 0, '210f8bfe07d6467a8f1547f6c57085b1', 1796123289.3476763);
INSERT INTO public.seat_players VALUES ('030b3847c2232b3c', 1, 'b74f9aaaab8f409bbb3981ceb188c576', 1796123289.3960104);
INSERT INTO public.seat_players VALUES ('4f8134a101b3e867', 0, 'faa433b802ac4cba9facf4e4503ada42', 1796123289.475926);


--
-- Data for Name: seats; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.seats VALUES ('010458afb0d6147d', 0, '\x1d44aef7176375bb4bff5ebe1405728a8ef108ffe5c9f7ae8eed1518b722ae4b');
INSERT INTO public.seats VALUES ('010458afb0d6147d', 1, '\xdc1afa36d3e4c6c8b280621a5d947199c7a5a4b61388f52e6f02ae080c63a085');
INSERT INTO public.seats VALUES ('64412415b4048fa9', 0, '\xd7216002da5a172384f83c0cd58b72bd1325b6bc7d126e2eb3ec022a679a645e');
INSERT INTO public.seats VALUES ('64412415b4048fa9', 1, '\x30309ea84edd3e83953199c3e4aa1e8343ff2c8637e1608458cd8a8aeef7c32f');
INSERT INTO public.seats VALUES ('64412415b4048fa9', 2, '\x9f02ff8da11ea13e30c7b047de4fb1e432fca47bf3ac1f7b096ae89a7f1db3e4');
INSERT INTO public.seats VALUES ('3119b198c206a150', 0, '\xe2369fe4eff8915067a28b0b7e44333d07acbaa1b5444aa8c871639756cb8722');
INSERT INTO public.seats VALUES ('030b3847c2232b3c', 0, '\x0e6a0b08a3563f451b3441e3db42a49fc85f50f49456255969c7a0fd276445f0');
INSERT INTO public.seats VALUES ('030b3847c2232b3c', 1, '\xdfa7062db9dfa5e2c342dc935ffc949b4b9081d4c51f7475c62e19936b6f77d3');
INSERT INTO public.seats VALUES ('6b3132115a4ba8d7', 0, '\x33e9228a63f165986bec3e56cbfc0ae2a9404e471f8363d0c76b68c85a2ce803');
INSERT INTO public.seats VALUES ('6b3132115a4ba8d7', 1, '\x02e60005c5f12f4c87a717ac0bb87652ff03d4e7c75bad357805831aabfc589d');
INSERT INTO public.seats VALUES ('4f8134a101b3e867', 0, '\xe1946b417ba3e37a7cb8036193a99a5852e432292baa70d1144ee0535e90eff9');


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

\unrestrict m3AoR8eaJlrZf9BXpzvAQHNIvdTznbtEGLfuY0ubFM57zAlUpLLBC19679zd7wx

