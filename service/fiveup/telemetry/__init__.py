"""What the server tells its operators about itself: Prometheus metrics (``metrics``, the
gRPC server's and the game's), the signs of a replica's knee (``runtime``: event-loop lag,
store pools), the garbage collector's settings and pauses (``collector``), structured logs
(``logs``) and the interceptor that feeds the gRPC metrics and the access log
(``interceptors``).  The composition root (``fiveup.app``) starts them; the contexts never
import this package: they report through their own observer ports."""
