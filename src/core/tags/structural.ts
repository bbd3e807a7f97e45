/**
 * Media-structure groups: "(Disc 2)", "(Disk 1 of 3 Side B)", "(Side A)", "(Tape 2)", "(CD3)", "(Part II)",
 * "(Side 1 of 2)". They give media:<kind>, disc:<n>, disctotal:<n> and media:side-<x> tags.
 */
import { TagTypeDisc, TagTypeDiscTotal, TagTypeMedia } from "./data/tag-types.ts";
import V from "./data/tag-values.json" with { type: "json" };
import { allDigits, stripLeadingZeros } from "./chars.ts";
import type { CanonicalTag, TagSource } from "./types.ts";
import { structuralMediaPrefixes, structuralRomanNumbers } from "./words.ts";

/** "3", "03" → "3"; "iii" → "3" (roman i–x); undefined otherwise. */
export function normalizeStructuralNumber(s: string): string | undefined {
  if (s === "") return undefined;
  const roman = structuralRomanNumbers.get(s);
  if (roman !== undefined) return roman;
  return allDigits(s) ? stripLeadingZeros(s) : undefined;
}

const SIDES: Readonly<Record<string, string>> = {
  a: V.TagMediaSideA,
  "1": V.TagMediaSideA,
  b: V.TagMediaSideB,
  "2": V.TagMediaSideB,
  c: V.TagMediaSideC,
  "3": V.TagMediaSideC,
  d: V.TagMediaSideD,
  "4": V.TagMediaSideD,
};
const sideValue = (s: string): string | undefined => (Object.hasOwn(SIDES, s) ? SIDES[s] : undefined);

/** "disc3", "cd03", "partii": a medium word with its number attached. */
function compactStructuralTag(normalized: string, source: TagSource): CanonicalTag[] | undefined {
  for (const [prefix, media] of structuralMediaPrefixes) {
    if (!normalized.startsWith(prefix) || normalized.length === prefix.length) continue;
    const n = normalizeStructuralNumber(normalized.slice(prefix.length));
    if (n === undefined) continue;
    return [
      { type: TagTypeMedia, value: media, source },
      { type: TagTypeDisc, value: n, source },
    ];
  }
  return undefined;
}

/** The tags of a normalized structural group, or undefined when it is not one. */
export function parseStructuralSetTag(normalized: string, source: TagSource): CanonicalTag[] | undefined {
  if (normalized === "") return undefined;
  if (normalized.startsWith("side-")) {
    const side = sideValue(normalized.slice(5));
    if (side !== undefined) return [{ type: TagTypeMedia, value: side, source }];
  }
  const tokens = normalized.split("-");
  if (tokens.length < 2) return compactStructuralTag(normalized, source);
  const media = structuralMediaPrefixes.get(tokens[0]!);
  if (media === undefined) return undefined;
  const n = normalizeStructuralNumber(tokens[1]!);
  if (n === undefined) return undefined;
  const out: CanonicalTag[] = [
    { type: TagTypeMedia, value: media, source },
    { type: TagTypeDisc, value: n, source },
  ];
  let next = 2;
  if (tokens.length >= next + 2 && tokens[next] === "of") {
    const total = normalizeStructuralNumber(tokens[next + 1]!);
    if (total === undefined) return undefined;
    out.push({ type: TagTypeDiscTotal, value: total, source });
    next += 2;
  }
  if (tokens.length >= next + 2 && tokens[next] === "side") {
    const side = sideValue(tokens[next + 1]!);
    if (side === undefined) return undefined;
    out.push({ type: TagTypeMedia, value: side, source });
    next += 2;
  }
  return next === tokens.length ? out : undefined;
}

const SIDE_OF = /^side-(\d+)-of-(\d+)$/;
const NUMBERED_SIDES: readonly string[] = [V.TagMediaSideA, V.TagMediaSideB, V.TagMediaSideC, V.TagMediaSideD];
const TOTALS: ReadonlyMap<string, string> = new Map([
  ["2", V.TagDiscTotal2],
  ["3", V.TagDiscTotal3],
  ["4", V.TagDiscTotal4],
  ["5", V.TagDiscTotal5],
  ["6", V.TagDiscTotal6],
]);

/** "side-1-of-2" → media:side-a and disctotal:2 (a total only for 2–6). */
export function parseSideOfToken(normalized: string, source: TagSource): CanonicalTag[] | undefined {
  const m = SIDE_OF.exec(normalized);
  if (!m) return undefined;
  const n = m[1]!;
  const side = n.length === 1 && n >= "1" && n <= "4" ? NUMBERED_SIDES[Number(n) - 1] : undefined;
  if (side === undefined) return undefined;
  const out: CanonicalTag[] = [{ type: TagTypeMedia, value: side, source }];
  const total = TOTALS.get(m[2]!);
  if (total !== undefined) out.push({ type: TagTypeDiscTotal, value: total, source });
  return out;
}
