/** What Batocera's `GET /runningGame` says, parsed (pure). */
export interface EsRunningGame {
  id: string;
  path: string;
  name: string;
  systemName: string;
}

/** The idle reply's message. */
export const NO_GAME_RUNNING = "NO GAME RUNNING";

/**
 * Parses a `/runningGame` reply: `{"msg":"NO GAME RUNNING"}` when idle, otherwise an object of strings about
 * the game, which counts when any of id/path/name/systemName is set. Anything else is an error (the caller
 * reports it as the API misbehaving).
 */
export function parseRunningGame(text: string): EsRunningGame | null {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    throw new Error(`not JSON: ${text.slice(0, 80)}`);
  }
  if (typeof v !== "object" || v === null || Array.isArray(v)) throw new Error("not a JSON object");
  const o = v as Record<string, unknown>;
  const str = (k: string) => (typeof o[k] === "string" ? (o[k] as string) : "");
  if (str("msg") === NO_GAME_RUNNING) return null;
  const game = { id: str("id"), path: str("path"), name: str("name"), systemName: str("systemName") };
  if (!game.id && !game.path && !game.name && !game.systemName) return null;
  return game;
}
