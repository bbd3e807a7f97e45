/**
 * The link that launches `script` on the device: `<origin>/l/<script>` as the launch endpoint reads it (the
 * script URL-encoded, slashes kept readable). `origin` is e.g. `http://mister.local:7497`.
 */
export function launchLink(origin: string, script: string): string {
  return `${origin.replace(/\/+$/, "")}/l/${encodeURIComponent(script).replace(/%2F/g, "/")}`;
}
