"""A raw HTTP/2 gRPC client (h2 over a plain socket) for what well-behaved gRPC clients
refuse to do: header values that are not valid UTF-8, and streams whose responses are
never read (a zero flow-control window, so the server's writes can never complete)."""

from __future__ import annotations

import socket
import struct
from dataclasses import dataclass, field

import h2.config
import h2.connection
import h2.events
import h2.settings
from google.protobuf.message import Message


def grpc_frame(message: Message) -> bytes:
    body = message.SerializeToString()
    return struct.pack(">BI", 0, len(body)) + body


@dataclass
class RawClient:
    """One HTTP/2 connection.  ``window=0`` advertises a zero initial window: the server
    may send headers but no message, ever (nothing here reads or grows the window)."""

    host: str
    port: int
    window: int = 65_535
    sock: socket.socket = field(init=False)
    trailers: dict[bytes, bytes] = field(init=False, default_factory=dict)  # of the last call
    conn: h2.connection.H2Connection = field(init=False)

    def __post_init__(self) -> None:
        self.sock = socket.create_connection((self.host, self.port), timeout=10)
        self.conn = h2.connection.H2Connection(
            h2.config.H2Configuration(
                client_side=True,
                header_encoding=None,
                # send header names exactly as given (upper case included)
                normalize_outbound_headers=False,
                validate_outbound_headers=False,
            )
        )
        self.conn.initiate_connection()
        self.conn.update_settings({h2.settings.SettingCodes.INITIAL_WINDOW_SIZE: self.window})
        self.flush()

    def flush(self) -> None:
        data = self.conn.data_to_send()
        if data:
            self.sock.sendall(data)

    def call(
        self,
        method: str,
        request: Message,
        headers: list[tuple[bytes, bytes]] = (),  # type: ignore[assignment]
    ) -> int:
        """Start ``method`` (``/pkg.Service/Method``) with one request; the stream id."""
        stream = self.conn.get_next_available_stream_id()
        self.conn.send_headers(
            stream,
            [
                (b":method", b"POST"),
                (b":scheme", b"http"),
                (b":path", method.encode()),
                (b":authority", f"{self.host}:{self.port}".encode()),
                (b"content-type", b"application/grpc"),
                (b"te", b"trailers"),
                *headers,
            ],
        )
        self.conn.send_data(stream, grpc_frame(request), end_stream=True)
        self.flush()
        return stream

    def status(self, stream: int) -> str:
        """Read until ``stream`` ends; its grpc-status (from trailers or trailers-only)."""
        while True:
            data = self.sock.recv(65_536)
            if not data:
                raise ConnectionError("connection closed before the call ended")
            for event in self.conn.receive_data(data):
                if isinstance(event, h2.events.DataReceived):
                    self.conn.acknowledge_received_data(event.flow_controlled_length, stream)
                if (
                    isinstance(event, h2.events.ResponseReceived | h2.events.TrailersReceived)
                    and event.stream_id == stream
                ):
                    headers = dict(event.headers)
                    found = headers.get(b"grpc-status")
                    if found is not None:
                        self.trailers = headers
                        self.flush()
                        return found.decode()
            self.flush()

    def close(self) -> None:
        self.sock.close()
