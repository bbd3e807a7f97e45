import { aliasHandlers } from "./aliases.ts";
import { delay, echo, stop } from "./control.ts";
import { execute } from "./execute.ts";
import { httpGet, httpPost } from "./http.ts";
import { INPUT_COMMANDS } from "./input.ts";
import { launchLast } from "./last.ts";
import { MISTER_COMMANDS } from "./mister.ts";
import { controlCommand } from "./launcher-control.ts";
import { PLAYLIST_COMMANDS } from "./playlist.ts";
import { profile, profileClear } from "./profile.ts";
import { launch, launchRandom, launchSearch, launchSystem } from "./launch.ts";
import { launchTitle } from "./launch-title.ts";
import type { CommandHandler } from "./types.ts";
import { write } from "./write.ts";
import { screenshot } from "./screenshot.ts";

const BASE: Readonly<Record<string, CommandHandler>> = {
  launch,
  "launch.title": launchTitle,
  "launch.system": launchSystem,
  "launch.random": launchRandom,
  "launch.search": launchSearch,
  "launch.last": launchLast,
  profile,
  "profile.clear": profileClear,
  stop,
  delay,
  echo,
  execute,
  "http.get": httpGet,
  "http.post": httpPost,
  ...INPUT_COMMANDS,
  ...MISTER_COMMANDS,
  write,
  screenshot,
  ...PLAYLIST_COMMANDS,
  control: controlCommand(() => COMMANDS),
};

/** Every launch script command, by its lowercase name, and the reference's deprecated aliases (aliases.ts). */
export const COMMANDS: Readonly<Record<string, CommandHandler>> = { ...BASE, ...aliasHandlers(BASE) };
