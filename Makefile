# The two commands a newcomer needs: `make run` and `make test`.  Both create .venv and
# install the project (compiling the Cython core and generating the gRPC stubs) first.
SHELL := /bin/bash
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
# Two installs: serving needs only the runtime (`make run`), the rest is for `make test`.
SERVE_STAMP := $(VENV)/.fiveup-serve
STAMP := $(VENV)/.fiveup-installed
ADDRESS ?= 127.0.0.1:50051
METRICS_PORT ?= 9464
DB ?= fiveup.sqlite3
PYTEST_ARGS ?=

.PHONY: install build run test test-fast lint bench fuzz soak clean services web browser run-grpc openapi \
	openapi-document \
	client-toolchains clients

# The runtime only: the server's dependencies and PostgreSQL's driver; pip builds the
# core and the stubs in an isolated build environment (pyproject's build requirements).
$(SERVE_STAMP): pyproject.toml setup.py
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	@bash scripts/quiet.sh "make: installing the server and its dependencies into $(VENV) (a minute or two the first time)" \
		$(PY) -m pip install -q --upgrade pip
	@bash scripts/quiet.sh "" $(PY) -m pip install -q -e '.[postgres,web]'
	@touch $(SERVE_STAMP)

# Everything else: the toolchain and the test, lint and benchmark dependencies.
$(STAMP): $(SERVE_STAMP)
	@bash scripts/quiet.sh "make: installing the test, lint and benchmark tools into $(VENV)" \
		$(PY) -m pip install -q -e '.[dev]'
	@touch $(STAMP)

install: $(STAMP)

# Rebuild the compiled core and the protobuf stubs in place (cheap when nothing changed).
build: $(STAMP)
	@bash scripts/quiet.sh "" $(PY) setup.py -q build_ext --inplace
	@# silent when the compiled core is in use; the pure-Python one is a fallback worth a line
	@$(PY) -c "import fiveup_core as c; c.IMPLEMENTATION == 'cython' or print('fiveup_core: the', c.IMPLEMENTATION, 'rules core (the compiled one did not build: make build shows why)')"

# --- web clients (clients/: the generated TypeScript SDK, the Node client, the browser app)
WEB_PORT ?= 8000
GATEWAY_PORT ?= 8080

# The whole local stack: the gRPC server, Envoy (gRPC-Web) and the web app; prints the URL.
# With the development install present, rebuild in place first (cheap); else serve what
# the runtime install built.
run: $(if $(wildcard $(STAMP)),build,$(SERVE_STAMP)) web
	@# the OpenAPI document when its generator is here; installing it (apt) is make test's job
	@if command -v protoc-gen-swagger >/dev/null; then \
		$(MAKE) --no-print-directory openapi-document || echo "make run: no OpenAPI document (see above); REST works without it"; \
	else echo "make run: no OpenAPI document (make test installs its generator, Debian's golang-grpc-gateway); REST works without it"; fi
	@$(PY) -m fiveup.devstack.webstack --address $(ADDRESS) --db $(DB) --metrics-port $(METRICS_PORT) \
		--port $(WEB_PORT) --gateway-port $(GATEWAY_PORT)

# The gRPC server alone (no gateway, no web app).
run-grpc: $(if $(wildcard $(STAMP)),build,$(SERVE_STAMP))
	$(VENV)/bin/fiveup serve --address $(ADDRESS) --db $(DB) --metrics-port $(METRICS_PORT)

web:
	@bash scripts/build-clients.sh

# The REST API's OpenAPI document, generated from the protos (scripts/openapi.py, with
# Debian's protoc-gen-swagger), served by `make run` at /openapi.json; never committed.
OPENAPI := build/openapi/fiveup.swagger.json
openapi: $(if $(wildcard $(STAMP)),build,$(SERVE_STAMP))
	@bash scripts/install-openapi-tools.sh
	@$(MAKE) --no-print-directory openapi-document

openapi-document:
	@$(PY) scripts/openapi.py -o $(OPENAPI)

# Debian's chromium and nginx for the browser tests (tests/web).
browser:
	@bash scripts/install-browser.sh
# --- end of web clients

services:
	@bash scripts/ensure-services.sh

# Debian's toolchains for the Java, C++ and Go clients (apt-get; quick when present).
client-toolchains:
	@bash scripts/install-client-toolchains.sh

# The Java (grpc-java + protobuf-lite), C++ (grpc++) and Go (grpc-go) clients, generated
# from protos/ and built into build/clients/<lang>/bin (skipped when nothing changed; the
# tests build them on demand too).
clients: build client-toolchains
	bash clients/java/build.sh
	bash clients/cpp/build.sh
	bash clients/go/build.sh

test: build services browser openapi client-toolchains
	$(PY) -m pytest $(PYTEST_ARGS)

# The fast part, for a developer between changes: every test but those marked slow
# (browsers, the benchmarks' smoke runs, the native clients' and the wheel's builds, the
# deploy checks: tests/conftest.py's SLOW).  make test still runs everything.
test-fast: build services
	$(PY) -m pytest -m 'not slow' $(PYTEST_ARGS)

lint: build
	@# A worktree's .venv is a link to the shared venv: committed, its checkout in the
	@# main tree replaces that venv (7be2ca0 did), so a tracked .venv fails the lint.
	@if git ls-files --error-unmatch .venv >/dev/null 2>&1; then \
		echo "lint: .venv is tracked (a worktree's link to the shared venv): git rm --cached .venv" >&2; exit 1; fi
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check core_ext service tests bench
	$(VENV)/bin/mypy core_ext/fiveup_core service/fiveup
	bash scripts/buf.sh lint
	bash scripts/buf.sh breaking

# Full-size benchmarks (make test runs each once in --smoke mode).
bench: build services
	$(PY) -m bench.core
	$(PY) -m bench.bots
	$(PY) -m bench.rules_rpc
	$(PY) -m bench.memory
	$(PY) -m bench.moves
	$(PY) -m bench.appends
	$(PY) -m bench.bot_load
	$(PY) -m bench.matchmaking
	$(PY) -m bench.hints
	$(PY) -m bench.rest
	$(PY) -m bench.notify
	$(PY) -m bench.farming
	$(PY) -m bench.integrity_scan
	$(PY) -m bench.cluster
	$(PY) -m bench.append_stamp
	$(PY) -m bench.void

# Capacity (docs/performance.md): players one replica serves within the SLO, ramped per
# configuration (SQLite, PostgreSQL, two replicas, --workers 2) until it breaks; ~40 min
# of both cores.  make test runs its --smoke form.  Give it a quiet machine.
.PHONY: bench-capacity
bench-capacity: build services
	$(PY) -m bench.capacity

# The bots at full size (docs/bots.md): the strongest against the expert in 2, 3 and 4
# players, every pair of levels, think times (an hour or more of both cores; resumable:
# results accumulate under build/).  Long CPU work: niced, so test suites keep their pace.
.PHONY: bench-bots ladder win-chances
bench-bots: build
	nice -n 19 $(PY) -m bench.bots

# Rebuild the ladder's ratings (service/fiveup/bots/data/ladder.json, docs/bots.md).
ladder: build
	nice -n 19 $(PY) -m bench.ladder --docs

# Rebuild the master's win-chance tables (service/fiveup/bots/data/win_chances.json).
win-chances: build
	nice -n 19 $(PY) -m bench.win_chances

# A long fuzzing run of every RPC (make test runs a small, derandomised one).
fuzz: build
	FIVEUP_FUZZ_EXAMPLES=$${FIVEUP_FUZZ_EXAMPLES:-5000} $(PY) -m pytest tests/security/test_fuzz.py \
		-p no:cacheprovider --timeout 3600 --hypothesis-show-statistics -q $(PYTEST_ARGS)

clean:
	rm -rf build dist *.egg-info core_ext/fiveup_core/*.so core_ext/fiveup_core/*.c service/fiveup/v1
