"""gRPC servicers: thin translation between protobuf and the contexts (no rules here),
the error table derived from the domain's error classes, the abuse limits every call
consults, and the interceptors that guard decoding and cap streams.  The composition
root (``fiveup.app.services``) makes the servicers and puts them on the server."""
