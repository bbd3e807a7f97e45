import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { classifyAddress, describeKind } from "./address-rules.ts";
import { ALLOW_HTTP_KEY, addressListed, hostListed } from "../../core/net/allow-list.ts";
import { OutboundError } from "./errors.ts";

/** Every address a name resolves to, in the resolver's order. */
export type Resolver = (host: string) => Promise<string[]>;

export const systemResolver: Resolver = async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

export interface AddressPolicy {
  /** `zapscript.allow_http` entries. */
  allow: readonly string[];
  resolve: Resolver;
  ownAddresses: () => readonly string[];
}

/** The URL's host without the brackets of an IPv6 literal. */
export function bareHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, "$1");
}

async function resolveOnce(host: string, resolve: Resolver, signal: AbortSignal): Promise<string[]> {
  let addresses: string[];
  try {
    signal.throwIfAborted();
    addresses = await new Promise<string[]>((done, fail) => {
      const onAbort = () => fail(signal.reason);
      signal.addEventListener("abort", onAbort, { once: true });
      resolve(host)
        .then(done, fail)
        .finally(() => signal.removeEventListener("abort", onAbort));
    });
  } catch (err) {
    if (signal.aborted) throw err;
    throw new OutboundError(`cannot resolve ${host} (${(err as { code?: string }).code ?? (err as Error).message})`, "unresolved");
  }
  if (addresses.length === 0) throw new OutboundError(`cannot resolve ${host} (no addresses)`, "unresolved");
  return addresses;
}

/**
 * Resolves the URL's host once and checks every address it resolves to: one refused address refuses the host
 * (a name that also points at the device is not to be trusted for its other addresses). The caller connects to
 * one of the returned addresses and resolves nothing again, so DNS cannot change the answer in between.
 */
export async function checkedAddresses(url: URL, policy: AddressPolicy, signal: AbortSignal): Promise<string[]> {
  const host = bareHost(url);
  const literal = isIP(host) !== 0;
  const addresses = literal ? [host] : await resolveOnce(host, policy.resolve, signal);
  if (!literal && hostListed(host, policy.allow)) return addresses;
  const own = policy.ownAddresses();
  for (const address of addresses) {
    if (addressListed(address, policy.allow)) continue;
    const kind = classifyAddress(address, own);
    if (kind === null) continue;
    const fix = `add ${literal ? "it" : `${host} or ${address}`} to ${ALLOW_HTTP_KEY} to allow it`;
    const what = describeKind(kind);
    throw new OutboundError(literal ? `${host} is ${what}; ${fix}` : `${host} resolves to ${address}, ${what}; ${fix}`, "refused");
  }
  return addresses;
}
