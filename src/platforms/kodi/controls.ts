import type { LauncherControls } from "../shared/launcher.ts";
import type { KodiClient } from "./client.ts";

/**
 * The reference's Kodi launcher actions, on Kodi's first active player: toggle_pause (`Player.PlayPause`), stop
 * (`Player.Stop`), fast_forward / rewind (`Player.SetSpeed` increment / decrement), next / previous (`Player.GoTo`).
 */
export function kodiControls(kodi: KodiClient): LauncherControls {
  const onPlayer = (method: string, extra: Record<string, unknown> = {}) => async () => {
    const players = await kodi.call<Array<{ playerid: number }>>("Player.GetActivePlayers");
    const first = Array.isArray(players) ? players[0] : undefined;
    if (!first) throw new Error("Kodi has no active player");
    await kodi.call(method, { playerid: first.playerid, ...extra });
  };
  return {
    toggle_pause: onPlayer("Player.PlayPause"),
    stop: onPlayer("Player.Stop"),
    fast_forward: onPlayer("Player.SetSpeed", { speed: "increment" }),
    rewind: onPlayer("Player.SetSpeed", { speed: "decrement" }),
    next: onPlayer("Player.GoTo", { to: "next" }),
    previous: onPlayer("Player.GoTo", { to: "previous" }),
  };
}
