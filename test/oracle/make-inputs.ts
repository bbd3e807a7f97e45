// Generates oracle inputs that are not simply read from files (deterministic seed).
// Usage:
//   bun test/oracle/make-inputs.ts system-names systems.json > system-names.in.jsonl
//   bun test/oracle/make-inputs.ts scripts [count] > scripts.in.jsonl
import { readFileSync } from "node:fs";
import { makeRng } from "./ts/rng";
import { SYSTEM_WORDS, nameVariants } from "./ts/system-names";

type DumpedSystem = { id: string; aliases: string[]; slugs: string[] };

const UNKNOWN_SYSTEMS = [
  "",
  " ",
  "xyz",
  "Nintendo 65",
  "Super Duper Console",
  "snes2",
  "playstation 9",
  "sega",
  "atari",
  "nintendo switch 3",
  "pc-98",
  "ＳＮＥＳ",
  "snes!",
  "Game Boy Colour",
  "Megadrive/Genesis",
];

function systemNames(dumpFile: string): string[] {
  const systems = JSON.parse(readFileSync(dumpFile, "utf8")) as DumpedSystem[];
  const names: string[] = [];
  for (const s of systems) {
    for (const n of [s.id, ...s.aliases, ...s.slugs]) names.push(...nameVariants(n));
  }
  for (const words of Object.values(SYSTEM_WORDS)) for (const w of words) names.push(...nameVariants(w));
  names.push(...UNKNOWN_SYSTEMS);
  return [...new Set(names)];
}

// Syntax symbols of ZapScript plus ordinary text, glued at random.
const PIECES = [
  "**", "||", "?", "&", "=", ",", ":", '"', "'", "^", "[[", "]]", "{{", "}}", "@", "/", "\\", " ", "  ",
  "**launch", "**launch.title:", "**launch.random:", "**echo:", "**delay:", "**input.keyboard:",
  "**http.get:", "**stop", "SNES", "snes", "Mario", "Super Mario World", "Zelda (USA)", "(region:us)",
  "launcher=", "tags=", "when=", "name=", "1", "500", "a", "b", "x", "{", "}", "#", "#key=", "true",
  "https://x.io/a?b=c", "/roms/snes/game.sfc", "\n", "\t", "é", "日本", "~", "-", "+", "!", "%", "$",
];

function scripts(count: number): string[] {
  const rng = makeRng(0x5c217);
  const out = new Set<string>();
  for (let attempts = 0; out.size < count && attempts < count * 10; attempts++) {
    const n = 1 + rng.int(rng.chance(0.7) ? 6 : 14);
    let s = "";
    for (let i = 0; i < n; i++) s += rng.pick(PIECES);
    out.add(s);
  }
  return [...out];
}

const [cmd, arg] = process.argv.slice(2);
let lines: string[];
if (cmd === "system-names" && arg) {
  lines = systemNames(arg).map((name) => JSON.stringify({ name }));
} else if (cmd === "scripts") {
  lines = scripts(Number(arg ?? 5000)).map((script) => JSON.stringify({ script }));
} else {
  process.stderr.write("usage: make-inputs.ts system-names SYSTEMS_JSON | scripts [count]\n");
  process.exit(2);
}
process.stdout.write(`${lines.join("\n")}\n`);
