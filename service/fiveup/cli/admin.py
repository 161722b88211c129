"""``fiveup admin``: the operators' command line.  ``credential`` issues an operator
credential for AdminService (docs/operations.md, "Operating a live service"), signed
with the key the server signs access tokens with -- read from the same settings as
``fiveup serve`` (``--access-token-keys`` or ``FIVEUP_ACCESS_TOKEN_KEYS``, the signing
key id and the issuer likewise), so every replica that shares the keys accepts it."""

from __future__ import annotations

import argparse
import dataclasses
from datetime import UTC, datetime

from ..admin.operators import IssuedCredential, OperatorCredentials
from ..app.config import ServerConfig
from ..identity.keys import AccessTokenKeys, KeyConfigError
from ..shared.errors import InvalidRequest
from ..shared.usererror import UserError


class CredentialError(UserError):
    """The credential cannot be issued as asked (no key directory, a bad name...)."""


def add_credential_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--name", required=True,
                        help="who the credential is for: the audit log names them local:NAME")  # fmt: skip
    parser.add_argument("--ttl", type=float, default=None, metavar="SECONDS",
                        help="how long it lasts (default: --operator-credential-ttl-seconds)")  # fmt: skip
    for name, meaning in (
        ("access_token_keys", "the server's key directory"),
        ("access_token_signing_kid", "with several keys: the one that signs"),
        ("access_token_issuer", "the server's issuer"),
    ):
        parser.add_argument(
            "--" + name.replace("_", "-"), dest=name, default=None,
            help=f"{meaning} (default: FIVEUP_{name.upper()}, as fiveup serve reads it)",
        )  # fmt: skip


def issue_credential(
    args: argparse.Namespace, config: ServerConfig | None = None
) -> IssuedCredential:
    """A credential for ``args.name`` with the server's settings (``config``: the
    environment's unless given) overridden by the flags."""
    base = config or ServerConfig.from_env()
    changes = {
        name: getattr(args, name)
        for name in ("access_token_keys", "access_token_signing_kid", "access_token_issuer")
        if getattr(args, name, None) is not None
    }
    config = dataclasses.replace(base, **changes)
    if not config.access_token_keys:
        raise CredentialError(
            "no access-token key directory (--access-token-keys or FIVEUP_ACCESS_TOKEN_KEYS):"
            " a server with an ephemeral key accepts only the credential it prints itself"
            " (fiveup serve --print-operator-credential NAME); make run's stack keeps its key"
            " in <db>.keys (--access-token-keys fiveup.sqlite3.keys)"
        )
    try:
        keys = AccessTokenKeys.from_directory(
            config.access_token_keys, config.access_token_signing_kid
        )
        credentials = OperatorCredentials(
            keys, issuer=config.access_token_issuer,
            ttl_seconds=config.operator_credential_ttl_seconds,
        )  # fmt: skip
        return credentials.issue(args.name, ttl_seconds=args.ttl)
    except (KeyConfigError, OSError, InvalidRequest, ValueError) as exc:
        raise CredentialError(str(exc)) from None


def describe(issued: IssuedCredential) -> str:
    expires = datetime.fromtimestamp(issued.operator.expires_at, UTC)
    return (
        f"operator credential for {issued.operator.operator_id}, valid until"
        f" {expires:%Y-%m-%d %H:%M} UTC: send it as authorization: Bearer <credential>"
    )
