/**
 * Regenerates test/unit/tags/reference-vectors.jsonl.gz: what the reference's tags package answers for every
 * string literal (and fuzz-corpus value) of its own tests, for the media types the stored oracle vectors
 * (test/data/oracle/tags.jsonl.gz, Game only) do not cover, and for the parser's steps one by one.
 *
 *   test/oracle/build.sh && build/tags-oracle/build.sh   # the harness → /tmp/tapserve-oracle/tags-harness/harness
 *   node_modules/.bin/bun build/tag-vectors.ts [harness] [zaparoo-core mirror]
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { isWellFormed } from "../src/core/tags/chars.ts";
import { tokenize, unquote } from "./go-tokens.ts";

const harness = process.argv[2] ?? "/tmp/tapserve-oracle/tags-harness/harness";
const repo = process.argv[3] ?? "/work/.mirror/ZaparooProject+zaparoo-core/repo";
const target = new URL("../test/unit/tags/reference-vectors.jsonl.gz", import.meta.url).pathname;
const git = (...args: string[]) => execFileSync("git", ["--git-dir", repo, ...args], { encoding: "utf8", maxBuffer: 1 << 28 });

export interface VectorInput {
  fn: string;
  s: string;
  mt?: string;
  t?: string;
}

/** Every string literal of the reference's tags tests and fuzz corpora (valid UTF-16 only), de-duplicated. */
function referenceLiterals(): string[] {
  const files = git("ls-tree", "-r", "--name-only", "HEAD", "pkg/database/tags").split("\n");
  const out = new Set<string>();
  for (const f of files) {
    if (f.endsWith("_test.go")) {
      const imports = new Set<string>();
      const toks = tokenize(git("show", `HEAD:${f}`));
      toks.forEach((t, i) => {
        if (t.v === "import") for (let j = i + 1; j < toks.length && toks[j]!.v !== ")"; j++) imports.add(toks[j]!.v);
      });
      for (const t of toks) if (t.k === "str" && t.v !== "" && !imports.has(t.v)) out.add(t.v);
    } else if (f.includes("/testdata/fuzz/")) {
      for (const m of git("show", `HEAD:${f}`).matchAll(/^string\((".*")\)$/gm)) out.add(unquote(m[1]!));
    }
  }
  return [...out].filter((s) => isWellFormed(s) && !s.includes("\ufffd")).sort();
}

function inputs(literals: readonly string[]): VectorInput[] {
  const out: VectorInput[] = [];
  for (const s of literals) {
    for (const mt of ["", "Music", "TVShow", "Movie"]) out.push({ fn: "", s, mt });
    out.push({ fn: "special", s, mt: "" }, { fn: "special", s, mt: "Game" });
    out.push({ fn: "groups", s }, { fn: "scene", s }, { fn: "normalizeTag", s }, { fn: "pad", s });
    out.push({ fn: "normalizeTagValue", s, t: "developer" });
  }
  return out;
}

if (import.meta.main) {
  const ins = inputs(referenceLiterals());
  const answers = execFileSync(harness, { input: ins.map((i) => JSON.stringify(i)).join("\n") + "\n", maxBuffer: 1 << 28 })
    .toString("utf8")
    .split("\n")
    .filter(Boolean);
  if (answers.length !== ins.length) throw new Error(`harness answered ${answers.length} of ${ins.length} lines`);
  const lines = ins.map((input, i) => JSON.stringify({ input, output: JSON.parse(answers[i]!) }));
  writeFileSync(target, gzipSync(`${lines.join("\n")}\n`, { level: 9 }));
  console.log(`${lines.length} vectors → ${target}`);
}
