"""The composition root: the only place that knows every context and every backend.

``server`` creates and runs the gRPC server; ``contexts`` opens the stores and builds
each context from its settings and the contexts it depends on; ``settings`` fills each
context's settings from the server's (``config``); ``services`` lists the public services
and puts their servicers over the contexts; ``metrics``, ``logs`` and ``interceptors``
observe the server; ``gateway`` and ``webstack`` run Envoy and the local web stack;
``check_ratings`` rebuilds the ratings from the logs (``fiveup check-ratings``)."""
