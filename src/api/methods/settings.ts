import type { ConfigStore } from "../../config/store.ts";
import { Settings, SettingsPatch } from "../../core/wire/settings.ts";
import { applySettingsPatch, settingsView } from "../settings-dialect.ts";
import { defineMethod } from "../rpc/method.ts";

/** `settings` / `settings.update`: the spec's view of the config file, in both dialects (settings-dialect.ts). */
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
      summary: "Updates the supplied settings (any subset), in memory and on disk.",
      params: SettingsPatch,
      example: { debug: true },
      handler: (patch) => {
        deps.config.update((draft) => applySettingsPatch(draft, patch));
        return null;
      },
    }),
  ];
}
