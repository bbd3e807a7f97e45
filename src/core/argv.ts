/**
 * Command lines without a shell: whitespace separates arguments, '…' keeps text literally, "…" keeps spaces
 * (with \" and \\ escapes), and \ escapes the next character outside quotes.
 */

/**
 * Reads the argument that starts at `start` (a non-space character) up to the next unquoted whitespace: its text
 * with quotes and escapes resolved, and the index just past it. Null for an unterminated quote.
 */
export function readArgument(line: string, start: number): { arg: string; end: number } | null {
  let arg = "";
  let i = start;
  for (; i < line.length && !/\s/.test(line[i]!); i++) {
    const ch = line[i]!;
    if (ch === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) return null;
      arg += line.slice(i + 1, end);
      i = end;
    } else if (ch === '"') {
      let j = i + 1;
      for (; j < line.length && line[j] !== '"'; j++) {
        if (line[j] === "\\" && (line[j + 1] === '"' || line[j + 1] === "\\")) j++;
        arg += line[j];
      }
      if (j >= line.length) return null;
      i = j;
    } else if (ch === "\\" && i + 1 < line.length) {
      arg += line[++i];
    } else {
      arg += ch;
    }
  }
  return { arg, end: i };
}

/** Index of the first non-whitespace character at or after `i` (line.length when none). */
export function skipSpaces(line: string, i: number): number {
  while (i < line.length && /\s/.test(line[i]!)) i++;
  return i;
}

/** Splits a command line into its arguments. Returns null for an unterminated quote. */
export function splitCommandLine(line: string): string[] | null {
  const out: string[] = [];
  for (let i = skipSpaces(line, 0); i < line.length; i = skipSpaces(line, i)) {
    const read = readArgument(line, i);
    if (!read) return null;
    out.push(read.arg);
    i = read.end;
  }
  return out;
}
