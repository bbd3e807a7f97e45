import { closeSync, existsSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync, writeSync } from "node:fs";
import { basename, dirname, extname, join, resolve, sep } from "node:path";
import { DomainError } from "../../core/errors.ts";
import type { ChildProcessHandle } from "../../runtime/types.ts";
import type { Spawn } from "../shared/process-media.ts";
import { runMisterScript, showMisterScript } from "./commands-script.ts";
import { type ConsolePaths, DEFAULT_CONSOLE_PATHS, MisterConsole } from "./console.ts";
import { hasControlChars } from "./mgl.ts";
import { MENU_CORE } from "./tracker-state.ts";

/** Where the MiSTer commands act; tests point these at a temp SD card, /tmp folder, FIFO and memory file. */
export interface MisterCommandPaths {
  sdRoot: string;
  cmdPath: string;
  /** MiSTer Main's CORENAME file (`/tmp/CORENAME`). */
  coreNamePath: string;
  /** Physical memory (`/dev/mem`): MiSTer Main reads the INI switch from its shared page there. */
  memPath?: string;
  /** The console's terminals, sysfs switches and programs (tests: a fake MiSTer root); cmd and tmp come from above. */
  console?: Partial<ConsolePaths>;
}

/** MiSTer Main's shared page (0x1FFFF000) + 0xF04: a 3-byte tag then the INI index (0-3). */
const INI_SWITCH_OFFSET = 0x1fffff04;
const INI_SWITCH_TAG = [0x34, 0x99, 0xba];
const MENU_CFG_WALLPAPER = 2;

const failed = (message: string) => new DomainError("failed", message);

/**
 * The MiSTer-only launch script commands (`mister.ini`, `mister.core`, `mister.mgl`, `mister.wallpaper`,
 * `mister.script`) and the
 * return to the menu, done the way the reference does them: MGL files and `load_core` lines on MiSTer Main's
 * command FIFO, the INI switch in its shared memory, the wallpaper as a `menu.png`/`menu.jpg` symlink.
 */
export class MisterCommands {
  private readonly consolePaths: ConsolePaths;
  private readonly console: MisterConsole;
  /**
   * The script shown on the console while it runs (`stop` ends it); in a holder object because callers may wrap
   * this instance (`Object.create`), and what one wrapper starts another must see.
   */
  private readonly shown: { child: ChildProcessHandle | null } = { child: null };

  constructor(
    private readonly paths: MisterCommandPaths,
    private readonly spawn: Spawn,
  ) {
    this.consolePaths = { ...DEFAULT_CONSOLE_PATHS, ...paths.console, cmdPath: paths.cmdPath, tmpDir: dirname(paths.coreNamePath) };
    this.console = new MisterConsole(this.consolePaths, spawn);
  }

  /**
   * `mister.script:<name>.sh args`: on MiSTer's console (tty2), or with `hidden` in the background, waiting for it
   * (see commands-script.ts). `pressKey` is the virtual keyboard, for F9/F12 when MiSTer Main has no console lease.
   */
  async script(line: string, o: { hidden: boolean; signal?: AbortSignal; pressKey?: (key: string) => Promise<void> }): Promise<void> {
    if (o.hidden) return runMisterScript({ sdRoot: this.paths.sdRoot, line, spawn: this.spawn, signal: o.signal });
    this.console.pressKey = o.pressKey;
    const child = await showMisterScript({ sdRoot: this.paths.sdRoot, line, paths: this.consolePaths, console: this.console, spawn: this.spawn, menu: () => this.menu(), signal: o.signal });
    const shown = this.shown;
    shown.child = child;
    void child.exited.finally(() => {
      if (shown.child === child) shown.child = null;
    });
  }

  /** `load_core menu.rbf`: MiSTer Main finds the menu core itself. */
  menu(): void {
    this.command("load_core menu.rbf");
  }

  /** `mister.core:<rbf path>`: loads a core by its path on the SD card (e.g. `_Console/SNES`), no game. */
  core(rbf: string): void {
    if (hasControlChars(rbf) || /[<>&"]/.test(rbf)) throw failed(`invalid core path ${JSON.stringify(rbf)}`);
    this.loadMgl(`<mistergamedescription>\n\t<rbf>${rbf}</rbf>\n</mistergamedescription>\n`);
  }

  /** `mister.mgl:<MGL text>`: loads the MGL given in full. */
  mgl(text: string): void {
    if (!text.includes("<mistergamedescription")) throw failed("not an MGL (no <mistergamedescription>)");
    this.loadMgl(text);
  }

  /** The INI files MiSTer's menu offers, in its order: MiSTer.ini ("Main"), then up to 3 `MiSTer_*.ini`. */
  iniFiles(): string[] {
    const names = readdirSync(this.paths.sdRoot, { withFileTypes: true })
      .filter((d) => !d.isDirectory() && extname(d.name).toLowerCase() === ".ini")
      .map((d) => d.name)
      .sort();
    const list: string[] = [];
    for (const n of names) {
      const lower = n.toLowerCase();
      if (lower === "mister.ini") list.push(n);
      else if (lower.startsWith("mister_") && list.length < 4) list.push(n);
    }
    return list;
  }

  /**
   * `mister.ini:<1-4>`: selects the n-th INI in MiSTer Main's shared memory, then (`reload`: as the reference,
   * when no command follows in the script) loads the menu so it applies, over a running core too.
   */
  ini(arg: string, reload = true): void {
    const inis = this.iniFiles();
    if (inis.length === 0) throw failed(`no MiSTer INI files in ${this.paths.sdRoot}`);
    const id = Number(arg);
    if (!/^\d+$/.test(arg) || id < 1 || id > Math.min(inis.length, 4)) throw failed(`INI number out of range: ${JSON.stringify(arg)} (1-${Math.min(inis.length, 4)})`);
    const fd = openSync(this.paths.memPath ?? "/dev/mem", "r+");
    try {
      writeSync(fd, Uint8Array.from([...INI_SWITCH_TAG, id - 1]), 0, 4, INI_SWITCH_OFFSET);
    } finally {
      closeSync(fd);
    }
    if (reload) this.menu();
  }

  /**
   * `mister.wallpaper:<file>`: links `<sd>/wallpapers/<file>` (.png or .jpg) as the menu's `menu.png`/`menu.jpg`
   * (a real file there is kept: moved into the wallpapers folder) and sets MENU.CFG's background to wallpaper;
   * no argument removes the link. The menu reloads if it is showing.
   */
  wallpaper(name: string): void {
    const sd = this.paths.sdRoot;
    const dir = join(sd, "wallpapers");
    if (name === "") {
      for (const n of ["menu.png", "menu.jpg"]) if (isSymlink(join(sd, n))) rmSync(join(sd, n));
      return this.menuIfShowing();
    }
    const ext = extname(name).toLowerCase();
    if (ext !== ".png" && ext !== ".jpg") throw failed(`unsupported wallpaper format ${JSON.stringify(ext)}, must be .png or .jpg`);
    const target = resolve(dir, name);
    if (!target.startsWith(dir + sep)) throw failed(`invalid wallpaper file name ${JSON.stringify(name)}`);
    if (!existsSync(target)) throw failed(`wallpaper file not found: ${name}`);
    for (const n of ["menu.png", "menu.jpg"]) {
      const p = join(sd, n);
      if (isSymlink(p)) rmSync(p);
      else if (existsSync(p)) {
        mkdirSync(dir, { recursive: true });
        renameSync(p, join(dir, `${basename(n, extname(n))}_${Math.floor(Date.now() / 1000)}${extname(n)}`));
      }
    }
    symlinkSync(target, join(sd, `menu${ext}`));
    const cfg = join(sd, "config", "MENU.CFG");
    mkdirSync(join(sd, "config"), { recursive: true });
    const data = existsSync(cfg) ? new Uint8Array(readFileSync(cfg)) : new Uint8Array(1);
    const out = data.length ? data : new Uint8Array(1);
    out[0] = MENU_CFG_WALLPAPER;
    writeFileSync(cfg, out);
    this.menuIfShowing();
  }

  /**
   * `stop` (and `launch.system:menu`) when no media we follow runs: ends a script shown on the console (its whole
   * session; the console goes back to MiSTer Main), else loads the menu core, as the reference does, even over the
   * menu (which reloads it).
   */
  leaveCore(): void {
    if (this.shown.child) {
      this.shown.child.kill("SIGTERM");
      return;
    }
    this.menu();
  }

  private runningCore(): string {
    try {
      return readFileSync(this.paths.coreNamePath, "utf8").trim();
    } catch {
      return "";
    }
  }

  private menuIfShowing(): void {
    if (this.runningCore() === MENU_CORE) this.menu();
  }

  private loadMgl(text: string): void {
    const path = join(this.paths.sdRoot, ".LASTLAUNCH.mgl");
    writeFileSync(path, text);
    this.command(`load_core ${path}`);
  }

  /** One line to MiSTer Main's FIFO, opened read-write so the open never blocks. */
  private command(line: string): void {
    if (!existsSync(this.paths.cmdPath)) throw new DomainError("unavailable", `MiSTer command interface ${this.paths.cmdPath} not found (is MiSTer Main running?)`);
    const fd = openSync(this.paths.cmdPath, "r+");
    try {
      writeSync(fd, `${line}\n`);
    } finally {
      closeSync(fd);
    }
  }
}

function isSymlink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}
