"""The shared kernel: what every context and layer may use, and nothing that knows one
of them -- the error kinds every context raises (``errors``), the errors a person running
a command can fix (``usererror``), opaque page tokens (``paging``) and the scrubbing of
secrets from text (``redact``)."""
