import { type } from "../../core/lazy-arktype.ts";
import { DomainError } from "../../core/errors.ts";
import { sha256Hex } from "./archive.ts";
import type { RemoteClient } from "./remote-client.ts";
import { EMPTY_SHA256, type ManifestEntry } from "./remote-manifest.ts";
import { PACK_LIMITS } from "./remote-pack.ts";

/**
 * The objects of a remote snapshot, downloaded before anything on the device changes: the server says which pack
 * holds each object (`/v1/device/backup-objects/locate`, batches of 10,000), each pack is fetched whole (one at a
 * time), its size and SHA-256 checked, and every object sliced out of it checked against its own hash. Empty
 * files are made here (the server never stores them). The result feeds the local restore path.
 */
const BATCH = 10_000;
const Located = type({
  packs: type({ pack_hash: /^[0-9a-f]{64}$/, size_bytes: "number.integer", objects: type({ hash: "string", offset: "number.integer", length: "number.integer" }).array() }).array().or("null"),
  "missing?": type("string[]").or("null"),
});
type LocatedPack = Exclude<typeof Located.infer.packs, null>[number];

const bad = (what: string) => new DomainError("failed", `the backup server's answer ${what}`);

async function locate(client: RemoteClient, sizes: Map<string, number>): Promise<LocatedPack[]> {
  const hashes = [...sizes.keys()].sort();
  const packs = new Map<string, LocatedPack>();
  let missing = 0;
  for (let i = 0; i < hashes.length; i += BATCH) {
    const answer = Located(await client.json("POST", "/v1/device/backup-objects/locate", { hashes: hashes.slice(i, i + BATCH) }));
    if (answer instanceof type.errors) throw bad(`locating objects is malformed: ${answer.summary}`);
    missing += answer.missing?.length ?? 0;
    for (const p of answer.packs ?? []) {
      const known = packs.get(p.pack_hash);
      if (!known) packs.set(p.pack_hash, { ...p, objects: [...p.objects] });
      else if (known.size_bytes !== p.size_bytes) throw bad(`gives pack ${p.pack_hash} two sizes`);
      else known.objects.push(...p.objects);
    }
  }
  if (missing > 0) throw new DomainError("failed", `${missing} object(s) of this backup are no longer on the server`);
  const located = new Set<string>();
  for (const p of packs.values()) {
    if (p.size_bytes <= 0 || p.size_bytes > PACK_LIMITS.maxBytes) throw bad(`gives pack ${p.pack_hash} an impossible size`);
    for (const o of p.objects) {
      const want = sizes.get(o.hash);
      if (want === undefined || located.has(o.hash)) throw bad(`locates ${o.hash} unasked or twice`);
      if (o.length !== want || o.offset < 0 || o.offset > p.size_bytes - o.length) throw bad(`gives ${o.hash} a range outside its pack`);
      located.add(o.hash);
    }
  }
  if (located.size !== sizes.size) throw bad(`leaves ${sizes.size - located.size} object(s) unlocated`);
  return [...packs.values()].sort((a, b) => a.pack_hash.localeCompare(b.pack_hash));
}

/** Every file of the snapshot by restore path, each verified against the manifest's SHA-256. */
export async function downloadObjects(client: RemoteClient, entries: readonly ManifestEntry[]): Promise<Map<string, Uint8Array>> {
  const sizes = new Map<string, number>();
  for (const e of entries) {
    if (e.sha256 === EMPTY_SHA256) continue;
    if (sizes.has(e.sha256) && sizes.get(e.sha256) !== e.size) throw bad(`lists ${e.sha256} with two sizes`);
    sizes.set(e.sha256, e.size);
  }
  const objects = new Map<string, Uint8Array>();
  for (const pack of await locate(client, sizes)) {
    const body = await client.download(`/v1/device/backup-packs/${pack.pack_hash}`, pack.size_bytes);
    if (body.length !== pack.size_bytes || sha256Hex(body) !== pack.pack_hash) throw bad(`pack ${pack.pack_hash} does not match its size and hash`);
    for (const o of pack.objects) {
      const data = body.slice(o.offset, o.offset + o.length);
      if (sha256Hex(data) !== o.hash) throw bad(`object ${o.hash} in its pack does not match its hash`);
      objects.set(o.hash, data);
    }
  }
  const files = new Map<string, Uint8Array>();
  for (const e of entries) {
    const data = e.sha256 === EMPTY_SHA256 ? new Uint8Array() : objects.get(e.sha256);
    if (!data || data.length !== e.size) throw bad(`leaves ${e.path} without its content`);
    files.set(e.path, data);
  }
  return files;
}
