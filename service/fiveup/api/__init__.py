"""gRPC servicers: thin translation between protobuf and the application layer."""
