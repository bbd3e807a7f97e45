import type { ActivityReport, PlatformActivity } from "../shared/activity.ts";
import type { KodiClient } from "./client.ts";
import { ITEM_PROPERTIES, type KodiItem, kodiReport } from "./now-playing.ts";

interface ActivePlayer {
  playerid: number;
  type: string;
}

/** "Now playing" and stop through Kodi's JSON-RPC. */
export class KodiActivity implements PlatformActivity {
  readonly id = "Kodi";

  constructor(
    private readonly kodi: KodiClient,
    readonly startWindowMs = 15_000,
  ) {}

  async poll(): Promise<ActivityReport | null> {
    const players = await this.kodi.call<ActivePlayer[]>("Player.GetActivePlayers");
    const player = players.find((p) => p.type === "video") ?? players[0];
    if (!player) return null;
    const { item } = await this.kodi.call<{ item: KodiItem }>("Player.GetItem", { playerid: player.playerid, properties: ITEM_PROPERTIES });
    return kodiReport(item ?? {}, player.type);
  }

  /** `Player.Stop` for every active player. */
  async stop(): Promise<void> {
    const players = await this.kodi.call<ActivePlayer[]>("Player.GetActivePlayers");
    for (const p of players) await this.kodi.call("Player.Stop", { playerid: p.playerid });
  }
}
