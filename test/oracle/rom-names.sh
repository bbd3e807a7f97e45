#!/usr/bin/env bash
# Extracts real ROM file names (the `rom ( name "…" … )` entries, in DAT order) from the No-Intro DATs of
# libretro-database into test/data/rom-names/<SystemId>.txt, one name per line.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
LIBRETRO_DATABASE_GIT="${LIBRETRO_DATABASE_GIT:-/work/.mirror/libretro+libretro-database/repo}"
REV="${LIBRETRO_DATABASE_REV:-HEAD}"
OUT="${ROM_NAMES_DIR:-$HERE/../data/rom-names}"
mkdir -p "$OUT"

# reference system id | DAT file under metadat/no-intro
SYSTEMS=(
  "NES|Nintendo - Nintendo Entertainment System"
  "SNES|Nintendo - Super Nintendo Entertainment System"
  "Genesis|Sega - Mega Drive - Genesis"
  "Gameboy|Nintendo - Game Boy"
  "GameboyColor|Nintendo - Game Boy Color"
  "GBA|Nintendo - Game Boy Advance"
  "Nintendo64|Nintendo - Nintendo 64"
  "MasterSystem|Sega - Master System - Mark III"
  "Atari2600|Atari - 2600"
)

total=0
for entry in "${SYSTEMS[@]}"; do
  id="${entry%%|*}"
  dat="metadat/no-intro/${entry#*|}.dat"
  git --git-dir="$LIBRETRO_DATABASE_GIT" show "$REV:$dat" \
    | perl -ne 'print "$1\n" if /^\s*rom \( name "(.+?)" (?:size|crc|md5|sha1|serial|\))/' \
    > "$OUT/$id.txt"
  n=$(wc -l < "$OUT/$id.txt")
  total=$((total + n))
  echo "rom-names: $id $n" >&2
done
git --git-dir="$LIBRETRO_DATABASE_GIT" rev-parse "$REV" > "$OUT/REVISION"
echo "rom-names: total $total (libretro-database $(cat "$OUT/REVISION"))" >&2
