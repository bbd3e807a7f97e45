/**
 * Session salts seen per client, so a captured first frame cannot open a second session: a salt is refused
 * while it is in the client's window (the last `maxPerClient` salts, none older than `windowMs`). Salts are
 * recorded only after the first frame authenticated, so nobody without the key can push entries out.
 */
export interface SaltWindowOptions {
  maxPerClient: number;
  windowMs: number;
}

export const defaultSaltWindow: SaltWindowOptions = { maxPerClient: 200, windowMs: 10 * 60_000 };

export class SaltWindow {
  private readonly byClient = new Map<string, Map<string, number>>();

  constructor(
    private readonly opts: SaltWindowOptions = defaultSaltWindow,
    private readonly now: () => number = Date.now,
  ) {}

  seen(clientId: string, salt: string): boolean {
    const salts = this.byClient.get(clientId);
    if (!salts) return false;
    this.expire(salts);
    return salts.has(salt);
  }

  record(clientId: string, salt: string): void {
    let salts = this.byClient.get(clientId);
    if (!salts) {
      salts = new Map();
      this.byClient.set(clientId, salts);
    }
    this.expire(salts);
    salts.set(salt, this.now());
    while (salts.size > this.opts.maxPerClient) salts.delete(salts.keys().next().value as string);
  }

  /** Drops a deleted client's window. */
  forget(clientId: string): void {
    this.byClient.delete(clientId);
  }

  private expire(salts: Map<string, number>): void {
    const oldest = this.now() - this.opts.windowMs;
    for (const [salt, at] of salts) {
      if (at > oldest) break; // insertion order is time order
      salts.delete(salt);
    }
  }
}
