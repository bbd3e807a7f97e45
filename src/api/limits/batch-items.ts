/**
 * How many requests a JSON-RPC frame carries, for the rate and in-flight limits: 1 for a single request, the
 * number of top-level items for a batch. One pass over the text, without parsing it (a malformed frame is
 * counted by its top-level commas; the dispatcher then refuses it).
 */
export function requestCount(text: string): number {
  let i = 0;
  while (i < text.length && (text[i] === " " || text[i] === "\n" || text[i] === "\r" || text[i] === "\t")) i++;
  if (text[i] !== "[") return 1;
  let depth = 0;
  let items = 0;
  let inString = false;
  let sawValue = false;
  for (; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c) i++; // backslash: skip the escaped character
      else if (ch === 0x22) inString = false;
      continue;
    }
    if (ch === 0x22) inString = true;
    if (ch === 0x5b || ch === 0x7b) depth++;
    else if (ch === 0x5d || ch === 0x7d) depth--;
    else if (ch === 0x2c && depth === 1) items++;
    if (depth >= 1 && !(depth === 1 && (ch === 0x5b || ch === 0x2c || ch <= 0x20))) sawValue = true;
  }
  return sawValue ? items + 1 : 1;
}
