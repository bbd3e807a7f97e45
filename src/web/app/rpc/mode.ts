/**
 * Whether this page must speak the secure layer: the device itself (loopback) and TLS pages are anonymous, as
 * the spec says; any other host is a remote client that needs paired credentials.
 */
export function needsSecureLayer(loc: { protocol: string; hostname: string }): boolean {
  if (loc.protocol === "https:") return false;
  const host = loc.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return !(host === "localhost" || host === "::1" || /^127\.\d+\.\d+\.\d+$/.test(host));
}

/** The JSON-RPC socket of the page's own origin. */
export function socketUrl(loc: { protocol: string; host: string }): string {
  return `${loc.protocol === "https:" ? "wss:" : "ws:"}//${loc.host}/`;
}
