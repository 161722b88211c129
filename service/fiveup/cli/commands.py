"""The ``fiveup`` command line.

Each subcommand is a pair of functions: ``_setup_<name>(subparsers)`` adds its parser and
sets ``handler``, and ``_cmd_<name>(args) -> int`` runs it.  A new subcommand registers
its setup function with ``@command``; ``main`` builds the parser from the registry.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TextIO, TypeAlias

if TYPE_CHECKING:
    Subparsers: TypeAlias = argparse._SubParsersAction[argparse.ArgumentParser]

Setup: TypeAlias = Callable[["Subparsers"], None]

COMMANDS: dict[str, Setup] = {}
"""Subcommand name -> the function that adds its parser (in registration order)."""


def command(name: str) -> Callable[[Setup], Setup]:
    """Register a ``_setup_<name>(subparsers)`` function: ``@command("serve")``."""

    def register(setup: Setup) -> Setup:
        COMMANDS[name] = setup
        return setup

    return register


# --------------------------------------------------------------------------- simulate


@command("simulate")
def _setup_simulate(sub: Subparsers) -> None:
    from ..bots import BOT_KINDS

    p = sub.add_parser(
        "simulate",
        help="bots play matches against each other; print win rates and scoring figures",
        description="Self-play through the match engine.  Deterministic for a seed.",
    )
    p.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    p.add_argument("--matches", type=int, default=100)
    p.add_argument(
        "--bots",
        default="greedy",
        help=f"comma-separated bot kind per seat ({', '.join(BOT_KINDS)}); one kind fills every seat",
    )
    p.add_argument("--seed", default="0", help="simulation seed (any text)")
    p.add_argument("--target", type=int, default=61, help="displayed points to win (61)")
    shown = p.add_mutually_exclusive_group()
    shown.add_argument("--progress", dest="progress", action="store_true", default=None,
                       help="show the progress bar even when stderr is not a terminal")  # fmt: skip
    shown.add_argument("--no-progress", dest="progress", action="store_false",
                       help="never show the progress bar")  # fmt: skip
    p.set_defaults(handler=_cmd_simulate, parser=p)


def _cmd_simulate(args: argparse.Namespace) -> int:
    from ..bots import BOT_KINDS
    from .simulate import format_summary, simulate

    parser: argparse.ArgumentParser = args.parser
    kinds = [k.strip() for k in args.bots.split(",") if k.strip()]
    if len(kinds) == 1:
        kinds *= args.players
    if len(kinds) != args.players:
        parser.error(f"--bots names {len(kinds)} bots for {args.players} players")
    unknown = [k for k in kinds if k not in BOT_KINDS]
    if unknown:
        parser.error(f"unknown bot kind(s): {', '.join(unknown)} (kinds: {', '.join(BOT_KINDS)})")
    if args.matches < 1:
        parser.error("--matches must be at least 1")
    if not 1 <= args.target <= 10_000:
        parser.error("--target must be 1..10000 displayed points")
    show = sys.stderr.isatty() if args.progress is None else args.progress
    bar = ProgressBar(sys.stderr, "matches") if show else None
    summary = simulate(
        args.players, args.matches, kinds, seed=args.seed, progress=bar, target=args.target
    )
    if bar is not None:
        bar.close()
    print(format_summary(summary))
    return 0


class ProgressBar:
    """A one-line text progress bar, redrawn in place with a carriage return."""

    def __init__(self, stream: TextIO, unit: str, width: int = 30) -> None:
        self.stream = stream
        self.unit = unit
        self.width = width
        self.started = time.perf_counter()
        self._drawn = False

    def __call__(self, done: int, total: int) -> None:
        filled = self.width * done // total if total else self.width
        elapsed = time.perf_counter() - self.started
        rate = done / elapsed if elapsed > 0 else 0.0
        eta = (total - done) / rate if rate > 0 else 0.0
        self.stream.write(
            f"\r[{'#' * filled}{'.' * (self.width - filled)}] {done}/{total} {self.unit} "
            f"{rate:.1f}/s eta {eta:.0f}s "
        )
        self.stream.flush()
        self._drawn = True

    def close(self) -> None:
        if self._drawn:
            self.stream.write("\n")
            self.stream.flush()


# --------------------------------------------------------------------------- serve


@command("serve")
def _setup_serve(sub: Subparsers) -> None:
    from ..app.config import add_arguments, environment_help

    p = sub.add_parser(
        "serve",
        help="run the gRPC server (MatchService, RulesService, health, reflection)",
        description="Serve until SIGTERM/SIGINT, then drain within --grace-seconds.\n"
        "Every flag also reads FIVEUP_<NAME> from the environment; a flag wins.",
        epilog=environment_help(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_arguments(p)
    p.set_defaults(handler=_cmd_serve)


def _cmd_serve(args: argparse.Namespace) -> int:
    from ..app.config import ConfigError, ServerConfig
    from ..app.server import run
    from ..identity.builder import IdentityConfigError, check_identity_config
    from ..identity.settings import identity_config

    try:
        config = ServerConfig.from_env().with_args(args)
        check_identity_config(identity_config(config, egress_allow=config.egress_allow))
    except (ConfigError, IdentityConfigError) as exc:
        print(f"fiveup serve: {exc}", file=sys.stderr)
        return 2
    return run(config)


# --------------------------------------------------------------------------- play


@command("play")
def _setup_play(sub: Subparsers) -> None:
    p = sub.add_parser(
        "play",
        help="play a match in the terminal against bots on a running server",
        description="A terminal client of the public API: creates a match, takes seat 1 and "
        "lets you play it (chat at any prompt with :say or :phrase; a rematch at the "
        "end); or signs in as a guest and takes the seat the matchmaker finds "
        "(--queue N), or the seat of your match in progress (--resume), and shows what the "
        "match did to your rating; --stats shows your ratings and statistics; "
        "--tournament ID enters a tournament and plays its tables (--tournaments lists "
        "them).  Start a "
        "server first (make run).",
    )
    # --address is what `fiveup serve` calls the same host:port, so people type it here too
    p.add_argument("--server", "--address", default="127.0.0.1:50051", dest="server",
                   help="host:port of the server (make run's gRPC port: 127.0.0.1:50051)")  # fmt: skip
    p.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    p.add_argument("--bots", default="greedy",
                   help="comma-separated bot level per opponent (random, novice, greedy, adept,"
                   " expert, master: --levels shows their ratings)")  # fmt: skip
    p.add_argument("--target", type=int, default=61,
                   help="displayed points to win (with --queue: only searches with the same"
                   " target share a table)")  # fmt: skip
    p.add_argument("--queue", type=int, metavar="N", choices=(2, 3, 4),
                   help="sign in as a guest and let the matchmaker seat you at an N-seat"
                   " table with strangers (bots fill it after --bot-wait seconds)")  # fmt: skip
    p.add_argument("--bot-wait", type=int, default=10, metavar="SECONDS",
                   help="with --queue: how long to wait for people before bots fill the table"
                   " (0: the server's default)")  # fmt: skip
    p.add_argument("--resume", action="store_true",
                   help="sign in as a guest and continue your match in progress (from any"
                   " process with the same --device-file)")  # fmt: skip
    p.add_argument("--device-file", type=Path, default=None, metavar="PATH",
                   help="where this device's guest id is kept (default"
                   " ~/.config/fiveup/device-id); the same file is the same player")  # fmt: skip
    p.add_argument("--practice", action="store_true",
                   help="a practice match: hints (h) and taking moves back (u)")  # fmt: skip
    p.add_argument("--hints", action="store_true", help="allow hints (h) in this match")
    p.add_argument("--rematch-wait", type=float, default=60.0, metavar="SECONDS",
                   help="at a match's end, how long the rematch question and the wait for"
                   " the other players last before it ends without one (60)")  # fmt: skip
    p.add_argument("--stats", action="store_true",
                   help="sign in as a guest and show your ratings (with your leaderboard rank"
                   " and rating history) and statistics per player count, and the bot about"
                   " your strength, then stop")  # fmt: skip
    p.add_argument("--levels", action="store_true",
                   help="show the server's bot levels, weakest first, with their ratings on the"
                   " players' scale and think budgets, then stop")  # fmt: skip
    p.add_argument("--tournaments", action="store_true",
                   help="list the upcoming and running tournaments, then stop")  # fmt: skip
    p.add_argument("--tournament", metavar="ID",
                   help="sign in as a guest, enter tournament ID (or come back to it) and play"
                   " its tables as they are seated, until its final standings (w withdraws)")  # fmt: skip
    p.set_defaults(handler=_cmd_play, parser=p)


def _cmd_play(args: argparse.Namespace) -> int:
    import asyncio

    from .play import BOT_KINDS, PlayOptions, play

    parser: argparse.ArgumentParser = args.parser
    kinds = tuple(k.strip() for k in args.bots.split(",") if k.strip())
    unknown = [k for k in kinds if k not in BOT_KINDS]
    if unknown:
        parser.error(f"unknown bot kind(s): {', '.join(unknown)} (kinds: {', '.join(BOT_KINDS)})")
    if args.queue is not None and args.resume:
        parser.error("--queue and --resume do not go together: pick one")
    if args.levels and (args.stats or args.queue is not None or args.resume):
        parser.error("--levels shows the bot levels and stops: leave out --stats/--queue/--resume")
    if args.stats and (args.queue is not None or args.resume):
        parser.error("--stats shows your statistics and stops: leave out --queue/--resume")
    modes = [f for f, on in (("--tournament", args.tournament), ("--tournaments", args.tournaments),
             ("--queue", args.queue is not None), ("--resume", args.resume),
             ("--stats", args.stats), ("--levels", args.levels)) if on]  # fmt: skip
    if len(modes) > 1 and ("--tournament" in modes or "--tournaments" in modes):
        parser.error(f"{' and '.join(modes)} do not go together: pick one")
    if args.bot_wait < 0:
        parser.error("--bot-wait must be 0 or more seconds")
    if args.rematch_wait <= 0:
        parser.error("--rematch-wait must be more than 0 seconds")
    options = PlayOptions(
        args.server,
        args.players,
        kinds,
        args.target,
        device_file=args.device_file,
        queue=args.queue,
        resume=args.resume,
        bot_wait=args.bot_wait,
        practice=args.practice,
        hints=args.hints,
        stats=args.stats,
        levels=args.levels,
        rematch_wait=args.rematch_wait,
        tournaments=args.tournaments,
        tournament=args.tournament,
    )
    return asyncio.run(play(options))


# --------------------------------------------------------------------------- verify


@command("verify")
def _setup_verify(sub: Subparsers) -> None:
    p = sub.add_parser(
        "verify",
        help="check a finished match's deals against its shuffle commitment",
        description="RECORD is a file (GetMatchRecordResponse as protobuf JSON or binary) or "
        "a match id fetched from --server.",
    )
    p.add_argument("record", help="record file, or match id")
    p.add_argument("--server", default="127.0.0.1:50051", help="host:port, for a match id")
    p.set_defaults(handler=_cmd_verify)


def _cmd_verify(args: argparse.Namespace) -> int:
    from pathlib import Path

    from .verify import fetch_record, load_record, verify_record
    from .wording import count_text

    path = Path(args.record)
    record = load_record(path) if path.exists() else fetch_record(args.server, args.record)
    verdict = verify_record(record)
    if verdict.ok:
        undos = f" ({verdict.undos} practice undos replayed)" if verdict.undos else ""
        print(f"OK: {count_text(verdict.rounds, 'round')} dealt from the committed seed "
              f"{record.shuffle_commitment[:16]}…; the events replay under the rules{undos}")  # fmt: skip
        return 0
    for problem in verdict.problems:
        print(f"FAIL: {problem}", file=sys.stderr)
    return 1


# --------------------------------------------------------------------------- check-seasons


@command("check-seasons")
def _setup_check_seasons(sub: Subparsers) -> None:
    p = sub.add_parser(
        "check-seasons",
        help="recompute every season's board from the event logs and replay the league's moves",
        description="Folds the rated matches' logs into each season's points and compares them"
        " with the stored boards (open seasons: live; archived: final), then decides every"
        " archived league group's promotions and relegations again and compares.",
    )
    p.add_argument(
        "--db", required=True, help="the server's --db: a SQLite path or a postgresql:// URL"
    )
    for name, default in (("group-size", 30), ("promote", 5), ("relegate", 5)):
        variable = "FIVEUP_LEAGUE_" + name.upper().replace("-", "_")
        p.add_argument(
            f"--league-{name}", type=int, default=int(os.environ.get(variable, str(default))),
            help=f"the server's --league-{name} (default: {variable}, as the server reads"
            f" it, else {default})",
        )  # fmt: skip
    p.set_defaults(handler=_cmd_check_seasons)


def _cmd_check_seasons(args: argparse.Namespace) -> int:
    import asyncio
    import logging

    from ..ratings.leagues import LeaguePolicy
    from .check_seasons import check_seasons
    from .wording import count_text

    logging.getLogger("psycopg.pool").setLevel(logging.ERROR)
    policy = LeaguePolicy(args.league_group_size, args.league_promote, args.league_relegate)
    checked = asyncio.run(check_seasons(args.db, policy))
    if checked.ok:
        print(f"OK: the boards of {count_text(checked.seasons, 'season')} ({checked.archived}"
              f" archived) equal a recomputation from the logs of"
              f" {count_text(checked.results, 'counting result')}; {count_text(checked.moves, 'league move')}"
              " replayed as recorded")  # fmt: skip
        return 0
    for m in checked.mismatches:
        print(f"FAIL: season {m.season_id} player {m.player_id}: stored {m.stored},"
              f" recomputed {m.rebuilt}", file=sys.stderr)  # fmt: skip
    for mv in checked.move_mismatches:
        print(f"FAIL: season {mv.season_id} {mv.player_id}: recorded {mv.stored!r},"
              f" replayed {mv.replayed!r}", file=sys.stderr)  # fmt: skip
    return 1


# --------------------------------------------------------------------------- check-tournaments


@command("check-tournaments")
def _setup_check_tournaments(sub: Subparsers) -> None:
    p = sub.add_parser(
        "check-tournaments",
        help="recompute every finished tournament from the match logs and compare",
        description="Reads each table of every finished tournament again from its match's "
        "log (its ending by the fair-play rule, its scores, who sat there), recomputes the "
        "standings from those results and compares both with what the server stored.",
    )
    p.add_argument(
        "--db", required=True, help="the server's --db: a SQLite path or a postgresql:// URL"
    )
    p.add_argument(
        "--rated-min-own-moves", type=int,
        default=int(os.environ.get("FIVEUP_RATED_MIN_OWN_MOVES", "3")),
        help="the server's --rated-min-own-moves (default: FIVEUP_RATED_MIN_OWN_MOVES, as"
        " the server reads it, else 3): a table conceded before every seat made this many"
        " own moves has no result",
    )  # fmt: skip
    p.set_defaults(handler=_cmd_check_tournaments)


def _cmd_check_tournaments(args: argparse.Namespace) -> int:
    import asyncio
    import logging

    from .check_tournaments import check_tournaments
    from .wording import count_text

    logging.getLogger("psycopg.pool").setLevel(logging.ERROR)
    checked = asyncio.run(check_tournaments(args.db, args.rated_min_own_moves))
    if checked.ok:
        print(f"OK: {count_text(checked.tournaments, 'finished tournament')} "
              f"({count_text(checked.tables, 'table')}) agree with their match logs: every "
              "table's ending, scores and players, and the standings")  # fmt: skip
        return 0
    for m in checked.mismatches:
        print(f"FAIL: tournament {m.tournament_id}: {m.what}", file=sys.stderr)
    return 1


# --------------------------------------------------------------------------- check-ratings


@command("check-ratings")
def _setup_check_ratings(sub: Subparsers) -> None:
    p = sub.add_parser(
        "check-ratings",
        help="rebuild every rating from the event logs and compare with the stored ones",
        description="Folds the rated matches' logs, in the order they were rated, through "
        "the rating model and compares the result with the stored ratings, float for float.",
    )
    p.add_argument(
        "--db", required=True, help="the server's --db: a SQLite path or a postgresql:// URL"
    )
    p.add_argument(
        "--rated-min-own-moves", type=int,
        default=int(os.environ.get("FIVEUP_RATED_MIN_OWN_MOVES", "3")),
        help="the server's --rated-min-own-moves (default: FIVEUP_RATED_MIN_OWN_MOVES, as"
        " the server reads it, else 3): no rated match may have ended by a forfeit before"
        " every seat made this many own moves",
    )  # fmt: skip
    p.set_defaults(handler=_cmd_check_ratings)


def _cmd_check_ratings(args: argparse.Namespace) -> int:
    import asyncio
    import logging

    from .check_ratings import check_ratings
    from .wording import count_text

    # The pool's retries log a warning each while PostgreSQL is down; the one line below
    # (StoreUnavailable, after its wait) says it once.
    logging.getLogger("psycopg.pool").setLevel(logging.ERROR)
    checked = asyncio.run(check_ratings(args.db, args.rated_min_own_moves))
    if checked.ok:
        voided = (f" ({count_text(checked.voided, 'voided match')} left out)"
                  if checked.voided else "")  # fmt: skip
        print(f"OK: {checked.ratings} ratings equal a rebuild from the logs of "
              f"{count_text(checked.matches, 'rated match')}{voided}; the modes of the results of "
              f"{count_text(checked.results, 'finished match')} (rated, casual, practice) agree"
              " with their logs, and so does their own play; no rated match was aborted"
              f" (fewer than {args.rated_min_own_moves} own moves)")  # fmt: skip
        return 0
    for m in checked.mismatches:
        print(f"FAIL: category {m.category} player {m.player_id}: stored {m.stored},"
              f" rebuilt {m.rebuilt}", file=sys.stderr)  # fmt: skip
    for mode in checked.mode_mismatches:
        print(f"FAIL: match {mode.match_id}: results say {mode.stored}, its log says"
              f" {mode.rebuilt}", file=sys.stderr)  # fmt: skip
    for match_id in checked.aborted:
        print(f"FAIL: match {match_id}: rated, but its log shows a forfeit before every seat"
              f" made {args.rated_min_own_moves} own moves", file=sys.stderr)  # fmt: skip
    for o in checked.own_play_mismatches:
        print(f"FAIL: match {o.match_id} seat {o.seat}: results say own play {o.stored},"
              f" its log says {o.rebuilt}", file=sys.stderr)  # fmt: skip
    return 1


# --------------------------------------------------------------------------- chat


@command("chat")
def _setup_chat(sub: Subparsers) -> None:
    # The direct-database moderation tool is gone: it wrote around the audit log and
    # the sanctions.  The name stays, to say where its actions went.
    p = sub.add_parser(
        "chat",
        help="replaced by fiveup admin reports / fiveup admin players sanction",
        description="Chat moderation now goes through AdminService (audited): "
        "fiveup admin reports list|show|resolve and fiveup admin players sanction "
        "--kind chat-silence.",
    )
    p.add_argument("rest", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)
    p.set_defaults(handler=_cmd_chat)


def _cmd_chat(args: argparse.Namespace) -> int:
    print(
        "fiveup chat: replaced by fiveup admin (audited, over AdminService): "
        "fiveup admin reports list|show|resolve, fiveup admin players sanction ID "
        "--kind chat-silence --until DATE --reason R (and players lift to end it)",
        file=sys.stderr,
    )
    return 2


# --------------------------------------------------------------------------- admin


@command("admin")
def _setup_admin(sub: Subparsers) -> None:
    from .admin import add_credential_arguments
    from .admin_cli import add_admin_actions

    p = sub.add_parser(
        "admin",
        help="the operators' tools over AdminService: players, matches, reports, "
        "integrity, deliveries, audit; an operator credential",
        description="Operating a live service (docs/operations.md).  Every action but "
        "credential calls AdminService on --server with the operator credential of "
        "$FIVEUP_OPERATOR_CREDENTIAL (or --credential); --json prints the answer for "
        "scripts.",
    )
    actions = p.add_subparsers(dest="action", metavar="AREA", required=True)
    credential = actions.add_parser(
        "credential",
        help="print an operator credential (a bearer token for AdminService)",
        description="Signs an operator credential with the server's access-token key (the "
        "directory of --access-token-keys, read as fiveup serve reads it) and prints it on "
        "stdout; what it is for goes to stderr.",
    )
    add_credential_arguments(credential)
    credential.set_defaults(admin_action=None)
    add_admin_actions(actions)
    p.set_defaults(handler=_cmd_admin)


def _cmd_admin(args: argparse.Namespace) -> int:
    from .admin import describe, issue_credential
    from .admin_cli import run_action

    if args.admin_action is not None:
        return run_action(args)
    issued = issue_credential(args)
    print(issued.token)
    print(describe(issued), file=sys.stderr)
    return 0


# --------------------------------------------------------------------------- entry point


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="fiveup", description="Five Up dominoes server and tools")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for setup in COMMANDS.values():
        setup(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    from ..shared.usererror import UserError

    args = build_parser().parse_args(argv)
    handler: Callable[[argparse.Namespace], int] = args.handler
    try:
        return handler(args)
    except UserError as exc:  # the person can fix it: one line, no traceback
        print(f"fiveup {args.command}: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
