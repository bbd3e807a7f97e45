import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { closeSync, constants, openSync, rmSync, writeFileSync } from "node:fs";
import { waitFor, writeFiles } from "../fixtures/launch-env.ts";
import { fifoCommands } from "../fixtures/mister-fifo.ts";
import { canMountNamespace, type MisterNamespace, startMisterNamespace } from "../fixtures/mister-ns.ts";

/**
 * `operator` on MiSTer, on the real paths in a private mount namespace (the service as platform mister, its
 * MiSTer Main FIFO at /dev/MiSTer_cmd, /tmp a private tmpfs): the reader appears once Epilogue's
 * `Scripts/Operator.sh` is on the SD card; the bridge (this test) writing `/tmp/zaparoo-operator.token`
 * launches the game; deleting or emptying it removes the token; uninstalling removes the reader.
 */
let ns: MisterNamespace;
let fifoFd: number;
const TOKEN = "/tmp/zaparoo-operator.token";

type Reader = { id: string; readerId: string; driver: string; info: string; connected: boolean; capabilities: string[] };
const readers = async () => (await ns.client.call<{ readers: Reader[] }>("readers")).readers;

async function next<T>(method: string, pred: (p: T) => boolean = () => true): Promise<T> {
  const from = ns.client.notifications.length;
  const hit = await waitFor(() => ns.client.notifications.slice(from).find((n) => n.method === method && pred(n.params as T)), method, 20_000);
  return hit.params as T;
}

describe.skipIf(!canMountNamespace)("MiSTer operator reader (Epilogue's cartridge bridge)", () => {
  beforeAll(async () => {
    ns = await startMisterNamespace([]);
    writeFiles(ns.at("/"), ["media/fat/_Console/SNES_20240101.rbf", "media/fat/games/SNES/Chrono.sfc"]);
    fifoFd = openSync(ns.at("/dev/MiSTer_cmd"), constants.O_RDWR | constants.O_NONBLOCK);
    expect(await ns.client.call("media.index")).toBeNull();
  });

  afterAll(async () => {
    if (fifoFd !== undefined) closeSync(fifoFd);
    await ns?.stop();
  });

  test("without Scripts/Operator.sh there is no operator reader; once installed it is detected on the bridge's file", async () => {
    await Bun.sleep(1500); // a reader pass or two
    expect((await readers()).filter((r) => r.driver === "operator")).toEqual([]);
    const added = next<{ driver: string; path: string; connected: boolean }>("readers.added", (p) => p.driver === "operator");
    writeFiles(ns.at("/"), ["media/fat/Scripts/Operator.sh"]);
    expect(await added).toEqual({ connected: true, driver: "operator", path: TOKEN });
    const listed = (await readers()).find((r) => r.driver === "operator")!;
    expect(listed).toMatchObject({ id: TOKEN, connected: true, capabilities: ["removable"] });
    expect(listed.readerId).toMatch(/^operator-[a-z2-7]{8}$/);
  });

  test("the bridge writing the token file launches its game; deleting it removes the token", async () => {
    fifoCommands(fifoFd);
    const added = next<{ type: string; uid: string; text: string; data: string }>("tokens.added");
    const started = next<{ mediaName: string }>("media.started");
    writeFileSync(ns.at(TOKEN), "SNES/Chrono.sfc\n");
    expect(await added).toMatchObject({ type: "file", uid: "", text: "SNES/Chrono.sfc", data: Buffer.from("SNES/Chrono.sfc").toString("hex") });
    expect((await started).mediaName).toBe("Chrono");
    expect(await waitFor(() => fifoCommands(fifoFd).find((c) => c.startsWith("load_core")), "the core load")).toBe("load_core /media/fat/.LASTLAUNCH.mgl");
    const removed = next("tokens.removed");
    rmSync(ns.at(TOKEN));
    await removed;
    expect((await ns.client.call<{ active: unknown[] }>("tokens")).active).toEqual([]);
  });

  test("an emptied token file is a removal too; uninstalling Epilogue's software removes the reader", async () => {
    const added = next<{ text: string }>("tokens.added");
    writeFileSync(ns.at(TOKEN), "**echo:cartridge");
    expect((await added).text).toBe("**echo:cartridge");
    const removed = next("tokens.removed");
    writeFileSync(ns.at(TOKEN), "");
    await removed;
    const gone = next<{ driver: string; connected: boolean }>("readers.removed", (p) => p.driver === "operator");
    rmSync(ns.at("/media/fat/Scripts/Operator.sh"));
    expect(await gone).toMatchObject({ driver: "operator", connected: false });
  });
});
