"""Five Up match service, in layers from the bottom up (nothing imports upward; the
import-shape test in tests/architecture checks it):

* ``engine`` (with ``bots`` beside it): the pure domain;
* ``shared``: the kernel every context may use (error kinds, UserError, paging);
* the contexts, each a package with its use cases, errors, port (``ports.py``), builder
  (``builder.py``) and settings group (``settings.py``): ``identity``, ``ratings``,
  ``match``, ``lobby``;
* ``api`` (servicers: proto <-> domain) and ``store`` (the ports' adapters, by backend);
* ``telemetry``: metrics, logs and the interceptor that observe the server;
* ``app``: the composition root (it gathers the settings groups), with ``admin`` beside
  it (the operators' tools);
* ``cli`` and ``devstack`` (``make run``'s local stack): the programs.
"""

__version__ = "0.1.0"
