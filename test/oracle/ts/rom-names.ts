// Reads the real ROM file names of test/data/rom-names.
import { readFileSync } from "node:fs";
import { join } from "node:path";

export const ROM_SYSTEMS = [
  "NES",
  "SNES",
  "Genesis",
  "Gameboy",
  "GameboyColor",
  "GBA",
  "Nintendo64",
  "MasterSystem",
  "Atari2600",
] as const;

export type RomSystem = (typeof ROM_SYSTEMS)[number];

export function readRomNames(dir: string, system: RomSystem): string[] {
  return readFileSync(join(dir, `${system}.txt`), "utf8")
    .split("\n")
    .filter((line) => line !== "");
}

/** The title part of a No-Intro name: no extension, no (…) or […] groups. */
export function baseTitle(fileName: string): string {
  return fileName
    .replace(/\.[A-Za-z0-9]+$/, "")
    .replace(/\s*[([][^)\]]*[)\]]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}
