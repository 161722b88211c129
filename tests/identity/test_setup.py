"""Identity settings a server cannot start with end `fiveup serve` with one clear line."""

from __future__ import annotations

from pathlib import Path

import pytest

from fiveup.cli import main


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        (["--access-token-keys", "/nonexistent/keys"], "does not exist"),
        (["--id-token-issuer", "https://idp"], "needs --id-token-issuer, --id-token-audience"),
        (
            ["--id-token-issuer", "https://idp", "--id-token-audience", "app",
             "--id-token-jwks-url", "http://127.0.0.1:9/jwks", "--id-token-algorithms", "HS256"],
            "public-key ones",
        ),
    ],
    ids=["missing-keys", "partial-idp", "hmac-idp"],
)  # fmt: skip
def test_bad_identity_settings(
    flags: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["serve", "--db", str(tmp_path / "x.sqlite3"), "--metrics-port", "-1", *flags])
    err = capsys.readouterr().err
    assert code == 2
    assert err.startswith("fiveup serve: ") and message in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_short_key_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "k1").write_text("too short")
    code = main(["serve", "--access-token-keys", str(tmp_path), "--metrics-port", "-1"])
    assert code == 2 and "at least 32" in capsys.readouterr().err
