import { readAdvArgs } from "./adv-args.ts";
import { EOF, type ScriptReader } from "./reader.ts";
import { SYM, trimSpace } from "./symbols.ts";

export interface MediaTitleRead {
  /** The text after `@`, escapes applied, trimmed: `System/Title (tags)`. */
  content: string;
  advArgs: Map<string, string>;
  /** `System/Title` with both parts non-empty: a `launch.title`; otherwise the script launches `@content`. */
  valid: boolean;
}

/**
 * `@System/Title?advArgs` after its `@`, as the reference reads it: up to the end of the command or valid
 * advanced arguments; `^` escapes; `[[`, quotes and `,` have no meaning here.
 */
export function readMediaTitle(r: ScriptReader): MediaTitleRead {
  let content = "";
  let advArgs = new Map<string, string>();
  for (;;) {
    const ch = r.read();
    if (ch === EOF) break;
    if (ch === SYM.escape) {
      content += r.escaped() || SYM.escape;
      continue;
    }
    if (r.endsCommand(ch)) break;
    if (ch === SYM.advArgStart) {
      const adv = readAdvArgs(r);
      if (!adv.ok) {
        content += SYM.advArgStart + adv.read;
        continue;
      }
      advArgs = adv.advArgs;
      break;
    }
    content += ch;
  }
  content = trimSpace(content);
  const sep = content.indexOf(SYM.mediaTitleSep);
  const valid = sep >= 0 && trimSpace(content.slice(0, sep)) !== "" && trimSpace(content.slice(sep + 1)) !== "";
  return { content, advArgs, valid };
}
