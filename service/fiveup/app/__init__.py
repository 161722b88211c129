"""The composition root: the only place that knows every context and every backend.

``server`` creates and runs the gRPC server; ``contexts`` opens the stores and builds
each context from its settings and the contexts it depends on; ``config`` gathers every
package's settings group (``fiveup.<package>.settings``) into ``ServerConfig``, the flags
and variables of ``fiveup serve``; ``services`` lists the public services and puts their
servicers over the contexts.  What observes the server is
``fiveup.telemetry``; the local stack is ``fiveup.devstack``; the operators' use cases
(AdminService's core) are ``fiveup.admin``; the direct-database tools are in ``fiveup.cli``."""
