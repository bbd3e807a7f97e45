/**
 * Wrong-PIN accounting per profile: the first FREE_TRIES wrong PINs cost nothing, each further one locks the
 * profile's PIN for BASE_LOCK_MS doubled per extra failure (30 s, 1 min, 2 min … at most MAX_LOCK_MS). A right
 * PIN clears the count; so does an hour without a wrong one. Time comes from the injected clock.
 */

export const FREE_TRIES = 5;
const BASE_LOCK_MS = 30_000;
const MAX_LOCK_MS = 3_600_000;
const FORGET_AFTER_MS = 3_600_000;

interface Record {
  failures: number;
  last: number;
  lockedUntil: number;
}

export class PinAttempts {
  private readonly byProfile = new Map<string, Record>();

  constructor(private readonly now: () => number) {}

  /** Milliseconds until this profile's PIN may be tried again (0: now). */
  waitMs(profileId: string): number {
    const r = this.current(profileId);
    return r ? Math.max(0, r.lockedUntil - this.now()) : 0;
  }

  failed(profileId: string): void {
    const now = this.now();
    const r = this.current(profileId) ?? { failures: 0, last: now, lockedUntil: 0 };
    r.failures += 1;
    r.last = now;
    if (r.failures >= FREE_TRIES) r.lockedUntil = now + Math.min(MAX_LOCK_MS, BASE_LOCK_MS * 2 ** (r.failures - FREE_TRIES));
    this.byProfile.set(profileId, r);
  }

  succeeded(profileId: string): void {
    this.byProfile.delete(profileId);
  }

  private current(profileId: string): Record | undefined {
    const r = this.byProfile.get(profileId);
    if (r && this.now() - r.last >= FORGET_AFTER_MS && this.now() >= r.lockedUntil) {
      this.byProfile.delete(profileId);
      return undefined;
    }
    return r;
  }
}
