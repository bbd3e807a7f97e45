/**
 * The ```toml blocks of the reference's documentation (ZaparooProject/zaparoo.org: docs/, versioned_docs/, blog/),
 * for build/reference-config-vectors.ts. A block is config.toml unless it is another file of the reference's: a
 * fence title naming it, credentials keyed by URL or host:port (auth.toml), the TUI section's (tui.toml). A block
 * showing alternatives of one key is one config per alternative (`source#n`).
 */
import { execFileSync } from "node:child_process";

type DocFile = "config.toml" | "auth.toml" | "tui.toml" | "frontend.toml";
type Block = { source: string; toml: string };

function docFileOf(fence: string, body: string, section: string): DocFile {
  const title = /title="([^"]+)"/.exec(fence)?.[1];
  if (title === "auth.toml" || title === "tui.toml" || title === "frontend.toml") return title;
  if (/^\s*api_keys\s*=/m.test(body) || /^\s*\[(creds\.)?["'][^"']*(:\/\/|:[0-9])/m.test(body)) return "auth.toml";
  if (/\bTUI\b/.test(section)) return "tui.toml";
  return "config.toml";
}

/** A block showing alternatives of one key (`timeout = 30` then `timeout = -1`): one config per alternative. */
function alternatives(body: string): string[] {
  const lines = body.split("\n");
  const groups = new Map<string, number[]>();
  let table = "";
  lines.forEach((line, n) => {
    const header = /^\s*\[\[?\s*([^\]]+?)\s*\]\]?/.exec(line);
    if (header) table = line.trim().startsWith("[[") ? `${header[1]}#${n}` : header[1]!; // each [[entry]] its own table
    const key = /^\s*([A-Za-z0-9_."-]+)\s*=/.exec(line)?.[1];
    if (key && !header) groups.set(`${table}.${key}`, [...(groups.get(`${table}.${key}`) ?? []), n]);
  });
  const repeated = [...groups.values()].filter((g) => g.length > 1);
  if (repeated.length === 0) return [body];
  const count = Math.max(...repeated.map((g) => g.length));
  return Array.from({ length: count }, (_, k) => {
    const drop = new Set(repeated.flatMap((g) => g.filter((_, j) => j !== Math.min(k, g.length - 1))));
    return lines.filter((_, n) => !drop.has(n)).join("\n");
  });
}

export function docBlocks(docsRepo: string): { commit: string; config: Block[]; auth: Block[]; other: { source: string; file: DocFile }[] } {
  const git = (...args: string[]) => execFileSync("git", ["-C", docsRepo, ...args], { encoding: "utf8", maxBuffer: 1 << 26 });
  const docFiles = git("ls-tree", "-r", "--name-only", "HEAD").split("\n").filter((f) => /^(docs|versioned_docs|blog)\/.*\.mdx?$/.test(f));
  const config: Block[] = [];
  const auth: Block[] = [];
  const other: { source: string; file: DocFile }[] = [];
  for (const file of docFiles) {
    const lines = git("show", `HEAD:${file}`).split("\n");
    let section = "";
    for (let l = 0; l < lines.length; l++) {
      if (/^##? /.test(lines[l]!)) section = lines[l]!;
      const open = /^(\s*)```toml\b.*/.exec(lines[l]!);
      if (!open) continue;
      const indent = open[1]!.length;
      const body: string[] = [];
      let k = l + 1;
      while (k < lines.length && !/^\s*```\s*$/.test(lines[k]!)) body.push(lines[k++]!.slice(indent));
      const text = `${body.join("\n")}\n`;
      const source = `docs:${file}:${l + 1}`;
      const kind = docFileOf(open[0], text, section);
      if (kind === "auth.toml") auth.push({ source, toml: text });
      else if (kind !== "config.toml") other.push({ source, file: kind });
      else {
        const alts = alternatives(text);
        alts.forEach((alt, n) => config.push({ source: alts.length > 1 ? `${source}#${n + 1}` : source, toml: alt }));
      }
      l = k;
    }
  }
  return { commit: git("rev-parse", "HEAD").trim(), config, auth, other };
}
