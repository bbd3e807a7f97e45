/**
 * Finds and reads `zaparoo.txt` (any case) at a drive's root without ever holding the service: the folder is
 * walked asynchronously and only so far, the file must be a regular file (no symlink) of at most 1 MiB, and
 * every step has a deadline, so a huge or failing drive only costs a pool thread for a while.
 */
import { lstat, opendir, readFile } from "node:fs/promises";
import { join } from "node:path";

export const MAX_TOKEN_FILE_BYTES = 1024 * 1024;
const MAX_ROOT_ENTRIES = 10_000;
const STEP_TIMEOUT_MS = 5000;

export type TokenFileResult = { kind: "found"; bytes: Uint8Array } | { kind: "none" } | { kind: "skipped"; why: string };

function deadline<T>(p: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${STEP_TIMEOUT_MS / 1000} s`)), STEP_TIMEOUT_MS);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

async function findName(root: string): Promise<string | null> {
  const dir = await opendir(root);
  try {
    let n = 0;
    for await (const entry of dir) {
      if (entry.name.toLowerCase() === "zaparoo.txt") return entry.name;
      if (++n >= MAX_ROOT_ENTRIES) return null;
    }
    return null;
  } finally {
    await dir.close().catch(() => {});
  }
}

/** Throws on I/O errors (the caller retries); "skipped" for a file that is there but not acceptable. */
export async function readTokenFile(root: string): Promise<TokenFileResult> {
  const name = await deadline(findName(root), `listing ${root}`);
  if (name === null) return { kind: "none" };
  const path = join(root, name);
  const st = await deadline(lstat(path), `checking ${path}`);
  if (st.isSymbolicLink()) return { kind: "skipped", why: `${path} is a symbolic link` };
  if (!st.isFile()) return { kind: "skipped", why: `${path} is not a file` };
  if (st.size > MAX_TOKEN_FILE_BYTES) return { kind: "skipped", why: `${path} is ${st.size} bytes (at most ${MAX_TOKEN_FILE_BYTES})` };
  const bytes = await deadline(readFile(path), `reading ${path}`);
  if (bytes.length > MAX_TOKEN_FILE_BYTES) return { kind: "skipped", why: `${path} grew past ${MAX_TOKEN_FILE_BYTES} bytes` };
  return { kind: "found", bytes: new Uint8Array(bytes) };
}
