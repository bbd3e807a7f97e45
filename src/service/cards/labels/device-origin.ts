import { networkInterfaces } from "node:os";

/**
 * `http://<address>:<port>` of this device as a phone on the same network reaches it: the first non-internal
 * IPv4 address (loopback when there is none). Launch links in labels' QR codes start with it unless the caller
 * names another origin.
 */
export function deviceOrigin(port: number): string {
  for (const list of Object.values(networkInterfaces())) {
    for (const i of list ?? []) if (i.family === "IPv4" && !i.internal) return `http://${i.address}:${port}`;
  }
  return `http://127.0.0.1:${port}`;
}
