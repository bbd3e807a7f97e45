/**
 * EmulationStation `gamelist.xml` read by a small parser of that format only: `<gameList>` holding `<game>` (and
 * `<folder>`) elements whose children are text fields (`<path>`, `<name>`, `<desc>`, `<image>` …). Attributes,
 * comments, processing instructions, DOCTYPE and CDATA are understood; anything else nested inside a field is
 * kept as its text. Pure: the caller reads the file.
 */

/** One `<game>` entry: its text fields by element name (lowercased), each trimmed and unescaped. */
export interface GamelistEntry {
  /** `game` or `folder`. */
  kind: string;
  /** The `id` attribute (ScreenScraper's game id) when present. */
  id?: string;
  fields: Record<string, string>;
}

const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

/** Replaces XML character and entity references (`&amp;`, `&#233;`, `&#xE9;`); unknown ones stay as written. */
export function unescapeXml(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === "#") {
      const code = ref[1] === "x" || ref[1] === "X" ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[ref.toLowerCase()] ?? whole;
  });
}

/** An attribute's text as stored: entities replaced, tabs and line breaks as spaces, trimmed. */
function clean(text: string): string {
  return unescapeXml(text).replace(/[\t\r\n]+/g, " ").trim();
}

const ID_ATTR = /\bid\s*=\s*(?:"([^"]*)"|'([^']*)')/;
/** Markup without data: its opening and closing text. */
const SKIPPED: ReadonlyArray<readonly [string, string]> = [["<?", "?>"], ["<!--", "-->"], ["<!DOCTYPE", ">"], ["<!doctype", ">"]];
const TAG_NAME = /^\s*([A-Za-z_][\w.:-]*)/;

/** Tokenizer state over the document text. */
class Reader {
  pos = 0;
  constructor(readonly text: string) {}

  /** Skips the markup that carries no data (`<?…?>`, `<!--…-->`, `<!DOCTYPE …>`) at the current position. */
  skipMarkup(): boolean {
    const t = this.text;
    if (t.charCodeAt(this.pos + 1) !== 63 && t.charCodeAt(this.pos + 1) !== 33) return false; // neither "<?" nor "<!"
    for (const [open, close] of SKIPPED) {
      if (t.startsWith(open, this.pos)) {
        const end = t.indexOf(close, this.pos + open.length);
        this.pos = end < 0 ? t.length : end + close.length;
        return true;
      }
    }
    return false;
  }

  /** The next tag from the current position: its name, attributes text, and whether it closes or self-closes. */
  nextTag(): { name: string; attrs: string; closing: boolean; selfClosing: boolean; start: number } | null {
    const t = this.text;
    for (;;) {
      const lt = t.indexOf("<", this.pos);
      if (lt < 0) return null;
      this.pos = lt;
      if (this.skipMarkup()) continue;
      if (t.startsWith("<![CDATA[", lt)) {
        const end = t.indexOf("]]>", lt);
        this.pos = end < 0 ? t.length : end + 3;
        continue;
      }
      const gt = t.indexOf(">", lt);
      if (gt < 0) return null;
      this.pos = gt + 1;
      let body = t.slice(lt + 1, gt);
      const closing = body.startsWith("/");
      const selfClosing = body.endsWith("/");
      if (closing) body = body.slice(1);
      if (selfClosing) body = body.slice(0, -1);
      const m = TAG_NAME.exec(body);
      if (!m) continue;
      return { name: (m[1] as string).toLowerCase(), attrs: body.slice(m[0].length), closing, selfClosing, start: lt };
    }
  }

  /** Text up to the closing tag of `name` (CDATA sections taken literally, nested markup as its text). */
  textUntilClose(name: string): string {
    const t = this.text;
    let out = "";
    for (;;) {
      const lt = t.indexOf("<", this.pos);
      if (lt < 0) {
        out += unescapeXml(t.slice(this.pos));
        this.pos = t.length;
        return out;
      }
      out += unescapeXml(t.slice(this.pos, lt));
      this.pos = lt;
      if (t.startsWith("<![CDATA[", lt)) {
        const end = t.indexOf("]]>", lt);
        out += t.slice(lt + 9, end < 0 ? t.length : end);
        this.pos = end < 0 ? t.length : end + 3;
        continue;
      }
      if (this.skipMarkup()) continue;
      const tag = this.nextTag();
      if (!tag || (tag.closing && tag.name === name)) return out;
    }
  }
}

/** The `<game>` and `<folder>` entries of a gamelist.xml text, in document order; entries without a path are dropped. */
export function parseGamelist(text: string): GamelistEntry[] {
  const r = new Reader(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  const entries: GamelistEntry[] = [];
  let current: GamelistEntry | null = null;
  for (let tag = r.nextTag(); tag; tag = r.nextTag()) {
    if (tag.name === "game" || tag.name === "folder") {
      if (tag.closing) {
        if (current?.fields.path) entries.push(current);
        current = null;
      } else if (!tag.selfClosing) {
        const id = ID_ATTR.exec(tag.attrs);
        current = { kind: tag.name, fields: {} };
        const idText = id ? clean(id[1] ?? id[2] ?? "") : "";
        if (idText) current.id = idText;
      }
      continue;
    }
    if (!current || tag.closing || tag.selfClosing) continue;
    const value = r.textUntilClose(tag.name).replace(/[^\S\r\n]*[\r\n]+\s*/g, " ").replace(/\t/g, " ").trim();
    if (value !== "" && current.fields[tag.name] === undefined) current.fields[tag.name] = value;
  }
  return entries;
}
