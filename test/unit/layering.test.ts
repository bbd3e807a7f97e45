import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

/**
 * The parts of src/ and which parts each may import (README, Layout). A part is a top-level folder, or a
 * top-level file by its name. Read from the source text: static, dynamic and require imports.
 */
const ALLOWED: Record<string, readonly string[]> = {
  core: [],
  web: ["core"],
  runtime: ["log"],
  log: ["runtime"],
  version: [],
  "arktype-jitless": [],
  config: ["core", "log"],
  db: ["core", "runtime", "log"],
  readers: ["core", "runtime", "config", "log"],
  platforms: ["core", "runtime", "config", "log", "version"],
  service: ["core", "runtime", "config", "db", "readers", "platforms", "log", "version"],
  api: ["core", "runtime", "config", "service", "log", "version", "web"],
  "app-options": ["api", "core", "runtime", "readers", "platforms", "service"],
  app: ["app-options", "api", "core", "runtime", "config", "db", "readers", "platforms", "service", "log", "version"],
  cli: ["app", "app-options", "api", "core", "runtime", "config", "platforms", "log", "version"],
  main: ["arktype-jitless", "cli", "runtime"],
  "main-node": ["arktype-jitless", "cli", "runtime"],
};

const SRC = resolve(import.meta.dir, "../../src");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "generated" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

const partOf = (path: string) => {
  const rel = relative(SRC, path);
  if (rel.startsWith("..")) return null; // outside src/ (package.json)
  const slash = rel.indexOf("/");
  return slash < 0 ? rel.replace(/\.tsx?$/, "") : rel.slice(0, slash);
};

const files = sourceFiles(SRC);

describe("layering of src/", () => {
  test("every part is known", () => {
    expect([...new Set(files.map(partOf))].filter((p) => p && !(p in ALLOWED))).toEqual([]);
  });

  test("imports between parts follow the layers", () => {
    const wrong: string[] = [];
    for (const file of files) {
      const from = partOf(file)!;
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(/(?:from|import|require)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g)) {
        const to = partOf(resolve(dirname(file), m[1]!));
        if (to === null || to === from) continue;
        if (!ALLOWED[from]?.includes(to)) wrong.push(`${relative(SRC, file)} imports ${m[1]} (${from} → ${to})`);
      }
    }
    expect(wrong).toEqual([]);
  });

  test("only src/runtime/ names a runtime (bun:*, Bun.*)", () => {
    const leaks = files.filter((f) => partOf(f) !== "runtime" && /from ["']bun:|\bBun\.[a-z]/.test(readFileSync(f, "utf8"))).map((f) => relative(SRC, f));
    expect(leaks).toEqual([]);
  });

  test("arktype is loaded only through core/lazy-arktype.ts (schemas built at first use, not at start)", () => {
    const direct = files.filter((f) => !f.endsWith("core/lazy-arktype.ts") && /import\s+(?!type\b)[^;]*from ["']arktype["']|require\(["']arktype["']\)/.test(readFileSync(f, "utf8")));
    expect(direct.map((f) => relative(SRC, f))).toEqual([]);
  });

  test("processes are started only through the runtime seam", () => {
    const spawners = files.filter((f) => partOf(f) !== "runtime" && /["']node:child_process["']/.test(readFileSync(f, "utf8"))).map((f) => relative(SRC, f));
    expect(spawners).toEqual([]);
  });

  test("no source file is over 400 lines", () => {
    const long = files.map((f) => [relative(SRC, f), readFileSync(f, "utf8").split("\n").length] as const).filter(([, n]) => n > 400);
    expect(long).toEqual([]);
  });
});
