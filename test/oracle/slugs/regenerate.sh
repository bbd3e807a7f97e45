#!/bin/sh
# Regenerates test/unit/slugs/{reference-vectors,stage-vectors,edge-cases}.json from the reference's slugs package
# (zaparoo-core pkg/database/slugs), built with Go >= 1.19 and golang.org/x/text from a local directory.
#   test/oracle/slugs/regenerate.sh [ZAPAROO_CORE_GIT_DIR] [X_TEXT_DIR]
# Nothing of the reference is written into the repository: its code is built in a scratch folder; only its
# answers are kept.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
core=${1:-/work/.mirror/ZaparooProject+zaparoo-core/repo}
xtext=${2:-/usr/share/gocode/src/golang.org/x/text}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export GOFLAGS=-mod=mod GOPROXY=off GOSUMDB=off

# One build of the package as is (for the command-line drivers), one recording build (for the unit tests' calls).
for build in plain rec; do
  mkdir -p "$work/$build/slugs" "$work/$build/testify/assert"
  git --git-dir="$core" archive HEAD pkg/database/slugs | tar x -C "$work/$build"
  mv "$work/$build"/pkg/database/slugs/*.go "$work/$build/slugs/"
  mkdir -p "$work/tests" && cp "$work/$build"/slugs/*_test.go "$work/tests/" # pristine, for their string literals
  rm -f "$work/$build/slugs/slugify_property_test.go" # needs pgregory.net/rapid
  cp "$here/assert.go" "$work/$build/testify/assert/"
  printf 'module github.com/stretchr/testify\n\ngo 1.19\n' >"$work/$build/testify/go.mod"
  cat >"$work/$build/go.mod" <<MOD
module github.com/ZaparooProject/zaparoo-core/v2

go 1.19

require (
	golang.org/x/text v0.7.0
	github.com/stretchr/testify v1.8.0
)

replace golang.org/x/text => $xtext
replace github.com/stretchr/testify => $work/$build/testify
MOD
  # Go 1.19: counted loops for range-over-int and b.Loop; per-iteration loop variables for the tests' closures.
  sed -i -E 's/for ([a-z]+) := range (len\([a-z]+\)( - [0-9]+)?) \{/for \1 := 0; \1 < \2; \1++ {/; s/for range b\.N \{/for i := 0; i < b.N; i++ {/; s/for b\.Loop\(\) \{/for i := 0; i < b.N; i++ {/' "$work/$build"/slugs/*.go
  perl -0pi -e 's/^(\s*)for (_|[a-z]\w*), (\w+) := range ([^\n]*) \{\n/$1for $2, $3 := range $4 {\n$1\t$3 := $3\n/mg' "$work/$build"/slugs/*_test.go
done

(cd "$work/plain" && go test -count=1 ./slugs/ >/dev/null) || { echo "regenerate: the reference's own tests fail" >&2; exit 1; }

# Recording build: each exported function F becomes F__impl, wrapped by record.go.
for f in $(grep -ho '^func [A-Z][A-Za-z]*(' "$work/rec"/slugs/*.go | grep -v _test | sed 's/^func //; s/($//' | sort -u); do
  sed -i "s/^func $f(/func ${f}__impl(/" $(ls "$work/rec"/slugs/*.go | grep -v _test.go)
done
cp "$here/record.go" "$work/rec/slugs/"
(cd "$work/rec" && REC_OUT="$work/calls.jsonl" go test -count=1 -parallel 1 ./slugs/ >/dev/null)

for cmd in literals stages slugify; do
  mkdir -p "$work/plain/cmd/$cmd" && cp "$here/$cmd.go" "$work/plain/cmd/$cmd/main.go"
  (cd "$work/plain" && go build -o "$work/$cmd" "./cmd/$cmd")
done
"$work/literals" "$work"/tests/*_test.go >"$work/literals.jsonl"
"$work/stages" <"$work/literals.jsonl" >"$work/stages.jsonl"
"$work/slugify" <"$here/edge-inputs.jsonl" >"$work/edge.jsonl"

revision=$(git --git-dir="$core" rev-parse HEAD)
bun "$here/vectors.ts" "$revision" "$work/calls.jsonl" "$work/stages.jsonl" "$work/edge.jsonl" "$repo/test/unit/slugs"
