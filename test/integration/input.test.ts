import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { HistoryEntry } from "../../src/core/wire/index.ts";
import { bunRuntime } from "../../src/runtime/bun/index.ts";
import { InputService } from "../../src/service/input/input-service.ts";
import { ManualClock, settle } from "../fakes/clock.ts";
import { RecordingUinput } from "../fakes/uinput.ts";
import { launchAndWait } from "../fixtures/launch-and-wait.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { startService, type TestService } from "../fixtures/service.ts";

/**
 * Remote input as the phone app drives it (`input.keyboard {keys}`, `input.gamepad {buttons}`) and the input
 * commands of launch scripts, against the real service with a recording uinput below the runtime seam and a
 * manual clock: the exact input_event records, their order, and the reference's 40 ms press / 100 ms gap.
 */
let svc: TestService;
let client: RpcClient;
let clock: ManualClock;
let uinput: RecordingUinput;

/** Lets the clock run until the promise settles (the service waits between keys on the injected clock). */
async function drive<T>(p: Promise<T>): Promise<T> {
  let done = false;
  p.then(
    () => (done = true),
    () => (done = true),
  );
  for (let i = 0; i < 20_000 && !done; i++) {
    await clock.advance(10);
    await settle();
  }
  return p;
}

const keyboard = () => uinput.device(/keyboard/)!;
/** Key changes of the last call, with times relative to its first. */
function lastKeys(device = keyboard(), from = 0) {
  const keys = device.keys().slice(from);
  return keys.map((k) => `${k.key}@${k.at - keys[0]!.at}`);
}

beforeAll(async () => {
  clock = new ManualClock(1_000_000);
  uinput = new RecordingUinput(24, clock.now);
  // scripts may press plain keys here (the default on a desktop Linux is named keys and combos only)
  svc = await startService({ configToml: '[zapscript.input]\nmode = "unrestricted"\n', app: { clock, runtime: { ...bunRuntime, uinput: uinput.load } } });
  client = await svc.connect();
});

afterAll(async () => {
  await svc.stop();
});

describe("input.keyboard (the phone app's remote keyboard)", () => {
  test("text with a shifted letter and {enter}: one virtual keyboard, each change an EV_KEY record and a SYN_REPORT", async () => {
    expect(await drive(client.call("input.keyboard", { keys: "Hi{enter}" }))).toBeNull();
    expect(uinput.devices).toHaveLength(1);
    expect(keyboard().setup).toMatchObject({ name: "tapserve keyboard", bustype: 3 });
    expect(keyboard().setup.keys).toEqual(Array.from({ length: 248 }, (_, i) => i + 1));
    for (const w of keyboard().writes) expect(w.bytes.length).toBe(48); // two 24-byte records per write
    expect(keyboard().events().slice(0, 2)).toEqual([{ type: 1, code: 42, value: 1 }, { type: 0, code: 0, value: 0 }]);
    expect(lastKeys()).toEqual(["+42@0", "+35@0", "-35@40", "-42@140", "+23@140", "-23@180", "+28@280", "-28@320"]);
  });

  test("a combo: all down in order, released in reverse after 40 ms; the keyboard is kept", async () => {
    const from = keyboard().keys().length;
    await drive(client.call("input.keyboard", { keys: "{ctrl+alt+del}" }));
    expect(lastKeys(keyboard(), from)).toEqual(["+29@0", "+56@0", "+111@0", "-111@40", "-56@40", "-29@40"]);
    expect(uinput.devices).toHaveLength(1);
  });

  test("the app's buttons: {esc}, {f12}, escaped braces", async () => {
    const from = keyboard().keys().length;
    await drive(client.call("input.keyboard", { keys: "{esc}" }));
    await drive(client.call("input.keyboard", { keys: "{f12}" }));
    await drive(client.call("input.keyboard", { keys: "\\{" }));
    expect(keyboard().keys().slice(from).map((k) => k.key)).toEqual(["+1", "-1", "+88", "-88", "+42", "+26", "-26", "-42"]);
  });

  test("a run of shifted characters shares one Shift press", async () => {
    const from = keyboard().keys().length;
    await drive(client.call("input.keyboard", { keys: "OK!" }));
    expect(lastKeys(keyboard(), from)).toEqual(["+42@0", "+24@0", "-24@40", "+37@140", "-37@180", "+2@280", "-2@320", "-42@420"]);
  });

  test("two calls at once run one after the other, never interleaved", async () => {
    const from = keyboard().keys().length;
    await drive(Promise.all([client.call("input.keyboard", { keys: "ab" }), client.call("input.keyboard", { keys: "cd" })]));
    expect(keyboard().keys().slice(from).map((k) => k.key)).toEqual(["+30", "-30", "+48", "-48", "+46", "-46", "+32", "-32"]);
  });

  test("an unknown key or a bad macro is -32602 and nothing is pressed", async () => {
    const before = keyboard().writes.length;
    for (const keys of ["a{nosuch}", "{enter", "{a*5000}{a*5000}"]) {
      const r = await client.request("input.keyboard", { keys });
      expect(r.error?.code).toBe(-32602);
    }
    expect((await client.request("input.keyboard", { key: "a" })).error?.code).toBe(-32602);
    expect((await client.request("input.keyboard", { keys: "a{nosuch}" })).error?.message).toContain("unknown keyboard key: {nosuch}");
    expect(keyboard().writes.length).toBe(before);
  });
});

describe("input.gamepad", () => {
  test("a second virtual device, the gamepad, made on first use: d-pad, face buttons, start", async () => {
    await drive(client.call("input.gamepad", { buttons: "^B{start}" }));
    const pad = uinput.device(/gamepad/)!;
    expect(uinput.devices).toHaveLength(2);
    expect(pad.setup).toMatchObject({ name: "tapserve gamepad", vendor: 0x1234, product: 0x5678 });
    expect(pad.setup.keys).toEqual(expect.arrayContaining([0x130, 0x131, 0x13b, 0x220, 0x223]));
    expect(lastKeys(pad)).toEqual(["+544@0", "-544@40", "+304@140", "-304@180", "+315@280", "-315@320"]);
  });

  test("an unknown button is -32602", async () => {
    expect((await client.request("input.gamepad", { buttons: "Q" })).error).toMatchObject({ code: -32602, message: expect.stringContaining("unknown gamepad button: Q") });
  });
});

describe("launch-script input commands use the same devices", () => {
  async function run(text: string): Promise<HistoryEntry> {
    const before = svc.app.running().launch.history().length;
    expect(await client.call("launch", { text })).toBeNull();
    await drive(
      (async () => {
        while (svc.app.running().launch.history().length === before) await settle();
      })(),
    );
    return svc.app.running().launch.history(1)[0]!;
  }

  test("input.keyboard with ?speed, input.text, coins and the old key command", async () => {
    const from = keyboard().keys().length;
    const entry = await run("**input.keyboard:ab?speed=10||**input.text:Yo||**input.coinp1:2||**coinp2||**key:30||**input.key:-30");
    expect(entry).toMatchObject({ success: true, error: "" });
    const keys = keyboard().keys().slice(from);
    expect(keys.map((k) => k.key)).toEqual([
      "+30", "-30", "+48", "-48", // ab
      "+42", "+21", "-21", "-42", "+24", "-24", // Yo
      "+6", "-6", "+6", "-6", // two coins for player 1 (key 5)
      "+7", "-7", // one for player 2 (key 6)
      "+30", "-30", // key:30
      "+42", "+30", "-30", "-42", // key:-30 (A)
    ]);
    expect(keys[2]!.at - keys[1]!.at).toBe(10); // ?speed=10 between a and b
  });

  test("input.gamepad in a script; a bad button fails the script with the reason", async () => {
    expect(await run("**input.gamepad:{l1}{r2}")).toMatchObject({ success: true });
    expect(await run("**input.gamepad:Q")).toMatchObject({ success: false, error: expect.stringContaining("unknown gamepad button") });
    expect(await run("**input.coinp3:100")).toMatchObject({ success: false, error: expect.stringContaining("between 0 and 99") });
  });
});

describe("where no virtual device can be made", () => {
  test("screenshot off MiSTer: 1005", async () => {
    const r = await client.request("screenshot");
    expect(r.error).toMatchObject({ code: 1005, message: expect.stringContaining("not supported on this platform") });
  });

  test("the real runtime on this machine (no /dev/uinput): 1005 with the reason, for the API and for scripts", async () => {
    const real = await startService();
    try {
      const c = await real.connect();
      const r = await c.request("input.keyboard", { keys: "{esc}" });
      expect(r.error?.code).toBe(1005);
      if (!existsSync("/dev/uinput")) expect(r.error?.message).toContain("/dev/uinput does not exist");
      expect((await c.request("input.gamepad", { buttons: "A" })).error?.code).toBe(1005);
      // a launch script on a desktop Linux, with no zapscript.input config: named keys only, console switching blocked
      expect(await launchAndWait(c, "**input.keyboard:{f1}")).toMatchObject({ success: false });
      expect(real.app.running().launch.history(1)[0]!.error).toContain("not supported");
      await launchAndWait(c, "**input.keyboard:a");
      expect(real.app.running().launch.history(1)[0]!.error).toContain("input key not allowed: a");
      await launchAndWait(c, "**input.keyboard:{alt+f4}");
      expect(real.app.running().launch.history(1)[0]!.error).toContain("input key blocked: {alt+f4}");
    } finally {
      await real.stop();
    }
  });

  test("a path that is not a uinput device: the real ioctl refuses, 1005 says which call and why", async () => {
    const real = await startService();
    const notUinput = join(real.dataDir, "not-uinput");
    writeFileSync(notUinput, "");
    process.env.TAPSERVE_UINPUT_PATH = notUinput;
    try {
      const c = await real.connect();
      const r = await c.request("input.keyboard", { keys: "a" });
      expect(r.error).toMatchObject({ code: 1005, message: expect.stringContaining("ioctl UI_SET_EVBIT failed (ENOTTY)") });
    } finally {
      delete process.env.TAPSERVE_UINPUT_PATH;
      await real.stop();
    }
  });

  test("a runtime that cannot create devices (Node: no ioctl) and a device that cannot be opened: 1005", async () => {
    const node = new InputService({ runtime: { name: "node", uinput: () => ({ ok: false, reason: "the Node runtime cannot create uinput devices (no ioctl)" }) }, clock, platform: "mister" });
    await expect(node.keyboardMacro("a")).rejects.toMatchObject({ kind: "unsupported", message: expect.stringContaining("Node runtime cannot create uinput devices") });
    const denied = new RecordingUinput();
    denied.failWith = "/dev/uinput is not writable by the service (EACCES)";
    const svc2 = new InputService({ runtime: { name: "bun", uinput: denied.load }, clock, platform: "linux" });
    await expect(svc2.keyboardMacro("a")).rejects.toMatchObject({ kind: "unsupported", message: expect.stringContaining("EACCES") });
  });

  test("on 32-bit ARM the records are 16 bytes", async () => {
    const arm = new RecordingUinput(16, clock.now);
    const input = new InputService({ runtime: { name: "bun", uinput: arm.load }, clock, platform: "mister" });
    await drive(input.keyboardMacro("a"));
    expect(arm.devices[0]!.writes.map((w) => w.bytes.length)).toEqual([32, 32]);
    expect(arm.devices[0]!.events()).toEqual([
      { type: 1, code: 30, value: 1 }, { type: 0, code: 0, value: 0 },
      { type: 1, code: 30, value: 0 }, { type: 0, code: 0, value: 0 },
    ]);
    input.stop();
    expect(arm.devices[0]!.closed).toBe(true);
  });
});
