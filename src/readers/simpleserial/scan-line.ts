/**
 * The simple serial line protocol, pure: `SCAN\t<arg>\t<arg>…` with args `uid=`, `text=`, `removable=yes|no`.
 * As the reference reads it: the line is trimmed and CR dropped; lines not starting `SCAN\t` and a bare
 * `SCAN\t` carry nothing; each arg is trimmed; with no known arg, everything after `SCAN\t` is the text.
 * There are no escapes, so values cannot hold a TAB or a newline. `data` is the whole (trimmed) line.
 */

const PREFIX = "SCAN\t";

export interface ScanLine {
  uid: string;
  text: string;
  data: string;
  /** Set only when the line had a `removable=` arg (anything but `no` means yes). */
  removable?: boolean;
}

export function parseScanLine(raw: string): ScanLine | null {
  const line = raw.trim().replace(/^\r+|\r+$/g, "");
  if (!line.startsWith(PREFIX)) return null;
  const args = line.slice(PREFIX.length);
  if (args === "") return null;
  const out: ScanLine = { uid: "", text: "", data: line };
  let known = false;
  for (const a of args.split("\t")) {
    const arg = a.trim();
    if (arg.startsWith("uid=")) out.uid = arg.slice(4);
    else if (arg.startsWith("text=")) out.text = arg.slice(5);
    else if (arg.startsWith("removable=")) out.removable = arg.slice(10) !== "no";
    else continue;
    known = true;
  }
  if (!known) out.text = args;
  return out;
}
