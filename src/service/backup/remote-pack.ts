import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { sha256Hex } from "./archive.ts";
import { EMPTY_SHA256, goJson, type RemoteFile } from "./remote-manifest.ts";

/**
 * Packs: the objects the server lacks, sent in blobs of about 8 MiB (at most 64 MiB) named by their SHA-256. A
 * pack is the objects' bytes back to back, then a JSON footer `[{"hash","offset","length"}, …]` (offsets from
 * the start of the pack), then the footer's length as 4 bytes big-endian. Only one pack is in memory at a time:
 * each is built straight from the files into one buffer of its final size.
 */
export interface PackLimits {
  targetBytes: number;
  maxBytes: number;
}
export const PACK_LIMITS: PackLimits = { targetBytes: 8 * 1024 * 1024, maxBytes: 64 * 1024 * 1024 };
const TRAILER = 4;

export interface PlannedPack {
  files: RemoteFile[];
  size: number;
}

export interface PackPlan {
  packs: PlannedPack[];
  /** Files too large for any pack (every file sharing such a file's content), left out of the snapshot. */
  skipped: RemoteFile[];
  uploadBytes: number;
}

/** A file changed between hashing and packing; the run re-reads everything once. */
export class SourceChanged extends Error {}

const footerOf = (files: readonly RemoteFile[]) => {
  let offset = 0;
  return files.map((f) => {
    const entry = { hash: f.sha256, offset, length: f.size };
    offset += f.size;
    return entry;
  });
};

/** The encoded size of a pack holding these objects. */
export function packSize(files: readonly RemoteFile[]): number {
  const payload = files.reduce((n, f) => n + f.size, 0);
  return payload + Buffer.byteLength(goJson(footerOf(files))) + TRAILER;
}

const RANK: Record<string, number> = { zaparoo: 0, settings: 1, inputs: 2, saves: 3, savestates: 4 };
const rank = (c: string) => RANK[c] ?? 100;
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Groups the missing, non-empty objects into packs: by category (a pack never mixes them), then path; a pack is
 * closed when the next object would take it past the target size. One copy per content hash.
 */
export function planPacks(files: readonly RemoteFile[], missing: ReadonlySet<string>, limits: PackLimits = PACK_LIMITS): PackPlan {
  const plan: PackPlan = { packs: [], skipped: [], uploadBytes: 0 };
  const candidates = files
    .filter((f) => missing.has(f.sha256) && f.size > 0 && f.sha256 !== EMPTY_SHA256)
    .sort((a, b) => rank(a.category) - rank(b.category) || cmp(a.path, b.path) || cmp(a.sha256, b.sha256));
  const seen = new Set<string>();
  const tooLarge = new Set<string>();
  let current: RemoteFile[] = [];
  let bytes = 0;
  const flush = () => {
    if (!current.length) return;
    const size = packSize(current);
    plan.packs.push({ files: current, size });
    plan.uploadBytes += size;
    current = [];
    bytes = 0;
  };
  for (const f of candidates) {
    if (seen.has(f.sha256)) continue;
    seen.add(f.sha256);
    if (packSize([f]) > limits.maxBytes) {
      tooLarge.add(f.sha256);
      continue;
    }
    const categoryChanged = current.length > 0 && current[0]?.category !== f.category;
    if (categoryChanged || (current.length > 0 && bytes + f.size > limits.targetBytes) || packSize([...current, f]) > limits.maxBytes) flush();
    current.push(f);
    bytes += f.size;
  }
  flush();
  plan.skipped = files.filter((f) => tooLarge.has(f.sha256));
  return plan;
}

/** Reads a file's bytes into `into` at `at`, checking it still has the size and hash it was planned with. */
function readInto(file: RemoteFile, into: Uint8Array, at: number): void {
  const fd = openSync(file.source, "r");
  try {
    if (fstatSync(fd).size !== file.size) throw new SourceChanged(`${file.path} changed while it was backed up`);
    let done = 0;
    while (done < file.size) {
      const n = readSync(fd, into, at + done, file.size - done, done);
      if (n === 0) break;
      done += n;
    }
    if (done !== file.size || sha256Hex(into.subarray(at, at + file.size)) !== file.sha256) throw new SourceChanged(`${file.path} changed while it was backed up`);
  } finally {
    closeSync(fd);
  }
}

/** Builds one planned pack: its bytes and its SHA-256 (the name it is uploaded under). */
export function buildPack(pack: PlannedPack): { body: Uint8Array; hash: string } {
  const body = new Uint8Array(pack.size);
  let offset = 0;
  for (const f of pack.files) {
    readInto(f, body, offset);
    offset += f.size;
  }
  const footer = Buffer.from(goJson(footerOf(pack.files)));
  if (offset + footer.length + TRAILER !== pack.size) throw new SourceChanged("a pack's size changed while it was built");
  body.set(footer, offset);
  new DataView(body.buffer, body.byteOffset, body.byteLength).setUint32(offset + footer.length, footer.length, false);
  return { body, hash: sha256Hex(body) };
}

/** Splits a pack into its objects by its footer (what the server does; used to check downloads and in tests). */
export function readPack(body: Uint8Array): Array<{ hash: string; offset: number; length: number; data: Uint8Array }> {
  if (body.length < TRAILER) throw new Error("pack shorter than its trailer");
  const footerLength = new DataView(body.buffer, body.byteOffset, body.byteLength).getUint32(body.length - TRAILER, false);
  const footerStart = body.length - TRAILER - footerLength;
  if (footerStart < 0) throw new Error("pack footer length out of range");
  const entries = JSON.parse(new TextDecoder().decode(body.subarray(footerStart, body.length - TRAILER))) as Array<{ hash: string; offset: number; length: number }>;
  return entries.map((e) => {
    if (e.offset < 0 || e.length < 0 || e.offset + e.length > footerStart) throw new Error(`pack object ${e.hash} out of range`);
    return { ...e, data: body.subarray(e.offset, e.offset + e.length) };
  });
}
