import { type } from "../../core/lazy-arktype.ts";
import { ConfigError, type ConfigStore } from "../../config/store.ts";
import { DomainError } from "../../core/errors.ts";
import { systemCatalog } from "../../core/systems/catalog.ts";
import { type LauncherInfo, LaunchersResult } from "../../core/wire/launchers.ts";
import type { LaunchService } from "../../service/launch/launch-service.ts";
import { defineMethod } from "../rpc/method.ts";

/** `launchers`, `launchers.refresh`. */
export function launchersMethods(deps: { launch: LaunchService; config: ConfigStore }) {
  const list = (): LauncherInfo[] =>
    deps.launch
      .launchers()
      .map((l): LauncherInfo => {
        const system = l.systemId ? systemCatalog().byIdExact(l.systemId) : undefined;
        return { id: l.id, ...(l.systemId ? { systemId: l.systemId } : {}), ...(system ? { systemName: system.name } : {}), available: true };
      })
      .sort((a, b) => ((a.systemId ?? "") < (b.systemId ?? "") ? -1 : (a.systemId ?? "") > (b.systemId ?? "") ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return [
    defineMethod({
      name: "launchers",
      summary: "Every launcher of this device (custom ones from the config, the platform's, the built-in one), sorted by system id, then id; systemId is set for launchers tied to one system.",
      params: null,
      result: LaunchersResult,
      handler: () => ({ launchers: list() }),
    }),
    defineMethod({
      name: "launchers.refresh",
      summary: "Reads config.toml again and rebuilds the launchers (custom launchers from [[launchers.custom]]); a config that does not validate is refused (1004) and nothing changes.",
      params: null,
      result: type("null"),
      handler: () => {
        try {
          deps.config.reload();
        } catch (err) {
          if (!(err instanceof ConfigError)) throw err;
          throw new DomainError("failed", `${err.message}\nthe launchers are unchanged`, { problems: err.problems });
        }
        deps.launch.rescanLaunchers();
        return null;
      },
    }),
  ];
}
