// Generates title queries as people write them on tags, from the real ROM names (deterministic seed).
// Usage: bun test/oracle/make-queries.ts [rom-names-dir] [count] > queries.jsonl
// Each line: {"system", "title", "tags"?, "kinds": [...how the query was derived]}.
import { join } from "node:path";
import { makeRng } from "./ts/rng";
import { ROM_SYSTEMS, type RomSystem, baseTitle, readRomNames } from "./ts/rom-names";
import { SYSTEM_WORDS } from "./ts/system-names";
import { REGION_FILTERS, REGION_TAGS, TAG_ARGS, VARIANTS, type Variant } from "./ts/variants";

const SEED = 0x7a9a500;
const dir = process.argv[2] ?? join(import.meta.dir, "../data/rom-names");
const count = Number(process.argv[3] ?? 16000);
const rng = makeRng(SEED);

const titles = new Map<RomSystem, string[]>();
const known = new Map<RomSystem, Set<string>>();
for (const sys of ROM_SYSTEMS) {
  const list = [...new Set(readRomNames(dir, sys).map(baseTitle))].filter((t) => t !== "");
  titles.set(sys, list);
  known.set(sys, new Set(list.map((t) => t.toLowerCase())));
}
// Small systems get more than their share so every system is well covered.
const weights = ROM_SYSTEMS.map((s) => Math.sqrt(titles.get(s)?.length ?? 0));
const totalWeight = weights.reduce((a, b) => a + b, 0);
const pickSystem = (): RomSystem => {
  let r = rng.next() * totalWeight;
  for (let i = 0; i < ROM_SYSTEMS.length; i++) {
    r -= weights[i] ?? 0;
    if (r <= 0) return ROM_SYSTEMS[i] as RomSystem;
  }
  return ROM_SYSTEMS[ROM_SYSTEMS.length - 1] as RomSystem;
};

const SECOND: readonly string[] = ["lower", "no-punctuation", "typo-swap", "typo-drop", "no-accents", "article-front"];
const byKind = new Map<string, Variant>(VARIANTS.map((v) => [v.kind, v]));
const words = [...titles.values()].flat().flatMap((t) => t.split(" ")).filter((w) => /^[A-Za-z]{3,}$/.test(w));

type Query = { system: string; title: string; tags?: string[]; kinds: string[] };

function notInLibrary(sys: RomSystem): Query | undefined {
  if (rng.chance(0.5)) {
    const other = rng.pick(ROM_SYSTEMS.filter((s) => s !== sys));
    const t = rng.pick(titles.get(other) ?? []);
    if (known.get(sys)?.has(t.toLowerCase())) return undefined;
    return { system: sys, title: t, kinds: ["other-system-title"] };
  }
  const n = 2 + rng.int(3);
  const t = Array.from({ length: n }, () => rng.pick(words)).join(" ");
  return { system: sys, title: t, kinds: ["invented"] };
}

function derive(sys: RomSystem): Query | undefined {
  if (rng.chance(0.07)) return notInLibrary(sys);
  let title = rng.pick(titles.get(sys) ?? []);
  const kinds: string[] = [];
  const first = rng.pick(VARIANTS);
  const applied = first.apply(title, rng);
  if (applied === undefined || applied.trim() === "") return undefined;
  title = applied;
  kinds.push(first.kind);
  if (rng.chance(0.2)) {
    const second = byKind.get(rng.pick(SECOND));
    const again = second?.apply(title, rng);
    if (second && again !== undefined && again.trim() !== "") {
      title = again;
      kinds.push(second.kind);
    }
  }
  const q: Query = { system: sys, title, kinds };
  const r = rng.next();
  if (r < 0.12) {
    q.title = `${q.title} ${rng.pick(REGION_TAGS)}`;
    kinds.push("region-tag");
  } else if (r < 0.22) {
    q.title = `${q.title} ${rng.pick(REGION_FILTERS)}`;
    kinds.push("tag-filter");
  } else if (r < 0.27) {
    q.tags = rng.pick(TAG_ARGS);
    kinds.push("tags-arg");
  }
  return q;
}

const seen = new Set<string>();
const lines: string[] = [];
for (let attempts = 0; lines.length < count && attempts < count * 20; attempts++) {
  const sys = pickSystem();
  const q = derive(sys);
  if (!q) continue;
  if (rng.chance(0.3)) {
    q.system = rng.pick(SYSTEM_WORDS[sys]);
    q.kinds.push("system-alias");
  }
  const key = JSON.stringify([q.system, q.title, q.tags ?? []]);
  if (seen.has(key)) continue;
  seen.add(key);
  const { kinds, ...rest } = q;
  lines.push(JSON.stringify({ ...rest, kinds }));
}
process.stdout.write(`${lines.join("\n")}\n`);
