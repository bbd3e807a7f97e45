/**
 * Only src/runtime/ names a runtime. Everything else reaches Bun or Node features through the seam
 * (src/runtime/types.ts), so the same source runs on Bun (x64/arm64) and on Node (the MiSTer build).
 * Comments are stripped by the transpiler first, so prose about `Bun.serve` is not a leak.
 */
import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { ROOT } from "../fixtures/process.ts";

const SRC = join(ROOT, "src");
const RUNTIME = join(SRC, "runtime");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((e) => {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.(ts|tsx)$/.test(e) && !e.endsWith(".d.ts") ? [p] : [];
  });
}

const transpilers = { ts: new Bun.Transpiler({ loader: "ts" }), tsx: new Bun.Transpiler({ loader: "tsx" }) };
const transpiler = (file: string) => (file.endsWith(".tsx") ? transpilers.tsx : transpilers.ts);

/** `Bun.x`, `Bun[...]` or `globalThis.Bun` in transpiled code (no comments left). */
const usesBun = (js: string) => /(^|[^\w$.])Bun\s*(\.|\[)|globalThis\s*\.\s*Bun\b/.test(js);

/** Runtime imports (type-only imports are erased) and whether the code, without comments, uses the Bun global. */
function scan(file: string): { imports: string[]; usesBunGlobal: boolean } {
  const code = readFileSync(file, "utf8");
  const t = transpiler(file);
  const js = t.transformSync(code);
  return {
    imports: t.scanImports(code).map((i) => i.path),
    usesBunGlobal: usesBun(js),
  };
}

const isBunModule = (spec: string) => spec === "bun" || spec.startsWith("bun:");

describe("runtime seam", () => {
  test("no file outside src/runtime imports bun or bun:* or uses the Bun global", () => {
    const leaks: string[] = [];
    for (const f of sources(SRC)) {
      if (f.startsWith(RUNTIME + "/")) continue;
      const { imports, usesBunGlobal } = scan(f);
      for (const i of imports.filter(isBunModule)) leaks.push(`${relative(ROOT, f)} imports ${i}`);
      if (usesBunGlobal) leaks.push(`${relative(ROOT, f)} uses Bun.*`);
    }
    expect(leaks).toEqual([]);
  });

  test("the Node entry point reaches no Bun code: its import graph stays out of src/runtime/bun and bun:*", () => {
    const seen = new Set<string>();
    const leaks: string[] = [];
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const rel = relative(ROOT, file);
      if (file.startsWith(join(RUNTIME, "bun") + "/")) leaks.push(`${rel} is reached`);
      const { imports, usesBunGlobal } = scan(file);
      if (usesBunGlobal) leaks.push(`${rel} uses Bun.*`);
      for (const spec of imports) {
        if (isBunModule(spec)) leaks.push(`${rel} imports ${spec}`);
        if (!spec.startsWith(".")) continue;
        const target = resolve(dirname(file), spec);
        if (/\.(ts|tsx)$/.test(target) && existsSync(target)) visit(target);
      }
    };
    visit(join(SRC, "main-node.ts"));
    expect(leaks).toEqual([]);
    // The walk did reach the service (not just the entry file).
    expect(seen.has(join(RUNTIME, "node", "index.ts"))).toBe(true);
    expect(seen.size).toBeGreaterThan(50);
  });

  test("the scan itself catches a leak", () => {
    const t = transpilers.ts;
    const code = 'import { Database } from "bun:sqlite";\n// Bun.serve in a comment is fine\nexport const x = Bun.file("a");\n';
    expect(t.scanImports(code).map((i) => i.path)).toEqual(["bun:sqlite"]);
    expect(usesBun(t.transformSync(code))).toBe(true);
    expect(usesBun(t.transformSync("// Bun.serve only here\nexport const y = 1;\n"))).toBe(false);
  });
});
