#!/usr/bin/env bash
# Rebuilds the oracle from the reference's sources and regenerates every vector under test/data/oracle.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
BUN="${BUN:-$ROOT/node_modules/.bin/bun}"
ORACLE_DIR="${ORACLE_DIR:-/tmp/tapserve-oracle}"
export ORACLE_DIR
DATA="$ROOT/test/data/oracle"
NAMES="$ROOT/test/data/rom-names"
WORK="$ORACLE_DIR/regen"
ORACLE="$("$HERE/build.sh")"
SRC="${ORACLE_SRC:-$ORACLE_DIR/src}"

"$HERE/rom-names.sh"
rm -rf "$WORK"
mkdir -p "$WORK" "$DATA"

# The reference's own test files (all of them, including those the oracle build cannot compile), for
# their string literals: the hard cases its authors chose.
REFTESTS="$WORK/reftests"
mkdir -p "$REFTESTS/core" "$REFTESTS/zapscript"
ZAPAROO_CORE_GIT="${ZAPAROO_CORE_GIT:-/work/.mirror/ZaparooProject+zaparoo-core/repo}"
GO_ZAPSCRIPT_GIT="${GO_ZAPSCRIPT_GIT:-/work/.mirror/ZaparooProject+go-zapscript/repo}"
git --git-dir="$ZAPAROO_CORE_GIT" archive "${ZAPAROO_CORE_REV:-HEAD}" \
  pkg/database/slugs pkg/database/tags pkg/database/systemdefs | tar x -C "$REFTESTS/core"
git --git-dir="$GO_ZAPSCRIPT_GIT" archive "${GO_ZAPSCRIPT_REV:-HEAD}" | tar x -C "$REFTESTS/zapscript"

run() { # name subcommand [args...]: oracle answers for $WORK/<name>.in.jsonl joined into $DATA/<name>.jsonl
  local name="$1"; shift
  "$ORACLE" "$@" < "$WORK/$name.in.jsonl" > "$WORK/$name.out.jsonl"
  "$BUN" "$HERE/join.ts" "$WORK/$name.in.jsonl" "$WORK/$name.out.jsonl" "$DATA/$name.jsonl"
}

# Every string literal of the given reference test files, de-duplicated, as {"<key>": text} lines.
literal_inputs() { # key files...
  local key="$1"; shift
  "$ORACLE" literals "$@" | "$BUN" -e '
    const key = process.argv[1];
    const seen = new Set();
    for (const line of (await Bun.stdin.text()).split("\n")) {
      if (!line) continue;
      const { text } = JSON.parse(line);
      if (seen.has(text)) continue;
      seen.add(text);
      console.log(JSON.stringify(key === "slugify" ? { mediaType: "Game", text } : key === "tags" ? { filename: text, mediaType: "Game" } : { script: text }));
    }' "$key"
}

rom_names() { for f in "$NAMES"/*.txt; do cat "$f"; done; }

# systems
"$ORACLE" systems-dump > "$DATA/systems.json"
"$BUN" "$HERE/make-inputs.ts" system-names "$DATA/systems.json" > "$WORK/system-names.in.jsonl"
run system-names system

# tags: every ROM name, then the literals of the reference's tags tests
{
  rom_names | "$BUN" -e 'for (const l of (await Bun.stdin.text()).split("\n")) if (l) console.log(JSON.stringify({ filename: l, mediaType: "Game" }))'
  literal_inputs tags "$REFTESTS"/core/pkg/database/tags/*_test.go "$REFTESTS"/core/pkg/database/tags/testdata/fuzz/*/*
} | awk '!seen[$0]++' > "$WORK/tags.in.jsonl"
run tags tags

# slugify: the literals of the reference's slugs tests, then every ROM name's parsed title and bare name
{
  literal_inputs slugify "$REFTESTS"/core/pkg/database/slugs/*_test.go
  "$BUN" -e '
    const read = (f) => require("node:fs").readFileSync(f, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l));
    const ins = read(process.argv[1]);
    const outs = read(process.argv[2]);
    ins.forEach((input, i) => {
      const title = outs[i].title;
      if (input.mediaType !== "Game" || !title) return;
      console.log(JSON.stringify({ mediaType: "Game", text: title }));
      console.log(JSON.stringify({ mediaType: "Game", text: input.filename.replace(/\.[A-Za-z0-9]+$/, "") }));
    });' "$WORK/tags.in.jsonl" "$WORK/tags.out.jsonl"
} | awk '!seen[$0]++' > "$WORK/slugify.in.jsonl"
run slugify slugify

# parse: literals of go-zapscript's tests and fuzz corpora, then random scripts
{
  literal_inputs parse "$REFTESTS"/zapscript/*_test.go "$REFTESTS"/zapscript/testdata/fuzz/*/*
  "$BUN" "$HERE/make-inputs.ts" scripts 5000
} | awk '!seen[$0]++' > "$WORK/parse.in.jsonl"
run parse parse

# resolve: the queries against a library of every ROM name under /roms/<SystemId>/<name>
for f in "$NAMES"/*.txt; do
  sys="$(basename "$f" .txt)"
  "$BUN" -e '
    const sys = process.argv[1];
    for (const l of (await Bun.stdin.text()).split("\n")) if (l) console.log(JSON.stringify({ system: sys, path: `/roms/${sys}/${l}` }))' "$sys" < "$f"
done > "$WORK/library.jsonl"
"$BUN" "$HERE/make-queries.ts" "$NAMES" 16000 > "$WORK/resolve.in.jsonl"
run resolve resolve --library "$WORK/library.jsonl"
# the same queries against the files a device indexes of those names (the black-box test indexes that tree)
"$BUN" "$HERE/indexed-library.ts" "$NAMES" > "$WORK/library-indexed.jsonl"
cp "$WORK/resolve.in.jsonl" "$WORK/resolve-indexed.in.jsonl"
run resolve-indexed resolve --library "$WORK/library-indexed.jsonl"

cp "$SRC/REVISIONS" "$DATA/REVISIONS"
echo "regen: done" >&2
ls -la "$DATA" >&2
