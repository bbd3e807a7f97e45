#!/usr/bin/env bash
# Builds the reference oracle: extracts the reference's pure packages from the bare git mirrors into a
# scratch folder, patches them mechanically for Go 1.19, and builds our driver (test/oracle/go) against them.
# Nothing of the reference lands in this repository: all of it lives under $ORACLE_DIR.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ZAPAROO_CORE_GIT="${ZAPAROO_CORE_GIT:-/work/.mirror/ZaparooProject+zaparoo-core/repo}"
GO_ZAPSCRIPT_GIT="${GO_ZAPSCRIPT_GIT:-/work/.mirror/ZaparooProject+go-zapscript/repo}"
GO_EDLIB_GIT="${GO_EDLIB_GIT:-/work/.mirror/hbollon+go-edlib/repo}"
X_TEXT_DIR="${X_TEXT_DIR:-/usr/share/gocode/src/golang.org/x/text}"
ZAPAROO_CORE_REV="${ZAPAROO_CORE_REV:-HEAD}"
GO_ZAPSCRIPT_REV="${GO_ZAPSCRIPT_REV:-HEAD}"
GO_EDLIB_REV="${GO_EDLIB_REV:-HEAD}"
ORACLE_DIR="${ORACLE_DIR:-/tmp/tapserve-oracle}"
SRC="${ORACLE_SRC:-$ORACLE_DIR/src}"
OUT="${ORACLE_BIN:-$ORACLE_DIR/oracle}"

export GOFLAGS="-mod=mod" GOPROXY=off GOSUMDB=off GOTOOLCHAIN=local GOWORK=off
export GOPATH="$ORACLE_DIR/gopath" GOCACHE="${GOCACHE:-$ORACLE_DIR/gocache}"

CORE_PKGS=(
  pkg/database/slugs
  pkg/database/tags
  pkg/database/systemdefs
  pkg/database/matcher
  pkg/zapscript/titles
  pkg/helpers/syncutil/mutex_sync.go
  pkg/helpers/syncutil/pauser.go
  pkg/database/database.go
  pkg/database/media_identity.go
  pkg/database/filters
  pkg/database/mediadb/slug_metadata.go
  pkg/assets/systems
)

rm -rf "$SRC"
mkdir -p "$SRC"

extract() { # git-dir rev dest paths...
  local git="$1" rev="$2" dest="$3"; shift 3
  mkdir -p "$dest"
  git --git-dir="$git" archive "$rev" "$@" | tar x -C "$dest"
}

echo "oracle: extracting sources into $SRC" >&2
extract "$ZAPAROO_CORE_GIT" "$ZAPAROO_CORE_REV" "$SRC/zaparoo-core" "${CORE_PKGS[@]}"
extract "$GO_ZAPSCRIPT_GIT" "$GO_ZAPSCRIPT_REV" "$SRC/go-zapscript"
extract "$GO_EDLIB_GIT" "$GO_EDLIB_REV" "$SRC/go-edlib"
mkdir -p "$SRC/x-text"
cp -r "$X_TEXT_DIR/." "$SRC/x-text/"

{
  echo "zaparoo-core $(git --git-dir="$ZAPAROO_CORE_GIT" rev-parse "$ZAPAROO_CORE_REV")"
  echo "go-zapscript $(git --git-dir="$GO_ZAPSCRIPT_GIT" rev-parse "$GO_ZAPSCRIPT_REV")"
  echo "go-edlib $(git --git-dir="$GO_EDLIB_GIT" rev-parse "$GO_EDLIB_REV")"
} > "$SRC/REVISIONS"

# Our stand-ins for the reference's heavy packages (config, database, mediadb, platforms, zerolog, testify).
cp -r "$HERE/standins/zaparoo-core/." "$SRC/zaparoo-core/"
mkdir -p "$SRC/standins"
cp -r "$HERE/standins/third-party/." "$SRC/standins/"

# go.mod files: every module is resolved from a local folder, nothing is downloaded.
write_mod() { # dir module-path requires...
  local dir="$1" mod="$2"; shift 2
  {
    echo "module $mod"
    echo
    echo "go 1.19"
    echo
    for r in "$@"; do
      local m="${r%%=*}" v=v0.0.0
      [[ "$m" =~ /v([0-9]+)$ ]] && v="v${BASH_REMATCH[1]}.0.0"
      echo "require $m $v"
    done
    echo
    for r in "$@"; do echo "replace ${r%%=*} => ${r#*=}"; done
  } > "$dir/go.mod"
  rm -f "$dir/go.sum"
}

THIRD_PARTY=(
  "golang.org/x/text=$SRC/x-text"
  "github.com/rs/zerolog=$SRC/standins/zerolog"
  "github.com/stretchr/testify=$SRC/standins/testify"
  "github.com/google/go-cmp=$SRC/standins/go-cmp"
)
write_mod "$SRC/x-text" golang.org/x/text
write_mod "$SRC/go-edlib" github.com/hbollon/go-edlib
write_mod "$SRC/standins/zerolog" github.com/rs/zerolog
write_mod "$SRC/standins/testify" github.com/stretchr/testify
write_mod "$SRC/standins/go-cmp" github.com/google/go-cmp
write_mod "$SRC/go-zapscript" github.com/ZaparooProject/go-zapscript "${THIRD_PARTY[@]}"
write_mod "$SRC/zaparoo-core" github.com/ZaparooProject/zaparoo-core/v2 \
  "github.com/ZaparooProject/go-zapscript=$SRC/go-zapscript" \
  "github.com/hbollon/go-edlib=$SRC/go-edlib" \
  "${THIRD_PARTY[@]}"

echo "oracle: patching for Go $(go env GOVERSION)" >&2
"$HERE/patch-go119.sh" "$SRC"

mkdir -p "$SRC/driver"
cp "$HERE"/go/*.go "$SRC/driver/"
write_mod "$SRC/driver" tapserve/oracle \
  "github.com/ZaparooProject/zaparoo-core/v2=$SRC/zaparoo-core" \
  "github.com/ZaparooProject/go-zapscript=$SRC/go-zapscript" \
  "github.com/hbollon/go-edlib=$SRC/go-edlib" \
  "${THIRD_PARTY[@]}"

# The driver restates one unexported fact of the reference's scanner (the tag types created on demand);
# stop if the reference's list changed.
dynamic="$(git --git-dir="$ZAPAROO_CORE_GIT" show "$ZAPAROO_CORE_REV:pkg/database/mediadb/sql_scan_reconcile.go" \
  | sed -n '/^var scanDynamicTagTypes = \[\]string{/,/^}/p' | grep -o 'tags\.TagType[A-Za-z]*' | sed 's/^tags\.//' | sort | tr '\n' ' ')"
if [ "$dynamic" != "TagTypeBuildDate TagTypeCredit TagTypeDeveloper TagTypeExtension TagTypePatch TagTypePublisher TagTypeRev TagTypeTrack " ]; then
  echo "oracle: the reference's scanDynamicTagTypes changed ($dynamic): update go/library.go" >&2
  exit 1
fi

echo "oracle: building $OUT" >&2
(cd "$SRC/driver" && go build -o "$OUT" .)
echo "$OUT"
