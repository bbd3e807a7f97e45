/**
 * Go source as tokens, for the generators that read the reference's Go tests (zapscript-vectors.ts,
 * reference-config-vectors.ts): string literals (raw and interpreted, unquoted), identifiers, numbers and rune
 * literals, punctuation; each with the line it starts on. Comments and white space are dropped.
 */

export type Tok = { k: "str" | "id" | "num" | "p"; v: string; line: number };

export function unquote(s: string): string {
  return JSON.parse(s.replace(/\\x([0-9a-fA-F]{2})/g, "\\u00$1").replace(/\\a/g, "\\u0007").replace(/\\v/g, "\\u000b").replace(/\\'/g, "'"));
}

export function tokenize(src: string): Tok[] {
  const out: Tok[] = [];
  let i = 0;
  let line = 1;
  const advance = (to: number) => {
    for (let j = i; j < to; j++) if (src[j] === "\n") line++;
    i = to;
  };
  while (i < src.length) {
    const c = src[i]!;
    const at = line;
    if (/\s/.test(c)) advance(i + 1);
    else if (src.startsWith("//", i)) advance(src.indexOf("\n", i) < 0 ? src.length : src.indexOf("\n", i));
    else if (src.startsWith("/*", i)) advance(src.indexOf("*/", i) + 2);
    else if (c === "`") {
      const j = src.indexOf("`", i + 1);
      out.push({ k: "str", v: src.slice(i + 1, j).replace(/\r/g, ""), line: at });
      advance(j + 1);
    } else if (c === '"') {
      let j = i + 1;
      while (src[j] !== '"') j += src[j] === "\\" ? 2 : 1;
      out.push({ k: "str", v: unquote(src.slice(i, j + 1)), line: at });
      advance(j + 1);
    } else if (c === "'") {
      let j = i + 1;
      while (src[j] !== "'") j += src[j] === "\\" ? 2 : 1;
      out.push({ k: "num", v: src.slice(i, j + 1), line: at });
      advance(j + 1);
    } else if (/[A-Za-z_]/.test(c)) {
      const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(src.slice(i, i + 200))![0];
      out.push({ k: "id", v: m, line: at });
      advance(i + m.length);
    } else if (/[0-9]/.test(c)) {
      const m = /^[0-9][0-9a-fA-Fx._]*/.exec(src.slice(i, i + 50))![0];
      out.push({ k: "num", v: m, line: at });
      advance(i + m.length);
    } else {
      const op = [":=", "==", "!=", "&&", "||", "<-", "...", "++", "--", "+="].find((o) => src.startsWith(o, i)) ?? c;
      out.push({ k: "p", v: op, line: at });
      advance(i + op.length);
    }
  }
  return out;
}
