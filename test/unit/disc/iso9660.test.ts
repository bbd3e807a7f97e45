import { describe, expect, test } from "bun:test";
import { dateUuid, discTokenId, isTokenFileName, readDiscIdentity, SECTOR, volumeLabel } from "../../../src/core/disc/iso9660.ts";

const enc = (s: string) => new TextEncoder().encode(s);

function dirRecord(name: string, extent: number, length: number, flags = 0): Uint8Array {
  const id = name === "\0" ? new Uint8Array([0]) : enc(name);
  const len = 33 + id.length + ((33 + id.length) % 2);
  const r = new Uint8Array(len);
  const v = new DataView(r.buffer);
  r[0] = len;
  v.setUint32(2, extent, true);
  v.setUint32(6, extent, false);
  v.setUint32(10, length, true);
  v.setUint32(14, length, false);
  r[25] = flags;
  r[32] = id.length;
  r.set(id, 33);
  return r;
}

/** A minimal image: system area, PVD at sector 16, terminator at 17, root directory at 20, files after it. */
function image(opts: { label?: string; modified?: string; created?: string; files?: Array<{ name: string; data: Uint8Array; flags?: number }>; noTerminator?: boolean } = {}): Uint8Array {
  const files = opts.files ?? [];
  const img = new Uint8Array(SECTOR * (22 + files.length * 2));
  const pvd = img.subarray(16 * SECTOR, 17 * SECTOR);
  pvd[0] = 1;
  pvd.set(enc("CD001"), 1);
  pvd[6] = 1;
  pvd.set(enc((opts.label ?? "").padEnd(32, " ")), 40);
  const date = (at: number, d: string | undefined) => {
    pvd.set(enc(d ?? "0000000000000000"), at);
    pvd[at + 16] = d ? 4 : 0;
  };
  date(813, opts.created);
  date(830, opts.modified);
  const records = [dirRecord("\0", 20, SECTOR, 2), dirRecord("\x01", 20, SECTOR, 2)];
  files.forEach((f, i) => {
    const extent = 21 + i * 2;
    records.push(dirRecord(f.name, extent, f.data.length, f.flags ?? 0));
    img.set(f.data.subarray(0, SECTOR * 2), extent * SECTOR);
  });
  pvd.set(records[0]!, 156);
  let at = 20 * SECTOR;
  for (const r of records) {
    img.set(r, at);
    at += r.length;
  }
  if (!opts.noTerminator) {
    img[17 * SECTOR] = 0xff;
    img.set(enc("CD001"), 17 * SECTOR + 1);
  }
  return img;
}

const reader = (img: Uint8Array) => async (offset: number, length: number) => img.slice(offset, offset + length);

describe("ISO 9660 identity", () => {
  test("label, UUID from the modification date, and zaparoo.txt from the root", async () => {
    const text = enc("Genesis/Sonic.md\n");
    const id = await readDiscIdentity(reader(image({ label: "SONIC", modified: "2024010203040500", created: "1999123123595999", files: [{ name: "OTHER.BIN;1", data: enc("x") }, { name: "ZAPAROO.TXT;1", data: text }] })));
    expect(id).toEqual({ uuid: "2024-01-02-03-04-05-00", label: "SONIC", tokenFile: { state: "present", data: text } });
  });

  test("the creation date when the modification date is unset; no zaparoo.txt is absent", async () => {
    const id = await readDiscIdentity(reader(image({ label: "A", created: "1999123123595999" })));
    expect(id).toEqual({ uuid: "1999-12-31-23-59-59-99", label: "A", tokenFile: { state: "absent", data: new Uint8Array() } });
    expect((await readDiscIdentity(reader(image({ label: "A" }))))?.uuid).toBe("");
  });

  test("a directory named zaparoo.txt or a huge one counts as present without text", async () => {
    const dir = await readDiscIdentity(reader(image({ files: [{ name: "zaparoo.txt", data: new Uint8Array(10), flags: 2 }] })));
    expect(dir?.tokenFile).toEqual({ state: "present", data: new Uint8Array() });
    const img = image({ files: [{ name: "ZAPAROO.TXT;1", data: enc("x") }] });
    new DataView(img.buffer).setUint32(20 * SECTOR + 34 * 2 + 10, 2 * 1024 * 1024, true);
    expect((await readDiscIdentity(reader(img)))?.tokenFile).toEqual({ state: "present", data: new Uint8Array() });
  });

  test("a root directory that is cut short leaves the text unknown, the identity intact", async () => {
    const img = image({ label: "CUT", modified: "2024010203040500", files: [{ name: "ZAPAROO.TXT;1", data: enc("x") }] });
    const id = await readDiscIdentity(reader(img.subarray(0, 20 * SECTOR + 100)));
    expect(id).toMatchObject({ label: "CUT", uuid: "2024-01-02-03-04-05-00", tokenFile: { state: "unknown" } });
  });

  test("no descriptor, a short medium, or only a terminator: no identity", async () => {
    expect(await readDiscIdentity(reader(new Uint8Array(40 * SECTOR)))).toBeNull();
    expect(await readDiscIdentity(reader(new Uint8Array(100)))).toBeNull();
    const img = image({ label: "X" });
    img[16 * SECTOR] = 0xff; // the terminator comes first
    expect(await readDiscIdentity(reader(img))).toBeNull();
  });

  test("helpers", () => {
    expect(dateUuid(enc("0000000000000000\0"))).toBe("");
    expect(dateUuid(enc("2024010203040500\x04"))).toBe("2024-01-02-03-04-05-00");
    const pvd = new Uint8Array(SECTOR);
    pvd.set(enc("MY LABEL  \0\0"), 40);
    expect(volumeLabel(pvd)).toBe("MY LABEL");
    expect(["zaparoo.txt", "ZAPAROO.TXT;1", "Zaparoo.Txt"].map((n) => isTokenFileName(enc(n)))).toEqual([true, true, true]);
    expect(isTokenFileName(enc("zaparoo.txt;2"))).toBe(false);
    expect(discTokenId("u", "l", "merged")).toBe("u/l");
    expect(discTokenId("", "l", "merged")).toBe("");
    expect(discTokenId("u", "", "label")).toBe("");
    expect(discTokenId("u", "", "uuid")).toBe("u");
  });
});
