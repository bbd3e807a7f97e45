/**
 * Binds where the service listens: the address asked for, else every interface, dual stack ("::": IPv6 and
 * IPv4) where the machine has IPv6, else "0.0.0.0". The service's listening-address rule.
 */
export function listenOn<T>(host: string | undefined, serveOn: (hostname: string) => Promise<T>): Promise<T> {
  return host !== undefined ? serveOn(host) : serveOn("::").catch(() => serveOn("0.0.0.0"));
}
