import { extname } from "node:path";
import type { Clock } from "../../core/clock.ts";
import type { ChildProcessHandle, ProcessExit, Runtime } from "../../runtime/types.ts";
import { findOnPath } from "./find-on-path.ts";
import { signalAll } from "./process-signals.ts";

/** The music the background slot plays (the reference's native audio launcher takes the same kinds). */
export const AUDIO_EXTENSIONS: readonly string[] = [".mp3", ".wav", ".ogg", ".flac"];

export const isAudioFile = (path: string): boolean => AUDIO_EXTENSIONS.includes(extname(path).toLowerCase());

interface Candidate {
  bin: string;
  args(file: string, device: string): string[];
  /** The kinds it plays; every kind when absent. */
  exts?: readonly string[];
}

/** Players looked for on PATH when `[audio] music_player` is empty, in this order (first that fits the file). */
const CANDIDATES: readonly Candidate[] = [
  { bin: "mpv", args: (f) => ["--no-video", "--no-terminal", f] },
  { bin: "ffplay", args: (f) => ["-nodisp", "-autoexit", "-loglevel", "error", f] },
  { bin: "mpg123", args: (f) => ["-q", f], exts: [".mp3"] },
  { bin: "ogg123", args: (f) => ["-q", f], exts: [".ogg", ".flac"] },
  { bin: "paplay", args: (f) => [f], exts: [".wav", ".ogg", ".flac"] },
  { bin: "aplay", args: (f, d) => ["-q", ...(d ? ["-D", d] : []), f], exts: [".wav"] },
];

export const AUTO_PLAYERS: readonly string[] = CANDIDATES.map((c) => c.bin);

/**
 * The command that plays `file`: the configured template (words split on white space, `{file}` replaced by the
 * path, which is appended when no word names it), else the first installed player of the list that plays its
 * kind (`device`, the `[audio] device`, goes to aplay). Undefined when none fits.
 */
export function playerCommand(file: string, template: string, device: string, pathEnv = process.env.PATH ?? ""): string[] | undefined {
  const words = template.trim().split(/\s+/).filter((w) => w !== "");
  if (words.length > 0) {
    const argv = words.map((w) => w.replaceAll("{file}", file));
    return words.some((w) => w.includes("{file}")) ? argv : [...argv, file];
  }
  const ext = extname(file).toLowerCase();
  for (const c of CANDIDATES) {
    if (c.exts && !c.exts.includes(ext)) continue;
    const bin = findOnPath(c.bin, pathEnv);
    if (bin) return [bin, ...c.args(file, device)];
  }
  return undefined;
}

/**
 * One playing track: a player program in its own process group. Pause and resume stop and continue the group
 * (SIGSTOP / SIGCONT); stopping sends SIGTERM, then SIGKILL when it is still there after the grace period.
 */
export class AudioProcess {
  private constructor(private readonly child: ChildProcessHandle) {}

  static async start(spawn: Runtime["spawn"], argv: readonly string[]): Promise<AudioProcess> {
    return new AudioProcess(await spawn(argv, { detached: true, keepStderr: 2000 }));
  }

  get pid(): number {
    return this.child.pid;
  }

  get exited(): Promise<ProcessExit> {
    return this.child.exited;
  }

  pause(): void {
    signalAll([-this.child.pid], "SIGSTOP");
  }

  resume(): void {
    signalAll([-this.child.pid], "SIGCONT");
  }

  /** Ends the player; a paused one is continued so that it can act on SIGTERM. */
  terminate(clock: Clock, graceMs: number): void {
    this.child.kill("SIGTERM");
    this.resume();
    const timer = clock.set(() => this.child.kill("SIGKILL"), graceMs);
    this.child.exited.then(() => clock.clear(timer));
  }
}
