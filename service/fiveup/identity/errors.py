"""Errors of players and sessions.  A refused token is UNAUTHENTICATED with a reason that
says why (docs/api.md, "Errors"); each class carries its reason and status code."""

from __future__ import annotations

from ..engine.errors import MatchError
from ..shared.errors import InvalidRequest, PermissionDenied, Unauthenticated, error_classes


class TokenExpired(Unauthenticated):
    """An access token or ID token past its ``exp`` (beyond the allowed clock skew)."""

    reason = "TOKEN_EXPIRED"


class TokenNotYetValid(Unauthenticated):
    """A token whose ``nbf``/``iat`` lies in the future (beyond the allowed clock skew)."""

    reason = "TOKEN_NOT_YET_VALID"


class WrongAudience(Unauthenticated):
    reason = "WRONG_AUDIENCE"


class WrongIssuer(Unauthenticated):
    reason = "WRONG_ISSUER"


class UnknownKeyId(Unauthenticated):
    """A token signed with a key id (``kid``) that no configured key has."""

    reason = "UNKNOWN_KEY_ID"


class InvalidSignature(Unauthenticated):
    reason = "INVALID_SIGNATURE"


class AlgorithmNotAllowed(Unauthenticated):
    """A token whose ``alg`` is not one the verifier accepts (``none`` never is)."""

    reason = "ALGORITHM_NOT_ALLOWED"


class MalformedToken(Unauthenticated):
    """Not a JWT, or one without a claim that is required (``details['claim']``)."""

    reason = "MALFORMED_TOKEN"


class SessionRevoked(Unauthenticated):
    """The session was signed out, or ended because a used refresh token came back."""

    reason = "SESSION_REVOKED"


class RefreshTokenReused(Unauthenticated):
    """A refresh token that was already traded in: the session is ended for safety."""

    reason = "REFRESH_TOKEN_REUSED"


class InvalidRefreshToken(Unauthenticated):
    """A refresh token this service never issued (or one long since pruned)."""

    reason = "INVALID_REFRESH_TOKEN"


class RefreshTokenExpired(Unauthenticated):
    reason = "REFRESH_TOKEN_EXPIRED"


class InvalidDisplayName(InvalidRequest):
    """A display name the rules refuse; ``details['problem']`` says which rule."""

    reason = "INVALID_DISPLAY_NAME"


class NameInvisible(InvalidDisplayName):
    """A display name with a character that shows nothing (zero-width, bidirectional
    control, variation selector, Hangul filler, Braille blank) or no visible character."""

    reason = "NAME_INVISIBLE"


class NameReserved(InvalidDisplayName):
    """A display name that reads as a label the clients show for a seat or a player
    ("You", "Bot (seat 2)", "Seat 3", their Hindi forms); ``details['label']`` names it."""

    reason = "NAME_RESERVED"


class NameMixedScripts(InvalidDisplayName):
    """A display name that mixes scripts the way look-alikes are spelled (Latin with
    Cyrillic or Greek, say: UTS #39's moderately restrictive rule, ``identity.scripts``);
    ``details['scripts']`` lists them."""

    reason = "NAME_MIXED_SCRIPTS"


class NameConfusable(MatchError):
    """A display name that looks like another player's current one (the same UTS #39
    skeleton, case-folded): names must tell players apart."""

    reason = "NAME_CONFUSABLE"
    code = "ALREADY_EXISTS"


class PlayerNotFound(MatchError):
    reason = "PLAYER_NOT_FOUND"
    code = "NOT_FOUND"


class IdentityInUse(MatchError):
    """The device id or external subject already signs in as another player (or the
    player already has an identity of that provider)."""

    reason = "IDENTITY_IN_USE"
    code = "ALREADY_EXISTS"


class ExternalIdentityNotConfigured(MatchError):
    """An ID token was sent but this server has no identity provider configured."""

    reason = "EXTERNAL_IDENTITY_NOT_CONFIGURED"
    code = "FAILED_PRECONDITION"


class IdentityProviderUnavailable(MatchError):
    """The identity provider's JWKS could not be fetched (retry with backoff)."""

    reason = "IDENTITY_PROVIDER_UNAVAILABLE"
    code = "UNAVAILABLE"


# Every UNAUTHENTICATED reason (the shared kind and those above), for bounded metric labels.
_AUTHENTICATION: list[type[MatchError]] = [Unauthenticated, *error_classes(Unauthenticated)]
AUTH_REASONS = tuple(cls.reason for cls in _AUTHENTICATION)


class CannotBlockSelf(InvalidRequest):
    """BlockPlayer naming the caller themself."""

    reason = "CANNOT_BLOCK_SELF"


class TooManyBlocks(MatchError):
    """BlockPlayer when the caller already blocked as many players as the server keeps
    (``--max-blocks-per-player``; ``details['limit']``): unblock someone first."""

    reason = "TOO_MANY_BLOCKS"
    code = "FAILED_PRECONDITION"


# Sanctions an operator imposed (fiveup.identity.sanctions; docs/security.md, "Sanctions").


class SignInSuspended(PermissionDenied):
    """SignIn* or RefreshSession of a player an operator suspended from signing in
    (``details['until']``: when the suspension ends, ISO 8601 UTC)."""

    reason = "SIGN_IN_SUSPENDED"


class RatedPlaySuspended(PermissionDenied):
    """A rated seat (a rated table's seat, the matchmaker, a rated rematch) for a player
    an operator suspended from rated play (``details['until']``)."""

    reason = "RATED_PLAY_SUSPENDED"


class SanctionNotFound(MatchError):
    """LiftSanction of a sanction id the player does not have."""

    reason = "SANCTION_NOT_FOUND"
    code = "NOT_FOUND"


class SanctionNotInForce(MatchError):
    """LiftSanction of a sanction already lifted or run out: nothing to lift."""

    reason = "SANCTION_NOT_IN_FORCE"
    code = "FAILED_PRECONDITION"


class PlayerBlocked(MatchError):
    """The caller blocked a player the call would bring them together with (an invitee,
    a player at the table, a friend request): unblock them first.  Only ever said to the
    blocker: a blocked player is never told of the block (docs/security.md, "Invitations
    and blocks")."""

    reason = "PLAYER_BLOCKED"
    code = "FAILED_PRECONDITION"
