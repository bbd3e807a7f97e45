#!/usr/bin/env bash
# Runs the reference's own unit tests against the patched sources built by build.sh (run build.sh first),
# to check that the Go 1.19 patches and our stand-ins keep the reference's behaviour.
set -euo pipefail
ORACLE_DIR="${ORACLE_DIR:-/tmp/tapserve-oracle}"
SRC="${ORACLE_SRC:-$ORACLE_DIR/src}"
export GOFLAGS="-mod=mod" GOPROXY=off GOSUMDB=off GOTOOLCHAIN=local GOWORK=off
export GOPATH="$ORACLE_DIR/gopath" GOCACHE="${GOCACHE:-$ORACLE_DIR/gocache}"
(cd "$SRC/zaparoo-core" && go test -count=1 \
  ./pkg/database/slugs ./pkg/database/tags ./pkg/database/systemdefs ./pkg/database/matcher \
  ./pkg/database/filters ./pkg/zapscript/titles)
(cd "$SRC/go-zapscript" && go test -count=1 .)
