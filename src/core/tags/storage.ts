/**
 * How tag values are stored: a numeric last segment is zero-padded to four digits so that values sort in
 * number order ("disc:2" → "disc:0002"), and unpadded when read back.
 */

function splitLastSegment(value: string): [prefix: string, segment: string] {
  const colon = value.lastIndexOf(":");
  return colon < 0 ? ["", value] : [value.slice(0, colon + 1), value.slice(colon + 1)];
}

const ALL_DIGITS = /^[0-9]+$/;

export function padTagValue(value: string): string {
  const [prefix, segment] = splitLastSegment(value);
  if (!ALL_DIGITS.test(segment) || segment.length >= 4) return value;
  return prefix + segment.padStart(4, "0");
}

export function unpadTagValue(value: string): string {
  const [prefix, segment] = splitLastSegment(value);
  if (!ALL_DIGITS.test(segment)) return value;
  let i = 0;
  while (i < segment.length && segment[i] === "0") i++;
  return prefix + (i === segment.length ? "0" : segment.slice(i));
}
