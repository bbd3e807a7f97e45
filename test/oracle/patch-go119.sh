#!/usr/bin/env bash
# Mechanical patches so the extracted reference packages build with Go 1.19 (none changes behaviour):
#  - go-zapscript: cut EvalExpressions, the only user of expr-lang/expr;
#  - drop test files that need libraries we do not have (rapid property tests, testify/mock suites,
#    the reference's test fixtures) and build-tagged debug files;
#  - then let the compiler say what Go 1.19 rejects (range over int, min/max, strings.CutPrefix, ...) and
#    rewrite exactly those places with patcher/main.go, until the packages and their tests compile.
set -euo pipefail
SRC="$1"
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

# 1. go-zapscript without expression evaluation.
perl -0pi -e 's/\n\t"github.com\/expr-lang\/expr"\n/\n/; s/\nfunc \(sr \*ScriptReader\) EvalExpressions\(.*?\n}\n//s' \
  "$SRC/go-zapscript/expressions.go"
grep -lE 'EvalExpressions|expr-lang' "$SRC"/go-zapscript/*_test.go | xargs -r rm -f

# 2. Tests we cannot compile here.
grep -rlE '"pgregory.net/rapid"|"github.com/stretchr/testify/mock"|zaparoo-core/v2/pkg/testing/' \
  --include='*_test.go' "$SRC/zaparoo-core" "$SRC/go-zapscript" | xargs -r rm -f
rm -f "$SRC/zaparoo-core/pkg/helpers/syncutil/mutex_deadlock.go"

# 3. Compiler-driven rewrites.
PATCHER="$SRC/.patcher"
mkdir -p "$PATCHER"
cp "$HERE/patcher/main.go" "$PATCHER/main.go"
printf 'module patcher\n\ngo 1.19\n' > "$PATCHER/go.mod"
(cd "$PATCHER" && GOFLAGS= go build -o patcher .)

for mod in go-zapscript zaparoo-core; do
  pkgs=./...
  [ "$mod" = zaparoo-core ] && pkgs="${ORACLE_CORE_PKGS:-./...}"
  for round in 1 2 3 4 5 6 7 8; do
    errs="$( (cd "$SRC/$mod" && go build -gcflags=-e $pkgs 2>&1; go test -count=1 -run "^$" -gcflags=-e $pkgs 2>&1) || true)"
    if ! grep -qE '\.go:[0-9]+:[0-9]+: ' <<<"$errs"; then
      break
    fi
    echo "oracle: $mod round $round" >&2
    (cd "$SRC/$mod" && "$PATCHER/patcher" "$SRC/$mod" <<<"$errs")
  done
done
