/**
 * Splits a command line into arguments without a shell: whitespace separates, '…' keeps text literally, "…"
 * keeps spaces (with \" and \\ escapes), and \ escapes the next character outside quotes. Returns null for an
 * unterminated quote.
 */
export function splitCommandLine(line: string): string[] | null {
  const out: string[] = [];
  let cur = "";
  let inArg = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (ch === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) return null;
      cur += line.slice(i + 1, end);
      i = end;
      inArg = true;
    } else if (ch === '"') {
      let j = i + 1;
      for (; j < line.length && line[j] !== '"'; j++) {
        if (line[j] === "\\" && (line[j + 1] === '"' || line[j + 1] === "\\")) j++;
        cur += line[j];
      }
      if (j >= line.length) return null;
      i = j;
      inArg = true;
    } else if (ch === "\\" && i + 1 < line.length) {
      cur += line[++i];
      inArg = true;
    } else if (/\s/.test(ch)) {
      if (inArg) out.push(cur);
      cur = "";
      inArg = false;
    } else {
      cur += ch;
      inArg = true;
    }
  }
  if (inArg) out.push(cur);
  return out;
}
