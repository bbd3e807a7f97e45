import { createHash } from "node:crypto";

const BASE32 = "abcdefghijklmnopqrstuvwxyz234567";

/** RFC 4648 base32, lowercase, without padding. */
function base32(bytes: Uint8Array): string {
  let out = "";
  let bits = 0;
  let value = 0;
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/**
 * The reference's stable reader id: `<driver>-` + base32 of the first 5 bytes of
 * SHA-256(lowercase driver id, NUL, lowercase path with `\` as `/`).
 */
export function readerIdFor(driver: string, stablePath: string): string {
  const input = `${driver.toLowerCase()}\0${stablePath.toLowerCase().replaceAll("\\", "/")}`;
  const digest = createHash("sha256").update(input, "utf8").digest();
  return `${driver.toLowerCase()}-${base32(digest.subarray(0, 5))}`;
}
