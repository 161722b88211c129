"""A local identity provider for tests: its own RSA and EC keys, a JWKS served over real
HTTP on 127.0.0.1 (port 0), and ID tokens minted on demand -- no network beyond loopback."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import jwt
from cryptography.hazmat.primitives.asymmetric import ec, rsa
from jwt.algorithms import ECAlgorithm, RSAAlgorithm

ISSUER = "https://idp.example.test"
AUDIENCE = "fiveup-test-app"


@dataclass
class Key:
    kid: str
    alg: str
    private: Any

    def public_jwk(self) -> dict[str, Any]:
        algorithm = RSAAlgorithm if self.alg.startswith("RS") else ECAlgorithm
        jwk: dict[str, Any] = json.loads(algorithm.to_jwk(self.private.public_key()))
        jwk.update(kid=self.kid, alg=self.alg, use="sig")
        return jwk


def rsa_key(kid: str) -> Key:
    return Key(kid, "RS256", rsa.generate_private_key(public_exponent=65537, key_size=2048))


def ec_key(kid: str) -> Key:
    return Key(kid, "ES256", ec.generate_private_key(ec.SECP256R1()))


@dataclass
class IdentityProvider:
    issuer: str = ISSUER
    audience: str = AUDIENCE
    published: list[Key] = field(default_factory=list)
    url: str = ""
    requests: int = 0  # JWKS documents served
    down: bool = False  # answer 503 instead of the JWKS
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def jwks(self) -> bytes:
        return json.dumps({"keys": [k.public_jwk() for k in self.published]}).encode()

    def token(
        self,
        key: Key | None = None,
        *,
        sub: str = "user-1",
        now: float | None = None,
        ttl: float = 300,
        headers: dict[str, Any] | None = None,
        **claims: Any,
    ) -> str:
        key = key or self.published[0]
        issued = time.time() if now is None else now
        body = {
            "iss": self.issuer,
            "aud": self.audience,
            "sub": sub,
            "iat": int(issued),
            "exp": int(issued + ttl),
        }
        body.update(claims)
        body = {k: v for k, v in body.items() if v is not None}
        return jwt.encode(
            body, key.private, algorithm=key.alg, headers={"kid": key.kid, **(headers or {})}
        )


@contextmanager
def serve_idp(*keys: Key) -> Iterator[IdentityProvider]:
    """An identity provider publishing ``keys`` at ``idp.url`` until the block ends."""
    idp = IdentityProvider(published=list(keys) or [rsa_key("rsa-1"), ec_key("ec-1")])

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            with idp._lock:
                idp.requests += 1
            if idp.down:
                self.send_response(503)
                self.end_headers()
                return
            body = idp.jwks()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    idp.url = f"http://127.0.0.1:{server.server_address[1]}/.well-known/jwks.json"
    try:
        yield idp
    finally:
        server.shutdown()
        server.server_close()
        thread.join()
