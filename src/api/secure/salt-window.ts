import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";

/**
 * Where session salts are kept: only a hash of each salt, per client, with the time it was first used. The
 * service keeps them in the user database (src/db/session-salts.ts), so a restart does not reopen old sessions;
 * tests and tools may use the in-memory store below.
 */
export interface SaltStore {
  /** When the salt hash was recorded for the client, or undefined when it never was (or was dropped). */
  seenAt(clientId: string, saltHash: string): number | undefined;
  add(clientId: string, saltHash: string, at: number): void;
  /** Drops the client's entries older than `notBefore`, then all but the newest `keep`. */
  prune(clientId: string, notBefore: number, keep: number): void;
  forget(clientId: string): void;
}

export interface SaltWindowOptions {
  maxPerClient: number;
  windowMs: number;
}

/** 30 days and 10,000 sessions per client: far past any clock skew or reconnect storm of a real phone. */
export const defaultSaltWindow: SaltWindowOptions = { maxPerClient: 10_000, windowMs: 30 * 24 * 3600_000 };

/** Entries kept in memory only (no database): the unit tests' store. Insertion order is time order. */
export class MemorySaltStore implements SaltStore {
  private readonly byClient = new Map<string, Map<string, number>>();

  seenAt(clientId: string, saltHash: string): number | undefined {
    return this.byClient.get(clientId)?.get(saltHash);
  }

  add(clientId: string, saltHash: string, at: number): void {
    let salts = this.byClient.get(clientId);
    if (!salts) this.byClient.set(clientId, (salts = new Map()));
    if (!salts.has(saltHash)) salts.set(saltHash, at);
  }

  prune(clientId: string, notBefore: number, keep: number): void {
    const salts = this.byClient.get(clientId);
    if (!salts) return;
    for (const [salt, at] of salts) if (at < notBefore) salts.delete(salt);
    while (salts.size > keep) salts.delete(salts.keys().next().value as string);
  }

  forget(clientId: string): void {
    this.byClient.delete(clientId);
  }
}

/** The stored form of a salt: SHA-256 of its text, hex. The raw salt never reaches storage. */
export const saltHash = (salt: string): string => bytesToHex(sha256(utf8ToBytes(salt)));

/**
 * Session salts seen per client, so a captured first frame cannot open a second session: a salt is refused
 * while it is in the client's window (the last `maxPerClient` salts, none older than `windowMs`). Salts are
 * recorded only after the first frame authenticated, so nobody without the key can push entries out.
 */
export class SaltWindow {
  constructor(
    private readonly opts: SaltWindowOptions = defaultSaltWindow,
    private readonly now: () => number = Date.now,
    private readonly store: SaltStore = new MemorySaltStore(),
  ) {}

  seen(clientId: string, salt: string): boolean {
    const at = this.store.seenAt(clientId, saltHash(salt));
    return at !== undefined && at > this.now() - this.opts.windowMs;
  }

  record(clientId: string, salt: string): void {
    const now = this.now();
    this.store.add(clientId, saltHash(salt), now);
    this.store.prune(clientId, now - this.opts.windowMs + 1, this.opts.maxPerClient);
  }

  /** Drops a deleted client's window. */
  forget(clientId: string): void {
    this.store.forget(clientId);
  }
}
