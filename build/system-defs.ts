/**
 * Refreshes the lookup facts of src/core/systems/systems.json from the reference's system definitions
 * (zaparoo-core pkg/database/systemdefs/systemdefs.go): for every system its media type, aliases, custom slugs
 * and fallbacks. The other fields of systems.json (names, folders, extensions …) are kept; a reference system
 * missing from it is reported (and the run fails), as is a system of ours the reference does not define.
 *
 *   node_modules/.bin/bun build/system-defs.ts [/work/.mirror/ZaparooProject+zaparoo-core/repo]
 */
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { type Tok, tokenize } from "./go-tokens.ts";

const repo = process.argv[2] ?? "/work/.mirror/ZaparooProject+zaparoo-core/repo";
const target = new URL("../src/core/systems/systems.json", import.meta.url).pathname;
const git = (...args: string[]) => execFileSync("git", ["--git-dir", repo, ...args], { encoding: "utf8", maxBuffer: 1 << 26 });
const source = git("show", "HEAD:pkg/database/systemdefs/systemdefs.go");

export interface LookupFacts {
  mediaType: string;
  aliases: string[];
  slugs: string[];
  fallbacks: string[];
}

/** The facts of every system the Go source defines, by id, in the source's order. */
export function readSystemDefs(src: string): Map<string, LookupFacts> {
  const toks = tokenize(src);
  const constants = new Map<string, string>();
  for (let i = 0; i + 2 < toks.length; i++) {
    const [name, eq, value] = [toks[i]!, toks[i + 1]!, toks[i + 2]!];
    if (name.k === "id" && eq.v === "=" && value.k === "str") constants.set(name.v, value.v);
  }
  // MediaType constants re-exported from the slugs package: MediaTypeVideo → "Video".
  const mediaType = (t: Tok) => (t.v.startsWith("MediaType") ? t.v.slice("MediaType".length) : valueOf(t));
  const valueOf = (t: Tok): string => {
    if (t.k === "str") return t.v;
    const v = constants.get(t.v);
    if (v === undefined) throw new Error(`line ${t.line}: unknown constant ${t.v}`);
    return v;
  };

  const start = toks.findIndex((t, i) => t.v === "Systems" && toks[i - 1]?.v === "var" && toks[i + 1]?.v === "=");
  if (start < 0) throw new Error("var Systems not found");
  let i = toks.findIndex((t, j) => j > start && t.v === "{") + 1;
  const out = new Map<string, LookupFacts>();
  const expect = (v: string) => {
    if (toks[i]?.v !== v) throw new Error(`line ${toks[i]?.line}: expected ${v}, got ${toks[i]?.v}`);
    i++;
  };
  while (toks[i]?.v !== "}") {
    const key = valueOf(toks[i++]!);
    expect(":");
    expect("{");
    const facts: LookupFacts = { mediaType: "Game", aliases: [], slugs: [], fallbacks: [] };
    let id = "";
    while (toks[i]?.v !== "}") {
      const field = toks[i++]!.v;
      expect(":");
      if (toks[i]?.v === "[") {
        // []string{ a, b, … }
        i += 3;
        expect("{");
        const list: string[] = [];
        while (toks[i]?.v !== "}") {
          list.push(valueOf(toks[i++]!));
          if (toks[i]?.v === ",") i++;
        }
        i++;
        if (field === "Aliases") facts.aliases = list;
        else if (field === "Slugs") facts.slugs = list;
        else if (field === "Fallbacks") facts.fallbacks = list;
        else throw new Error(`unknown list field ${field}`);
      } else {
        const t = toks[i++]!;
        if (field === "ID") id = valueOf(t);
        else if (field === "MediaType") facts.mediaType = mediaType(t);
        else throw new Error(`unknown field ${field}`);
      }
      if (toks[i]?.v === ",") i++;
    }
    i++;
    if (toks[i]?.v === ",") i++;
    if (id !== key) throw new Error(`system ${key} has ID ${id}`);
    out.set(id, facts);
  }
  return out;
}

if (import.meta.main) {
  const defs = readSystemDefs(source);
  const commit = git("rev-parse", "HEAD").trim();
  const text = readFileSync(target, "utf8");
  const data = JSON.parse(text) as { source: string; systems: Record<string, unknown>[] };
  const ours = new Set(data.systems.map((s) => s.id as string));
  const missing = [...defs.keys()].filter((id) => !ours.has(id));
  const extra = [...ours].filter((id) => !defs.has(id));
  if (extra.length) console.warn(`not defined by the reference: ${extra.join(", ")}`);
  if (missing.length) {
    console.error(`reference systems missing from systems.json (add them by hand): ${missing.join(", ")}`);
    process.exit(1);
  }
  const lines = data.systems.map((s) => {
    const facts = defs.get(s.id as string);
    const { mediaType: _m, aliases: _a, slugs: _s, fallbacks: _f, ...rest } = s;
    const entries = Object.entries(facts ? { ...rest, ...facts } : rest);
    return `    {${entries.map(([k, v]) => `${JSON.stringify(k)}: ${compact(v)}`).join(", ")}}`;
  });
  const sourceNote = data.source.replace(/zaparoo-core @ [0-9a-f]{40}/, `zaparoo-core @ ${commit}`);
  writeFileSync(target, `{\n  "source": ${JSON.stringify(sourceNote)},\n  "systems": [\n${lines.join(",\n")}\n  ]\n}\n`);
  console.log(`${defs.size} systems; lookup facts written to ${target}`);
}

/** JSON on one line with a space after `:` and `,`, as systems.json is written. */
function compact(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(compact).join(", ")}]`;
  if (v !== null && typeof v === "object") return `{${Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}: ${compact(x)}`).join(", ")}}`;
  return JSON.stringify(v);
}
