import { sha256Hex } from "./archive.ts";

/**
 * The backup server's content-addressed manifest ("cas-v1"): for each category, the files by restore path with
 * their SHA-256 and size. The server hashes a canonical form of it (empty categories dropped, entries sorted by
 * path, categories by name, compact JSON with `<`, `>`, `&`, U+2028 and U+2029 escaped as the reference's
 * encoder does), and a committed snapshot is checked against that hash.
 */
export const MANIFEST_FORMAT = "cas-v1";
/** The manifest compatibility version commits carry; snapshots with a newer one are not restored. */
export const REMOTE_SCHEMA_VERSION = 1;
/** SHA-256 of zero bytes: empty files stay in the manifest but are never packed (the server always has them). */
export const EMPTY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

export interface ManifestEntry {
  path: string;
  sha256: string;
  size: number;
}

/** A file to back up: where it is restored to, its category, content hash and size, and where it is read from. */
export interface RemoteFile extends ManifestEntry {
  category: string;
  source: string;
}

export type ManifestCategories = Record<string, ManifestEntry[]>;

/** JSON as the reference's encoder writes it (HTML-significant characters and line separators escaped). */
export function goJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

const byPath = (a: ManifestEntry, b: ManifestEntry) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

/** The manifest's categories for a set of files, entries sorted by path (the commit request's `categories`). */
export function manifestCategories(files: readonly RemoteFile[]): ManifestCategories {
  const out: ManifestCategories = {};
  for (const f of files) (out[f.category] ??= []).push({ path: f.path, sha256: f.sha256, size: f.size });
  for (const list of Object.values(out)) list.sort(byPath);
  return sortedKeys(out);
}

function sortedKeys<T>(obj: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.keys(obj).sort().map((k) => [k, obj[k] as T]));
}

/** The canonical manifest bytes and their SHA-256, as the server computes `manifest_hash`. */
export function canonicalManifest(categories: ManifestCategories): { text: string; hash: string } {
  const kept: ManifestCategories = {};
  for (const [name, list] of Object.entries(categories)) {
    if (list.length) kept[name] = list.map((e) => ({ path: e.path, sha256: e.sha256, size: e.size })).sort(byPath);
  }
  const text = goJson({ format: MANIFEST_FORMAT, categories: sortedKeys(kept) });
  return { text, hash: sha256Hex(new TextEncoder().encode(text)) };
}

/** Files and bytes per category (the summaries the server reports and checks). */
export function categorySummaries(categories: ManifestCategories): Record<string, { files: number; bytes: number }> {
  return Object.fromEntries(Object.entries(categories).map(([k, list]) => [k, { files: list.length, bytes: list.reduce((n, e) => n + e.size, 0) }]));
}

/** The distinct content hashes, sorted (what the check step asks about). */
export function uniqueHashes(files: readonly { sha256: string }[]): string[] {
  return [...new Set(files.map((f) => f.sha256))].sort();
}
