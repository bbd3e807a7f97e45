import { networkInterfaces } from "node:os";
import { addressAllowed } from "../../core/net/addresses.ts";

/**
 * Which addresses a request from a launch script must not reach unless the user allows them: the device itself
 * (loopback, its own interface addresses, the unspecified address, which connects to the device too) and the
 * link-local ranges (router and cloud metadata services, neighbours' zero-config interfaces). LAN addresses are
 * not listed: home automation on the LAN is what these requests are for.
 */
export type AddressKind = "loopback" | "link-local" | "unspecified" | "own";

/** The reserved blocks as data; IPv4-mapped IPv6 forms match their IPv4 block (addressAllowed normalises them). */
const RESERVED: ReadonlyArray<readonly [block: string, kind: AddressKind]> = [
  ["127.0.0.0/8", "loopback"],
  ["::1/128", "loopback"],
  ["169.254.0.0/16", "link-local"],
  ["fe80::/10", "link-local"],
  ["0.0.0.0/8", "unspecified"],
  ["::/128", "unspecified"],
];

const DESCRIPTION: Record<AddressKind, string> = {
  loopback: "a loopback address",
  "link-local": "a link-local address",
  unspecified: "an unspecified address",
  own: "one of this device's own addresses",
};

export function describeKind(kind: AddressKind): string {
  return DESCRIPTION[kind];
}

/** The kind of `address` when it is off limits by default, or null when it may be reached. */
export function classifyAddress(address: string, ownAddresses: readonly string[]): AddressKind | null {
  for (const [block, kind] of RESERVED) if (addressAllowed(address, [block])) return kind;
  return addressAllowed(address, ownAddresses) ? "own" : null;
}

/** Every address of every interface of this device, read afresh (addresses come and go with DHCP and links). */
export function deviceAddresses(): string[] {
  return Object.values(networkInterfaces()).flatMap((list) => (list ?? []).map((i) => i.address));
}
