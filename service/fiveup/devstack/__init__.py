"""The local stack for a developer's browser (``make run``): ``webstack`` starts ``fiveup
serve``, the Envoy gRPC-Web gateway (``gateway`` renders its config) and a static server
for the web app (``precompressed`` picks the compressed file a browser accepts).  A
program of its own (``python -m fiveup.devstack.webstack``); nothing in the server imports
it."""
