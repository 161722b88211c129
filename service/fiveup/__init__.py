"""Five Up match service: engine, store, gRPC API and tools."""

__version__ = "0.1.0"
