import type { ConfigStore } from "../../config/store.ts";
import { Settings, SettingsPatch } from "../../core/wire/settings.ts";
import { applySettingsPatch, sensitiveSettings, settingsView } from "../settings-dialect.ts";
import { ErrorCode, RpcError } from "../rpc/errors.ts";
import { callerIsAdmin, defineMethod } from "../rpc/method.ts";

/**
 * `settings` / `settings.update`: the spec's view of the config file, in both dialects (settings-dialect.ts).
 * Settings that name files, devices or programs (src/config/sensitive-keys.ts) change only for the device
 * itself or an admin client (-32003 for everyone else); an update is checked whole (authorisation, schema,
 * paths) before anything is written, so a refused one leaves the config file as it was.
 */
export function settingsMethods(deps: { config: ConfigStore }) {
  return [
    defineMethod({
      name: "settings",
      summary: "Current values of the settings exposed remotely.",
      params: null,
      result: Settings,
      handler: () => settingsView(deps.config.current),
    }),
    defineMethod({
      name: "settings.update",
      summary:
        "Updates the supplied settings (any subset), in memory and on disk. Reader connections and root folders change only from the device itself or for an admin client (-32003); paths they name are checked (-32602).",
      params: SettingsPatch,
      example: { debug: true },
      handler: (patch, caller) => {
        if (!callerIsAdmin(caller)) {
          const refused = sensitiveSettings(deps.config.current, patch);
          if (refused.wireKeys.length) {
            throw new RpcError(
              ErrorCode.LocalOnly,
              `${refused.wireKeys.join(", ")} may only be changed from the device itself or by an admin client (they set ${refused.configKeys.join(", ")}); nothing was changed`,
              { refused: refused.wireKeys },
            );
          }
        }
        deps.config.update((draft) => applySettingsPatch(draft, patch));
        return null;
      },
    }),
  ];
}
