"""Benchmarks: each prints its headline figure last, as ``RESULT name=value``."""
