// What people write instead of a system's ID: aliases, natural names, spacing and case variants.
import type { RomSystem } from "./rom-names";

export const SYSTEM_WORDS: Record<RomSystem, readonly string[]> = {
  NES: ["NES", "nes", "Nintendo", "Famicom", "Nintendo Entertainment System", "famicom", "fc"],
  SNES: ["SNES", "snes", "Super Nintendo", "SuperNintendo", "Super Famicom", "sfc", "super nes"],
  Genesis: ["Genesis", "genesis", "megadrive", "Mega Drive", "Sega Genesis", "sega mega drive", "md"],
  Gameboy: ["Gameboy", "gb", "Game Boy", "gameboy", "Nintendo Game Boy", "GB"],
  GameboyColor: ["GameboyColor", "gbc", "Game Boy Color", "gameboy color", "GBC"],
  GBA: ["GBA", "gba", "Game Boy Advance", "gameboy advance", "GameboyAdvance"],
  Nintendo64: ["Nintendo64", "n64", "N64", "Nintendo 64", "nintendo 64"],
  MasterSystem: ["MasterSystem", "sms", "Master System", "Sega Master System", "mark iii"],
  Atari2600: ["Atari2600", "atari2600", "Atari 2600", "a2600", "2600", "vcs", "Atari VCS"],
};

/** Spacing and case variants of a name: as is, lower, upper, camel-case split, spaces removed. */
export function nameVariants(name: string): string[] {
  const split = name.replace(/([a-z])([A-Z0-9])/g, "$1 $2").replace(/([0-9])([A-Za-z])/g, "$1 $2");
  const all = [name, name.toLowerCase(), name.toUpperCase(), split, split.toLowerCase(), name.replace(/\s+/g, "")];
  all.push(name.replace(/\s+/g, "-"), name.replace(/\s+/g, "_"), ` ${name} `);
  return [...new Set(all)];
}
