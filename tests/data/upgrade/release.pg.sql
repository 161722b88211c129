--
-- PostgreSQL database dump
--

\restrict jeATEy70ON5jouks2jfPxJcIlakjqizaWnlZ6TAUkea8BnNyqJlhhICSqU3x3XQ

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
-- Name: matches; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.matches (
    match_id text NOT NULL,
    seats jsonb NOT NULL,
    target_points integer NOT NULL,
    seed bytea NOT NULL,
    created_at double precision NOT NULL,
    finished boolean DEFAULT false NOT NULL
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

INSERT INTO public.events VALUES ('dac756c76d539267', 1, '{"type": "match_started", "seats": ["human", "human"], "commitment": "ac5ca786f7bb38144492ae4d5d761320c4e3682dcc704a9ce6b9bd1ed247e8e1", "target_points": 10}');
INSERT INTO public.events VALUES ('dac756c76d539267', 2, '{"type": "round_dealt", "hands": [[[1, 4], [0, 1], [3, 5], [0, 5], [2, 5]], [[0, 0], [0, 6], [3, 6], [2, 6], [1, 5]]], "by_lot": true, "starter": 0, "boneyard": [[1, 6], [6, 6], [4, 4], [3, 3], [2, 2], [0, 2], [3, 4], [2, 4], [0, 3], [1, 2], [1, 3], [4, 6], [4, 5], [5, 6], [5, 5], [2, 3], [0, 4], [1, 1]], "round_no": 1, "hand_sizes": [5, 5], "boneyard_size": 18}');
INSERT INTO public.events VALUES ('dac756c76d539267', 3, '{"on": null, "seat": 0, "tile": [0, 1], "type": "tile_placed", "points": 0, "end_sum": 1}');
INSERT INTO public.events VALUES ('dac756c76d539267', 4, '{"seat": 1, "type": "seat_auto_played", "active": true}');
INSERT INTO public.events VALUES ('dac756c76d539267', 5, '{"on": [[0, 1], "high"], "seat": 1, "tile": [1, 5], "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('dac756c76d539267', 6, '{"on": [[1, 5], "high"], "seat": 0, "tile": [2, 5], "type": "tile_placed", "points": 0, "end_sum": 2}');
INSERT INTO public.events VALUES ('dac756c76d539267', 7, '{"on": [[2, 5], "low"], "seat": 1, "tile": [2, 6], "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('dac756c76d539267', 8, '{"on": [[0, 1], "low"], "seat": 0, "tile": [0, 5], "type": "tile_placed", "points": 0, "end_sum": 11}');
INSERT INTO public.events VALUES ('dac756c76d539267', 9, '{"on": [[2, 6], "high"], "seat": 1, "tile": [0, 6], "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('dac756c76d539267', 10, '{"on": [[0, 5], "high"], "seat": 0, "tile": [3, 5], "type": "tile_placed", "points": 0, "end_sum": 3}');
INSERT INTO public.events VALUES ('dac756c76d539267', 11, '{"seat": 1, "type": "seat_auto_played", "active": false}');
INSERT INTO public.events VALUES ('dac756c76d539267', 12, '{"on": [[0, 6], "low"], "seat": 1, "tile": [0, 0], "type": "tile_placed", "points": 0, "end_sum": 3}');
INSERT INTO public.events VALUES ('dac756c76d539267', 13, '{"seat": 0, "tile": [1, 6], "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('dac756c76d539267', 14, '{"seat": 0, "tile": [6, 6], "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('dac756c76d539267', 15, '{"seat": 0, "tile": [4, 4], "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('dac756c76d539267', 16, '{"seat": 0, "tile": [3, 3], "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('dac756c76d539267', 17, '{"on": [[3, 5], "low"], "seat": 0, "tile": [3, 3], "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('dac756c76d539267', 18, '{"on": [[3, 3], "chain_b"], "seat": 1, "tile": [3, 6], "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('dac756c76d539267', 19, '{"type": "round_ended", "hands": [[[1, 4], [1, 6], [6, 6], [4, 4]], []], "scores": [-30, 10], "winner": 1, "blocked": false, "round_no": 1, "deductions": [30, 0]}');
INSERT INTO public.events VALUES ('dac756c76d539267', 20, '{"type": "round_dealt", "hands": [[[5, 6], [0, 3], [3, 3], [2, 6], [1, 5]], [[2, 3], [1, 2], [0, 4], [4, 6], [0, 5]]], "by_lot": false, "starter": 1, "boneyard": [[0, 6], [1, 3], [2, 4], [5, 5], [1, 4], [0, 1], [3, 4], [4, 5], [0, 0], [0, 2], [3, 5], [3, 6], [6, 6], [4, 4], [1, 6], [2, 2], [1, 1], [2, 5]], "round_no": 2, "hand_sizes": [5, 5], "boneyard_size": 18}');
INSERT INTO public.events VALUES ('dac756c76d539267', 21, '{"on": null, "seat": 1, "tile": [1, 2], "type": "tile_placed", "points": 0, "end_sum": 3}');
INSERT INTO public.events VALUES ('dac756c76d539267', 22, '{"on": [[1, 2], "low"], "seat": 0, "tile": [1, 5], "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('dac756c76d539267', 23, '{"on": [[1, 2], "high"], "seat": 1, "tile": [2, 3], "type": "tile_placed", "points": 0, "end_sum": 8}');
INSERT INTO public.events VALUES ('dac756c76d539267', 24, '{"on": [[1, 5], "high"], "seat": 0, "tile": [5, 6], "type": "tile_placed", "points": 0, "end_sum": 9}');
INSERT INTO public.events VALUES ('dac756c76d539267', 25, '{"on": [[5, 6], "high"], "seat": 1, "tile": [4, 6], "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('dac756c76d539267', 26, '{"on": [[2, 3], "high"], "seat": 0, "tile": [0, 3], "type": "tile_placed", "points": 0, "end_sum": 4}');
INSERT INTO public.events VALUES ('dac756c76d539267', 27, '{"on": [[0, 3], "low"], "seat": 1, "tile": [0, 5], "type": "tile_placed", "points": 0, "end_sum": 9}');
INSERT INTO public.events VALUES ('dac756c76d539267', 28, '{"seat": 0, "tile": [0, 6], "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('dac756c76d539267', 29, '{"seat": 0, "tile": [1, 3], "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('dac756c76d539267', 30, '{"seat": 0, "tile": [2, 4], "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('dac756c76d539267', 31, '{"on": [[4, 6], "low"], "seat": 0, "tile": [2, 4], "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('dac756c76d539267', 32, '{"seat": 1, "tile": [5, 5], "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('dac756c76d539267', 33, '{"on": [[0, 5], "high"], "seat": 1, "tile": [5, 5], "type": "tile_placed", "points": 0, "end_sum": 12}');
INSERT INTO public.events VALUES ('dac756c76d539267', 34, '{"on": [[2, 4], "low"], "seat": 0, "tile": [2, 6], "type": "tile_placed", "points": 0, "end_sum": 16}');
INSERT INTO public.events VALUES ('dac756c76d539267', 35, '{"seat": 1, "tile": [1, 4], "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('dac756c76d539267', 36, '{"seat": 1, "tile": [0, 1], "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('dac756c76d539267', 37, '{"seat": 1, "tile": [3, 4], "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('dac756c76d539267', 38, '{"seat": 1, "tile": [4, 5], "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('dac756c76d539267', 39, '{"on": [[5, 5], "chain_b"], "seat": 1, "tile": [4, 5], "type": "tile_placed", "points": 10, "end_sum": 10}');
INSERT INTO public.events VALUES ('dac756c76d539267', 40, '{"on": [[2, 6], "high"], "seat": 0, "tile": [0, 6], "type": "tile_placed", "points": 0, "end_sum": 4}');
INSERT INTO public.events VALUES ('dac756c76d539267', 41, '{"on": [[0, 6], "low"], "seat": 1, "tile": [0, 1], "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('dac756c76d539267', 42, '{"on": [[0, 1], "high"], "seat": 0, "tile": [1, 3], "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('dac756c76d539267', 43, '{"on": [[1, 3], "high"], "seat": 1, "tile": [3, 4], "type": "tile_placed", "points": 0, "end_sum": 8}');
INSERT INTO public.events VALUES ('dac756c76d539267', 44, '{"seat": 0, "tile": [0, 0], "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('dac756c76d539267', 45, '{"seat": 0, "tile": [0, 2], "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('dac756c76d539267', 46, '{"seat": 0, "tile": [3, 5], "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('dac756c76d539267', 47, '{"on": [[5, 5], "branch_b"], "seat": 0, "tile": [3, 5], "type": "tile_placed", "points": 0, "end_sum": 11}');
INSERT INTO public.events VALUES ('dac756c76d539267', 48, '{"on": [[3, 4], "high"], "seat": 1, "tile": [1, 4], "type": "tile_placed", "points": 0, "end_sum": 8}');
INSERT INTO public.events VALUES ('dac756c76d539267', 49, '{"on": [[3, 5], "low"], "seat": 0, "tile": [3, 3], "type": "tile_placed", "points": 0, "end_sum": 11}');
INSERT INTO public.events VALUES ('dac756c76d539267', 50, '{"on": [[4, 5], "low"], "seat": 1, "tile": [0, 4], "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('dac756c76d539267', 51, '{"type": "round_ended", "hands": [[[0, 0], [0, 2]], []], "scores": [-30, 25], "winner": 1, "blocked": false, "round_no": 2, "deductions": [0, 0]}');
INSERT INTO public.events VALUES ('dac756c76d539267', 52, '{"type": "round_dealt", "hands": [[[2, 3], [2, 4], [5, 6], [2, 5], [0, 3]], [[3, 3], [1, 6], [0, 2], [4, 4], [3, 5]]], "by_lot": false, "starter": 1, "boneyard": [[1, 3], [1, 4], [0, 4], [1, 1], [0, 5], [1, 2], [4, 5], [3, 6], [4, 6], [2, 6], [0, 1], [0, 0], [6, 6], [5, 5], [3, 4], [1, 5], [0, 6], [2, 2]], "round_no": 3, "hand_sizes": [5, 5], "boneyard_size": 18}');
INSERT INTO public.events VALUES ('dac756c76d539267', 53, '{"on": null, "seat": 1, "tile": [0, 2], "type": "tile_placed", "points": 0, "end_sum": 2}');
INSERT INTO public.events VALUES ('dac756c76d539267', 54, '{"on": [[0, 2], "high"], "seat": 0, "tile": [2, 3], "type": "tile_placed", "points": 0, "end_sum": 3}');
INSERT INTO public.events VALUES ('dac756c76d539267', 55, '{"on": [[2, 3], "high"], "seat": 1, "tile": [3, 3], "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('dac756c76d539267', 56, '{"on": [[0, 2], "low"], "seat": 0, "tile": [0, 3], "type": "tile_placed", "points": 0, "end_sum": 9}');
INSERT INTO public.events VALUES ('dac756c76d539267', 57, '{"on": [[3, 3], "chain_b"], "seat": 1, "tile": [3, 5], "type": "tile_placed", "points": 0, "end_sum": 8}');
INSERT INTO public.events VALUES ('dac756c76d539267', 58, '{"on": [[3, 5], "high"], "seat": 0, "tile": [5, 6], "type": "tile_placed", "points": 0, "end_sum": 9}');
INSERT INTO public.events VALUES ('dac756c76d539267', 59, '{"on": [[5, 6], "high"], "seat": 1, "tile": [1, 6], "type": "tile_placed", "points": 0, "end_sum": 4}');
INSERT INTO public.events VALUES ('dac756c76d539267', 60, '{"seat": 0, "tile": [1, 3], "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('dac756c76d539267', 61, '{"on": [[0, 3], "high"], "seat": 0, "tile": [1, 3], "type": "tile_placed", "points": 0, "end_sum": 2}');
INSERT INTO public.events VALUES ('dac756c76d539267', 62, '{"seat": 1, "tile": [1, 4], "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('dac756c76d539267', 63, '{"on": [[1, 6], "low"], "seat": 1, "tile": [1, 4], "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('dac756c76d539267', 64, '{"on": [[1, 4], "high"], "seat": 0, "tile": [2, 4], "type": "tile_placed", "points": 0, "end_sum": 3}');
INSERT INTO public.events VALUES ('dac756c76d539267', 65, '{"seat": 1, "tile": [0, 4], "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('dac756c76d539267', 66, '{"seat": 1, "tile": [1, 1], "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('dac756c76d539267', 67, '{"on": [[1, 3], "low"], "seat": 1, "tile": [1, 1], "type": "tile_placed", "points": 0, "end_sum": 4}');
INSERT INTO public.events VALUES ('dac756c76d539267', 68, '{"on": [[2, 4], "low"], "seat": 0, "tile": [2, 5], "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('dac756c76d539267', 69, '{"type": "round_ended", "hands": [[], [[4, 4], [0, 4]]], "scores": [-30, 20], "winner": 0, "blocked": false, "round_no": 3, "deductions": [0, 10]}');
INSERT INTO public.events VALUES ('dac756c76d539267', 70, '{"type": "round_dealt", "hands": [[[3, 4], [3, 3], [5, 5], [2, 3], [3, 6]], [[1, 3], [2, 4], [2, 2], [1, 6], [4, 4]]], "by_lot": false, "starter": 0, "boneyard": [[1, 2], [0, 6], [0, 1], [1, 1], [4, 5], [6, 6], [5, 6], [0, 3], [0, 5], [1, 4], [3, 5], [4, 6], [2, 5], [1, 5], [0, 4], [0, 0], [0, 2], [2, 6]], "round_no": 4, "hand_sizes": [5, 5], "boneyard_size": 18}');
INSERT INTO public.events VALUES ('dac756c76d539267', 71, '{"on": null, "seat": 0, "tile": [2, 3], "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('dac756c76d539267', 72, '{"on": [[2, 3], "low"], "seat": 1, "tile": [2, 4], "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('dac756c76d539267', 73, '{"on": [[2, 3], "high"], "seat": 0, "tile": [3, 4], "type": "tile_placed", "points": 0, "end_sum": 8}');
INSERT INTO public.events VALUES ('dac756c76d539267', 74, '{"on": [[2, 4], "high"], "seat": 1, "tile": [4, 4], "type": "tile_placed", "points": 0, "end_sum": 12}');
INSERT INTO public.events VALUES ('dac756c76d539267', 75, '{"seat": 0, "tile": [1, 2], "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('dac756c76d539267', 76, '{"seat": 0, "tile": [0, 6], "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('dac756c76d539267', 77, '{"seat": 0, "tile": [0, 1], "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('dac756c76d539267', 78, '{"seat": 0, "tile": [1, 1], "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('dac756c76d539267', 79, '{"seat": 0, "tile": [4, 5], "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('dac756c76d539267', 80, '{"on": [[3, 4], "high"], "seat": 0, "tile": [4, 5], "type": "tile_placed", "points": 0, "end_sum": 13}');
INSERT INTO public.events VALUES ('dac756c76d539267', 81, '{"seat": 1, "tile": [6, 6], "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('dac756c76d539267', 82, '{"seat": 1, "tile": [5, 6], "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('dac756c76d539267', 83, '{"on": [[4, 5], "high"], "seat": 1, "tile": [5, 6], "type": "tile_placed", "points": 0, "end_sum": 14}');
INSERT INTO public.events VALUES ('dac756c76d539267', 84, '{"on": [[5, 6], "high"], "seat": 0, "tile": [0, 6], "type": "tile_placed", "points": 0, "end_sum": 8}');
INSERT INTO public.events VALUES ('dac756c76d539267', 85, '{"seat": 1, "tile": [0, 3], "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('dac756c76d539267', 86, '{"on": [[0, 6], "low"], "seat": 1, "tile": [0, 3], "type": "tile_placed", "points": 0, "end_sum": 11}');
INSERT INTO public.events VALUES ('dac756c76d539267', 87, '{"on": [[0, 3], "high"], "seat": 0, "tile": [3, 6], "type": "tile_placed", "points": 0, "end_sum": 14}');
INSERT INTO public.events VALUES ('dac756c76d539267', 88, '{"on": [[3, 6], "high"], "seat": 1, "tile": [6, 6], "type": "tile_placed", "points": 20, "end_sum": 20}');
INSERT INTO public.events VALUES ('dac756c76d539267', 89, '{"seat": 0, "tile": [0, 5], "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('dac756c76d539267', 90, '{"seat": 0, "tile": [1, 4], "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('dac756c76d539267', 91, '{"on": [[4, 4], "chain_b"], "seat": 0, "tile": [1, 4], "type": "tile_placed", "points": 0, "end_sum": 13}');
INSERT INTO public.events VALUES ('dac756c76d539267', 92, '{"on": [[1, 4], "low"], "seat": 1, "tile": [1, 6], "type": "tile_placed", "points": 0, "end_sum": 18}');
INSERT INTO public.events VALUES ('dac756c76d539267', 93, '{"seat": 0, "tile": [3, 5], "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('dac756c76d539267', 94, '{"seat": 0, "tile": [4, 6], "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('dac756c76d539267', 95, '{"on": [[4, 4], "branch_a"], "seat": 0, "tile": [4, 6], "type": "tile_placed", "points": 0, "end_sum": 24}');
INSERT INTO public.events VALUES ('dac756c76d539267', 96, '{"seat": 1, "tile": [2, 5], "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('dac756c76d539267', 97, '{"seat": 1, "tile": [1, 5], "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('dac756c76d539267', 98, '{"seat": 1, "tile": [0, 4], "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('dac756c76d539267', 99, '{"on": [[4, 4], "branch_b"], "seat": 1, "tile": [0, 4], "type": "tile_placed", "points": 0, "end_sum": 24}');
INSERT INTO public.events VALUES ('dac756c76d539267', 100, '{"on": [[0, 4], "low"], "seat": 0, "tile": [0, 5], "type": "tile_placed", "points": 0, "end_sum": 29}');
INSERT INTO public.events VALUES ('dac756c76d539267', 101, '{"on": [[0, 5], "high"], "seat": 1, "tile": [1, 5], "type": "tile_placed", "points": 25, "end_sum": 25}');
INSERT INTO public.events VALUES ('dac756c76d539267', 102, '{"on": [[1, 5], "low"], "seat": 0, "tile": [1, 1], "type": "tile_placed", "points": 0, "end_sum": 26}');
INSERT INTO public.events VALUES ('dac756c76d539267', 103, '{"on": [[1, 1], "chain_b"], "seat": 1, "tile": [1, 3], "type": "tile_placed", "points": 0, "end_sum": 27}');
INSERT INTO public.events VALUES ('dac756c76d539267', 104, '{"on": [[1, 1], "branch_a"], "seat": 0, "tile": [1, 2], "type": "tile_placed", "points": 0, "end_sum": 29}');
INSERT INTO public.events VALUES ('dac756c76d539267', 105, '{"on": [[1, 2], "high"], "seat": 1, "tile": [2, 5], "type": "tile_placed", "points": 0, "end_sum": 32}');
INSERT INTO public.events VALUES ('dac756c76d539267', 106, '{"on": [[1, 3], "high"], "seat": 0, "tile": [3, 5], "type": "tile_placed", "points": 0, "end_sum": 34}');
INSERT INTO public.events VALUES ('dac756c76d539267', 107, '{"seat": 1, "tile": [0, 0], "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('dac756c76d539267', 108, '{"seat": 1, "tile": [0, 2], "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('dac756c76d539267', 109, '{"seat": 1, "tile": [2, 6], "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('dac756c76d539267', 110, '{"on": [[1, 6], "high"], "seat": 1, "tile": [2, 6], "type": "tile_placed", "points": 30, "end_sum": 30}');
INSERT INTO public.events VALUES ('dac756c76d539267', 111, '{"on": [[2, 5], "high"], "seat": 0, "tile": [5, 5], "type": "tile_placed", "points": 35, "end_sum": 35}');
INSERT INTO public.events VALUES ('dac756c76d539267', 112, '{"on": [[2, 6], "low"], "seat": 1, "tile": [2, 2], "type": "tile_placed", "points": 0, "end_sum": 37}');
INSERT INTO public.events VALUES ('dac756c76d539267', 113, '{"on": [[1, 1], "branch_b"], "seat": 0, "tile": [0, 1], "type": "tile_placed", "points": 0, "end_sum": 37}');
INSERT INTO public.events VALUES ('dac756c76d539267', 114, '{"on": [[2, 2], "chain_b"], "seat": 1, "tile": [0, 2], "type": "tile_placed", "points": 0, "end_sum": 33}');
INSERT INTO public.events VALUES ('dac756c76d539267', 115, '{"seat": 0, "type": "passed"}');
INSERT INTO public.events VALUES ('dac756c76d539267', 116, '{"on": [[0, 2], "low"], "seat": 1, "tile": [0, 0], "type": "tile_placed", "points": 0, "end_sum": 33}');
INSERT INTO public.events VALUES ('dac756c76d539267', 117, '{"type": "round_ended", "hands": [[[3, 3]], []], "scores": [5, 95], "winner": 1, "blocked": false, "round_no": 4, "deductions": [5, 0]}');
INSERT INTO public.events VALUES ('dac756c76d539267', 118, '{"type": "match_ended", "scores": [5, 95], "winner_side": 1}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 1, '{"type": "match_started", "seats": ["human", "greedy"], "commitment": "7cac3fe35e972aafbf75f60e494b2bacf2d18e932791740dd3dcc549c4e447c3", "target_points": 10}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 2, '{"type": "round_dealt", "hands": [[[1, 4], [0, 4], [5, 5], [4, 4], [3, 3]], [[1, 1], [3, 6], [0, 5], [0, 6], [2, 4]]], "by_lot": true, "starter": 0, "boneyard": [[0, 3], [3, 5], [1, 6], [0, 0], [2, 5], [0, 1], [1, 3], [0, 2], [4, 5], [2, 2], [1, 2], [2, 6], [2, 3], [1, 5], [6, 6], [5, 6], [4, 6], [3, 4]], "round_no": 1, "hand_sizes": [5, 5], "boneyard_size": 18}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 3, '{"on": null, "seat": 0, "tile": [0, 4], "type": "tile_placed", "points": 0, "end_sum": 4}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 4, '{"on": [[0, 4], "low"], "seat": 1, "tile": [0, 6], "type": "tile_placed", "points": 10, "end_sum": 10}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 5, '{"on": [[0, 4], "high"], "seat": 0, "tile": [4, 4], "type": "tile_placed", "points": 0, "end_sum": 14}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 6, '{"on": [[0, 6], "high"], "seat": 1, "tile": [3, 6], "type": "tile_placed", "points": 0, "end_sum": 11}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 7, '{"on": [[4, 4], "chain_b"], "seat": 0, "tile": [1, 4], "type": "tile_placed", "points": 0, "end_sum": 4}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 8, '{"on": [[1, 4], "low"], "seat": 1, "tile": [1, 1], "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 9, '{"on": [[3, 6], "low"], "seat": 0, "tile": [3, 3], "type": "tile_placed", "points": 0, "end_sum": 8}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 10, '{"on": [[4, 4], "branch_a"], "seat": 1, "tile": [2, 4], "type": "tile_placed", "points": 10, "end_sum": 10}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 11, '{"seat": 0, "tile": [0, 3], "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 12, '{"on": [[3, 3], "chain_b"], "seat": 0, "tile": [0, 3], "type": "tile_placed", "points": 0, "end_sum": 4}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 13, '{"on": [[0, 3], "low"], "seat": 1, "tile": [0, 5], "type": "tile_placed", "points": 0, "end_sum": 9}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 14, '{"type": "round_ended", "hands": [[[5, 5]], []], "scores": [-10, 25], "winner": 1, "blocked": false, "round_no": 1, "deductions": [10, 0]}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 15, '{"type": "round_dealt", "hands": [[[2, 3], [1, 2], [0, 4], [0, 1], [0, 6]], [[3, 3], [3, 6], [2, 5], [0, 3], [0, 0]]], "by_lot": false, "starter": 1, "boneyard": [[4, 4], [1, 3], [4, 6], [5, 6], [0, 5], [1, 1], [2, 4], [2, 6], [2, 2], [5, 5], [3, 4], [6, 6], [1, 6], [3, 5], [0, 2], [4, 5], [1, 4], [1, 5]], "round_no": 2, "hand_sizes": [5, 5], "boneyard_size": 18}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 16, '{"on": null, "seat": 1, "tile": [3, 6], "type": "tile_placed", "points": 0, "end_sum": 9}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 17, '{"on": [[3, 6], "high"], "seat": 0, "tile": [0, 6], "type": "tile_placed", "points": 0, "end_sum": 3}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 18, '{"on": [[3, 6], "low"], "seat": 1, "tile": [3, 3], "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 19, '{"on": [[3, 3], "chain_b"], "seat": 0, "tile": [2, 3], "type": "tile_placed", "points": 0, "end_sum": 2}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 20, '{"on": [[2, 3], "low"], "seat": 1, "tile": [2, 5], "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 21, '{"on": [[0, 6], "low"], "seat": 0, "tile": [0, 4], "type": "tile_placed", "points": 0, "end_sum": 9}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 22, '{"on": [[3, 3], "branch_a"], "seat": 1, "tile": [0, 3], "type": "tile_placed", "points": 0, "end_sum": 9}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 23, '{"on": [[0, 3], "low"], "seat": 0, "tile": [0, 1], "type": "tile_placed", "points": 10, "end_sum": 10}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 24, '{"seat": 1, "tile": [4, 4], "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 25, '{"on": [[0, 4], "high"], "seat": 1, "tile": [4, 4], "type": "tile_placed", "points": 0, "end_sum": 14}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 26, '{"on": [[0, 1], "high"], "seat": 0, "tile": [1, 2], "type": "tile_placed", "points": 15, "end_sum": 15}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 27, '{"type": "round_ended", "hands": [[], [[0, 0]]], "scores": [15, 30], "winner": 0, "blocked": false, "round_no": 2, "deductions": [0, 0]}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 28, '{"type": "round_dealt", "hands": [[[5, 5], [1, 1], [0, 6], [2, 2], [4, 6]], [[3, 4], [0, 1], [3, 6], [0, 4], [0, 0]]], "by_lot": false, "starter": 0, "boneyard": [[2, 6], [0, 2], [0, 5], [6, 6], [2, 3], [1, 3], [4, 4], [1, 4], [1, 2], [2, 4], [1, 6], [5, 6], [3, 5], [3, 3], [0, 3], [4, 5], [2, 5], [1, 5]], "round_no": 3, "hand_sizes": [5, 5], "boneyard_size": 18}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 29, '{"on": null, "seat": 0, "tile": [0, 6], "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 30, '{"on": [[0, 6], "low"], "seat": 1, "tile": [0, 4], "type": "tile_placed", "points": 10, "end_sum": 10}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 31, '{"on": [[0, 6], "high"], "seat": 0, "tile": [4, 6], "type": "tile_placed", "points": 0, "end_sum": 8}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 32, '{"on": [[0, 4], "high"], "seat": 1, "tile": [3, 4], "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 33, '{"seat": 0, "tile": [2, 6], "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 34, '{"seat": 0, "tile": [0, 2], "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 35, '{"seat": 0, "tile": [0, 5], "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 36, '{"seat": 0, "tile": [6, 6], "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 37, '{"seat": 0, "tile": [2, 3], "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 38, '{"on": [[3, 4], "low"], "seat": 0, "tile": [2, 3], "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 39, '{"seat": 1, "tile": [1, 3], "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 40, '{"seat": 1, "tile": [4, 4], "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 41, '{"on": [[4, 6], "low"], "seat": 1, "tile": [4, 4], "type": "tile_placed", "points": 10, "end_sum": 10}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 42, '{"on": [[2, 3], "low"], "seat": 0, "tile": [0, 2], "type": "tile_placed", "points": 0, "end_sum": 8}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 43, '{"on": [[0, 2], "low"], "seat": 1, "tile": [0, 1], "type": "tile_placed", "points": 0, "end_sum": 9}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 44, '{"on": [[0, 1], "high"], "seat": 0, "tile": [1, 1], "type": "tile_placed", "points": 10, "end_sum": 10}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 45, '{"on": [[1, 1], "chain_b"], "seat": 1, "tile": [1, 3], "type": "tile_placed", "points": 0, "end_sum": 11}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 46, '{"seat": 0, "tile": [1, 4], "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 47, '{"on": [[1, 1], "branch_b"], "seat": 0, "tile": [1, 4], "type": "tile_placed", "points": 15, "end_sum": 15}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 48, '{"on": [[1, 3], "high"], "seat": 1, "tile": [3, 6], "type": "tile_placed", "points": 0, "end_sum": 18}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 49, '{"on": [[3, 6], "high"], "seat": 0, "tile": [6, 6], "type": "tile_placed", "points": 0, "end_sum": 24}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 50, '{"seat": 1, "tile": [1, 2], "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 51, '{"on": [[1, 1], "branch_a"], "seat": 1, "tile": [1, 2], "type": "tile_placed", "points": 0, "end_sum": 26}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 52, '{"on": [[1, 2], "high"], "seat": 0, "tile": [2, 6], "type": "tile_placed", "points": 30, "end_sum": 30}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 53, '{"seat": 1, "tile": [2, 4], "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 54, '{"on": [[1, 4], "high"], "seat": 1, "tile": [2, 4], "type": "tile_placed", "points": 0, "end_sum": 28}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 55, '{"on": [[2, 4], "low"], "seat": 0, "tile": [2, 2], "type": "tile_placed", "points": 30, "end_sum": 30}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 56, '{"seat": 1, "tile": [1, 6], "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 57, '{"on": [[2, 6], "high"], "seat": 1, "tile": [1, 6], "type": "tile_placed", "points": 25, "end_sum": 25}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 58, '{"seat": 0, "tile": [5, 6], "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 59, '{"on": [[6, 6], "chain_b"], "seat": 0, "tile": [5, 6], "type": "tile_placed", "points": 0, "end_sum": 18}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 60, '{"seat": 1, "tile": [3, 5], "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 61, '{"on": [[5, 6], "low"], "seat": 1, "tile": [3, 5], "type": "tile_placed", "points": 0, "end_sum": 16}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 62, '{"seat": 0, "tile": [3, 3], "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 63, '{"on": [[3, 5], "low"], "seat": 0, "tile": [3, 3], "type": "tile_placed", "points": 0, "end_sum": 19}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 64, '{"seat": 1, "tile": [0, 3], "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 65, '{"on": [[3, 3], "chain_b"], "seat": 1, "tile": [0, 3], "type": "tile_placed", "points": 0, "end_sum": 13}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 66, '{"on": [[0, 3], "low"], "seat": 0, "tile": [0, 5], "type": "tile_placed", "points": 0, "end_sum": 18}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 67, '{"seat": 1, "tile": [4, 5], "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 68, '{"on": [[4, 4], "chain_b"], "seat": 1, "tile": [4, 5], "type": "tile_placed", "points": 15, "end_sum": 15}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 69, '{"on": [[4, 5], "high"], "seat": 0, "tile": [5, 5], "type": "tile_placed", "points": 20, "end_sum": 20}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 70, '{"type": "round_ended", "hands": [[], [[0, 0]]], "scores": [120, 90], "winner": 0, "blocked": false, "round_no": 3, "deductions": [0, 0]}');
INSERT INTO public.events VALUES ('0fd18c8ae45ae095', 71, '{"type": "match_ended", "scores": [120, 90], "winner_side": 0}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 1, '{"type": "match_started", "seats": ["human", "random", "human"], "commitment": "a944c2392b2a0db809e08fa83f4f66ef17397ee63bb68ce5721e51b092f16b2b", "target_points": 10}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 27, '{"on": [[0, 2], "high"], "seat": 2, "tile": [2, 5], "type": "tile_placed", "points": 0, "end_sum": 8}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 28, '{"on": [[1, 1], "branch_a"], "seat": 0, "tile": [0, 1], "type": "tile_placed", "points": 0, "end_sum": 8}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 29, '{"seat": 1, "tile": [1, 3], "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 2, '{"type": "round_dealt", "hands": [[[0, 3], [1, 5], [3, 6], [4, 4], [2, 4]], [[3, 4], [0, 2], [0, 1], [5, 6], [2, 6]], [[0, 4], [0, 6], [3, 3], [6, 6], [1, 4]]], "by_lot": true, "starter": 0, "boneyard": [[2, 3], [2, 5], [5, 5], [1, 1], [1, 3], [4, 5], [1, 6], [2, 2], [0, 0], [4, 6], [1, 2], [3, 5], [0, 5]], "round_no": 1, "hand_sizes": [5, 5, 5], "boneyard_size": 13}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 3, '{"on": null, "seat": 0, "tile": [1, 5], "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 4, '{"on": [[1, 5], "low"], "seat": 1, "tile": [0, 1], "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 5, '{"on": [[0, 1], "low"], "seat": 2, "tile": [0, 4], "type": "tile_placed", "points": 0, "end_sum": 9}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 6, '{"on": [[0, 4], "high"], "seat": 0, "tile": [4, 4], "type": "tile_placed", "points": 0, "end_sum": 13}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 7, '{"on": [[1, 5], "high"], "seat": 1, "tile": [5, 6], "type": "tile_placed", "points": 0, "end_sum": 14}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 8, '{"on": [[5, 6], "high"], "seat": 2, "tile": [6, 6], "type": "tile_placed", "points": 20, "end_sum": 20}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 9, '{"on": [[6, 6], "chain_b"], "seat": 0, "tile": [3, 6], "type": "tile_placed", "points": 0, "end_sum": 11}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 10, '{"on": [[6, 6], "branch_a"], "seat": 1, "tile": [2, 6], "type": "tile_placed", "points": 0, "end_sum": 13}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 11, '{"on": [[4, 4], "chain_b"], "seat": 2, "tile": [1, 4], "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 12, '{"on": [[3, 6], "low"], "seat": 0, "tile": [0, 3], "type": "tile_placed", "points": 0, "end_sum": 3}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 13, '{"on": [[2, 6], "low"], "seat": 1, "tile": [0, 2], "type": "tile_placed", "points": 0, "end_sum": 1}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 14, '{"on": [[6, 6], "branch_b"], "seat": 2, "tile": [0, 6], "type": "tile_placed", "points": 0, "end_sum": 1}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 15, '{"on": [[4, 4], "branch_b"], "seat": 0, "tile": [2, 4], "type": "tile_placed", "points": 0, "end_sum": 3}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 16, '{"type": "round_ended", "hands": [[], [[3, 4]], [[3, 3]]], "scores": [0, 0, 15], "winner": 0, "blocked": false, "round_no": 1, "deductions": [0, 5, 5]}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 17, '{"type": "round_dealt", "hands": [[[0, 4], [3, 5], [1, 5], [0, 2], [0, 1]], [[2, 6], [4, 5], [0, 0], [6, 6], [3, 4]], [[1, 1], [4, 6], [2, 2], [4, 4], [2, 5]]], "by_lot": false, "starter": 0, "boneyard": [[1, 4], [1, 3], [3, 6], [2, 4], [0, 5], [0, 6], [5, 5], [2, 3], [0, 3], [1, 6], [5, 6], [3, 3], [1, 2]], "round_no": 2, "hand_sizes": [5, 5, 5], "boneyard_size": 13}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 18, '{"on": null, "seat": 0, "tile": [1, 5], "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 19, '{"on": [[1, 5], "high"], "seat": 1, "tile": [4, 5], "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 20, '{"on": [[1, 5], "low"], "seat": 2, "tile": [1, 1], "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 21, '{"on": [[4, 5], "low"], "seat": 0, "tile": [0, 4], "type": "tile_placed", "points": 0, "end_sum": 2}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 22, '{"on": [[0, 4], "low"], "seat": 1, "tile": [0, 0], "type": "tile_placed", "points": 0, "end_sum": 2}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 23, '{"seat": 2, "tile": [1, 4], "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 24, '{"on": [[1, 1], "chain_b"], "seat": 2, "tile": [1, 4], "type": "tile_placed", "points": 0, "end_sum": 4}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 25, '{"on": [[0, 0], "chain_b"], "seat": 0, "tile": [0, 2], "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 26, '{"on": [[1, 4], "high"], "seat": 1, "tile": [3, 4], "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 82, '{"seat": 0, "tile": [1, 3], "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 30, '{"on": [[3, 4], "low"], "seat": 1, "tile": [1, 3], "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 31, '{"seat": 2, "tile": [3, 6], "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 32, '{"seat": 2, "tile": [2, 4], "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 33, '{"seat": 2, "tile": [0, 5], "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 34, '{"on": [[0, 0], "branch_a"], "seat": 2, "tile": [0, 5], "type": "tile_placed", "points": 0, "end_sum": 11}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 35, '{"on": [[0, 5], "high"], "seat": 0, "tile": [3, 5], "type": "tile_placed", "points": 0, "end_sum": 9}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 36, '{"type": "round_ended", "hands": [[], [[2, 6], [6, 6]], [[4, 6], [2, 2], [4, 4], [3, 6], [2, 4]]], "scores": [0, -10, -20], "winner": 0, "blocked": false, "round_no": 2, "deductions": [0, 20, 35]}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 37, '{"type": "round_dealt", "hands": [[[0, 3], [0, 4], [1, 4], [3, 3], [2, 6]], [[0, 5], [0, 2], [1, 1], [0, 0], [1, 3]], [[3, 5], [1, 6], [4, 5], [0, 1], [5, 5]]], "by_lot": false, "starter": 0, "boneyard": [[4, 4], [1, 5], [0, 6], [2, 3], [6, 6], [5, 6], [1, 2], [2, 4], [2, 2], [3, 6], [2, 5], [4, 6], [3, 4]], "round_no": 3, "hand_sizes": [5, 5, 5], "boneyard_size": 13}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 38, '{"on": null, "seat": 0, "tile": [0, 3], "type": "tile_placed", "points": 0, "end_sum": 3}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 39, '{"on": [[0, 3], "low"], "seat": 1, "tile": [0, 0], "type": "tile_placed", "points": 0, "end_sum": 3}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 40, '{"on": [[0, 0], "chain_b"], "seat": 2, "tile": [0, 1], "type": "tile_placed", "points": 0, "end_sum": 4}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 41, '{"on": [[0, 1], "high"], "seat": 0, "tile": [1, 4], "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 42, '{"on": [[0, 0], "branch_b"], "seat": 1, "tile": [0, 2], "type": "tile_placed", "points": 0, "end_sum": 9}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 43, '{"on": [[0, 3], "high"], "seat": 2, "tile": [3, 5], "type": "tile_placed", "points": 0, "end_sum": 11}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 44, '{"on": [[0, 0], "branch_a"], "seat": 0, "tile": [0, 4], "type": "tile_placed", "points": 15, "end_sum": 15}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 45, '{"on": [[3, 5], "high"], "seat": 1, "tile": [0, 5], "type": "tile_placed", "points": 10, "end_sum": 10}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 46, '{"on": [[0, 4], "high"], "seat": 2, "tile": [4, 5], "type": "tile_placed", "points": 0, "end_sum": 11}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 47, '{"on": [[0, 2], "high"], "seat": 0, "tile": [2, 6], "type": "tile_placed", "points": 15, "end_sum": 15}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 48, '{"seat": 1, "tile": [4, 4], "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 49, '{"on": [[1, 4], "high"], "seat": 1, "tile": [4, 4], "type": "tile_placed", "points": 0, "end_sum": 19}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 50, '{"on": [[4, 5], "high"], "seat": 2, "tile": [5, 5], "type": "tile_placed", "points": 0, "end_sum": 24}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 51, '{"seat": 0, "tile": [1, 5], "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 52, '{"on": [[5, 5], "chain_b"], "seat": 0, "tile": [1, 5], "type": "tile_placed", "points": 15, "end_sum": 15}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 53, '{"on": [[1, 5], "low"], "seat": 1, "tile": [1, 1], "type": "tile_placed", "points": 0, "end_sum": 16}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 54, '{"on": [[1, 1], "chain_b"], "seat": 2, "tile": [1, 6], "type": "tile_placed", "points": 20, "end_sum": 20}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 55, '{"type": "round_ended", "hands": [[[3, 3]], [[1, 3]], []], "scores": [40, -5, 0], "winner": 2, "blocked": false, "round_no": 3, "deductions": [5, 5, 0]}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 83, '{"on": [[0, 1], "high"], "seat": 0, "tile": [1, 3], "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 84, '{"on": [[1, 3], "high"], "seat": 1, "tile": [3, 6], "type": "tile_placed", "points": 10, "end_sum": 10}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 85, '{"on": [[4, 6], "low"], "seat": 2, "tile": [3, 4], "type": "tile_placed", "points": 0, "end_sum": 9}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 56, '{"type": "round_dealt", "hands": [[[4, 5], [2, 3], [1, 6], [0, 5], [0, 3]], [[1, 5], [1, 3], [2, 6], [4, 4], [0, 6]], [[0, 2], [3, 4], [2, 2], [3, 6], [2, 4]]], "by_lot": false, "starter": 2, "boneyard": [[1, 1], [3, 3], [6, 6], [2, 5], [1, 4], [5, 5], [0, 0], [5, 6], [3, 5], [0, 4], [4, 6], [1, 2], [0, 1]], "round_no": 4, "hand_sizes": [5, 5, 5], "boneyard_size": 13}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 57, '{"on": null, "seat": 2, "tile": [3, 4], "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 58, '{"on": [[3, 4], "high"], "seat": 0, "tile": [4, 5], "type": "tile_placed", "points": 0, "end_sum": 8}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 59, '{"on": [[3, 4], "low"], "seat": 1, "tile": [1, 3], "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 60, '{"seat": 2, "tile": [1, 1], "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 61, '{"on": [[1, 3], "low"], "seat": 2, "tile": [1, 1], "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 62, '{"on": [[1, 1], "chain_b"], "seat": 0, "tile": [1, 6], "type": "tile_placed", "points": 0, "end_sum": 11}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 63, '{"on": [[1, 6], "high"], "seat": 1, "tile": [2, 6], "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 64, '{"on": [[2, 6], "low"], "seat": 2, "tile": [2, 2], "type": "tile_placed", "points": 0, "end_sum": 9}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 65, '{"on": [[2, 2], "chain_b"], "seat": 0, "tile": [2, 3], "type": "tile_placed", "points": 0, "end_sum": 8}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 66, '{"on": [[1, 1], "branch_b"], "seat": 1, "tile": [1, 5], "type": "tile_placed", "points": 0, "end_sum": 13}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 67, '{"on": [[2, 2], "branch_b"], "seat": 2, "tile": [0, 2], "type": "tile_placed", "points": 0, "end_sum": 13}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 68, '{"on": [[0, 2], "low"], "seat": 0, "tile": [0, 3], "type": "tile_placed", "points": 0, "end_sum": 16}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 69, '{"seat": 1, "tile": [3, 3], "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 70, '{"on": [[2, 3], "high"], "seat": 1, "tile": [3, 3], "type": "tile_placed", "points": 0, "end_sum": 19}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 71, '{"on": [[3, 3], "chain_b"], "seat": 2, "tile": [3, 6], "type": "tile_placed", "points": 0, "end_sum": 19}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 72, '{"on": [[4, 5], "high"], "seat": 0, "tile": [0, 5], "type": "tile_placed", "points": 0, "end_sum": 14}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 73, '{"type": "round_ended", "hands": [[], [[4, 4], [0, 6]], [[2, 4]]], "scores": [40, -20, -5], "winner": 0, "blocked": false, "round_no": 4, "deductions": [0, 15, 5]}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 74, '{"type": "round_dealt", "hands": [[[5, 5], [1, 6], [2, 6], [5, 6], [0, 5]], [[3, 6], [0, 1], [2, 2], [2, 5], [1, 1]], [[3, 4], [3, 3], [1, 2], [0, 3], [4, 6]]], "by_lot": false, "starter": 0, "boneyard": [[6, 6], [1, 3], [2, 3], [0, 6], [0, 4], [3, 5], [2, 4], [1, 4], [4, 5], [4, 4], [0, 2], [0, 0], [1, 5]], "round_no": 5, "hand_sizes": [5, 5, 5], "boneyard_size": 13}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 75, '{"on": null, "seat": 0, "tile": [0, 5], "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 76, '{"on": [[0, 5], "high"], "seat": 1, "tile": [2, 5], "type": "tile_placed", "points": 0, "end_sum": 2}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 77, '{"on": [[2, 5], "low"], "seat": 2, "tile": [1, 2], "type": "tile_placed", "points": 0, "end_sum": 1}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 78, '{"on": [[1, 2], "low"], "seat": 0, "tile": [1, 6], "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 79, '{"on": [[0, 5], "low"], "seat": 1, "tile": [0, 1], "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 80, '{"on": [[1, 6], "high"], "seat": 2, "tile": [4, 6], "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 81, '{"seat": 0, "tile": [6, 6], "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 86, '{"on": [[3, 6], "high"], "seat": 0, "tile": [5, 6], "type": "tile_placed", "points": 0, "end_sum": 8}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 87, '{"seat": 1, "tile": [2, 3], "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 88, '{"on": [[3, 4], "low"], "seat": 1, "tile": [2, 3], "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 89, '{"seat": 2, "tile": [0, 6], "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 90, '{"seat": 2, "tile": [0, 4], "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 91, '{"seat": 2, "tile": [3, 5], "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 92, '{"on": [[5, 6], "low"], "seat": 2, "tile": [3, 5], "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 93, '{"on": [[2, 3], "low"], "seat": 0, "tile": [2, 6], "type": "tile_placed", "points": 0, "end_sum": 9}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 94, '{"seat": 1, "tile": [2, 4], "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 95, '{"seat": 1, "tile": [1, 4], "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 96, '{"seat": 1, "tile": [4, 5], "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 97, '{"seat": 1, "tile": [4, 4], "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 98, '{"seat": 1, "tile": [0, 2], "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 99, '{"seat": 1, "tile": [0, 0], "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 100, '{"seat": 1, "tile": [1, 5], "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 101, '{"seat": 1, "type": "passed"}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 102, '{"on": [[3, 5], "low"], "seat": 2, "tile": [0, 3], "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 103, '{"on": [[2, 6], "high"], "seat": 0, "tile": [6, 6], "type": "tile_placed", "points": 0, "end_sum": 12}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 104, '{"on": [[0, 3], "low"], "seat": 1, "tile": [0, 0], "type": "tile_placed", "points": 0, "end_sum": 12}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 105, '{"on": [[6, 6], "chain_b"], "seat": 2, "tile": [0, 6], "type": "tile_placed", "points": 0, "end_sum": 0}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 106, '{"seat": 0, "type": "passed"}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 107, '{"on": [[0, 0], "chain_b"], "seat": 1, "tile": [0, 2], "type": "tile_placed", "points": 0, "end_sum": 2}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 108, '{"on": [[0, 0], "branch_a"], "seat": 2, "tile": [0, 4], "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 109, '{"seat": 0, "type": "passed"}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 110, '{"on": [[0, 4], "high"], "seat": 1, "tile": [4, 4], "type": "tile_placed", "points": 10, "end_sum": 10}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 111, '{"seat": 2, "type": "passed"}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 112, '{"seat": 0, "type": "passed"}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 113, '{"on": [[4, 4], "chain_b"], "seat": 1, "tile": [2, 4], "type": "tile_placed", "points": 0, "end_sum": 4}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 114, '{"seat": 2, "type": "passed"}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 115, '{"seat": 0, "type": "passed"}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 116, '{"on": [[4, 4], "branch_b"], "seat": 1, "tile": [1, 4], "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 117, '{"seat": 2, "type": "passed"}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 118, '{"seat": 0, "type": "passed"}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 119, '{"on": [[0, 2], "high"], "seat": 1, "tile": [2, 2], "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 120, '{"seat": 2, "type": "passed"}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 121, '{"seat": 0, "type": "passed"}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 122, '{"on": [[1, 4], "low"], "seat": 1, "tile": [1, 5], "type": "tile_placed", "points": 0, "end_sum": 11}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 123, '{"seat": 2, "type": "passed"}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 124, '{"on": [[1, 5], "high"], "seat": 0, "tile": [5, 5], "type": "tile_placed", "points": 0, "end_sum": 16}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 125, '{"type": "round_ended", "hands": [[], [[1, 1], [4, 5]], [[3, 3]]], "scores": [45, -5, 0], "winner": 0, "blocked": false, "round_no": 5, "deductions": [0, 10, 5]}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 152, '{"on": [[1, 6], "low"], "seat": 1, "tile": [0, 1], "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 153, '{"on": [[0, 1], "low"], "seat": 2, "tile": [0, 0], "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 154, '{"on": [[0, 0], "chain_b"], "seat": 0, "tile": [0, 4], "type": "tile_placed", "points": 10, "end_sum": 10}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 126, '{"type": "round_dealt", "hands": [[[2, 2], [1, 1], [1, 5], [1, 2], [4, 5]], [[1, 3], [5, 5], [5, 6], [3, 5], [4, 4]], [[0, 0], [2, 5], [3, 3], [4, 6], [3, 4]]], "by_lot": false, "starter": 0, "boneyard": [[1, 6], [1, 4], [3, 6], [0, 5], [2, 4], [6, 6], [2, 3], [0, 2], [0, 6], [0, 3], [0, 4], [0, 1], [2, 6]], "round_no": 6, "hand_sizes": [5, 5, 5], "boneyard_size": 13}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 127, '{"on": null, "seat": 0, "tile": [4, 5], "type": "tile_placed", "points": 0, "end_sum": 9}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 128, '{"on": [[4, 5], "high"], "seat": 1, "tile": [5, 6], "type": "tile_placed", "points": 10, "end_sum": 10}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 129, '{"on": [[5, 6], "high"], "seat": 2, "tile": [4, 6], "type": "tile_placed", "points": 0, "end_sum": 8}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 130, '{"seat": 0, "tile": [1, 6], "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 131, '{"seat": 0, "tile": [1, 4], "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 132, '{"on": [[4, 5], "low"], "seat": 0, "tile": [1, 4], "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 133, '{"on": [[1, 4], "low"], "seat": 1, "tile": [1, 3], "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 134, '{"on": [[1, 3], "high"], "seat": 2, "tile": [3, 3], "type": "tile_placed", "points": 10, "end_sum": 10}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 135, '{"seat": 0, "tile": [3, 6], "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 136, '{"on": [[3, 3], "chain_b"], "seat": 0, "tile": [3, 6], "type": "tile_placed", "points": 10, "end_sum": 10}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 137, '{"on": [[3, 3], "branch_b"], "seat": 1, "tile": [3, 5], "type": "tile_placed", "points": 15, "end_sum": 15}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 138, '{"on": [[3, 5], "high"], "seat": 2, "tile": [2, 5], "type": "tile_placed", "points": 0, "end_sum": 12}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 139, '{"on": [[2, 5], "low"], "seat": 0, "tile": [1, 2], "type": "tile_placed", "points": 0, "end_sum": 11}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 140, '{"on": [[4, 6], "low"], "seat": 1, "tile": [4, 4], "type": "tile_placed", "points": 15, "end_sum": 15}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 141, '{"on": [[4, 4], "chain_b"], "seat": 2, "tile": [3, 4], "type": "tile_placed", "points": 10, "end_sum": 10}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 142, '{"on": [[1, 2], "low"], "seat": 0, "tile": [1, 5], "type": "tile_placed", "points": 0, "end_sum": 14}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 143, '{"on": [[1, 5], "high"], "seat": 1, "tile": [5, 5], "type": "tile_placed", "points": 0, "end_sum": 19}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 144, '{"type": "round_ended", "hands": [[[2, 2], [1, 1], [1, 6]], [], [[0, 0]]], "scores": [45, 35, 20], "winner": 1, "blocked": false, "round_no": 6, "deductions": [15, 0, 0]}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 145, '{"type": "round_dealt", "hands": [[[2, 2], [4, 6], [2, 4], [0, 4], [1, 1]], [[0, 1], [3, 5], [1, 3], [0, 5], [3, 6]], [[1, 2], [0, 0], [5, 5], [2, 3], [1, 6]]], "by_lot": false, "starter": 1, "boneyard": [[1, 4], [2, 6], [0, 2], [0, 6], [0, 3], [5, 6], [4, 4], [3, 3], [6, 6], [2, 5], [1, 5], [4, 5], [3, 4]], "round_no": 7, "hand_sizes": [5, 5, 5], "boneyard_size": 13}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 146, '{"on": null, "seat": 1, "tile": [1, 3], "type": "tile_placed", "points": 0, "end_sum": 4}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 147, '{"on": [[1, 3], "low"], "seat": 2, "tile": [1, 2], "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 148, '{"on": [[1, 2], "high"], "seat": 0, "tile": [2, 4], "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 149, '{"on": [[1, 3], "high"], "seat": 1, "tile": [3, 6], "type": "tile_placed", "points": 10, "end_sum": 10}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 150, '{"on": [[3, 6], "high"], "seat": 2, "tile": [1, 6], "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 151, '{"on": [[2, 4], "high"], "seat": 0, "tile": [4, 6], "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 155, '{"on": [[0, 0], "branch_b"], "seat": 1, "tile": [0, 5], "type": "tile_placed", "points": 15, "end_sum": 15}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 156, '{"on": [[0, 5], "high"], "seat": 2, "tile": [5, 5], "type": "tile_placed", "points": 20, "end_sum": 20}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 157, '{"seat": 0, "tile": [1, 4], "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 158, '{"on": [[0, 4], "high"], "seat": 0, "tile": [1, 4], "type": "tile_placed", "points": 0, "end_sum": 17}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 159, '{"on": [[5, 5], "chain_b"], "seat": 1, "tile": [3, 5], "type": "tile_placed", "points": 10, "end_sum": 10}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 160, '{"type": "round_ended", "hands": [[[2, 2], [1, 1]], [], [[2, 3]]], "scores": [50, 70, 45], "winner": 1, "blocked": false, "round_no": 7, "deductions": [5, 0, 5]}');
INSERT INTO public.events VALUES ('e8e00ec0b4983476', 161, '{"type": "match_ended", "scores": [50, 70, 45], "winner_side": 1}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 1, '{"type": "match_started", "seats": ["human", "greedy", "human", "random"], "commitment": "ff162a521da7db295002c924d90d37888cf0b08f184fbf957af8b0b456e144a5", "target_points": 10}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 2, '{"type": "round_dealt", "hands": [[[3, 5], [2, 3], [1, 1], [1, 4], [0, 4]], [[2, 2], [1, 2], [0, 0], [6, 6], [0, 5]], [[1, 6], [1, 3], [5, 6], [0, 2], [2, 4]], [[3, 6], [3, 4], [2, 5], [4, 5], [5, 5]]], "by_lot": true, "starter": 3, "boneyard": [[0, 1], [3, 3], [0, 3], [1, 5], [0, 6], [4, 6], [2, 6], [4, 4]], "round_no": 1, "hand_sizes": [5, 5, 5, 5], "boneyard_size": 8}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 3, '{"on": null, "seat": 3, "tile": [3, 4], "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 4, '{"on": [[3, 4], "high"], "seat": 0, "tile": [1, 4], "type": "tile_placed", "points": 0, "end_sum": 4}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 5, '{"on": [[1, 4], "low"], "seat": 1, "tile": [1, 2], "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 6, '{"on": [[1, 2], "high"], "seat": 2, "tile": [0, 2], "type": "tile_placed", "points": 0, "end_sum": 3}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 7, '{"on": [[3, 4], "low"], "seat": 3, "tile": [3, 6], "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 8, '{"on": [[0, 2], "low"], "seat": 0, "tile": [0, 4], "type": "tile_placed", "points": 10, "end_sum": 10}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 9, '{"on": [[3, 6], "high"], "seat": 1, "tile": [6, 6], "type": "tile_placed", "points": 0, "end_sum": 16}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 10, '{"on": [[6, 6], "chain_b"], "seat": 2, "tile": [5, 6], "type": "tile_placed", "points": 0, "end_sum": 9}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 11, '{"on": [[5, 6], "low"], "seat": 3, "tile": [4, 5], "type": "tile_placed", "points": 0, "end_sum": 8}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 12, '{"seat": 0, "tile": [0, 1], "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 13, '{"seat": 0, "tile": [3, 3], "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 14, '{"seat": 0, "tile": [0, 3], "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 15, '{"seat": 0, "tile": [1, 5], "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 16, '{"seat": 0, "tile": [0, 6], "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 17, '{"on": [[6, 6], "branch_b"], "seat": 0, "tile": [0, 6], "type": "tile_placed", "points": 0, "end_sum": 8}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 18, '{"on": [[0, 6], "low"], "seat": 1, "tile": [0, 5], "type": "tile_placed", "points": 0, "end_sum": 13}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 19, '{"on": [[0, 4], "high"], "seat": 2, "tile": [2, 4], "type": "tile_placed", "points": 0, "end_sum": 11}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 20, '{"on": [[0, 5], "high"], "seat": 3, "tile": [2, 5], "type": "tile_placed", "points": 0, "end_sum": 8}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 21, '{"on": [[2, 4], "low"], "seat": 0, "tile": [2, 3], "type": "tile_placed", "points": 0, "end_sum": 9}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 22, '{"on": [[2, 5], "low"], "seat": 1, "tile": [2, 2], "type": "tile_placed", "points": 0, "end_sum": 11}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 23, '{"on": [[6, 6], "branch_a"], "seat": 2, "tile": [1, 6], "type": "tile_placed", "points": 0, "end_sum": 12}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 24, '{"seat": 3, "tile": [4, 6], "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 25, '{"on": [[4, 5], "low"], "seat": 3, "tile": [4, 6], "type": "tile_placed", "points": 0, "end_sum": 14}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 26, '{"on": [[1, 6], "low"], "seat": 0, "tile": [0, 1], "type": "tile_placed", "points": 0, "end_sum": 13}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 27, '{"on": [[0, 1], "low"], "seat": 1, "tile": [0, 0], "type": "tile_placed", "points": 0, "end_sum": 13}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 28, '{"type": "round_ended", "hands": [[[3, 5], [1, 1], [3, 3], [0, 3], [1, 5]], [], [[1, 3]], [[5, 5]]], "scores": [-20, -5], "winner": 1, "blocked": false, "round_no": 1, "deductions": [25, 0, 5, 10]}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 29, '{"type": "round_dealt", "hands": [[[1, 5], [5, 6], [2, 4], [1, 2], [3, 3]], [[4, 6], [1, 4], [3, 4], [4, 5], [0, 5]], [[0, 0], [2, 3], [3, 6], [2, 2], [3, 5]], [[0, 3], [1, 1], [0, 2], [0, 1], [5, 5]]], "by_lot": false, "starter": 1, "boneyard": [[0, 4], [2, 5], [6, 6], [4, 4], [1, 6], [2, 6], [1, 3], [0, 6]], "round_no": 2, "hand_sizes": [5, 5, 5, 5], "boneyard_size": 8}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 30, '{"on": null, "seat": 1, "tile": [4, 6], "type": "tile_placed", "points": 10, "end_sum": 10}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 31, '{"on": [[4, 6], "high"], "seat": 2, "tile": [3, 6], "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 32, '{"on": [[3, 6], "low"], "seat": 3, "tile": [0, 3], "type": "tile_placed", "points": 0, "end_sum": 4}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 33, '{"on": [[4, 6], "low"], "seat": 0, "tile": [2, 4], "type": "tile_placed", "points": 0, "end_sum": 2}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 34, '{"on": [[0, 3], "low"], "seat": 1, "tile": [0, 5], "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 35, '{"on": [[2, 4], "low"], "seat": 2, "tile": [2, 2], "type": "tile_placed", "points": 0, "end_sum": 9}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 36, '{"on": [[0, 5], "high"], "seat": 3, "tile": [5, 5], "type": "tile_placed", "points": 0, "end_sum": 14}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 37, '{"on": [[5, 5], "chain_b"], "seat": 0, "tile": [5, 6], "type": "tile_placed", "points": 10, "end_sum": 10}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 38, '{"on": [[5, 5], "branch_a"], "seat": 1, "tile": [4, 5], "type": "tile_placed", "points": 0, "end_sum": 14}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 39, '{"on": [[2, 2], "chain_b"], "seat": 2, "tile": [2, 3], "type": "tile_placed", "points": 0, "end_sum": 13}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 40, '{"on": [[2, 2], "branch_a"], "seat": 3, "tile": [0, 2], "type": "tile_placed", "points": 0, "end_sum": 13}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 41, '{"on": [[5, 5], "branch_b"], "seat": 0, "tile": [1, 5], "type": "tile_placed", "points": 0, "end_sum": 14}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 42, '{"on": [[2, 3], "high"], "seat": 1, "tile": [3, 4], "type": "tile_placed", "points": 15, "end_sum": 15}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 43, '{"on": [[0, 2], "low"], "seat": 2, "tile": [0, 0], "type": "tile_placed", "points": 15, "end_sum": 15}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 44, '{"on": [[0, 0], "chain_b"], "seat": 3, "tile": [0, 1], "type": "tile_placed", "points": 0, "end_sum": 16}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 45, '{"on": [[1, 5], "low"], "seat": 0, "tile": [1, 2], "type": "tile_placed", "points": 0, "end_sum": 17}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 46, '{"on": [[0, 1], "high"], "seat": 1, "tile": [1, 4], "type": "tile_placed", "points": 20, "end_sum": 20}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 47, '{"type": "round_ended", "hands": [[[3, 3]], [], [[3, 5]], [[1, 1]]], "scores": [-10, 40], "winner": 1, "blocked": false, "round_no": 2, "deductions": [5, 0, 10, 0]}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 81, '{"on": [[4, 4], "chain_b"], "seat": 1, "tile": [0, 4], "type": "tile_placed", "points": 0, "end_sum": 17}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 82, '{"type": "round_ended", "hands": [[[0, 0]], [], [[2, 2], [3, 3]], [[0, 2]]], "scores": [40, 140], "winner": 1, "blocked": false, "round_no": 3, "deductions": [0, 0, 10, 0]}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 83, '{"type": "match_ended", "scores": [40, 140], "winner_side": 1}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 1, '{"type": "match_started", "seats": ["greedy", "random", "greedy", "random"], "commitment": "966c1e0c67e6d98028156735e61179137244467f14d7c84b16dcdf26516ddd5f", "target_points": 10}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 48, '{"type": "round_dealt", "hands": [[[1, 4], [0, 0], [1, 2], [1, 6], [4, 6]], [[4, 5], [4, 4], [2, 4], [0, 6], [5, 6]], [[3, 4], [2, 2], [3, 6], [2, 3], [0, 1]], [[0, 2], [6, 6], [0, 3], [0, 5], [2, 5]]], "by_lot": false, "starter": 1, "boneyard": [[0, 4], [1, 1], [3, 3], [1, 3], [3, 5], [1, 5], [5, 5], [2, 6]], "round_no": 3, "hand_sizes": [5, 5, 5, 5], "boneyard_size": 8}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 49, '{"on": null, "seat": 1, "tile": [5, 6], "type": "tile_placed", "points": 0, "end_sum": 11}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 50, '{"on": [[5, 6], "high"], "seat": 2, "tile": [3, 6], "type": "tile_placed", "points": 0, "end_sum": 8}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 51, '{"on": [[5, 6], "low"], "seat": 3, "tile": [2, 5], "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 52, '{"on": [[2, 5], "low"], "seat": 0, "tile": [1, 2], "type": "tile_placed", "points": 0, "end_sum": 4}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 53, '{"seat": 1, "tile": [0, 4], "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 54, '{"seat": 1, "tile": [1, 1], "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 55, '{"on": [[1, 2], "low"], "seat": 1, "tile": [1, 1], "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 56, '{"on": [[1, 1], "chain_b"], "seat": 2, "tile": [0, 1], "type": "tile_placed", "points": 0, "end_sum": 3}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 57, '{"on": [[0, 1], "low"], "seat": 3, "tile": [0, 3], "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 58, '{"on": [[1, 1], "branch_a"], "seat": 0, "tile": [1, 4], "type": "tile_placed", "points": 10, "end_sum": 10}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 59, '{"on": [[1, 4], "high"], "seat": 1, "tile": [4, 5], "type": "tile_placed", "points": 0, "end_sum": 11}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 60, '{"on": [[3, 6], "low"], "seat": 2, "tile": [3, 4], "type": "tile_placed", "points": 0, "end_sum": 12}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 61, '{"on": [[4, 5], "high"], "seat": 3, "tile": [0, 5], "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 62, '{"on": [[3, 4], "high"], "seat": 0, "tile": [4, 6], "type": "tile_placed", "points": 0, "end_sum": 9}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 63, '{"on": [[0, 5], "low"], "seat": 1, "tile": [0, 6], "type": "tile_placed", "points": 15, "end_sum": 15}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 64, '{"on": [[0, 3], "high"], "seat": 2, "tile": [2, 3], "type": "tile_placed", "points": 0, "end_sum": 14}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 65, '{"on": [[4, 6], "high"], "seat": 3, "tile": [6, 6], "type": "tile_placed", "points": 20, "end_sum": 20}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 66, '{"on": [[0, 6], "high"], "seat": 0, "tile": [1, 6], "type": "tile_placed", "points": 15, "end_sum": 15}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 67, '{"on": [[2, 3], "low"], "seat": 1, "tile": [2, 4], "type": "tile_placed", "points": 0, "end_sum": 17}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 68, '{"seat": 2, "tile": [3, 3], "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 69, '{"seat": 2, "tile": [1, 3], "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 70, '{"on": [[1, 6], "low"], "seat": 2, "tile": [1, 3], "type": "tile_placed", "points": 0, "end_sum": 19}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 71, '{"seat": 3, "tile": [3, 5], "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 72, '{"on": [[1, 3], "high"], "seat": 3, "tile": [3, 5], "type": "tile_placed", "points": 0, "end_sum": 21}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 73, '{"seat": 0, "tile": [1, 5], "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 74, '{"on": [[1, 1], "branch_b"], "seat": 0, "tile": [1, 5], "type": "tile_placed", "points": 0, "end_sum": 26}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 75, '{"on": [[2, 4], "high"], "seat": 1, "tile": [4, 4], "type": "tile_placed", "points": 30, "end_sum": 30}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 76, '{"seat": 2, "tile": [5, 5], "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 77, '{"on": [[3, 5], "high"], "seat": 2, "tile": [5, 5], "type": "tile_placed", "points": 35, "end_sum": 35}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 78, '{"seat": 3, "tile": [2, 6], "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 79, '{"on": [[6, 6], "chain_b"], "seat": 3, "tile": [2, 6], "type": "tile_placed", "points": 25, "end_sum": 25}');
INSERT INTO public.events VALUES ('68dd3a70f65a6880', 80, '{"seat": 0, "type": "passed"}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 2, '{"type": "round_dealt", "hands": [[[6, 6], [2, 5], [0, 4], [3, 6], [4, 4]], [[5, 6], [0, 1], [2, 3], [2, 2], [0, 2]], [[3, 5], [3, 4], [1, 6], [1, 1], [4, 6]], [[1, 2], [0, 3], [1, 4], [3, 3], [1, 3]]], "by_lot": true, "starter": 1, "boneyard": [[0, 6], [2, 4], [1, 5], [2, 6], [0, 0], [0, 5], [5, 5], [4, 5]], "round_no": 1, "hand_sizes": [5, 5, 5, 5], "boneyard_size": 8}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 3, '{"on": null, "seat": 1, "tile": [0, 1], "type": "tile_placed", "points": 0, "end_sum": 1}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 4, '{"on": [[0, 1], "high"], "seat": 2, "tile": [1, 6], "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 5, '{"on": [[0, 1], "low"], "seat": 3, "tile": [0, 3], "type": "tile_placed", "points": 0, "end_sum": 9}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 6, '{"on": [[1, 6], "high"], "seat": 0, "tile": [6, 6], "type": "tile_placed", "points": 15, "end_sum": 15}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 7, '{"on": [[0, 3], "high"], "seat": 1, "tile": [2, 3], "type": "tile_placed", "points": 0, "end_sum": 14}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 8, '{"on": [[6, 6], "chain_b"], "seat": 2, "tile": [4, 6], "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 9, '{"on": [[2, 3], "low"], "seat": 3, "tile": [1, 2], "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 10, '{"on": [[6, 6], "branch_a"], "seat": 0, "tile": [3, 6], "type": "tile_placed", "points": 0, "end_sum": 8}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 11, '{"on": [[6, 6], "branch_b"], "seat": 1, "tile": [5, 6], "type": "tile_placed", "points": 0, "end_sum": 13}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 12, '{"on": [[3, 6], "low"], "seat": 2, "tile": [3, 5], "type": "tile_placed", "points": 15, "end_sum": 15}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 13, '{"on": [[4, 6], "low"], "seat": 3, "tile": [1, 4], "type": "tile_placed", "points": 0, "end_sum": 12}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 14, '{"on": [[3, 5], "high"], "seat": 0, "tile": [2, 5], "type": "tile_placed", "points": 0, "end_sum": 9}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 15, '{"on": [[2, 5], "low"], "seat": 1, "tile": [0, 2], "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 16, '{"on": [[1, 2], "low"], "seat": 2, "tile": [1, 1], "type": "tile_placed", "points": 0, "end_sum": 8}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 17, '{"on": [[1, 4], "low"], "seat": 3, "tile": [1, 3], "type": "tile_placed", "points": 10, "end_sum": 10}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 18, '{"on": [[0, 2], "low"], "seat": 0, "tile": [0, 4], "type": "tile_placed", "points": 0, "end_sum": 14}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 19, '{"seat": 1, "tile": [0, 6], "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 20, '{"seat": 1, "tile": [2, 4], "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 21, '{"on": [[0, 4], "high"], "seat": 1, "tile": [2, 4], "type": "tile_placed", "points": 0, "end_sum": 12}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 22, '{"on": [[1, 3], "high"], "seat": 2, "tile": [3, 4], "type": "tile_placed", "points": 0, "end_sum": 13}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 23, '{"type": "round_ended", "hands": [[[4, 4]], [[2, 2], [0, 6]], [], [[3, 3]]], "scores": [20, 0], "winner": 2, "blocked": false, "round_no": 1, "deductions": [10, 10, 0, 5]}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 24, '{"type": "round_dealt", "hands": [[[0, 1], [4, 6], [2, 5], [2, 3], [0, 5]], [[2, 6], [1, 1], [0, 6], [4, 5], [3, 6]], [[1, 3], [3, 4], [2, 4], [2, 2], [5, 6]], [[3, 5], [0, 0], [1, 4], [0, 4], [1, 5]]], "by_lot": false, "starter": 2, "boneyard": [[1, 6], [3, 3], [1, 2], [0, 3], [5, 5], [0, 2], [4, 4], [6, 6]], "round_no": 2, "hand_sizes": [5, 5, 5, 5], "boneyard_size": 8}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 25, '{"on": null, "seat": 2, "tile": [5, 6], "type": "tile_placed", "points": 0, "end_sum": 11}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 26, '{"on": [[5, 6], "low"], "seat": 3, "tile": [1, 5], "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 27, '{"on": [[5, 6], "high"], "seat": 0, "tile": [4, 6], "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 28, '{"on": [[4, 6], "low"], "seat": 1, "tile": [4, 5], "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 29, '{"on": [[1, 5], "low"], "seat": 2, "tile": [1, 3], "type": "tile_placed", "points": 0, "end_sum": 8}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 30, '{"on": [[4, 5], "high"], "seat": 3, "tile": [3, 5], "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 31, '{"on": [[1, 3], "high"], "seat": 0, "tile": [2, 3], "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 32, '{"on": [[3, 5], "low"], "seat": 1, "tile": [3, 6], "type": "tile_placed", "points": 0, "end_sum": 8}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 33, '{"on": [[2, 3], "low"], "seat": 2, "tile": [2, 4], "type": "tile_placed", "points": 10, "end_sum": 10}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 34, '{"on": [[2, 4], "high"], "seat": 3, "tile": [1, 4], "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 35, '{"on": [[1, 4], "low"], "seat": 0, "tile": [0, 1], "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 36, '{"on": [[3, 6], "high"], "seat": 1, "tile": [2, 6], "type": "tile_placed", "points": 0, "end_sum": 2}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 37, '{"on": [[2, 6], "low"], "seat": 2, "tile": [2, 2], "type": "tile_placed", "points": 0, "end_sum": 4}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 38, '{"on": [[0, 1], "low"], "seat": 3, "tile": [0, 4], "type": "tile_placed", "points": 0, "end_sum": 8}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 39, '{"on": [[2, 2], "chain_b"], "seat": 0, "tile": [2, 5], "type": "tile_placed", "points": 0, "end_sum": 9}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 40, '{"seat": 1, "tile": [1, 6], "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 41, '{"seat": 1, "tile": [3, 3], "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 42, '{"seat": 1, "tile": [1, 2], "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 43, '{"on": [[2, 2], "branch_a"], "seat": 1, "tile": [1, 2], "type": "tile_placed", "points": 10, "end_sum": 10}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 44, '{"on": [[0, 4], "high"], "seat": 2, "tile": [3, 4], "type": "tile_placed", "points": 0, "end_sum": 9}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 45, '{"type": "round_ended", "hands": [[[0, 5]], [[1, 1], [0, 6], [1, 6], [3, 3]], [], [[0, 0]]], "scores": [35, -10], "winner": 2, "blocked": false, "round_no": 2, "deductions": [5, 20, 0, 0]}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 46, '{"type": "round_dealt", "hands": [[[0, 6], [2, 4], [1, 5], [3, 4], [5, 5]], [[1, 2], [2, 3], [4, 6], [1, 1], [1, 6]], [[2, 2], [4, 5], [0, 1], [0, 2], [0, 5]], [[5, 6], [3, 6], [0, 4], [4, 4], [2, 6]]], "by_lot": false, "starter": 2, "boneyard": [[0, 3], [1, 3], [6, 6], [3, 5], [3, 3], [2, 5], [0, 0], [1, 4]], "round_no": 3, "hand_sizes": [5, 5, 5, 5], "boneyard_size": 8}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 47, '{"on": null, "seat": 2, "tile": [0, 5], "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 48, '{"on": [[0, 5], "low"], "seat": 3, "tile": [0, 4], "type": "tile_placed", "points": 0, "end_sum": 9}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 49, '{"on": [[0, 5], "high"], "seat": 0, "tile": [1, 5], "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 50, '{"on": [[1, 5], "low"], "seat": 1, "tile": [1, 6], "type": "tile_placed", "points": 10, "end_sum": 10}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 51, '{"on": [[0, 4], "high"], "seat": 2, "tile": [4, 5], "type": "tile_placed", "points": 0, "end_sum": 11}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 52, '{"on": [[1, 6], "high"], "seat": 3, "tile": [3, 6], "type": "tile_placed", "points": 0, "end_sum": 8}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 53, '{"on": [[4, 5], "high"], "seat": 0, "tile": [5, 5], "type": "tile_placed", "points": 0, "end_sum": 13}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 54, '{"on": [[3, 6], "low"], "seat": 1, "tile": [2, 3], "type": "tile_placed", "points": 0, "end_sum": 12}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 55, '{"on": [[2, 3], "low"], "seat": 2, "tile": [0, 2], "type": "tile_placed", "points": 10, "end_sum": 10}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 56, '{"on": [[5, 5], "chain_b"], "seat": 3, "tile": [5, 6], "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 57, '{"on": [[0, 2], "low"], "seat": 0, "tile": [0, 6], "type": "tile_placed", "points": 0, "end_sum": 12}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 58, '{"on": [[0, 6], "high"], "seat": 1, "tile": [4, 6], "type": "tile_placed", "points": 10, "end_sum": 10}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 59, '{"seat": 2, "tile": [0, 3], "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 60, '{"seat": 2, "tile": [1, 3], "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 61, '{"seat": 2, "tile": [6, 6], "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 62, '{"on": [[5, 6], "high"], "seat": 2, "tile": [6, 6], "type": "tile_placed", "points": 0, "end_sum": 16}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 63, '{"on": [[4, 6], "low"], "seat": 3, "tile": [4, 4], "type": "tile_placed", "points": 20, "end_sum": 20}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 64, '{"on": [[4, 4], "chain_b"], "seat": 0, "tile": [3, 4], "type": "tile_placed", "points": 15, "end_sum": 15}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 65, '{"seat": 1, "tile": [3, 5], "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 66, '{"on": [[3, 4], "low"], "seat": 1, "tile": [3, 5], "type": "tile_placed", "points": 0, "end_sum": 17}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 67, '{"seat": 2, "tile": [3, 3], "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 68, '{"seat": 2, "tile": [2, 5], "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 69, '{"on": [[3, 5], "high"], "seat": 2, "tile": [2, 5], "type": "tile_placed", "points": 0, "end_sum": 14}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 70, '{"on": [[2, 5], "low"], "seat": 3, "tile": [2, 6], "type": "tile_placed", "points": 0, "end_sum": 18}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 71, '{"type": "round_ended", "hands": [[[2, 4]], [[1, 2], [1, 1]], [[2, 2], [0, 1], [0, 3], [1, 3], [3, 3]], []], "scores": [45, 25], "winner": 3, "blocked": false, "round_no": 3, "deductions": [5, 5, 20, 0]}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 72, '{"type": "round_dealt", "hands": [[[1, 4], [2, 3], [0, 4], [1, 5], [4, 4]], [[4, 6], [3, 6], [3, 4], [1, 3], [4, 5]], [[2, 2], [1, 2], [1, 6], [0, 5], [5, 6]], [[2, 4], [3, 3], [6, 6], [1, 1], [5, 5]]], "by_lot": false, "starter": 3, "boneyard": [[0, 0], [2, 5], [2, 6], [0, 3], [0, 2], [3, 5], [0, 1], [0, 6]], "round_no": 4, "hand_sizes": [5, 5, 5, 5], "boneyard_size": 8}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 73, '{"on": null, "seat": 3, "tile": [2, 4], "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 74, '{"on": [[2, 4], "high"], "seat": 0, "tile": [4, 4], "type": "tile_placed", "points": 10, "end_sum": 10}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 75, '{"on": [[4, 4], "chain_b"], "seat": 1, "tile": [4, 5], "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 76, '{"on": [[4, 5], "high"], "seat": 2, "tile": [5, 6], "type": "tile_placed", "points": 0, "end_sum": 8}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 77, '{"on": [[5, 6], "high"], "seat": 3, "tile": [6, 6], "type": "tile_placed", "points": 0, "end_sum": 14}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 78, '{"on": [[4, 4], "branch_a"], "seat": 0, "tile": [1, 4], "type": "tile_placed", "points": 15, "end_sum": 15}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 79, '{"on": [[4, 4], "branch_b"], "seat": 1, "tile": [3, 4], "type": "tile_placed", "points": 0, "end_sum": 18}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 80, '{"on": [[2, 4], "low"], "seat": 2, "tile": [2, 2], "type": "tile_placed", "points": 20, "end_sum": 20}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 81, '{"on": [[1, 4], "low"], "seat": 3, "tile": [1, 1], "type": "tile_placed", "points": 0, "end_sum": 21}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 82, '{"on": [[2, 2], "chain_b"], "seat": 0, "tile": [2, 3], "type": "tile_placed", "points": 20, "end_sum": 20}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 83, '{"on": [[6, 6], "chain_b"], "seat": 1, "tile": [3, 6], "type": "tile_placed", "points": 0, "end_sum": 11}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 84, '{"on": [[1, 1], "chain_b"], "seat": 2, "tile": [1, 6], "type": "tile_placed", "points": 15, "end_sum": 15}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 85, '{"on": [[2, 3], "high"], "seat": 3, "tile": [3, 3], "type": "tile_placed", "points": 0, "end_sum": 18}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 86, '{"on": [[1, 1], "branch_a"], "seat": 0, "tile": [1, 5], "type": "tile_placed", "points": 0, "end_sum": 23}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 87, '{"on": [[3, 3], "chain_b"], "seat": 1, "tile": [1, 3], "type": "tile_placed", "points": 0, "end_sum": 18}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 88, '{"on": [[1, 1], "branch_b"], "seat": 2, "tile": [1, 2], "type": "tile_placed", "points": 20, "end_sum": 20}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 89, '{"on": [[1, 5], "high"], "seat": 3, "tile": [5, 5], "type": "tile_placed", "points": 25, "end_sum": 25}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 90, '{"type": "round_ended", "hands": [[[0, 4]], [[4, 6]], [[0, 5]], []], "scores": [135, 40], "winner": 3, "blocked": false, "round_no": 4, "deductions": [5, 10, 5, 0]}');
INSERT INTO public.events VALUES ('a51bf1a3b6b0c9c3', 91, '{"type": "match_ended", "scores": [135, 40], "winner_side": 0}');
INSERT INTO public.events VALUES ('906c23c9b9407467', 1, '{"type": "match_started", "seats": ["human", "human"], "commitment": "f86b04eac719054d8fe189767fdc82cd3f406fe689b70943acb5b64d7829c3ab", "target_points": 10}');
INSERT INTO public.events VALUES ('906c23c9b9407467', 2, '{"type": "round_dealt", "hands": [[[1, 1], [5, 5], [0, 2], [2, 3], [3, 4]], [[0, 5], [3, 3], [1, 6], [0, 3], [0, 4]]], "by_lot": true, "starter": 1, "boneyard": [[3, 5], [6, 6], [1, 4], [1, 5], [2, 2], [0, 6], [5, 6], [1, 3], [3, 6], [2, 6], [1, 2], [2, 5], [2, 4], [0, 1], [4, 5], [4, 4], [4, 6], [0, 0]], "round_no": 1, "hand_sizes": [5, 5], "boneyard_size": 18}');
INSERT INTO public.events VALUES ('906c23c9b9407467', 3, '{"on": null, "seat": 1, "tile": [0, 5], "type": "tile_placed", "points": 5, "end_sum": 5}');
INSERT INTO public.events VALUES ('906c23c9b9407467', 4, '{"on": [[0, 5], "high"], "seat": 0, "tile": [5, 5], "type": "tile_placed", "points": 10, "end_sum": 10}');
INSERT INTO public.events VALUES ('906c23c9b9407467', 5, '{"on": [[0, 5], "low"], "seat": 1, "tile": [0, 4], "type": "tile_placed", "points": 0, "end_sum": 14}');
INSERT INTO public.events VALUES ('906c23c9b9407467', 6, '{"on": [[0, 4], "high"], "seat": 0, "tile": [3, 4], "type": "tile_placed", "points": 0, "end_sum": 13}');
INSERT INTO public.events VALUES ('906c23c9b9407467', 7, '{"on": [[3, 4], "low"], "seat": 1, "tile": [0, 3], "type": "tile_placed", "points": 10, "end_sum": 10}');
INSERT INTO public.events VALUES ('ba2d2e30818f266a', 1, '{"type": "match_started", "seats": ["human", "greedy", "human"], "commitment": "2906f6cebad61ec8d96dda7965ef06abccc4f11857e58e1e4347d6a520d62c97", "target_points": 10}');
INSERT INTO public.events VALUES ('ba2d2e30818f266a', 2, '{"type": "round_dealt", "hands": [[[2, 3], [0, 0], [2, 2], [5, 5], [0, 5]], [[2, 5], [0, 1], [1, 2], [0, 6], [4, 5]], [[3, 3], [3, 4], [1, 6], [2, 6], [0, 2]]], "by_lot": true, "starter": 0, "boneyard": [[6, 6], [0, 4], [2, 4], [4, 6], [4, 4], [1, 5], [3, 5], [1, 3], [5, 6], [1, 1], [1, 4], [0, 3], [3, 6]], "round_no": 1, "hand_sizes": [5, 5, 5], "boneyard_size": 13}');
INSERT INTO public.events VALUES ('ba2d2e30818f266a', 3, '{"on": null, "seat": 0, "tile": [0, 0], "type": "tile_placed", "points": 0, "end_sum": 0}');
INSERT INTO public.events VALUES ('ba2d2e30818f266a', 4, '{"on": [[0, 0], "chain_a"], "seat": 1, "tile": [0, 6], "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('ba2d2e30818f266a', 5, '{"on": [[0, 0], "chain_b"], "seat": 2, "tile": [0, 2], "type": "tile_placed", "points": 0, "end_sum": 8}');
INSERT INTO public.events VALUES ('ba2d2e30818f266a', 6, '{"on": [[0, 2], "high"], "seat": 0, "tile": [2, 2], "type": "tile_placed", "points": 10, "end_sum": 10}');
INSERT INTO public.events VALUES ('ba2d2e30818f266a', 7, '{"on": [[2, 2], "chain_b"], "seat": 1, "tile": [2, 5], "type": "tile_placed", "points": 0, "end_sum": 11}');
INSERT INTO public.events VALUES ('ba2d2e30818f266a', 8, '{"on": [[0, 6], "high"], "seat": 2, "tile": [1, 6], "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('ba2d2e30818f266a', 9, '{"on": [[2, 2], "branch_b"], "seat": 0, "tile": [2, 3], "type": "tile_placed", "points": 0, "end_sum": 9}');
INSERT INTO public.events VALUES ('ba2d2e30818f266a', 10, '{"on": [[1, 6], "low"], "seat": 1, "tile": [1, 2], "type": "tile_placed", "points": 10, "end_sum": 10}');
INSERT INTO public.events VALUES ('d69b8e9d7735e277', 1, '{"type": "match_started", "seats": ["human", "human", "random", "human"], "commitment": "c2bd6ff826dcd8ee56ba0a708f79a98a87626b48af46ee779abfbc5dbc78db95", "target_points": 10}');
INSERT INTO public.events VALUES ('d69b8e9d7735e277', 2, '{"type": "round_dealt", "hands": [[[0, 6], [0, 3], [1, 6], [1, 2], [3, 3]], [[1, 4], [2, 6], [3, 4], [4, 4], [2, 3]], [[4, 5], [4, 6], [2, 4], [0, 1], [1, 3]], [[6, 6], [0, 5], [3, 5], [3, 6], [0, 0]]], "by_lot": true, "starter": 2, "boneyard": [[5, 5], [5, 6], [0, 2], [2, 2], [1, 1], [1, 5], [0, 4], [2, 5]], "round_no": 1, "hand_sizes": [5, 5, 5, 5], "boneyard_size": 8}');
INSERT INTO public.events VALUES ('d69b8e9d7735e277', 3, '{"on": null, "seat": 2, "tile": [2, 4], "type": "tile_placed", "points": 0, "end_sum": 6}');
INSERT INTO public.events VALUES ('d69b8e9d7735e277', 4, '{"seat": 3, "tile": [5, 5], "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('d69b8e9d7735e277', 5, '{"seat": 3, "tile": [5, 6], "type": "tile_drawn", "playable": false}');
INSERT INTO public.events VALUES ('d69b8e9d7735e277', 6, '{"seat": 3, "tile": [0, 2], "type": "tile_drawn", "playable": true}');
INSERT INTO public.events VALUES ('d69b8e9d7735e277', 7, '{"on": [[2, 4], "low"], "seat": 3, "tile": [0, 2], "type": "tile_placed", "points": 0, "end_sum": 4}');
INSERT INTO public.events VALUES ('d69b8e9d7735e277', 8, '{"on": [[0, 2], "low"], "seat": 0, "tile": [0, 3], "type": "tile_placed", "points": 0, "end_sum": 7}');
INSERT INTO public.events VALUES ('12f3eea9e44297ce', 1, '{"type": "match_started", "seats": ["human", "greedy"], "commitment": "5952f18d1337befbea79cd5e6da69cc88a8c5c3bde3dcc486fcf4cc79fb96883", "target_points": 10}');
INSERT INTO public.events VALUES ('12f3eea9e44297ce', 2, '{"type": "round_dealt", "hands": [[[2, 6], [0, 2], [3, 5], [1, 4], [2, 3]], [[5, 6], [4, 6], [1, 3], [0, 5], [0, 6]]], "by_lot": true, "starter": 0, "boneyard": [[3, 6], [0, 4], [0, 1], [3, 3], [2, 4], [3, 4], [1, 1], [1, 5], [1, 6], [4, 5], [0, 0], [5, 5], [0, 3], [2, 5], [6, 6], [4, 4], [2, 2], [1, 2]], "round_no": 1, "hand_sizes": [5, 5], "boneyard_size": 18}');


--
-- Data for Name: matches; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.matches VALUES ('dac756c76d539267', '["human", "human"]', 10, '\x9644869729524626896d9fe1e1e600fe9194824e8e3c53b592dd0b69780ee171', 1796123442.0387363, true);
INSERT INTO public.matches VALUES ('0fd18c8ae45ae095', '["human", "greedy"]', 10, '\xb474ea393b1f937c212d27a918b9563b8f5b81ba11d3ea7811663cd8c681c075', 1796123444.511776, true);
INSERT INTO public.matches VALUES ('e8e00ec0b4983476', '["human", "random", "human"]', 10, '\xff9f269b27e2bc4d9bdcac2ce79a1c79a877da4d61ab5d820a7d85c16f1eef30', 1796123444.8544574, true);
INSERT INTO public.matches VALUES ('68dd3a70f65a6880', '["human", "greedy", "human", "random"]', 10, '\xe829728881d18e5784fd85ac404c4983fab758f33eabffcf66ac009646819baf', 1796123445.9167416, true);
INSERT INTO public.matches VALUES ('a51bf1a3b6b0c9c3', '["greedy", "random", "greedy", "random"]', 10, '\xcdb24615a267e976547f3a86c4cde6e7f22ddb1ddea84ce20cc258f8ed9609a4', 1796123446.2805548, true);
INSERT INTO public.matches VALUES ('906c23c9b9407467', '["human", "human"]', 10, '\x33ea1f4e9c05f2cb8b09b2c36905809d04e76af90fd57c5a4bfe1551364589b8', 1796123446.526986, false);
INSERT INTO public.matches VALUES ('ba2d2e30818f266a', '["human", "greedy", "human"]', 10, '\xf8d75e53988181ca554b8822e25da522f331542a60144a9752254a3431fa7a82', 1796123446.5639856, false);
INSERT INTO public.matches VALUES ('d69b8e9d7735e277', '["human", "human", "random", "human"]', 10, '\x80f19ff411c69155b939171aa809f2c60d33fb23cb7cab8bf2d2bbc94f101cf9', 1796123446.6013348, false);
INSERT INTO public.matches VALUES ('12f3eea9e44297ce', '["human", "greedy"]', 10, '\x4c009ab78cd6ae3a2d140fcca80a4e42b0251c86de7b6d8b9893d63807674fa6', 1796123446.6448557, false);


--
-- Data for Name: requests; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-1', 0, '0:place [0|1]', 3, 3);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-2', 0, '0:place [2|5]@[1|5]:high', 6, 6);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-3', 0, '0:place [0|5]@[0|1]:low', 8, 8);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-4', 0, '0:place [3|5]@[0|5]:high', 10, 10);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-5', 1, '1:place [0|0]@[0|6]:low', 11, 12);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-6', 0, '0:draw', 13, 13);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-7', 0, '0:draw', 14, 14);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-8', 0, '0:draw', 15, 15);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-9', 0, '0:draw', 16, 16);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-10', 0, '0:place [3|3]@[3|5]:low', 17, 17);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-11', 1, '1:place [3|6]@[3|3]:chain_b', 18, 20);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-12', 1, '1:place [1|2]', 21, 21);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-13', 0, '0:place [1|5]@[1|2]:low', 22, 22);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-14', 1, '1:place [2|3]@[1|2]:high', 23, 23);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-15', 0, '0:place [5|6]@[1|5]:high', 24, 24);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-16', 1, '1:place [4|6]@[5|6]:high', 25, 25);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-17', 0, '0:place [0|3]@[2|3]:high', 26, 26);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-18', 1, '1:place [0|5]@[0|3]:low', 27, 27);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-19', 0, '0:draw', 28, 28);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-20', 0, '0:draw', 29, 29);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-21', 0, '0:draw', 30, 30);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-22', 0, '0:place [2|4]@[4|6]:low', 31, 31);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-23', 1, '1:draw', 32, 32);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-24', 1, '1:place [5|5]@[0|5]:high', 33, 33);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-25', 0, '0:place [2|6]@[2|4]:low', 34, 34);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-26', 1, '1:draw', 35, 35);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-27', 1, '1:draw', 36, 36);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-28', 1, '1:draw', 37, 37);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-29', 1, '1:draw', 38, 38);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-30', 1, '1:place [4|5]@[5|5]:chain_b', 39, 39);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-31', 0, '0:place [0|6]@[2|6]:high', 40, 40);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-32', 1, '1:place [0|1]@[0|6]:low', 41, 41);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-33', 0, '0:place [1|3]@[0|1]:high', 42, 42);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-34', 1, '1:place [3|4]@[1|3]:high', 43, 43);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-35', 0, '0:draw', 44, 44);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-36', 0, '0:draw', 45, 45);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-37', 0, '0:draw', 46, 46);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-38', 0, '0:place [3|5]@[5|5]:branch_b', 47, 47);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-39', 1, '1:place [1|4]@[3|4]:high', 48, 48);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-40', 0, '0:place [3|3]@[3|5]:low', 49, 49);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-41', 1, '1:place [0|4]@[4|5]:low', 50, 52);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-42', 1, '1:place [0|2]', 53, 53);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-43', 0, '0:place [2|3]@[0|2]:high', 54, 54);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-44', 1, '1:place [3|3]@[2|3]:high', 55, 55);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-45', 0, '0:place [0|3]@[0|2]:low', 56, 56);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-46', 1, '1:place [3|5]@[3|3]:chain_b', 57, 57);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-47', 0, '0:place [5|6]@[3|5]:high', 58, 58);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-48', 1, '1:place [1|6]@[5|6]:high', 59, 59);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-49', 0, '0:draw', 60, 60);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-50', 0, '0:place [1|3]@[0|3]:high', 61, 61);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-51', 1, '1:draw', 62, 62);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-52', 1, '1:place [1|4]@[1|6]:low', 63, 63);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-53', 0, '0:place [2|4]@[1|4]:high', 64, 64);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-54', 1, '1:draw', 65, 65);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-55', 1, '1:draw', 66, 66);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-56', 1, '1:place [1|1]@[1|3]:low', 67, 67);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-57', 0, '0:place [2|5]@[2|4]:low', 68, 70);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-58', 0, '0:place [2|3]', 71, 71);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-59', 1, '1:place [2|4]@[2|3]:low', 72, 72);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-60', 0, '0:place [3|4]@[2|3]:high', 73, 73);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-61', 1, '1:place [4|4]@[2|4]:high', 74, 74);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-62', 0, '0:draw', 75, 75);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-63', 0, '0:draw', 76, 76);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-64', 0, '0:draw', 77, 77);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-65', 0, '0:draw', 78, 78);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-66', 0, '0:draw', 79, 79);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-67', 0, '0:place [4|5]@[3|4]:high', 80, 80);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-68', 1, '1:draw', 81, 81);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-69', 1, '1:draw', 82, 82);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-70', 1, '1:place [5|6]@[4|5]:high', 83, 83);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-71', 0, '0:place [0|6]@[5|6]:high', 84, 84);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-72', 1, '1:draw', 85, 85);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-73', 1, '1:place [0|3]@[0|6]:low', 86, 86);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-74', 0, '0:place [3|6]@[0|3]:high', 87, 87);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-75', 1, '1:place [6|6]@[3|6]:high', 88, 88);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-76', 0, '0:draw', 89, 89);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-77', 0, '0:draw', 90, 90);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-78', 0, '0:place [1|4]@[4|4]:chain_b', 91, 91);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-79', 1, '1:place [1|6]@[1|4]:low', 92, 92);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-80', 0, '0:draw', 93, 93);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-81', 0, '0:draw', 94, 94);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-82', 0, '0:place [4|6]@[4|4]:branch_a', 95, 95);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-83', 1, '1:draw', 96, 96);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-84', 1, '1:draw', 97, 97);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-85', 1, '1:draw', 98, 98);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-86', 1, '1:place [0|4]@[4|4]:branch_b', 99, 99);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-87', 0, '0:place [0|5]@[0|4]:low', 100, 100);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-88', 1, '1:place [1|5]@[0|5]:high', 101, 101);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-89', 0, '0:place [1|1]@[1|5]:low', 102, 102);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-90', 1, '1:place [1|3]@[1|1]:chain_b', 103, 103);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-91', 0, '0:place [1|2]@[1|1]:branch_a', 104, 104);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-92', 1, '1:place [2|5]@[1|2]:high', 105, 105);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-93', 0, '0:place [3|5]@[1|3]:high', 106, 106);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-94', 1, '1:draw', 107, 107);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-95', 1, '1:draw', 108, 108);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-96', 1, '1:draw', 109, 109);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-97', 1, '1:place [2|6]@[1|6]:high', 110, 110);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-98', 0, '0:place [5|5]@[2|5]:high', 111, 111);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-99', 1, '1:place [2|2]@[2|6]:low', 112, 112);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-100', 0, '0:place [0|1]@[1|1]:branch_b', 113, 113);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-101', 1, '1:place [0|2]@[2|2]:chain_b', 114, 114);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-102', 0, '0:pass', 115, 115);
INSERT INTO public.requests VALUES ('dac756c76d539267', 'fixture-103', 1, '1:place [0|0]@[0|2]:low', 116, 118);
INSERT INTO public.requests VALUES ('0fd18c8ae45ae095', 'fixture-1', 0, '0:place [0|4]', 3, 3);
INSERT INTO public.requests VALUES ('0fd18c8ae45ae095', 'fixture-2', 0, '0:place [4|4]@[0|4]:high', 5, 5);
INSERT INTO public.requests VALUES ('0fd18c8ae45ae095', 'fixture-3', 0, '0:place [1|4]@[4|4]:chain_b', 7, 7);
INSERT INTO public.requests VALUES ('0fd18c8ae45ae095', 'fixture-4', 0, '0:place [3|3]@[3|6]:low', 9, 9);
INSERT INTO public.requests VALUES ('0fd18c8ae45ae095', 'fixture-5', 0, '0:draw', 11, 11);
INSERT INTO public.requests VALUES ('0fd18c8ae45ae095', 'fixture-6', 0, '0:place [0|3]@[3|3]:chain_b', 12, 12);
INSERT INTO public.requests VALUES ('0fd18c8ae45ae095', 'fixture-7', 0, '0:place [0|6]@[3|6]:high', 17, 17);
INSERT INTO public.requests VALUES ('0fd18c8ae45ae095', 'fixture-8', 0, '0:place [2|3]@[3|3]:chain_b', 19, 19);
INSERT INTO public.requests VALUES ('0fd18c8ae45ae095', 'fixture-9', 0, '0:place [0|4]@[0|6]:low', 21, 21);
INSERT INTO public.requests VALUES ('0fd18c8ae45ae095', 'fixture-10', 0, '0:place [0|1]@[0|3]:low', 23, 23);
INSERT INTO public.requests VALUES ('0fd18c8ae45ae095', 'fixture-11', 0, '0:place [1|2]@[0|1]:high', 26, 28);
INSERT INTO public.requests VALUES ('0fd18c8ae45ae095', 'fixture-12', 0, '0:place [0|6]', 29, 29);
INSERT INTO public.requests VALUES ('0fd18c8ae45ae095', 'fixture-13', 0, '0:place [4|6]@[0|6]:high', 31, 31);
INSERT INTO public.requests VALUES ('0fd18c8ae45ae095', 'fixture-14', 0, '0:draw', 33, 33);
INSERT INTO public.requests VALUES ('0fd18c8ae45ae095', 'fixture-15', 0, '0:draw', 34, 34);
INSERT INTO public.requests VALUES ('0fd18c8ae45ae095', 'fixture-16', 0, '0:draw', 35, 35);
INSERT INTO public.requests VALUES ('0fd18c8ae45ae095', 'fixture-17', 0, '0:draw', 36, 36);
INSERT INTO public.requests VALUES ('0fd18c8ae45ae095', 'fixture-18', 0, '0:draw', 37, 37);
INSERT INTO public.requests VALUES ('0fd18c8ae45ae095', 'fixture-19', 0, '0:place [2|3]@[3|4]:low', 38, 38);
INSERT INTO public.requests VALUES ('0fd18c8ae45ae095', 'fixture-20', 0, '0:place [0|2]@[2|3]:low', 42, 42);
INSERT INTO public.requests VALUES ('0fd18c8ae45ae095', 'fixture-21', 0, '0:place [1|1]@[0|1]:high', 44, 44);
INSERT INTO public.requests VALUES ('0fd18c8ae45ae095', 'fixture-22', 0, '0:draw', 46, 46);
INSERT INTO public.requests VALUES ('0fd18c8ae45ae095', 'fixture-23', 0, '0:place [1|4]@[1|1]:branch_b', 47, 47);
INSERT INTO public.requests VALUES ('0fd18c8ae45ae095', 'fixture-24', 0, '0:place [6|6]@[3|6]:high', 49, 49);
INSERT INTO public.requests VALUES ('0fd18c8ae45ae095', 'fixture-25', 0, '0:place [2|6]@[1|2]:high', 52, 52);
INSERT INTO public.requests VALUES ('0fd18c8ae45ae095', 'fixture-26', 0, '0:place [2|2]@[2|4]:low', 55, 55);
INSERT INTO public.requests VALUES ('0fd18c8ae45ae095', 'fixture-27', 0, '0:draw', 58, 58);
INSERT INTO public.requests VALUES ('0fd18c8ae45ae095', 'fixture-28', 0, '0:place [5|6]@[6|6]:chain_b', 59, 59);
INSERT INTO public.requests VALUES ('0fd18c8ae45ae095', 'fixture-29', 0, '0:draw', 62, 62);
INSERT INTO public.requests VALUES ('0fd18c8ae45ae095', 'fixture-30', 0, '0:place [3|3]@[3|5]:low', 63, 63);
INSERT INTO public.requests VALUES ('0fd18c8ae45ae095', 'fixture-31', 0, '0:place [0|5]@[0|3]:low', 66, 66);
INSERT INTO public.requests VALUES ('0fd18c8ae45ae095', 'fixture-32', 0, '0:place [5|5]@[4|5]:high', 69, 71);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-33', 0, '0:place [1|5]', 3, 3);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-34', 2, '2:place [0|4]@[0|1]:low', 5, 5);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-35', 0, '0:place [4|4]@[0|4]:high', 6, 6);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-36', 2, '2:place [6|6]@[5|6]:high', 8, 8);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-37', 0, '0:place [3|6]@[6|6]:chain_b', 9, 9);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-38', 2, '2:place [1|4]@[4|4]:chain_b', 11, 11);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-39', 0, '0:place [0|3]@[3|6]:low', 12, 12);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-40', 2, '2:place [0|6]@[6|6]:branch_b', 14, 14);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-41', 0, '0:place [2|4]@[4|4]:branch_b', 15, 17);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-42', 0, '0:place [1|5]', 18, 18);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-43', 2, '2:place [1|1]@[1|5]:low', 20, 20);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-44', 0, '0:place [0|4]@[4|5]:low', 21, 21);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-45', 2, '2:draw', 23, 23);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-46', 2, '2:place [1|4]@[1|1]:chain_b', 24, 24);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-47', 0, '0:place [0|2]@[0|0]:chain_b', 25, 25);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-48', 2, '2:place [2|5]@[0|2]:high', 27, 27);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-49', 0, '0:place [0|1]@[1|1]:branch_a', 28, 28);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-50', 2, '2:draw', 31, 31);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-51', 2, '2:draw', 32, 32);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-52', 2, '2:draw', 33, 33);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-53', 2, '2:place [0|5]@[0|0]:branch_a', 34, 34);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-54', 0, '0:place [3|5]@[0|5]:high', 35, 37);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-55', 0, '0:place [0|3]', 38, 38);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-56', 2, '2:place [0|1]@[0|0]:chain_b', 40, 40);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-57', 0, '0:place [1|4]@[0|1]:high', 41, 41);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-58', 2, '2:place [3|5]@[0|3]:high', 43, 43);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-59', 0, '0:place [0|4]@[0|0]:branch_a', 44, 44);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-60', 2, '2:place [4|5]@[0|4]:high', 46, 46);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-61', 0, '0:place [2|6]@[0|2]:high', 47, 47);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-62', 2, '2:place [5|5]@[4|5]:high', 50, 50);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-63', 0, '0:draw', 51, 51);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-64', 0, '0:place [1|5]@[5|5]:chain_b', 52, 52);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-65', 2, '2:place [1|6]@[1|1]:chain_b', 54, 56);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-66', 2, '2:place [3|4]', 57, 57);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-67', 0, '0:place [4|5]@[3|4]:high', 58, 58);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-68', 2, '2:draw', 60, 60);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-69', 2, '2:place [1|1]@[1|3]:low', 61, 61);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-70', 0, '0:place [1|6]@[1|1]:chain_b', 62, 62);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-71', 2, '2:place [2|2]@[2|6]:low', 64, 64);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-72', 0, '0:place [2|3]@[2|2]:chain_b', 65, 65);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-73', 2, '2:place [0|2]@[2|2]:branch_b', 67, 67);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-74', 0, '0:place [0|3]@[0|2]:low', 68, 68);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-75', 2, '2:place [3|6]@[3|3]:chain_b', 71, 71);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-76', 0, '0:place [0|5]@[4|5]:high', 72, 74);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-77', 0, '0:place [0|5]', 75, 75);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-78', 2, '2:place [1|2]@[2|5]:low', 77, 77);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-79', 0, '0:place [1|6]@[1|2]:low', 78, 78);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-80', 2, '2:place [4|6]@[1|6]:high', 80, 80);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-81', 0, '0:draw', 81, 81);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-82', 0, '0:draw', 82, 82);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-83', 0, '0:place [1|3]@[0|1]:high', 83, 83);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-84', 2, '2:place [3|4]@[4|6]:low', 85, 85);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-85', 0, '0:place [5|6]@[3|6]:high', 86, 86);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-86', 2, '2:draw', 89, 89);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-87', 2, '2:draw', 90, 90);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-88', 2, '2:draw', 91, 91);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-89', 2, '2:place [3|5]@[5|6]:low', 92, 92);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-90', 0, '0:place [2|6]@[2|3]:low', 93, 93);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-91', 2, '2:place [0|3]@[3|5]:low', 102, 102);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-92', 0, '0:place [6|6]@[2|6]:high', 103, 103);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-93', 2, '2:place [0|6]@[6|6]:chain_b', 105, 105);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-94', 0, '0:pass', 106, 106);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-95', 2, '2:place [0|4]@[0|0]:branch_a', 108, 108);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-96', 0, '0:pass', 109, 109);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-97', 2, '2:pass', 111, 111);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-98', 0, '0:pass', 112, 112);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-99', 2, '2:pass', 114, 114);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-100', 0, '0:pass', 115, 115);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-101', 2, '2:pass', 117, 117);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-102', 0, '0:pass', 118, 118);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-103', 2, '2:pass', 120, 120);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-104', 0, '0:pass', 121, 121);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-105', 2, '2:pass', 123, 123);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-106', 0, '0:place [5|5]@[1|5]:high', 124, 126);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-107', 0, '0:place [4|5]', 127, 127);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-108', 2, '2:place [4|6]@[5|6]:high', 129, 129);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-109', 0, '0:draw', 130, 130);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-110', 0, '0:draw', 131, 131);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-111', 0, '0:place [1|4]@[4|5]:low', 132, 132);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-112', 2, '2:place [3|3]@[1|3]:high', 134, 134);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-113', 0, '0:draw', 135, 135);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-114', 0, '0:place [3|6]@[3|3]:chain_b', 136, 136);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-115', 2, '2:place [2|5]@[3|5]:high', 138, 138);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-116', 0, '0:place [1|2]@[2|5]:low', 139, 139);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-117', 2, '2:place [3|4]@[4|4]:chain_b', 141, 141);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-118', 0, '0:place [1|5]@[1|2]:low', 142, 142);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-119', 2, '2:place [1|2]@[1|3]:low', 147, 147);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-120', 0, '0:place [2|4]@[1|2]:high', 148, 148);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-121', 2, '2:place [1|6]@[3|6]:high', 150, 150);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-122', 0, '0:place [4|6]@[2|4]:high', 151, 151);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-123', 2, '2:place [0|0]@[0|1]:low', 153, 153);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-124', 0, '0:place [0|4]@[0|0]:chain_b', 154, 154);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-125', 2, '2:place [5|5]@[0|5]:high', 156, 156);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-126', 0, '0:draw', 157, 157);
INSERT INTO public.requests VALUES ('e8e00ec0b4983476', 'fixture-127', 0, '0:place [1|4]@[0|4]:high', 158, 158);
INSERT INTO public.requests VALUES ('68dd3a70f65a6880', 'fixture-128', 0, '0:place [1|4]@[3|4]:high', 4, 4);
INSERT INTO public.requests VALUES ('68dd3a70f65a6880', 'fixture-129', 2, '2:place [0|2]@[1|2]:high', 6, 6);
INSERT INTO public.requests VALUES ('68dd3a70f65a6880', 'fixture-130', 0, '0:place [0|4]@[0|2]:low', 8, 8);
INSERT INTO public.requests VALUES ('68dd3a70f65a6880', 'fixture-131', 2, '2:place [5|6]@[6|6]:chain_b', 10, 10);
INSERT INTO public.requests VALUES ('68dd3a70f65a6880', 'fixture-132', 0, '0:draw', 12, 12);
INSERT INTO public.requests VALUES ('68dd3a70f65a6880', 'fixture-133', 0, '0:draw', 13, 13);
INSERT INTO public.requests VALUES ('68dd3a70f65a6880', 'fixture-134', 0, '0:draw', 14, 14);
INSERT INTO public.requests VALUES ('68dd3a70f65a6880', 'fixture-135', 0, '0:draw', 15, 15);
INSERT INTO public.requests VALUES ('68dd3a70f65a6880', 'fixture-136', 0, '0:draw', 16, 16);
INSERT INTO public.requests VALUES ('68dd3a70f65a6880', 'fixture-137', 0, '0:place [0|6]@[6|6]:branch_b', 17, 17);
INSERT INTO public.requests VALUES ('68dd3a70f65a6880', 'fixture-138', 2, '2:place [2|4]@[0|4]:high', 19, 19);
INSERT INTO public.requests VALUES ('68dd3a70f65a6880', 'fixture-139', 0, '0:place [2|3]@[2|4]:low', 21, 21);
INSERT INTO public.requests VALUES ('68dd3a70f65a6880', 'fixture-140', 2, '2:place [1|6]@[6|6]:branch_a', 23, 23);
INSERT INTO public.requests VALUES ('68dd3a70f65a6880', 'fixture-141', 0, '0:place [0|1]@[1|6]:low', 26, 26);
INSERT INTO public.requests VALUES ('68dd3a70f65a6880', 'fixture-142', 2, '2:place [3|6]@[4|6]:high', 31, 31);
INSERT INTO public.requests VALUES ('68dd3a70f65a6880', 'fixture-143', 0, '0:place [2|4]@[4|6]:low', 33, 33);
INSERT INTO public.requests VALUES ('68dd3a70f65a6880', 'fixture-144', 2, '2:place [2|2]@[2|4]:low', 35, 35);
INSERT INTO public.requests VALUES ('68dd3a70f65a6880', 'fixture-145', 0, '0:place [5|6]@[5|5]:chain_b', 37, 37);
INSERT INTO public.requests VALUES ('68dd3a70f65a6880', 'fixture-146', 2, '2:place [2|3]@[2|2]:chain_b', 39, 39);
INSERT INTO public.requests VALUES ('68dd3a70f65a6880', 'fixture-147', 0, '0:place [1|5]@[5|5]:branch_b', 41, 41);
INSERT INTO public.requests VALUES ('68dd3a70f65a6880', 'fixture-148', 2, '2:place [0|0]@[0|2]:low', 43, 43);
INSERT INTO public.requests VALUES ('68dd3a70f65a6880', 'fixture-149', 0, '0:place [1|2]@[1|5]:low', 45, 45);
INSERT INTO public.requests VALUES ('68dd3a70f65a6880', 'fixture-150', 2, '2:place [3|6]@[5|6]:high', 50, 50);
INSERT INTO public.requests VALUES ('68dd3a70f65a6880', 'fixture-151', 0, '0:place [1|2]@[2|5]:low', 52, 52);
INSERT INTO public.requests VALUES ('68dd3a70f65a6880', 'fixture-152', 2, '2:place [0|1]@[1|1]:chain_b', 56, 56);
INSERT INTO public.requests VALUES ('68dd3a70f65a6880', 'fixture-153', 0, '0:place [1|4]@[1|1]:branch_a', 58, 58);
INSERT INTO public.requests VALUES ('68dd3a70f65a6880', 'fixture-154', 2, '2:place [3|4]@[3|6]:low', 60, 60);
INSERT INTO public.requests VALUES ('68dd3a70f65a6880', 'fixture-155', 0, '0:place [4|6]@[3|4]:high', 62, 62);
INSERT INTO public.requests VALUES ('68dd3a70f65a6880', 'fixture-156', 2, '2:place [2|3]@[0|3]:high', 64, 64);
INSERT INTO public.requests VALUES ('68dd3a70f65a6880', 'fixture-157', 0, '0:place [1|6]@[0|6]:high', 66, 66);
INSERT INTO public.requests VALUES ('68dd3a70f65a6880', 'fixture-158', 2, '2:draw', 68, 68);
INSERT INTO public.requests VALUES ('68dd3a70f65a6880', 'fixture-159', 2, '2:draw', 69, 69);
INSERT INTO public.requests VALUES ('68dd3a70f65a6880', 'fixture-160', 2, '2:place [1|3]@[1|6]:low', 70, 70);
INSERT INTO public.requests VALUES ('68dd3a70f65a6880', 'fixture-161', 0, '0:draw', 73, 73);
INSERT INTO public.requests VALUES ('68dd3a70f65a6880', 'fixture-162', 0, '0:place [1|5]@[1|1]:branch_b', 74, 74);
INSERT INTO public.requests VALUES ('68dd3a70f65a6880', 'fixture-163', 2, '2:draw', 76, 76);
INSERT INTO public.requests VALUES ('68dd3a70f65a6880', 'fixture-164', 2, '2:place [5|5]@[3|5]:high', 77, 77);
INSERT INTO public.requests VALUES ('68dd3a70f65a6880', 'fixture-165', 0, '0:pass', 80, 80);
INSERT INTO public.requests VALUES ('906c23c9b9407467', 'fixture-166', 1, '1:place [0|5]', 3, 3);
INSERT INTO public.requests VALUES ('906c23c9b9407467', 'fixture-167', 0, '0:place [5|5]@[0|5]:high', 4, 4);
INSERT INTO public.requests VALUES ('906c23c9b9407467', 'fixture-168', 1, '1:place [0|4]@[0|5]:low', 5, 5);
INSERT INTO public.requests VALUES ('906c23c9b9407467', 'fixture-169', 0, '0:place [3|4]@[0|4]:high', 6, 6);
INSERT INTO public.requests VALUES ('906c23c9b9407467', 'fixture-170', 1, '1:place [0|3]@[3|4]:low', 7, 7);
INSERT INTO public.requests VALUES ('ba2d2e30818f266a', 'fixture-171', 0, '0:place [0|0]', 3, 3);
INSERT INTO public.requests VALUES ('ba2d2e30818f266a', 'fixture-172', 2, '2:place [0|2]@[0|0]:chain_b', 5, 5);
INSERT INTO public.requests VALUES ('ba2d2e30818f266a', 'fixture-173', 0, '0:place [2|2]@[0|2]:high', 6, 6);
INSERT INTO public.requests VALUES ('ba2d2e30818f266a', 'fixture-174', 2, '2:place [1|6]@[0|6]:high', 8, 8);
INSERT INTO public.requests VALUES ('ba2d2e30818f266a', 'fixture-175', 0, '0:place [2|3]@[2|2]:branch_b', 9, 9);
INSERT INTO public.requests VALUES ('d69b8e9d7735e277', 'fixture-176', 3, '3:draw', 4, 4);
INSERT INTO public.requests VALUES ('d69b8e9d7735e277', 'fixture-177', 3, '3:draw', 5, 5);
INSERT INTO public.requests VALUES ('d69b8e9d7735e277', 'fixture-178', 3, '3:draw', 6, 6);
INSERT INTO public.requests VALUES ('d69b8e9d7735e277', 'fixture-179', 3, '3:place [0|2]@[2|4]:low', 7, 7);
INSERT INTO public.requests VALUES ('d69b8e9d7735e277', 'fixture-180', 0, '0:place [0|3]@[0|2]:low', 8, 8);


--
-- Data for Name: schema_version; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.schema_version VALUES (1, '2026-12-01 11:10:41.856082+00');


--
-- Data for Name: seats; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.seats VALUES ('dac756c76d539267', 0, '\x66d13669d81f07731513eeb748d6a90f6b451aef0254706d388014aadbd047d7');
INSERT INTO public.seats VALUES ('dac756c76d539267', 1, '\x33042439323ab9b696c23624ba1d8221b4306b4165b3d973fbf480330298c66d');
INSERT INTO public.seats VALUES ('0fd18c8ae45ae095', 0, '\xea42b77066769e668d3734bdd1317685d25716e51cc6c5b0feb62c8334214af1');
INSERT INTO public.seats VALUES ('e8e00ec0b4983476', 0, '\xfd3751c278bad026ee87d99ab222e878e6d0fb92a60cd94e8de641a93c7be4fa');
INSERT INTO public.seats VALUES ('e8e00ec0b4983476', 2, '\xab8c071af6d0c0e813d7638a708a861813b4a2a4c6d85ffa2893d9752ac2a4c9');
INSERT INTO public.seats VALUES ('68dd3a70f65a6880', 0, '\x4b2d0ce4bdedbdba7aa3644bac5cd9e5134fb9da736bb059e65df0732776ed1b');
INSERT INTO public.seats VALUES ('68dd3a70f65a6880', 2, '\x91f8bc1819dd5e94291486bbacfd64960a74d87bff0f6dd35d26f0dedf975a45');
INSERT INTO public.seats VALUES ('906c23c9b9407467', 0, '\x53594297efc0efa4afb01c7b369509aa3dd19dc3e19be7580fabfbc77ba10921');
INSERT INTO public.seats VALUES ('906c23c9b9407467', 1, '\x77ec12c4bccb840e92974a3d49e204d66379646aff9aa8547987cdeb329dc425');
INSERT INTO public.seats VALUES ('ba2d2e30818f266a', 0, '\x3152180b0b83f271e18d434e4dfb6ad3d28778b7a5b91bd098815ad03ee12619');
INSERT INTO public.seats VALUES ('ba2d2e30818f266a', 2, '\xec283bc402e57559a02264bbf95d792dd91f01e93fcd2ac24ab22b2cfa184c69');
INSERT INTO public.seats VALUES ('d69b8e9d7735e277', 0, '\x2fae9c3948037d3557f4d9c48394f0aa4f64d9bb3c60278c63d0d577d10df557');
INSERT INTO public.seats VALUES ('d69b8e9d7735e277', 1, '\xe79ecb37d4651847f4024dbf7ae57ba3306b57dfdce9e911f54dcf3284966992');
INSERT INTO public.seats VALUES ('d69b8e9d7735e277', 3, '\x9843e5b48d39fa399e8cfbb8d13f1611dee42d234c8ea126048016dd27640a2a');


--
-- Name: events events_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.events
    ADD CONSTRAINT events_pkey PRIMARY KEY (match_id, version);


--
-- Name: matches matches_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.matches
    ADD CONSTRAINT matches_pkey PRIMARY KEY (match_id);


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
-- Name: seats seats_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.seats
    ADD CONSTRAINT seats_pkey PRIMARY KEY (match_id, seat);


--
-- Name: matches_active; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX matches_active ON public.matches USING btree (created_at DESC) WHERE (NOT finished);


--
-- Name: events events_match_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.events
    ADD CONSTRAINT events_match_id_fkey FOREIGN KEY (match_id) REFERENCES public.matches(match_id);


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

\unrestrict jeATEy70ON5jouks2jfPxJcIlakjqizaWnlZ6TAUkea8BnNyqJlhhICSqU3x3XQ

