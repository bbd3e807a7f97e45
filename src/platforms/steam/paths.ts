/**
 * Steam games as launchable paths (pure): `steam://<appid>/<url-escaped name>` (what the index and tokens
 * carry) and `steam://rungameid/<id>` (Steam's own URL). Non-Steam shortcuts have 64-bit ids
 * (`(appid << 32) | 0x02000000`), so ids stay digit strings.
 */
export const STEAM_SYSTEM_ID = "PC";
export const STEAM_LAUNCHER_ID = "Steam";

export function parseSteamPath(path: string): { appId: string; name: string } | undefined {
  const m = /^steam:\/\/(?:rungameid\/)?(\d{1,20})(?:\/(.*))?$/i.exec(path.trim());
  if (!m) return undefined;
  const appId = m[1]!.replace(/^0+(?=\d)/, "");
  if (appId === "0" || BigInt(appId) >= 2n ** 64n) return undefined;
  let name = m[2] ?? "";
  try {
    name = decodeURIComponent(name);
  } catch {}
  return { appId, name };
}

export const steamPath = (appId: string, name: string) => `steam://${appId}/${encodeURIComponent(name)}`;
export const runGameUrl = (appId: string) => `steam://rungameid/${appId}`;
export const steamKey = (appId: string) => `steam:${appId}`;
