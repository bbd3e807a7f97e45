import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { bunRuntime } from "../../src/runtime/bun/index.ts";
import type { UinputDevice, UinputDeviceSetup } from "../../src/runtime/types.ts";
import { writeFiles } from "../fixtures/launch-env.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { type MisterCard, misterCard } from "../fixtures/mister-card.ts";
import { startService, tempDir, type TestService } from "../fixtures/service.ts";
import { type RecordedDevice, RecordingUinput } from "../fakes/uinput.ts";

/**
 * `mister.script` shown on MiSTer's console, against a fake MiSTer root: a FIFO for /dev/MiSTer_cmd read by a
 * fake MiSTer Main (it answers the console lease and `load_core menu.rbf` as Main would), recording `chvt` and
 * `agetty` programs (agetty really runs the launcher it is given), terminals and sysfs switches as plain files,
 * and a recording virtual keyboard that shows terminal 1 on F9 (MiSTer Main without the lease).
 */
let sd: string;
let tmp: string;
let root: string;
let card: MisterCard;
let svc: TestService;
let c: RpcClient;
let main: ReturnType<typeof setInterval>;
const seen: string[] = [];
let leaseOffered = true;
const KEY_F9 = 67;
const KEY_F12 = 88;
const keys: number[] = [];

type Entry = { success: boolean; trace?: { reason?: string; error?: string } };

/** The fake MiSTer Main: reads the FIFO, records each line, answers lease commands and menu loads. */
function mainTick(): void {
  for (const line of card.commands()) {
    seen.push(line);
    const w = line.split(" ");
    if (w[0] === "zaparoo_console" && leaseOffered) writeFileSync(join(tmp, "zaparoo_console_state"), `1 ${process.pid} ${w[1] === "acquire" ? "acquired" : "released"} ${w[2]}\n`);
    if (line === "load_core menu.rbf") writeFileSync(join(tmp, "CORENAME"), "MENU");
  }
}

/** A virtual keyboard that records keys; F9 makes terminal 1 the active one, as MiSTer Main does. */
class ConsoleKeyboard extends RecordingUinput {
  override create(setup: UinputDeviceSetup): UinputDevice {
    const d = super.create(setup) as RecordedDevice;
    const write = d.write.bind(d);
    let done = 0;
    d.write = (records: Uint8Array) => {
      write(records);
      const all = d.keys();
      const fresh = all.slice(done);
      done = all.length;
      for (const k of fresh) {
        if (!k.key.startsWith("+")) continue;
        const code = Number(k.key.slice(1));
        keys.push(code);
        if (code === KEY_F9) writeFileSync(join(root, "active"), "tty1\n");
      }
    };
    return d;
  }
}

async function run(client: RpcClient, text: string): Promise<Entry> {
  const before = ((await client.call("tokens.history")) as { entries: Entry[] }).entries.length;
  await client.call("run", { text });
  for (;;) {
    const { entries } = (await client.call("tokens.history")) as { entries: Entry[] };
    if (entries.length > before) return entries[0]!;
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function until(what: () => boolean): Promise<void> {
  while (!what()) await new Promise((r) => setTimeout(r, 20));
}

const log = () => (existsSync(join(root, "log")) ? readFileSync(join(root, "log"), "utf8").trim().split("\n") : []);

beforeAll(async () => {
  card = misterCard();
  ({ sd, tmp } = card);
  root = tempDir("tapserve-root-");
  writeFiles(sd, ["MiSTer.ini", "Scripts/.keep"]);
  writeFiles(root, ["dev/tty1", "dev/tty2", "cursor_blink"]);
  const out = join(tmp, "script-out");
  writeFileSync(join(sd, "Scripts/show.sh"), `#!/bin/sh\nprintf '%s|' "$(pwd)" "$ZAPAROO_RUN_SCRIPT" "$HOME" "$@" > ${out}\nwhile [ -e ${join(tmp, "hold")} ]; do sleep 0.05; done\n`, { mode: 0o755 });
  const rec = join(root, "log");
  writeFileSync(join(root, "chvt"), `#!/bin/sh\necho "chvt $*" >> ${rec}\necho "tty$1" > ${join(root, "active")}\n`, { mode: 0o755 });
  // agetty -a root -l <launcher> --nohostname -L <tty> linux: records, then runs the launcher as agetty would
  writeFileSync(join(root, "agetty"), `#!/bin/sh\necho "agetty $*" >> ${rec}\n/bin/bash "$4"\necho "agetty ended" >> ${rec}\n`, { mode: 0o755 });
  main = setInterval(mainTick, 5);
  const console = { devDir: join(root, "dev"), ttyActivePath: join(root, "active"), cursorBlinkPath: join(root, "cursor_blink"), procRoot: "/proc", chvt: join(root, "chvt"), agetty: join(root, "agetty") };
  svc = await startService({
    app: { platform: { mister: card.paths, misterConsole: console }, runtime: { ...bunRuntime, uinput: new ConsoleKeyboard().load } },
  });
  c = await svc.connect();
});

afterAll(async () => {
  clearInterval(main);
  await svc.stop();
  card.remove();
  rmSync(root, { recursive: true, force: true });
});

beforeEach(() => {
  seen.length = 0;
  keys.length = 0;
  rmSync(join(root, "log"), { force: true });
  rmSync(join(tmp, "script-out"), { force: true });
  writeFileSync(join(root, "active"), "tty3\n");
});

describe("mister.script on MiSTer's console", () => {
  test("over a running core: back to the menu, console lease from MiSTer Main, tty2, the script through agetty, console given back", async () => {
    leaseOffered = true;
    writeFileSync(join(tmp, "zaparoo_console_state"), `1 ${process.pid} released none\n`);
    writeFileSync(join(tmp, "CORENAME"), "SNES");
    expect((await run(c, '**mister.script:show.sh one "two words"')).success).toBe(true);
    await until(() => seen.some((l) => l.startsWith("zaparoo_console release")));
    const nonce = seen[1]!.split(" ")[2]!;
    expect(nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(seen).toEqual(["load_core menu.rbf", `zaparoo_console acquire ${nonce} 2`, `zaparoo_console release ${nonce}`]);
    const launcher = join(tmp, "script");
    expect(log()).toEqual(["chvt 2", `agetty -a root -l ${launcher} --nohostname -L tty2 linux`, "agetty ended"]);
    expect(readFileSync(join(tmp, "script-out"), "utf8")).toBe(`${join(sd, "Scripts")}|1|/root|one|two words|`);
    expect(readFileSync(launcher, "utf8")).toStartWith("#!/bin/bash\nexport LC_ALL='en_US.UTF-8'\n");
    // the terminal was cleared with its cursor hidden, and the cursor shown again when the console went back
    expect(readFileSync(join(root, "dev/tty2"), "utf8")).toBe("\x1b[?25h");
    expect(readFileSync(join(root, "cursor_blink"), "utf8")).toBe("1");
    expect(keys).toEqual([]);
  });

  test("without the lease: F9 until terminal 1 shows, chvt 2, F12 after the script; one script at a time", async () => {
    leaseOffered = false;
    rmSync(join(tmp, "zaparoo_console_state"), { force: true });
    writeFileSync(join(tmp, "CORENAME"), "MENU");
    writeFileSync(join(tmp, "hold"), "");
    expect((await run(c, "**mister.script:show.sh")).success).toBe(true);
    await until(() => existsSync(join(tmp, "script-out")));
    const busy = await run(c, "**mister.script:show.sh");
    expect(busy.success).toBe(false);
    expect(busy.trace?.error).toContain("a script is already running");
    rmSync(join(tmp, "hold"));
    await until(() => keys.includes(KEY_F12));
    // from the menu chvt wakes the terminals first; F9 shows terminal 1, then chvt to the script's
    expect(log().filter((l) => l.startsWith("chvt"))).toEqual(["chvt 2", "chvt 2", "chvt 2"]);
    expect(keys[0]).toBe(KEY_F9);
    expect(keys.at(-1)).toBe(KEY_F12);
    expect(seen).toEqual([]);
  });

  test("stop ends a script shown on the console and gives the screen back", async () => {
    leaseOffered = true;
    writeFileSync(join(tmp, "zaparoo_console_state"), `1 ${process.pid} released none\n`);
    writeFileSync(join(tmp, "CORENAME"), "MENU");
    writeFileSync(join(tmp, "hold"), "");
    expect((await run(c, "**mister.script:show.sh")).success).toBe(true);
    await until(() => existsSync(join(tmp, "script-out")));
    expect((await run(c, "**stop")).success).toBe(true);
    await until(() => seen.some((l) => l.startsWith("zaparoo_console release")));
    expect(seen.filter((l) => l === "load_core menu.rbf")).toEqual([]); // the menu was showing: not reloaded
    expect(log()).not.toContain("agetty ended"); // the whole session ended, agetty with it
    rmSync(join(tmp, "hold"));
    // the next script may run at once
    rmSync(join(tmp, "script-out"));
    expect((await run(c, "**mister.script:show.sh")).success).toBe(true);
    await until(() => seen.filter((l) => l.startsWith("zaparoo_console release")).length === 2);
  });

  test("a script outside Scripts, or missing, is refused before the console is touched", async () => {
    for (const bad of ["../MiSTer.ini", "missing.sh", "record"]) {
      const e = await run(c, `**mister.script:${bad}`);
      expect(e.success).toBe(false);
    }
    expect(seen).toEqual([]);
    expect(log()).toEqual([]);
  });
});
