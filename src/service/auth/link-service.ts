import { type } from "../../core/lazy-arktype.ts";
import { deleteCredentials, readCredentials, saveCredential } from "../../config/auth-store.ts";
import type { ConfigStore } from "../../config/store.ts";
import { DomainError } from "../../core/errors.ts";
import { authKeyFor, OFFICIAL_AUTH_HOSTS, remoteUrlProblem } from "../../core/remote/remote-url.ts";
import { log } from "../../log.ts";
import { deviceHeaders, jsonOf, remoteCall } from "./remote-http.ts";

const logger = log.withTag("auth");

/** `/.well-known/zaparoo` of a remote service: whether it takes device credentials and which hosts it trusts. */
const WellKnown = type({ "auth?": "number", "trusted?": "string[]", "zapscript?": "number" });
type WellKnown = typeof WellKnown.infer;
const ClaimAnswer = type({ bearer: "string > 0" });
/** At most this many trusted hosts are asked (each one a request the claim makes). */
const MAX_TRUSTED = 10;

export interface LinkDeps {
  config: ConfigStore;
  /** `auth.toml` beside the config file. */
  authPath: string;
  platform: string;
  /** Told when the backup server's credentials are stored (true) or removed (false). */
  onBackupLink?: (linked: boolean) => void;
}

/**
 * Device linking as the reference does it: a claim token (from the phone app) is redeemed at the claim URL after
 * the host's `/.well-known/zaparoo` says it takes device credentials (`auth: 1`); the bearer it returns is stored
 * in auth.toml for that host and for each host the well-known lists as trusted that trusts it back.
 */
export class LinkService {
  constructor(private readonly deps: LinkDeps) {}

  private get backupKey(): string | null {
    const base = this.deps.config.current.backup.remote.base_url;
    return URL.canParse(base) ? authKeyFor(base) : null;
  }

  private async wellKnown(root: string): Promise<WellKnown> {
    const answer = await remoteCall(this.deps.config, { method: "GET", url: `${root}/.well-known/zaparoo` });
    if (answer.status !== 200) throw new DomainError("failed", `${new URL(root).host} has no device-link document (status ${answer.status})`);
    const doc = WellKnown(jsonOf(answer));
    if (doc instanceof type.errors) throw new DomainError("failed", `${new URL(root).host}'s device-link document is malformed`);
    return doc;
  }

  async claim(claimUrl: string, token: string): Promise<string[]> {
    const problem = remoteUrlProblem(claimUrl, false);
    if (problem) throw new DomainError("invalid", `claimUrl ${problem}`);
    const root = authKeyFor(claimUrl);
    const wk = await this.wellKnown(root);
    if (wk.auth !== 1) throw new DomainError("failed", `${new URL(root).host} does not take device links`);
    const cfg = this.deps.config.current;
    const answer = await remoteCall(this.deps.config, {
      method: "POST",
      url: claimUrl,
      headers: { "content-type": "application/json", ...deviceHeaders(this.deps.platform, cfg.service.device_id) },
      body: JSON.stringify({ token }),
    });
    // the body of a refusal is never shown: it may echo the token
    if (answer.status !== 200) throw new DomainError("failed", `the claim server answered ${answer.status}`);
    const claimed = ClaimAnswer(jsonOf(answer));
    if (claimed instanceof type.errors) throw new DomainError("failed", "the claim server's answer holds no bearer token");
    const entry = { bearer: claimed.bearer, linked_via: root };
    saveCredential(this.deps.authPath, root, entry);
    const stored = [root];
    for (const host of (wk.trusted ?? []).slice(0, MAX_TRUSTED)) {
      const related = `https://${host.toLowerCase()}`;
      if (!URL.canParse(related) || stored.includes(related) || !(await this.trustsBack(related, root))) continue;
      saveCredential(this.deps.authPath, related, entry);
      stored.push(related);
    }
    if (this.backupKey !== null && stored.includes(this.backupKey)) this.deps.onBackupLink?.(true);
    logger.info(`device linked to ${stored.join(", ")}`);
    return stored;
  }

  /** A trusted host counts only when its own well-known takes links and lists the root's host as trusted. */
  private async trustsBack(related: string, root: string): Promise<boolean> {
    try {
      const wk = await this.wellKnown(related);
      const rootHost = new URL(root).host;
      return wk.auth === 1 && (wk.trusted ?? []).some((h) => h.toLowerCase() === rootHost);
    } catch (err) {
      logger.warn(`trusted host ${new URL(related).host} not linked: ${(err as Error).message}`);
      return false;
    }
  }

  /** Whether a bearer is stored for `url`; answered only for official https hosts and the backup server. */
  status(url: string): boolean {
    if (!URL.canParse(url)) return false;
    const parsed = new URL(url);
    const key = authKeyFor(url);
    const official = parsed.protocol === "https:" && OFFICIAL_AUTH_HOSTS.includes(parsed.hostname.toLowerCase());
    if (!official && key !== this.backupKey) return false;
    const entry = [...readCredentials(this.deps.authPath)].find(([k]) => k.toLowerCase() === key)?.[1];
    return (entry?.bearer ?? "") !== "";
  }

  /** The backup server's bearer, if the device is linked to it. */
  backupBearer(): string | undefined {
    const key = this.backupKey;
    if (key === null) return undefined;
    return [...readCredentials(this.deps.authPath)].find(([k]) => k.toLowerCase() === key)?.[1].bearer || undefined;
  }

  /**
   * Revokes the device at the backup server (DELETE /v1/device/me; an unknown device counts as revoked), then
   * removes the backup server's credentials and every entry its link created. Hand-written entries stay.
   */
  async unlink(): Promise<string[]> {
    const key = this.backupKey;
    if (key === null) return [];
    const bearer = this.backupBearer();
    if (bearer) {
      const answer = await remoteCall(this.deps.config, { method: "DELETE", url: `${this.deps.config.current.backup.remote.base_url.replace(/\/+$/, "")}/v1/device/me`, headers: { authorization: `Bearer ${bearer}` } });
      if (!(answer.status < 300 || answer.status === 401 || answer.status === 404)) throw new DomainError("failed", `the backup server answered ${answer.status}; credentials kept`);
    }
    const doomed = [...readCredentials(this.deps.authPath)]
      .filter(([k, e]) => (e.linked_via ?? "").toLowerCase() === key || (k.toLowerCase() === key && (e.bearer ?? "") !== ""))
      .map(([k]) => k);
    const removed = deleteCredentials(this.deps.authPath, doomed).sort();
    this.deps.onBackupLink?.(false);
    logger.info(`device unlinked; removed credentials for ${removed.length ? removed.join(", ") : "nothing"}`);
    return removed;
  }
}
