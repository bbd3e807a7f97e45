/**
 * Splits a reference-style `execute` line (`[[launchers.custom]]`) into arguments the way the reference does:
 * blanks (space, tab) separate; '…' and "…" group literally (a doubled quote inside gives one quote); there is
 * no escape character, so a backslash is literal (Windows paths). Null for an unclosed quote.
 */
export function splitReferenceCommand(line: string): string[] | null {
  const out: string[] = [];
  let cur = "";
  let inArg = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (ch === '"' || ch === "'") {
      inArg = true;
      let closed = false;
      for (i++; i < line.length; i++) {
        if (line[i] !== ch) {
          cur += line[i];
          continue;
        }
        if (line[i + 1] === ch) {
          cur += ch;
          i++;
          continue;
        }
        closed = true;
        break;
      }
      if (!closed) return null;
    } else if (ch === " " || ch === "\t") {
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

/** What a reference launcher's `[[…]]` placeholders are replaced with (the names of its expression values). */
export interface LauncherPlaceholders {
  media_path: string;
  system_id: string;
  launcher_id: string;
  platform: string;
  action: string;
  install_dir: string;
  server_url: string;
  version: string;
  "device.hostname": string;
  "device.os": string;
  "device.arch": string;
}

/**
 * Replaces `[[name]]` placeholders in one argument (after splitting, so a path with spaces stays one argument).
 * Unknown names are left as written; the reference's full expression language is not evaluated here.
 */
export function fillPlaceholders(arg: string, values: Readonly<LauncherPlaceholders>): string {
  return arg.replace(/\[\[\s*([a-z_.]+)\s*\]\]/g, (whole, name: string) => (name in values ? values[name as keyof LauncherPlaceholders] : whole));
}
