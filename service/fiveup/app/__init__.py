"""The composition root: the only place that knows every context and every backend.

``server`` creates and runs the gRPC server; ``contexts`` opens the stores and builds
each context from its settings and the contexts it depends on; ``settings`` fills each
context's settings from the server's (``config``); ``services`` lists the public services
and puts their servicers over the contexts.  What observes the server is
``fiveup.telemetry``; the local stack is ``fiveup.devstack``; the operators' tools are
``fiveup.admin``."""
