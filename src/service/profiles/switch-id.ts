/**
 * Switch ids: the text written on a profile card (`**profile:<switchId>`). Possessing one switches to the
 * profile without its PIN, so it is random (60 bits from the CSPRNG) and shown only to admin callers; grouped
 * for reading aloud or printing: `k7fq-m2xd-9pwa`.
 */
const ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"; // 32 symbols, no 0/o/1/l

export function newSwitchId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  const chars = Array.from(bytes, (b) => ALPHABET[b & 31]).join("");
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
}
