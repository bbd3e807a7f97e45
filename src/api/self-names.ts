import { hostname, networkInterfaces } from "node:os";
import type { SelfNames } from "../core/net/browser-rules.ts";

const REFRESH_MS = 2000;

/**
 * This device's names and addresses as the browser rules need them: the OS host name, `<host>.local`, the
 * mDNS host name actually advertised (renamed on a conflict), every interface address and the listening
 * port. Read again at most every 2 s (interfaces come and go; a request must not pay for a lookup), or at once
 * with `fresh` (before a refusal: an address that appeared a moment ago is still the device's own).
 */
export function selfNamesSource(port: () => number, advertisedHost: () => string | undefined, now: () => number = Date.now): (fresh?: boolean) => SelfNames {
  let cached: SelfNames | null = null;
  let at = 0;
  return (fresh = false) => {
    const t = now();
    if (cached && !fresh && t - at < REFRESH_MS) return cached;
    const host = hostname().toLowerCase();
    const label = host.split(".")[0] ?? host;
    const names = [host, label, `${label}.local`];
    const advertised = advertisedHost();
    if (advertised) names.push(advertised.toLowerCase());
    const addresses: string[] = [];
    for (const list of Object.values(networkInterfaces())) for (const i of list ?? []) addresses.push(i.address.split("%")[0]!);
    cached = { port: port(), names, addresses };
    at = t;
    return cached;
  };
}
