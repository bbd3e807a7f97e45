/**
 * ROM-hack patches named in a file name: square brackets such as "[FastROM hack by Author v1.1]", "[US font]",
 * "[Performance by Author (v1.0)]", and the HTGDB / SmokeMonster suffix "Axelay (U) FastROM (Hack) v1.0 Author".
 * A recognized patch gives unlicensed:hack and patch:<name>[:<version>]; the author is not kept.
 */
import { TagTypePatch, TagTypeUnlicensed } from "./data/tag-types.ts";
import V from "./data/tag-values.json" with { type: "json" };
import { caseInsensitive, utf8Length } from "./chars.ts";
import { memoize } from "./memo.ts";
import { cachedNormalizeTag } from "./normalize-tag.ts";
import { bracketed, tagString, type CanonicalTag } from "./types.ts";
import { patchLabelAliases } from "./words.ts";

const SQUARE_GROUP = /\[([^[\]]+)]/g;
const PATCH_VERSION = /(?:^|-)v(\d+(?:-\d+)*)$/;
const FONT_PATCH = /^([a-z]{2})-font$/;
const HACK_MARKER = new RegExp(caseInsensitive("\\((?:hack|patch)\\)"), "g");
const SUFFIX_VERSION = new RegExp(caseInsensitive("(?:^|[\\t\\n\\f\\r _+-])v(\\d+(?:\\.\\d+)*)"));
const S = "[\\t\\n\\f\\r _-]";
const W = "[\\t\\n\\f\\r ]";
const SUFFIX_LABEL = new RegExp(
  caseInsensitive(
  "\\b(?:" +
    [
      `(?:ted${S}+)?woolsey${S}+uncensored${S}+edition`,
      `stereo${W}*\\+${W}*bug${S}*fix(?:es)?`,
      `gba${S}+script${S}+port`,
      `splash${S}+screen${S}+removed`,
      `quality${S}+of${S}+life`,
      `music${S}+restore`,
      `sram${S}+expansion`,
      `faster${S}+rom`,
      `fast${S}*rom`,
      `slow${S}*rom`,
      `all${S}+bugs${S}+fix`,
      `bug${S}*fix(?:es)?`,
      "uncensor(?:ed)?",
      "relocalized",
      "restoration",
      "performance",
      "retouch",
      "overhaul",
      "tweak",
      `wide${S}*screen`,
      `msu${S}*1`,
      `sa${S}*1`,
      "colori[sz](?:ation|ed)",
      "redux",
      "qol",
    ].join("|") +
      ")\\b",
  ),
  "g",
);

const hackTag = (): CanonicalTag => bracketed(TagTypeUnlicensed, V.TagUnlicensedHack);
const versioned = (value: string, version: string): string => (version === "" ? value : `${value}:${version}`);

/** A normalized label without its trailing "-v1-1" version. */
function splitPatchVersion(normalized: string): [label: string, version: string] {
  const m = PATCH_VERSION.exec(normalized);
  if (!m) return [normalized, ""];
  return [normalized.slice(0, m.index).replace(/-+$/, ""), m[1]!];
}

/** The patch a "<name>-hack" / "<name>-patch" label (optionally "-by-<author>") names. */
function markedPatchName(label: string): string | undefined {
  for (const marker of ["-hack", "-patch"]) {
    const at = label.indexOf(marker);
    if (at <= 0) continue;
    const suffix = label.slice(at + marker.length);
    if (suffix !== "" && !suffix.startsWith("-by-")) continue;
    const name = label.slice(0, at).replace(/^-+|-+$/g, "");
    if (name === "") continue;
    return patchLabelAliases.get(name) ?? name;
  }
  return undefined;
}

/** {@link parsePatchBracket}, remembered (bracket contents repeat across a library). */
const cachedPatchBracket = memoize((content: string) => parsePatchBracket(content));

/** The tags of a square bracket's content when it names a patch. */
export function parsePatchBracket(content: string): CanonicalTag[] | undefined {
  const normalized = cachedNormalizeTag(content);
  const font = FONT_PATCH.exec(normalized);
  if (font) return [bracketed(TagTypePatch, `font:${font[1]}`)];
  const [label, version] = splitPatchVersion(normalized);
  let value = patchLabelAliases.get(label);
  if (value === undefined) {
    const by = label.indexOf("-by-");
    if (by >= 0) value = patchLabelAliases.get(label.slice(0, by));
  }
  value ??= markedPatchName(label);
  if (value === undefined) return undefined;
  return [hackTag(), bracketed(TagTypePatch, versioned(value, version))];
}

/** Patch brackets taken out of a name (each replaced by a space), and their tags without repeats. */
export function extractPatchBrackets(filename: string): { tags: CanonicalTag[]; remaining: string } {
  const tags: CanonicalTag[] = [];
  if (!filename.includes("[")) return { tags, remaining: filename };
  const seen = new Set<string>();
  const remaining = filename.replace(SQUARE_GROUP, (group: string, content: string) => {
    const parsed = cachedPatchBracket(content);
    if (!parsed) return group;
    for (const t of parsed) {
      const key = tagString(t);
      if (seen.has(key)) continue;
      seen.add(key);
      tags.push(t);
    }
    return " ";
  });
  return { tags, remaining };
}

/** "(hack)" or "(patch)", ASCII letters in any case, somewhere in the name. */
const SUFFIX_MARKER = /\((?:hack|patch)\)/i;

/** A name's stem and its extension (with the dot) when it has one of 2–4 bytes without blanks. */
function splitExtension(filename: string): [stem: string, ext: string] {
  const slash = Math.max(filename.lastIndexOf("/"), filename.lastIndexOf("\\"));
  const dot = filename.lastIndexOf(".");
  if (dot <= slash) return [filename, ""];
  const body = filename.slice(dot + 1);
  const n = utf8Length(body);
  if (n < 2 || n > 4 || body.includes(" ") || body.includes("\t")) return [filename, ""];
  return [filename.slice(0, dot), filename.slice(dot)];
}

/**
 * The HTGDB suffix form: known patch labels before the last "(Hack)" / "(Patch)" marker, a version after them.
 * Returns the tags and the name cut before the first label (extension kept), or undefined.
 */
export function parseHtgdbPatchSuffix(filename: string): { tags: CanonicalTag[]; remaining: string } | undefined {
  if (!SUFFIX_MARKER.test(filename)) return undefined;
  const [stem, ext] = splitExtension(filename);
  const markers = [...stem.matchAll(HACK_MARKER)];
  const last = markers.at(-1);
  if (last === undefined) return undefined;
  const prefix = stem.slice(0, last.index);
  const labels = [...prefix.matchAll(SUFFIX_LABEL)];
  if (labels.length === 0) return undefined;
  const stripStart = labels[0]!.index;
  const v = SUFFIX_VERSION.exec(stem.slice(stripStart));
  const version = v ? v[1]!.replaceAll(".", "-") : "";
  const tags = [hackTag()];
  const seen = new Set<string>();
  for (const m of labels) {
    const value = patchLabelAliases.get(cachedNormalizeTag(m[0]));
    if (value === undefined) continue;
    const full = versioned(value, version);
    if (seen.has(full)) continue;
    seen.add(full);
    tags.push(bracketed(TagTypePatch, full));
  }
  if (tags.length === 1) return undefined;
  return { tags, remaining: stem.slice(0, stripStart).replace(/[ \t\-_+]+$/, "") + ext };
}
