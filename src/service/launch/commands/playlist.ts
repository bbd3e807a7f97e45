import { looksLikeJson, nameOfPath, parseJsonList } from "../../../core/playlist/parse.ts";
import {
  goTo, type MediaSlot, newPlaylist, next, parseRepeat, parseSlot, pause, play, type Playlist, previous, shuffled,
} from "../../../core/playlist/playlist.ts";
import type { ZapCommand } from "../../../core/zapscript/index.ts";
import { log } from "../../../log.ts";
import { type CommandEnv, CommandError, type CommandHandler, type PlaylistEnv } from "./types.ts";

const logger = log.withTag("playlist");

/**
 * The reference's `playlist.*` commands. A playlist is loaded from a folder, a `.pls`/`.m3u` file or a JSON list
 * (`{"id","name","items":[{"name","zapscript"}]}`), with `?mode=shuffle`, `?repeat=off|all|one` and
 * `?slot=primary|background`. Commands without a playlist argument act on the slot named by `?slot=`, else the
 * primary playlist, else the background one.
 */

function playlists(cmd: ZapCommand, env: CommandEnv): PlaylistEnv {
  if (!env.playlists) throw new CommandError(`${cmd.name}: playlists unavailable`, true);
  return env.playlists;
}

function explicitSlot(cmd: ZapCommand): MediaSlot | undefined {
  if (!("slot" in cmd.advArgs)) return undefined;
  const s = parseSlot(cmd.advArgs.slot);
  if (s instanceof Error) throw new CommandError(`${cmd.name}: ${s.message}`);
  return s;
}

/** `?slot=`, else primary when it has a playlist, else background when that has one, else primary. */
function slotOrActive(cmd: ZapCommand, pl: PlaylistEnv): MediaSlot {
  const s = explicitSlot(cmd);
  if (s) return s;
  return !pl.get("primary") && pl.get("background") ? "background" : "primary";
}

function activeOrFail(cmd: ZapCommand, pl: PlaylistEnv, slot: MediaSlot): Playlist {
  const p = pl.get(slot);
  if (!p) throw new CommandError(`${cmd.name}: no playlist active${slot === "background" ? " in the background slot" : ""}`);
  return p;
}

function load(cmd: ZapCommand, pl: PlaylistEnv): Playlist {
  const arg = cmd.args[0]?.trim() ?? "";
  if (arg === "") throw new CommandError(`${cmd.name}: missing playlist (a folder, a .pls/.m3u file or a JSON list)`);
  const slot = explicitSlot(cmd) ?? "primary";
  const repeat = parseRepeat(cmd.advArgs.repeat);
  if (repeat instanceof Error) throw new CommandError(`${cmd.name}: ${repeat.message}`);
  const mode = (cmd.advArgs.mode ?? "").trim().toLowerCase();
  if (mode !== "" && mode !== "shuffle") throw new CommandError(`${cmd.name}: mode must be shuffle (was ${JSON.stringify(cmd.advArgs.mode)})`);
  try {
    if (looksLikeJson(arg)) {
      // as the reference: a list given in the command is never shuffled
      const list = parseJsonList(arg);
      return newPlaylist(list.id, list.name, list.items, { slot, repeat });
    }
    const { path, items } = pl.read(arg, slot);
    return newPlaylist(arg, nameOfPath(path), mode === "shuffle" ? shuffled(items, pl.random) : items, { slot, repeat });
  } catch (err) {
    if (err instanceof CommandError) throw err;
    throw new CommandError(`${cmd.name}: ${(err as Error).message}`);
  }
}

function start(cmd: ZapCommand, p: Playlist): Playlist {
  if (p.items.length === 0) throw new CommandError(`${cmd.name}: playlist ${JSON.stringify(p.name || p.id)} has no items`);
  return play(p);
}

/** `playlist.play[:<playlist>]`: loads and plays from the first item; without an argument resumes the active one. */
export const playlistPlay: CommandHandler = async (cmd, env) => {
  const pl = playlists(cmd, env);
  const hasArg = (cmd.args[0]?.trim() ?? "") !== "";
  const active = hasArg ? null : pl.get(slotOrActive(cmd, pl));
  if (!hasArg && !active) throw new CommandError(`${cmd.name}: no playlist active; name one to play`);
  await pl.set(start(cmd, active ?? load(cmd, pl)));
};

/** `playlist.load:<playlist>`: makes it the slot's playlist, paused at its first item. */
export const playlistLoad: CommandHandler = async (cmd, env) => {
  const pl = playlists(cmd, env);
  const p = load(cmd, pl);
  logger.info(`loaded playlist ${JSON.stringify(p.name)} (${p.items.length} items)`);
  await pl.set(p);
};

/**
 * `playlist.open[:<playlist>]`: makes it (or keeps the active one as) the slot's playlist, keeping the position
 * when it is the active one. The reference then shows a picker on its own screen; there is none here.
 */
export const playlistOpen: CommandHandler = async (cmd, env) => {
  const pl = playlists(cmd, env);
  if ((cmd.args[0]?.trim() ?? "") === "") {
    activeOrFail(cmd, pl, slotOrActive(cmd, pl));
    return;
  }
  let p = load(cmd, pl);
  const active = pl.get(p.slot);
  if (active && active.id === p.id) p = { ...goTo(p, active.index), playing: active.playing };
  await pl.set(p);
};

export const playlistNext: CommandHandler = async (cmd, env) => {
  const pl = playlists(cmd, env);
  await pl.set(next(activeOrFail(cmd, pl, slotOrActive(cmd, pl))));
};

export const playlistPrevious: CommandHandler = async (cmd, env) => {
  const pl = playlists(cmd, env);
  await pl.set(previous(activeOrFail(cmd, pl, slotOrActive(cmd, pl))));
};

/** `playlist.goto:<n>`: to the n-th item (1-based; clamped to the playlist). */
export const playlistGoto: CommandHandler = async (cmd, env) => {
  const pl = playlists(cmd, env);
  const active = activeOrFail(cmd, pl, slotOrActive(cmd, pl));
  const text = cmd.args[0]?.trim() ?? "";
  if (!/^[+-]?\d+$/.test(text)) throw new CommandError(`${cmd.name}: invalid index ${JSON.stringify(text)}`);
  const index = Number(text) - 1;
  if (index === active.index) {
    logger.warn(`playlist is already at item ${text}, not changing`);
    return;
  }
  await pl.set(goTo(active, index));
};

/** `playlist.stop`: clears the slot's playlist and stops the media it started. */
export const playlistStop: CommandHandler = async (cmd, env) => {
  const pl = playlists(cmd, env);
  const slot = slotOrActive(cmd, pl);
  activeOrFail(cmd, pl, slot);
  pl.clear(slot);
  if (slot === "primary") await env.active.stop();
};

/** `playlist.pause`: keeps the playlist and its position, not playing; the media it started is stopped. */
export const playlistPause: CommandHandler = async (cmd, env) => {
  const pl = playlists(cmd, env);
  const slot = slotOrActive(cmd, pl);
  await pl.set(pause(activeOrFail(cmd, pl, slot)));
  if (slot === "primary") await env.active.stop();
};

export const PLAYLIST_COMMANDS: Readonly<Record<string, CommandHandler>> = {
  "playlist.play": playlistPlay,
  "playlist.load": playlistLoad,
  "playlist.open": playlistOpen,
  "playlist.next": playlistNext,
  "playlist.previous": playlistPrevious,
  "playlist.goto": playlistGoto,
  "playlist.stop": playlistStop,
  "playlist.pause": playlistPause,
};
