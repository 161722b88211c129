"""Errors the person running a ``fiveup`` command can fix themselves.

The command line prints such an error as one line (``fiveup <command>: <message>``) and
exits non-zero, never with a traceback: the message says what is wrong and what to do.
"""

from __future__ import annotations


class UserError(Exception):
    """A problem with the command's input or its surroundings (a port in use, a server not
    running, a database that does not exist); ``str(exc)`` is the line to show."""


class AddressInUse(UserError, OSError):
    """An address (gRPC, probes, metrics) cannot be listened on."""
