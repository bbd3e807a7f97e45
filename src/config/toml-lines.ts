/**
 * Which line of a TOML file holds a value, so a config error can name it (`line 12: zapscript.allow_execute[1]
 * must be …`). A light scan, not a parser: table headers (`[a.b]`, `[[a.b]]` counted per occurrence), keys
 * (bare, quoted or dotted) and the elements of an array (also one spanning lines). Null when not found.
 */
type Segment = string | number;

const unquote = (k: string) => k.trim().replace(/^"(.*)"$|^'(.*)'$/, "$1$2");
const splitKey = (k: string) => k.split(".").map(unquote);

/** The n-th element (0-based) of the array starting after `=` at line `start`, column `col`. */
function elementLine(lines: string[], start: number, col: number, index: number): number | null {
  let depth = 0;
  let commas = 0;
  let quote: string | null = null;
  for (let l = start; l < lines.length; l++) {
    const line = lines[l]!;
    for (let i = l === start ? col : 0; i < line.length; i++) {
      const ch = line[i]!;
      if (quote) {
        if (ch === "\\" && quote === '"') i++;
        else if (ch === quote) quote = null;
        continue;
      }
      if (ch === "#") break;
      if (depth === 1 && commas === index && !/[\s,\]]/.test(ch)) return l + 1;
      if (ch === '"' || ch === "'") quote = ch;
      else if (ch === "[" || ch === "{") depth++;
      else if (ch === "]" || ch === "}") {
        depth--;
        if (depth === 0) return null;
      } else if (ch === "," && depth === 1) commas++;
    }
  }
  return null;
}

export function lineOf(text: string, path: readonly Segment[]): number | null {
  const lines = text.split(/\r?\n/);
  let table: Segment[] = [];
  const seen = new Map<string, number>();
  let best: number | null = null;
  for (let l = 0; l < lines.length; l++) {
    const line = lines[l]!.trim();
    const header = /^\[\[\s*([^\]]+?)\s*\]\]|^\[\s*([^\]]+?)\s*\]/.exec(line);
    if (header) {
      const name = splitKey(header[1] ?? header[2]!);
      if (header[1]) {
        const n = seen.get(name.join(".")) ?? 0;
        seen.set(name.join("."), n + 1);
        table = [...name, n];
      } else table = name;
      if (path.length >= table.length && table.every((s, i) => s === path[i])) best = l + 1;
      continue;
    }
    const kv = /^((?:[A-Za-z0-9_-]+|"[^"]*"|'[^']*')(?:\s*\.\s*(?:[A-Za-z0-9_-]+|"[^"]*"|'[^']*'))*)\s*=/.exec(line);
    if (!kv) continue;
    const full = [...table, ...splitKey(kv[1]!)];
    if (!full.every((s, i) => s === path[i])) continue;
    best = l + 1;
    const rest = path.slice(full.length);
    if (typeof rest[0] === "number") {
      const col = lines[l]!.indexOf("=") + 1;
      return elementLine(lines, l, col, rest[0]) ?? best;
    }
    return best;
  }
  return best;
}
