#!/usr/bin/env bash
# Builds the tags harness: our Go driver (main.go) over the reference's tags package, as patched for Go 1.19
# by test/oracle/build.sh (run that first; it leaves the patched sources in $ORACLE_SRC). Prints the binary's
# path. The reference's code is only read from the scratch folder, never stored here.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ORACLE_DIR="${ORACLE_DIR:-/tmp/tapserve-oracle}"
SRC="${ORACLE_SRC:-$ORACLE_DIR/src}"
WORK="${TAGS_HARNESS_DIR:-$ORACLE_DIR/tags-harness}"
[ -d "$SRC/zaparoo-core/pkg/database/tags" ] || { echo "run test/oracle/build.sh first ($SRC missing)" >&2; exit 1; }
rm -rf "$WORK"
mkdir -p "$WORK/driver"
cp -r "$SRC/zaparoo-core" "$WORK/zaparoo-core"
sed -i "s#=> $SRC/zaparoo-core#=> $WORK/zaparoo-core#" "$WORK/zaparoo-core/go.mod"
cp "$HERE/internal_export.go.txt" "$WORK/zaparoo-core/pkg/database/tags/zz_harness_export.go"
cp "$HERE/main.go" "$WORK/driver/main.go"
cat > "$WORK/driver/go.mod" <<MOD
module tapserve/tags-harness

go 1.19

require github.com/ZaparooProject/zaparoo-core/v2 v2.0.0
require github.com/ZaparooProject/go-zapscript v0.0.0
require github.com/hbollon/go-edlib v0.0.0
require golang.org/x/text v0.0.0
require github.com/rs/zerolog v0.0.0
require github.com/stretchr/testify v0.0.0

replace github.com/ZaparooProject/zaparoo-core/v2 => $WORK/zaparoo-core
replace github.com/ZaparooProject/go-zapscript => $SRC/go-zapscript
replace github.com/hbollon/go-edlib => $SRC/go-edlib
replace golang.org/x/text => $SRC/x-text
replace github.com/rs/zerolog => $SRC/standins/zerolog
replace github.com/stretchr/testify => $SRC/standins/testify
MOD
(cd "$WORK/driver" && GOFLAGS=-mod=mod GOPROXY=off GOCACHE="${GOCACHE:-$ORACLE_DIR/gocache}" go build -o "$WORK/harness" .)
echo "$WORK/harness"
