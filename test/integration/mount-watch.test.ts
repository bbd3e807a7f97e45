/**
 * The runtime's mount-table notification: a real FUSE mount and unmount (fusefat) must reach the callback,
 * through Bun's poll(2) watcher and through the re-read fallback the Node runtime uses.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { bunRuntime } from "../../src/runtime/bun/index.ts";
import { pollMountTable } from "../../src/runtime/mount-watch.ts";
import { FatDrive } from "../fixtures/fat-drive.ts";
import { waitFor } from "../fixtures/launch-env.ts";
import { tempDir } from "../fixtures/service.ts";

let root: string;
let drive: FatDrive;

beforeAll(() => {
  root = tempDir("tapserve-mountwatch-");
  drive = FatDrive.create(join(root, "stick.img"), "STICK", {});
});

afterAll(() => {
  drive.unmount();
  rmSync(root, { recursive: true, force: true });
});

const mountPoint = () => join(root, "mnt");
const mounted = (text: string) => text.includes(` ${mountPoint()} `);
const table = () => Bun.file("/proc/self/mountinfo").text();

async function seesMountAndUnmount(watch: (onChange: () => void) => { close(): Promise<void> }): Promise<void> {
  let changes = 0;
  const w = watch(() => changes++);
  try {
    await new Promise((r) => setTimeout(r, 100)); // let the watcher settle on the current table
    const before = changes;
    drive.mount(mountPoint());
    await waitFor(() => changes > before, "a change after mounting");
    expect(mounted(await table())).toBe(true);
    const afterMount = changes;
    drive.unmount();
    await waitFor(() => changes > afterMount, "a change after unmounting");
    expect(mounted(await table())).toBe(false);
  } finally {
    await w.close();
  }
}

describe("mount table watch", () => {
  test("Bun: poll(2) on /proc/self/mountinfo reports a mount and an unmount", async () => {
    await seesMountAndUnmount((cb) => bunRuntime.watchMounts!("/proc/self/mountinfo", cb));
  });

  test("fallback (Node): re-reading the table reports a mount and an unmount", async () => {
    await seesMountAndUnmount((cb) => pollMountTable("/proc/self/mountinfo", cb, 50));
  });

  test("closing stops the callbacks", async () => {
    let changes = 0;
    const w = bunRuntime.watchMounts!("/proc/self/mountinfo", () => changes++);
    await new Promise((r) => setTimeout(r, 100));
    await w.close();
    drive.mount(mountPoint());
    drive.unmount();
    // a second watcher sees the next change; the closed one saw none
    await seesMountAndUnmount((cb) => bunRuntime.watchMounts!("/proc/self/mountinfo", cb));
    expect(changes).toBe(0);
  });
});
