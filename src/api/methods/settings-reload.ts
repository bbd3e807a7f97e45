import { type } from "../../core/lazy-arktype.ts";
import { restartNeeded } from "../../config/restart-needed.ts";
import { ConfigError, type ConfigStore } from "../../config/store.ts";
import { DomainError } from "../../core/errors.ts";
import { log } from "../../log.ts";
import { defineMethod } from "../rpc/method.ts";

const logger = log.withTag("config");

/**
 * `settings.reload`: reads config.toml (and the mappings/ folder) again. Readers, audio, launchers, allow-lists,
 * logging and mappings apply at once; what is read only at start is named in the log (the reference answers null).
 */
export function settingsReloadMethods(deps: { config: ConfigStore; reloadMappings: () => void }) {
  return [
    defineMethod({
      name: "settings.reload",
      summary: "Reads config.toml and the mappings/ folder again and applies what can change while running; settings read only at start (port, TLS, platform, mDNS) are named in the log. A file that does not parse or validate is refused with every problem (1004) and the running config is kept.",
      params: null,
      result: type("null"),
      handler: () => {
        let change;
        try {
          change = deps.config.reload();
        } catch (err) {
          if (!(err instanceof ConfigError)) throw err;
          logger.warn(`reload refused, running config kept: ${err.message}`);
          throw new DomainError("failed", `${err.message}\nthe running config is unchanged`, { problems: err.problems });
        }
        deps.reloadMappings();
        const restart = restartNeeded(change.previous, change.next);
        if (restart.length > 0) logger.warn(`config reloaded; these changes take effect after a restart: ${restart.join(", ")}`);
        else logger.info("config reloaded; every change is in effect");
        return null;
      },
    }),
  ];
}
