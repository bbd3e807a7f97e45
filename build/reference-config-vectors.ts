/**
 * Generates test/unit/reference-config-vectors.json: every config.toml text of the reference implementation's
 * own tests (ZaparooProject/zaparoo-core: the strings its Go tests pass to `LoadTOML` or write as the config
 * file, with whether the test expects it to load), the file it writes when there is none (reference-config-
 * defaults.ts) and of its documentation (ZaparooProject/zaparoo.org: every
 * ```toml block of docs/, versioned_docs/ and blog/, which the docs offer as config to paste, so: loads).
 * Each vector keeps its source (file:line at the commit named in the table). Values a test fills in at run time
 * (`fmt.Sprintf` arguments, `strconv.Quote(dir)`) are replaced by a stand-in path or the schema version and the
 * vector says so (`filled`). The strings this reader cannot evaluate are listed under `skipped`.
 *
 *   node_modules/.bin/bun build/reference-config-vectors.ts /work/.mirror/ZaparooProject+zaparoo-core/repo /work/.mirror/ZaparooProject+zaparoo.org/repo
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { referenceDefaultConfig } from "./reference-config-defaults.ts";
import { docBlocks } from "./reference-config-docs.ts";
import { type Tok, tokenize } from "./go-tokens.ts";

const coreRepo = process.argv[2] ?? "/work/.mirror/ZaparooProject+zaparoo-core/repo";
const docsRepo = process.argv[3] ?? "/work/.mirror/ZaparooProject+zaparoo.org/repo";
const git = (repo: string, ...args: string[]) => execFileSync("git", ["-C", repo, ...args], { encoding: "utf8", maxBuffer: 1 << 26 });
const SCHEMA_VERSION = "1";
const STAND_IN_PATH = "/tmp/zaparoo-test";
const STAND_IN_URL = "http://127.0.0.1:8080";

class Unknown extends Error {}

/** A Go string expression: literals joined by `+`, `fmt.Sprintf`, `strconv.Quote`, and variables assigned one before. */
class Reader {
  filled = false;
  constructor(
    private readonly t: Tok[],
    public i: number,
    private readonly vars: Map<string, string>,
    private readonly filledVars: Set<string> = new Set(),
  ) {}
  private v(o = 0) {
    return this.t[this.i + o]?.v;
  }
  expr(): string {
    let s = this.primary();
    while (this.v() === "+") {
      this.i++;
      s += this.primary();
    }
    return s;
  }
  private args(): { toks: Tok[][] } {
    // the argument lists of a call, as token runs (the call's `(` is at this.i)
    const toks: Tok[][] = [[]];
    let depth = 0;
    for (this.i++; this.i < this.t.length; this.i++) {
      const tok = this.t[this.i]!;
      if (depth === 0 && tok.v === ")") break;
      if (depth === 0 && tok.v === ",") toks.push([]);
      else toks.at(-1)!.push(tok);
      if ("([{".includes(tok.v)) depth++;
      if (")]}".includes(tok.v)) depth--;
    }
    this.i++;
    return { toks: toks.filter((a) => a.length > 0) };
  }
  private primary(): string {
    const t = this.t[this.i];
    if (!t) throw new Unknown("eof");
    if (t.k === "str") return this.i++, t.v;
    if (t.v === "(") {
      this.i++;
      const s = this.expr();
      if (this.v() !== ")") throw new Unknown("paren");
      this.i++;
      return s;
    }
    if (t.k !== "id") throw new Unknown(t.v);
    if (t.v === "string" && this.v(1) === "(") {
      this.i++;
      this.i++;
      const s = this.expr();
      this.i++;
      return s;
    }
    if (t.v === "fmt" && this.v(1) === "." && this.v(2) === "Sprintf") {
      this.i += 3;
      const { toks } = this.args();
      const format = new Reader(toks[0]!, 0, this.vars).expr();
      const rest = toks.slice(1);
      let n = 0;
      return format.replace(/%([dqsv%])/g, (_, verb: string) => {
        if (verb === "%") return "%";
        const arg = rest[n++]?.map((x) => x.v).join("") ?? "";
        if (verb === "d" && /^(config\.)?SchemaVersion$|^[0-9]+$/.test(arg)) return /^[0-9]+$/.test(arg) ? arg : SCHEMA_VERSION;
        this.filled = true;
        const value = verb === "d" ? "1" : /URL/i.test(arg) ? STAND_IN_URL : STAND_IN_PATH;
        return verb === "q" ? JSON.stringify(value) : value;
      });
    }
    if (t.v === "strconv" && this.v(2) === "Quote") {
      this.i += 3;
      this.args();
      this.filled = true;
      return JSON.stringify(STAND_IN_PATH);
    }
    if (this.v(1) !== "." && this.v(1) !== "(" && this.vars.has(t.v)) {
      this.i++;
      if (this.filledVars.has(t.v)) this.filled = true;
      return this.vars.get(t.v)!;
    }
    throw new Unknown(t.v);
  }
}

type Expect = "loads" | "rejected";
interface Vector {
  source: string;
  toml: string;
  expect: Expect;
  /** Where the reference's test filled in a value at run time (a path, the schema version). */
  filled?: true;
}
const vectors: Vector[] = [];
const skipped: { source: string; why: string }[] = [];

/** The expectation of an `err` assigned at token `from`: the next assertion naming `err`. */
function nextErrAssertion(toks: Tok[], from: number): Expect | null {
  for (let i = from; i < toks.length - 4; i++) {
    if (toks[i]!.v === "func" && toks[i + 1]?.k === "id" && toks[i - 1]?.v === "}") return null;
    const [a, dot, fn, paren] = [toks[i]!, toks[i + 1], toks[i + 2], toks[i + 3]];
    if ((a.v === "require" || a.v === "assert") && dot?.v === "." && paren?.v === "(" && toks.slice(i + 4, i + 8).some((x) => x.v === "err")) {
      if (fn!.v === "NoError") return "loads";
      if (/^Error/.test(fn!.v)) return "rejected";
    }
  }
  return null;
}

/** `require.NoError(t, X.LoadTOML(` / `require.Error(t, …` just before the call at token `call`. */
function wrapper(toks: Tok[], call: number): Expect | "assigned" | null {
  let j = call - 1;
  while (j > 0 && (toks[j]!.k === "id" || toks[j]!.v === ".")) j--;
  if (toks[j]?.v === "," && toks[j - 1]?.v === "t" && toks[j - 2]?.v === "(") {
    const fn = toks[j - 3]!.v;
    if (fn === "NoError") return "loads";
    if (/^Error/.test(fn)) return "rejected";
  }
  if (toks[j]?.v === ":=" || toks[j]?.v === "=") return "assigned";
  return null;
}

function add(source: string, toml: string, expect: Expect, filled: boolean): void {
  vectors.push(filled ? { source, toml, expect, filled: true } : { source, toml, expect });
}

const coreCommit = git(coreRepo, "rev-parse", "HEAD").trim();
const testFiles = git(coreRepo, "ls-tree", "-r", "--name-only", "HEAD").split("\n").filter((f) => f.endsWith("_test.go"));
for (const file of testFiles) {
  const src = git(coreRepo, "show", `HEAD:${file}`);
  if (!/LoadTOML|CfgFile|cfgPath/.test(src)) continue;
  const toks = tokenize(src);
  const vars = new Map<string, string>();
  const filledVars = new Set<string>();
  // table fields read by `LoadTOML(tt.<field>)`, and helpers `func h(t …, s string) { … require.NoError(t, cfg.LoadTOML(s)) … }`
  const fields = new Set([...src.matchAll(/LoadTOML\((?:tt|tc)\.(\w+)\)/g)].map((m) => m[1]!));
  const helpers = new Set([...src.matchAll(/func (\w+)\([^)]*\b(\w+) string\)[^{]*\{[\s\S]{0,300}?require\.NoError\(t, \w+\.LoadTOML\(\2\)\)/g)].map((m) => m[1]!));
  const lists = new Map<string, { line: number; value: string }[]>();
  const ranges = new Map<string, string>();
  const at = (i: number) => `${file}:${toks[i]!.line}`;
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!;
    // `name := "…"` (a string kept for a later use), `name := []string{ "…", … }`, `for _, x := range name {`
    if (t.k === "id" && (toks[i + 1]?.v === ":=" || toks[i + 1]?.v === "=") && toks[i - 1]?.v !== ",") {
      if (toks[i + 2]?.v === "[" && toks[i + 3]?.v === "]" && toks[i + 4]?.v === "string" && toks[i + 5]?.v === "{") {
        const items: { line: number; value: string }[] = [];
        let j = i + 6;
        while (toks[j]?.v !== "}") {
          const r = new Reader(toks, j, vars);
          const line = toks[j]!.line;
          try {
            items.push({ line, value: r.expr() });
          } catch {
            break;
          }
          j = r.i;
          if (toks[j]?.v === ",") j++;
        }
        lists.set(t.v, items);
      } else {
        const r = new Reader(toks, i + 2, vars, filledVars);
        try {
          const s = r.expr();
          if ([";", "}"].includes(toks[r.i]?.v ?? "") || toks[r.i]!.line > toks[r.i - 1]!.line) vars.set(t.v, s);
          if (r.filled) filledVars.add(t.v);
          else filledVars.delete(t.v);
        } catch {
          vars.delete(t.v);
        }
      }
    }
    if (t.v === "range" && toks[i - 1]?.v === ":=" && toks[i + 1]?.k === "id") ranges.set(toks[i - 2]!.v, toks[i + 1]!.v);

    // `X.LoadTOML(expr)`
    if (t.v === "LoadTOML" && toks[i + 1]?.v === "(" && toks[i - 1]?.v === ".") {
      const w = wrapper(toks, i);
      const expect = w === "assigned" ? nextErrAssertion(toks, i) : w;
      const arg = toks[i + 2]!;
      if (arg.v === "tt" || arg.v === "tc") continue; // table fields: read at their own place below
      const list = arg.k === "id" && toks[i + 3]?.v === ")" ? lists.get(ranges.get(arg.v) ?? "") : undefined;
      if (list && expect) {
        for (const item of list) add(`${file}:${item.line}`, item.value, expect, false);
        continue;
      }
      const r = new Reader(toks, i + 2, vars, filledVars);
      try {
        const s = r.expr();
        if (!expect) skipped.push({ source: at(i), why: "no assertion on the result" });
        else add(at(i + 2), s, expect, r.filled);
      } catch (err) {
        if (!(err instanceof Unknown)) throw err;
        skipped.push({ source: at(i), why: `argument not a literal (${err.message})` });
      }
    }
    // a helper that loads its string argument: `newCfgFromTOML(t, "…")`
    if (helpers.has(t.v) && toks[i + 1]?.v === "(" && toks[i - 1]?.v !== "func" && toks[i + 2]?.v === "t" && toks[i + 3]?.v === ",") {
      const r = new Reader(toks, i + 4, vars, filledVars);
      try {
        add(at(i + 4), r.expr(), "loads", r.filled);
      } catch (err) {
        if (!(err instanceof Unknown)) throw err;
        skipped.push({ source: at(i), why: `argument not a literal (${err.message})` });
      }
    }
    // table cases: `toml: expr` with the test's `require.NoError(t, cfg.LoadTOML(tt.toml))`
    if (fields.has(t.v) && toks[i + 1]?.v === ":" && toks[i - 1]?.v !== "." && (toks[i + 2]?.k === "str" || toks[i + 2]?.k === "id")) {
      const field = t.v;
      const call = toks.findIndex((x, j) => j > i && x.v === "LoadTOML" && (toks[j + 2]?.v === "tt" || toks[j + 2]?.v === "tc") && toks[j + 4]?.v === field);
      const expect = call < 0 ? null : wrapper(toks, call);
      const r = new Reader(toks, i + 2, vars, filledVars);
      try {
        const s = r.expr();
        if (s === "") continue; // "no config" cases: nothing is loaded
        if (expect === "loads" || expect === "rejected") add(at(i + 2), s, expect, r.filled);
        else skipped.push({ source: at(i), why: "table case without a LoadTOML assertion" });
      } catch (err) {
        if (!(err instanceof Unknown)) throw err;
        skipped.push({ source: at(i), why: `toml field not a literal (${err.message})` });
      }
    }
    // the config file written before NewConfig / Load: `WriteFile(…cfgPath… or …CfgFile…, []byte(expr), …)`
    if (t.v === "WriteFile" && toks[i + 1]?.v === "(") {
      let j = i + 2;
      let depth = 0;
      const pathToks: string[] = [];
      while (!(depth === 0 && toks[j]!.v === "[" && toks[j + 1]?.v === "]" && toks[j + 2]?.v === "byte")) {
        if ("([{".includes(toks[j]!.v)) depth++;
        if (")]}".includes(toks[j]!.v)) depth--;
        pathToks.push(toks[j]!.v);
        j++;
        if (j >= toks.length || depth < 0) break;
      }
      if (!pathToks.some((p) => p === "cfgPath" || p === "CfgFile") || toks[j]?.v !== "[") continue;
      const r = new Reader(toks, j + 4, vars, filledVars);
      try {
        const s = r.expr();
        const load = toks.findIndex((x, k) => k > r.i && (x.v === "Load" || x.v === "NewConfig" || x.v === "NewConfigWithFs") && toks[k + 1]?.v === "(");
        const expect = load < 0 ? null : (wrapper(toks, load) === "assigned" || wrapper(toks, load) === null ? nextErrAssertion(toks, load) : (wrapper(toks, load) as Expect));
        if (expect) add(at(j + 4), s, expect, r.filled);
        else skipped.push({ source: at(i), why: "config file written without a load assertion" });
      } catch (err) {
        if (!(err instanceof Unknown)) throw err;
        skipped.push({ source: at(i), why: `file content not a literal (${err.message}: the reference's own saved file, edited)` });
      }
    }
  }
}

// the file the reference writes when there is none (its defaults; the device id a stand-in)
const configSources = git(coreRepo, "ls-tree", "--name-only", "HEAD", "pkg/config/").split("\n").filter((f) => f.endsWith(".go") && !f.endsWith("_test.go"));
const written = referenceDefaultConfig(configSources.map((f) => git(coreRepo, "show", `HEAD:${f}`)));
add(`pkg/config/config.go:${written.line}`, written.toml, "loads", true);

// the documentation's ```toml blocks (reference-config-docs.ts)
const docs = docBlocks(docsRepo);
for (const d of docs.config) add(d.source, d.toml, "loads", false);
const { auth: authVectors, other: otherFiles } = docs;

writeFileSync(
  "test/unit/reference-config-vectors.json",
  `${JSON.stringify(
    {
      source: `https://github.com/ZaparooProject/zaparoo-core/tree/${coreCommit}`,
      docs: `https://github.com/ZaparooProject/zaparoo.org/tree/${docs.commit}`,
      generatedBy: "build/reference-config-vectors.ts",
      vectors,
      /** The docs' auth.toml examples (credentials beside the config), for our reader of that file. */
      authVectors,
      /** Doc blocks of the reference's other files: its terminal UI's (tui.toml), its front end's (frontend.toml). */
      otherFiles,
      skipped,
    },
    null,
    1,
  )}\n`,
);
const count = (p: (v: Vector) => boolean) => vectors.filter(p).length;
console.log(`${vectors.length} vectors (${count((v) => !v.source.startsWith("docs:"))} from tests: ${count((v) => v.expect === "rejected")} rejected; ${count((v) => v.source.startsWith("docs:"))} doc blocks), ${authVectors.length} auth.toml blocks, ${otherFiles.length} of other files, ${skipped.length} skipped`);
