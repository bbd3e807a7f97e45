/**
 * The tags the reference's indexer stores for a media file, as `type:value` texts: its extension first
 * (`extension:sfc`), then the canonical tags its file-name parser reads (core/tags) for the system's media type,
 * values in natural form, each once, only those the reference links (open-ended types such as `rev` or `credit`,
 * others only when its tag vocabulary has the value). Pure.
 */
import type { MediaType } from "../slugs/index.ts";
import { unpadTagValue } from "../tags/index.ts";
import { linkedTags, stagedTagsFromName } from "../titles/index.ts";

/** An extension as the reference counts one: ASCII letters and digits after the dot. */
const VALID_EXTENSION = /^\.[A-Za-z0-9]+$/;

/** Identical tag lists share one frozen array (the index's tag sets and column texts are keyed by identity). */
const interned = new Map<string, readonly string[]>();
const MAX_INTERNED = 65_536;
const NONE: readonly string[] = Object.freeze([]);

function intern(tags: string[]): readonly string[] {
  if (tags.length === 0) return NONE;
  const key = tags.join(" ");
  let known = interned.get(key);
  if (known === undefined) {
    if (interned.size >= MAX_INTERNED) interned.clear();
    known = Object.freeze(tags);
    interned.set(key, known);
  }
  return known;
}

/**
 * The index tags of a file name (`Title (USA) (Rev 1).sfc`). `whole`: the name is taken whole (a store game's
 * virtual entry, no extension to cut).
 */
export function indexTagsOfFile(file: string, whole: boolean, mediaType: MediaType): readonly string[] {
  const dot = whole ? -1 : file.lastIndexOf(".");
  const ext = dot > 0 ? file.slice(dot).toLowerCase() : "";
  const valid = VALID_EXTENSION.test(ext);
  // as the reference: the lower-cased extension is cut only where the name spells it in lower case
  const name = valid && file.endsWith(ext) ? file.slice(0, dot) : file;
  const staged = stagedTagsFromName(name, mediaType);
  const tags = valid ? [{ type: "extension", value: ext.slice(1) }, ...staged] : staged;
  // values as the reference reads them back: numbers unpadded (`extension:0042` → `extension:42`)
  return intern(linkedTags(tags).map((t) => `${t.type}:${unpadTagValue(t.stored)}`));
}
