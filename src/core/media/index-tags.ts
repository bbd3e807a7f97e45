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

/**
 * What the linking makes of a staged list, by the list's text: names of a set share a few hundred staged lists
 * ("(USA)" → region:us lang:en), and linking (padding, the vocabulary look-up) costs more than the key. The
 * answers are frozen and shared: the index's tag sets and column texts are keyed by identity.
 */
const linked = new Map<string, readonly string[]>();
const MAX_LINKED = 65_536;
const NONE: readonly string[] = Object.freeze([]);

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
  let key = valid ? ext : "";
  for (const t of staged) key += `\u0001${t.type}:${t.value}`;
  let tags = linked.get(key);
  if (tags === undefined) {
    const all = valid ? [{ type: "extension", value: ext.slice(1) }, ...staged] : staged;
    // values as the reference reads them back: numbers unpadded (`extension:0042` → `extension:42`)
    const texts = linkedTags(all).map((t) => `${t.type}:${unpadTagValue(t.stored)}`);
    tags = texts.length === 0 ? NONE : Object.freeze(texts);
    if (linked.size >= MAX_LINKED) linked.clear();
    linked.set(key, tags);
  }
  return tags;
}
