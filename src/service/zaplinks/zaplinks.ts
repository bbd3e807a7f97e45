import { isIP } from "node:net";
import { addressAllowed } from "../../core/net/addresses.ts";
import { log, outside } from "../../log.ts";
import { OutboundError } from "../outbound/errors.ts";
import { type OutboundPolicy, type OutboundReply, outboundRequest } from "../outbound/request.ts";
import type { ZapLinkStore } from "./zaplink-store.ts";

const logger = log.withTag("zaplinks");

export const WELL_KNOWN_PATH = "/.well-known/zaparoo";
export const ZAPSCRIPT_MIME = "application/vnd.zaparoo.zapscript";
/** Largest well-known document or script accepted (the reference's limit). */
export const MAX_ZAPLINK_BYTES = 1024 * 1024;
/** Deadline of each request (the well-known document, the script). */
export const ZAPLINK_TIMEOUT_MS = 10_000;

/** A link that is a ZapLink but could not be played; the message is for people. */
export class ZapLinkError extends Error {}

/** Plain http is accepted only for hosts on the local network, written as such (the reference's rule). */
const LOCAL_HTTP_BLOCKS = ["127.0.0.0/8", "::1/128", "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "169.254.0.0/16", "fc00::/7", "fe80::/10"];

function localHttpHost(url: URL): boolean {
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  if (host.toLowerCase() === "localhost") return true;
  return isIP(host) !== 0 && addressAllowed(host, LOCAL_HTTP_BLOCKS);
}

/** The link as a URL when it may be a ZapLink: https, or http to a local-network host; no user info. */
function linkUrl(text: string): URL | null {
  if (!/^https?:\/\//i.test(text.trim())) return null;
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.host === "" || url.username !== "" || url.password !== "") return null;
  if (url.protocol === "https:" || (url.protocol === "http:" && localHttpHost(url))) return url;
  return null;
}

/** The host could not be reached at all (as opposed to answering badly): the cached script may stand in. */
function offline(err: unknown): boolean {
  return err instanceof OutboundError && (err.failure === "unresolved" || err.failure === "failed" || err.failure === "timeout");
}

const GO_OS: Record<string, string> = { win32: "windows" };
const GO_ARCH: Record<string, string> = { x64: "amd64", ia32: "386" };

export interface ZapLinkDeps {
  store: ZapLinkStore;
  /** `zapscript.allow_http` host entries: the outbound rules (loopback, link-local, own addresses refused unless listed). */
  allow(): readonly string[];
  /** This platform's id, sent in the Zaparoo-Platform header. */
  platform: string;
  /** Certificates to trust instead of the system's (tests). */
  ca?: string;
}

/**
 * ZapLinks as the reference resolves them: a launch argument holding an https URL whose host publishes
 * `/.well-known/zaparoo` with `zapscript` > 0 is fetched (Accept and Content-Type
 * application/vnd.zaparoo.zapscript, at most 1 MiB, 10 s) and its text is the script to run. Hosts' answers are
 * kept for 30 days; each link's last script is kept and played when its host cannot be reached. Every request goes
 * through the outbound rules (src/service/outbound/), redirects included.
 */
export class ZapLinks {
  constructor(private readonly deps: ZapLinkDeps) {}

  /** The script behind `text` when it is a ZapLink, null when it is not one (launch it as it is). */
  async resolve(text: string, signal?: AbortSignal): Promise<string | null> {
    const url = linkUrl(text);
    if (!url) return null;
    if (!(await this.publishes(url, signal))) return null;
    logger.info(`fetching zap link ${outside(url.href, 200)}`);
    let body: string;
    try {
      body = await this.fetchScript(url, signal);
    } catch (err) {
      const cached = offline(err) ? this.deps.store.cached(url.href) : undefined;
      if (cached !== undefined) {
        logger.info(`zap link host offline (${(err as Error).message}); playing the script fetched before`);
        return cached;
      }
      throw new ZapLinkError(`zap link ${url.host}: ${(err as Error).message}`);
    }
    this.deps.store.setCached(url.href, body);
    if (/^\s*[[{]/.test(body)) throw new ZapLinkError(`zap link ${url.host}: JSON scripts are not supported`);
    return body;
  }

  private policy(): OutboundPolicy {
    return { allow: this.deps.allow(), ...(this.deps.ca !== undefined ? { ca: this.deps.ca } : {}) };
  }

  private async get(url: URL, headers: Record<string, string>, signal?: AbortSignal): Promise<OutboundReply> {
    const reply = await outboundRequest({ method: "GET", url, headers, maxBytes: MAX_ZAPLINK_BYTES, timeoutMs: ZAPLINK_TIMEOUT_MS, ...(signal ? { signal } : {}) }, this.policy());
    if (url.protocol === "https:" && reply.url.protocol === "http:" && !localHttpHost(url)) throw new OutboundError(`refused a redirect from https to http (${reply.url.host})`, "refused");
    return reply;
  }

  /** Whether the link's origin publishes scripts (asked once, then remembered); false when it could not be asked. */
  private async publishes(url: URL, signal?: AbortSignal): Promise<boolean> {
    const origin = url.origin;
    const known = this.deps.store.host(origin);
    if (known !== undefined) return known > 0;
    let level: number;
    try {
      const reply = await this.get(new URL(WELL_KNOWN_PATH, origin), { accept: "application/json" }, signal);
      if (reply.status === 404) level = 0;
      else if (reply.status !== 200) throw new Error(`${origin}${WELL_KNOWN_PATH} answered ${reply.status}`);
      else {
        const doc = JSON.parse(new TextDecoder().decode(reply.body)) as { zapscript?: unknown };
        level = typeof doc?.zapscript === "number" && Number.isFinite(doc.zapscript) ? Math.trunc(doc.zapscript) : 0;
      }
    } catch (err) {
      // refused by the outbound rules: say so, the user can allow the host
      if (err instanceof OutboundError && (err.failure === "refused" || err.failure === "cancelled")) throw new ZapLinkError(`zap link ${url.host}: ${err.message}`);
      // offline or a passing failure: not remembered, asked again next time
      logger.debug(`cannot tell whether ${origin} publishes zap links: ${(err as Error).message}`);
      return false;
    }
    this.deps.store.setHost(origin, level);
    return level > 0;
  }

  private async fetchScript(url: URL, signal?: AbortSignal): Promise<string> {
    const reply = await this.get(
      url,
      {
        accept: ZAPSCRIPT_MIME,
        "zaparoo-os": GO_OS[process.platform] ?? process.platform,
        "zaparoo-arch": GO_ARCH[process.arch] ?? process.arch,
        "zaparoo-platform": this.deps.platform,
      },
      signal,
    );
    if (reply.status !== 200) throw new Error(`answered ${reply.status}`);
    const type = String(reply.headers["content-type"] ?? "");
    if (!type.toLowerCase().includes(ZAPSCRIPT_MIME)) throw new Error(`answered ${type ? `content type ${type}` : "without a content type"}, not ${ZAPSCRIPT_MIME}`);
    return new TextDecoder().decode(reply.body);
  }
}
