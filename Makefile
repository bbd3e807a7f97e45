# Everything runs through the pinned Bun from the npm registry (node_modules/.bin/bun); a bun on PATH is
# not required. On a fresh Debian machine `make run` / `make test` bootstrap Node/npm and the packages.
SHELL := /bin/bash
BUN := node_modules/.bin/bun
TSC := node_modules/.bin/tsc
DATA_DIR ?= ./data
PORT ?= 7497

.PHONY: run test typecheck unit integration bench dist deps test-deps dist-deps clean docs web fuzz

node_modules/.install-stamp: package.json package-lock.json
	@command -v npm >/dev/null || { echo "npm not found: installing Debian's nodejs and npm"; \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq nodejs npm; \
	  else sudo apt-get update -qq && sudo apt-get install -y -qq nodejs npm; fi; }
	npm ci --no-audit --no-fund --loglevel=error
	@touch $@

## npm packages, then the web app embedded as a generated module (rebuilt only when its sources change).
deps: node_modules/.install-stamp
	@$(BUN) build/web-assets.ts

web: node_modules/.install-stamp
	$(BUN) build/web-assets.ts --force

## Run the service with embedded defaults: data in ./data, port 7497, all interfaces.
run: deps
	$(BUN) src/main.ts --data-dir $(DATA_DIR) --port $(PORT)

## System packages the real-part tests use (pcscd, chromium, qemu …); idempotent.
test-deps:
	@bash build/test-deps.sh

typecheck: deps
	$(TSC) --noEmit -p .

## Type check plus the whole suite (what CI runs).
test: deps test-deps typecheck
	$(BUN) test --timeout 60000

## The fast tier: pure code, fakes and in-process parts (seconds; no system packages needed).
unit: deps
	$(BUN) test --timeout 60000 test/unit test/fuzz

## Real parts: services, pcscd, browsers, network namespaces, device builds.
integration: deps test-deps
	$(BUN) test --timeout 60000 test/integration test/e2e test/device test/mister

## The parsers' fuzz tests at length (the normal suite runs them briefly); TAPSERVE_FUZZ_SEED=n for another seed.
fuzz: deps
	TAPSERVE_FUZZ_RUNS=20000 $(BUN) test --timeout 600000 test/fuzz

## Regenerate docs/api.md from the method schemas (make test fails when it is stale).
docs: deps
	$(BUN) build/api-docs.ts
	$(BUN) build/zapscript-commands-doc.ts

## Debian packages the MiSTer build needs: ARM readelf/strip and the keyring for Debian's armhf packages.
dist-deps:
	@bash build/test-deps.sh binutils-arm-linux-gnueabihf debian-archive-keyring

## Benchmarks run the device builds under qemu: same system packages as the tests. BENCH="startup rpc" picks
## some; so do names after `bench` on the command line (`make bench dist mister`: benchmarks, not targets).
ifeq ($(firstword $(MAKECMDGOALS)),bench)
BENCH_GOALS := $(wordlist 2,$(words $(MAKECMDGOALS)),$(MAKECMDGOALS))
BENCH += $(BENCH_GOALS)
endif

bench: deps test-deps
	$(BUN) bench/run.ts $(BENCH)

ifneq ($(BENCH_GOALS),)
$(BENCH_GOALS):
	@:
endif

ifeq ($(filter dist,$(BENCH_GOALS)),)
dist: deps dist-deps
	$(BUN) build/dist.ts
	$(BUN) build/dist-armv7.ts
endif

clean:
	rm -rf dist bench/out
