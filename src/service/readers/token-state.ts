/**
 * Which tokens are on readers now, and the last one scanned. Pure: the readers module feeds it and publishes.
 */
import type { ScannedToken } from "../../core/token.ts";

export const sameToken = (a: Pick<ScannedToken, "uid" | "text">, b: Pick<ScannedToken, "uid" | "text">) => a.uid === b.uid && a.text === b.text;

export class TokenState {
  private readonly active = new Map<string, ScannedToken>();
  private lastToken: ScannedToken | undefined;

  /** Records a token on a reader; false when the same token is already there (a repeat, not a new scan). */
  add(readerId: string, token: ScannedToken): boolean {
    const current = this.active.get(readerId);
    if (current && sameToken(current, token)) return false;
    this.active.set(readerId, token);
    this.lastToken = token;
    return true;
  }

  /** The token that left the reader, if one was there. */
  remove(readerId: string): ScannedToken | undefined {
    const t = this.active.get(readerId);
    this.active.delete(readerId);
    return t;
  }

  on(readerId: string): ScannedToken | undefined {
    return this.active.get(readerId);
  }

  list(): ScannedToken[] {
    return [...this.active.values()];
  }

  last(): ScannedToken | undefined {
    return this.lastToken;
  }
}
