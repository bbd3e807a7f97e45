import { ListenFront } from "../api/listen-front.ts";
import { readStartSettings } from "../config/start-settings.ts";
import { resolvePlatform } from "../platforms/detect.ts";
import type { Runtime } from "../runtime/types.ts";
import { API_VERSION } from "../version.ts";

/**
 * Binds the service's socket before the service is loaded (api/listen-front.ts), when the config file states
 * plainly where to listen; undefined otherwise, or when the socket cannot be bound (the service then listens
 * itself after validating the config, and reports any error as always).
 */
export async function listenFirst(
  runtime: Runtime,
  o: { configPath: string; port?: number; host?: string; platformRoot?: string },
): Promise<ListenFront | undefined> {
  const settings = readStartSettings(o.configPath);
  if (!settings) return undefined;
  const platform = resolvePlatform(settings.platform, o.platformRoot).platform;
  const front = new ListenFront({ host: o.host, port: o.port ?? settings.port, tls: settings.tls }, { version: API_VERSION, platform });
  return (await front.listen(runtime)) ? front : undefined;
}
