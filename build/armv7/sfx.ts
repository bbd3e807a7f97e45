import { appendFileSync, chmodSync, closeSync, openSync, readFileSync, readSync, writeFileSync } from "node:fs";

/** Width the header's offset is padded to, so the header's length does not depend on the number. */
const SKIP_WIDTH = 10;

/** The header with its placeholders filled; `@SKIP@` becomes the header's own length in bytes. */
export function renderSfxHeader(template: string, version: string): string {
  if (!/^[0-9A-Za-z.+~_-]+$/.test(version)) throw new Error(`version ${version} is not safe in a shell script`);
  const withVersion = template.replaceAll("@VERSION@", version);
  const probe = withVersion.replace("@SKIP@", "0".padEnd(SKIP_WIDTH));
  const length = Buffer.byteLength(probe);
  const header = withVersion.replace("@SKIP@", String(length).padEnd(SKIP_WIDTH));
  if (Buffer.byteLength(header) !== length) throw new Error("header length changed while filling it in");
  return header;
}

/** Writes `out` = filled header + the gzip'd tar payload, executable. */
export function buildSfx(o: { header: string; payload: string; version: string; out: string }): void {
  writeFileSync(o.out, renderSfxHeader(readFileSync(o.header, "utf8"), o.version));
  const fd = openSync(o.payload, "r");
  const buf = Buffer.alloc(1 << 20);
  try {
    for (let n = readSync(fd, buf); n > 0; n = readSync(fd, buf)) appendFileSync(o.out, buf.subarray(0, n));
  } finally {
    closeSync(fd);
  }
  chmodSync(o.out, 0o755);
}
