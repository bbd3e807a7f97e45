/**
 * Generates test/unit/zapscript-vectors.json: the parser test vectors of ZaparooProject/go-zapscript (the
 * reference's grammar), read from its Go test files. Every table case with an `input:` string and a `want:` script
 * (or `wantErr:`, or the traits tests' `wantTraits:` with `wantCmds:`) that this reader can evaluate is kept; the
 * cases it could not evaluate are listed too.
 *
 *   node_modules/.bin/bun build/zapscript-vectors.ts /work/.mirror/ZaparooProject+go-zapscript/repo
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { type Tok, tokenize, unquote } from "./go-tokens.ts";

const repo = process.argv[2] ?? "/work/.mirror/ZaparooProject+go-zapscript/repo";
const git = (...args: string[]) => execFileSync("git", ["-C", repo, ...args], { encoding: "utf8", maxBuffer: 1 << 26 });
const commit = git("rev-parse", "HEAD").trim();
// the parser's tests (tagfilter_test.go and the others test other functions of the package)
const files = git("ls-tree", "--name-only", "HEAD").split("\n").filter((f) => f.startsWith("parser") && f.endsWith("_test.go"));

/** String constants of the package (symbols.go, models.go …), for names like zapscript.ZapScriptCmdWrite. */
const constants = new Map<string, string>();
for (const f of git("ls-tree", "--name-only", "HEAD").split("\n").filter((f) => f.endsWith(".go") && !f.endsWith("_test.go"))) {
  for (const m of git("show", `HEAD:${f}`).matchAll(/^\s*([A-Z][A-Za-z0-9_]*)\s*(?:string\s*)?=\s*"((?:[^"\\]|\\.)*)"/gm)) constants.set(m[1]!, unquote(`"${m[2]}"`));
}

class Unknown extends Error {}
type Val = string | number | boolean | null | Val[] | { [k: string]: Val } | { err: string };

interface Cmd {
  name: string;
  args: string[];
  advArgs: Record<string, string>;
}

function script(cmds: Val, traits: Val | undefined): Val {
  if (traits !== undefined) return { ...(script(cmds ?? [], undefined) as Record<string, Val>), traits: traitsOf(traits) };
  if (!Array.isArray(cmds)) throw new Unknown("Cmds");
  return {
    cmds: cmds.map((c) => {
      const o = c as Record<string, Val>;
      return { name: String(o.Name ?? ""), args: ((o.Args as string[] | null) ?? []).map(String), advArgs: (o.AdvArgs as Record<string, string> | null) ?? {} };
    }) as unknown as Val[],
  };
}

class Reader {
  constructor(
    private readonly t: Tok[],
    public i: number,
  ) {}
  private peek(o = 0): Tok | undefined {
    return this.t[this.i + o];
  }
  private eat(v: string): void {
    if (this.t[this.i]?.v !== v) throw new Unknown(`expected ${v} at ${this.t[this.i]?.v}`);
    this.i++;
  }
  /** Skips a type expression ([]string, map[string]string, zapscript.Command, *T …). */
  private skipType(): void {
    while (this.peek()?.v === "[" || this.peek()?.v === "*" || this.peek()?.v === "map") {
      if (this.peek()!.v === "[") {
        this.i++;
        if (this.peek()?.v !== "]") this.skipType();
        this.eat("]");
      } else this.i++;
    }
    this.i++;
    if (this.peek()?.v === ".") this.i += 2;
  }

  value(): Val {
    let v = this.primary();
    while (this.peek()?.v === "+") {
      this.i++;
      const r = this.primary();
      if (typeof v !== "string" || typeof r !== "string") throw new Unknown("+");
      v += r;
    }
    return v;
  }

  private primary(): Val {
    const t = this.peek();
    if (!t) throw new Unknown("eof");
    if (t.k === "str") {
      this.i++;
      return t.v;
    }
    if (t.k === "num") {
      this.i++;
      return Number(t.v);
    }
    if (t.v === "-" && this.peek(1)?.k === "num") {
      this.i += 2;
      return -Number(this.t[this.i - 1]!.v);
    }
    if (t.v === "{") return this.elements();
    if (t.v === "[" || t.v === "map") {
      this.skipType();
      return this.elements();
    }
    if (t.k !== "id") throw new Unknown(t.v);
    if (t.v === "nil") return this.i++, null;
    if (t.v === "true" || t.v === "false") return this.i++, t.v === "true";
    let name = t.v;
    this.i++;
    if (this.peek()?.v === ".") {
      name += `.${this.peek(1)!.v}`;
      this.i += 2;
    }
    const short = name.replace(/^zapscript\./, "");
    if (this.peek()?.v === "{") {
      const v = this.elements();
      return short === "Script" ? script((v as Record<string, Val>).Cmds ?? null, (v as Record<string, Val>).Traits) : v;
    }
    if (this.peek()?.v === "(") {
      this.i++;
      const args: Val[] = [];
      while (this.peek()?.v !== ")") {
        args.push(this.value());
        if (this.peek()?.v === ",") this.i++;
      }
      this.i++;
      if (short === "NewAdvArgs") return args[0] ?? {};
      if ((name === "int64" || name === "float64") && typeof args[0] === "number") return args[0];
      if (name === "kbd" || name === "txt") return script([{ Name: name === "kbd" ? "input.keyboard" : "input.text", Args: args as string[] }], undefined);
      if (name === "strings.Repeat" && typeof args[0] === "string" && typeof args[1] === "number") return args[0].repeat(args[1]);
      throw new Unknown(name);
    }
    if (/^Err/.test(short)) return { err: short };
    if (constants.has(short)) return constants.get(short)!;
    throw new Unknown(name);
  }

  /** `{ … }`: keyed elements as an object, plain ones as an array. Unknown values of keys are left out. */
  elements(): Val {
    this.eat("{");
    const list: Val[] = [];
    const obj: Record<string, Val> = {};
    let keyed = false;
    while (this.peek()?.v !== "}") {
      const keyTok = this.peek()!;
      if ((keyTok.k === "id" || keyTok.k === "str") && this.peek(1)?.v === ":") {
        keyed = true;
        this.i += 2;
        const start = this.i;
        try {
          obj[keyTok.v] = this.value();
        } catch (err) {
          if (!(err instanceof Unknown)) throw err;
          this.i = start;
          this.skipValue();
          obj[keyTok.v] = { unknown: err.message } as unknown as Val;
        }
      } else list.push(this.value());
      if (this.peek()?.v === ",") this.i++;
    }
    this.i++;
    return keyed ? obj : list;
  }

  /** Skips to the next `,` or `}` at this depth. */
  private skipValue(): void {
    let depth = 0;
    for (; this.i < this.t.length; this.i++) {
      const v = this.t[this.i]!.v;
      if ((v === "," || v === "}") && depth === 0) return;
      if (v === "{" || v === "(" || v === "[") depth++;
      if (v === "}" || v === ")" || v === "]") depth--;
    }
  }
}

/** Traits (`#key=value`, `**traits:{…}`) a script must carry; `null`: none. */
type Traits = Record<string, Val> | null;

interface Vector {
  file: string;
  name: string;
  input: string;
  want?: { cmds: Cmd[]; traits?: Traits };
  wantErr?: string;
  /** Traits cases (parser_traits_test.go …) check the traits and the commands' count or names only. */
  traits?: Traits;
  cmdCount?: number;
  cmdNames?: string[];
}

/** go-zapscript builds an empty `map[string]any{}` literal, which the reader above sees as an empty list. */
function traitsOf(v: Val): Traits {
  if (v === null) return null;
  if (Array.isArray(v) && v.length === 0) return {};
  if (typeof v === "object" && !Array.isArray(v) && !("unknown" in v)) return v as Record<string, Val>;
  throw new Unknown("wantTraits");
}

const vectors: Vector[] = [];
const skipped: { file: string; name: string; why: string }[] = [];
for (const file of files) {
  const toks = tokenize(git("show", `HEAD:${file}`));
  const opens: number[] = [];
  const seen = new Set<number>();
  for (let i = 0; i < toks.length; i++) {
    const v = toks[i]!.v;
    if (v === "{") opens.push(i);
    else if (v === "}") opens.pop();
    else if (v === "input" && toks[i + 1]?.v === ":" && toks[i + 2]?.k === "str" && opens.length > 0) {
      const at = opens[opens.length - 1]!;
      if (seen.has(at)) continue;
      seen.add(at);
      const el = new Reader(toks, at).elements() as Record<string, Val>;
      const name = typeof el.name === "string" ? el.name : `case at token ${at}`;
      const want = el.want as { cmds?: Cmd[]; traits?: Traits; unknown?: string } | undefined;
      const wantErr = el.wantErr as { err?: string } | null | undefined;
      if (wantErr && typeof wantErr === "object" && "err" in wantErr && wantErr.err) vectors.push({ file, name, input: el.input as string, wantErr: wantErr.err });
      else if ("wantTraits" in el) {
        const traits = traitsOf(el.wantTraits ?? null);
        const cmds = el.wantCmds;
        const vector: Vector = { file, name, input: el.input as string, traits };
        if (typeof cmds === "number") vector.cmdCount = cmds;
        else if (Array.isArray(cmds)) vector.cmdNames = cmds.map(String);
        else if (cmds === undefined) vector.cmdCount = 0; // the full-syntax cases: no command at all
        vectors.push(vector);
      }
      else if (want && Array.isArray(want.cmds)) vectors.push({ file, name, input: el.input as string, want: want.traits === undefined ? { cmds: want.cmds } : { cmds: want.cmds, traits: want.traits } });
      else if (el.wantErr === true) vectors.push({ file, name, input: el.input as string, wantErr: "error" });
      else skipped.push({ file, name, why: want?.unknown ? `want: ${want.unknown}` : "no want script in the case (another kind of test)" });
    }
  }
}

writeFileSync(
  "test/unit/zapscript-vectors.json",
  `${JSON.stringify({ source: `https://github.com/ZaparooProject/go-zapscript/tree/${commit}`, generatedBy: "build/zapscript-vectors.ts", vectors, skipped }, null, 1)}\n`,
);
console.log(`${vectors.length} vectors, ${skipped.length} table cases of other kinds`);
