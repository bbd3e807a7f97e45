import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { networkInterfaces } from "node:os";
import { rmSync } from "node:fs";
import { type } from "arktype";
import { ActiveProfile, Profile, ProfilesActiveEvent, ProfilesResult, VerifiedProfile } from "../../src/core/wire/index.ts";
import { ManualClock } from "../fakes/clock.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { startService, tempDir, type TestService } from "../fixtures/service.ts";

/** Profiles as the phone app drives them (its ProfileManager screen), over a real WebSocket on loopback. */

const clock = new ManualClock(Date.UTC(2026, 4, 10, 12));
const lanAddress = Object.values(networkInterfaces()).flat().find((i) => i && i.family === "IPv4" && !i.internal)?.address;
let dataDir: string;
let svc: TestService;
let client: RpcClient;

const check = <T>(schema: type.Any, value: T): T => {
  const out = schema(value);
  if (out instanceof type.errors) throw new Error(out.summary);
  return value;
};
const errorOf = async (method: string, params?: unknown) => (await client.request(method, params)).error;

beforeAll(async () => {
  dataDir = tempDir("tapserve-profiles-");
  svc = await startService({ dataDir, host: "0.0.0.0", configToml: lanAddress ? `[service]\nallow_api = ["${lanAddress}"]\n` : undefined, app: { clock } });
  client = await svc.connect();
});
afterAll(async () => {
  await svc.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

let parent: Profile;
let kid: Profile;

describe("profiles", () => {
  test("none at first; the first profile is an admin and needs a PIN", async () => {
    expect(check(ProfilesResult, await client.call("profiles"))).toEqual({ profiles: [] });
    expect(await client.call("profiles.active")).toBeNull();
    const e = await errorOf("profiles.new", { name: "Parent", role: "member" });
    expect(e).toMatchObject({ code: -32602, message: expect.stringContaining("admin profiles require a PIN") });
    parent = check(Profile, await client.call<Profile>("profiles.new", { name: "Parent", pin: "2468" }));
    expect(parent).toMatchObject({ name: "Parent", role: "admin", hasPin: true, createdAt: Math.floor(clock.now() / 1000) });
    expect(parent.switchId).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
  });

  test("bad input is refused with every problem listed", async () => {
    const e = await errorOf("profiles.new", { name: "", pin: "12", dailyLimit: "soon", role: "boss" });
    expect(e?.code).toBe(-32602);
    for (const field of ["name", "pin", "dailyLimit", "role"]) expect(e?.message).toContain(field);
    expect((await client.call<{ profiles: unknown[] }>("profiles")).profiles).toHaveLength(1);
  });

  test("a member with its own limits; the PIN is never stored or logged in clear", async () => {
    kid = check(Profile, await client.call<Profile>("profiles.new", { name: "Kid", pin: "1357", limitsEnabled: true, sessionLimit: "30m" }));
    expect(kid).toMatchObject({ name: "Kid", role: "member", hasPin: true, limitsEnabled: true, sessionLimit: "30m" });
    const { Database } = await import("bun:sqlite");
    const db = new Database(`${dataDir}/user.db`, { readonly: true });
    const rows = db.query("SELECT pin_hash FROM profiles").all() as Array<{ pin_hash: string }>;
    db.close();
    for (const r of rows) expect(r.pin_hash).toMatch(/^pbkdf2-sha256\$50000\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    const log = await Bun.file(`${dataDir}/service.log`).text();
    expect(log).not.toContain("1357");
    expect(log).not.toContain("2468");
  });

  test("switching needs the PIN; wrong PINs are refused, then rate-limited on the clock", async () => {
    expect(await errorOf("profiles.switch", { profileId: kid.profileId })).toMatchObject({ code: 1006, message: expect.stringContaining("requires a PIN") });
    for (let i = 0; i < 5; i++) expect(await errorOf("profiles.switch", { profileId: kid.profileId, pin: "0000" })).toMatchObject({ code: 1006, message: "incorrect PIN" });
    // locked now: even the right PIN waits, and verify shares the limit
    expect(await errorOf("profiles.switch", { profileId: kid.profileId, pin: "1357" })).toMatchObject({ code: -32004, data: { retryAfterMs: 30_000 } });
    expect((await errorOf("profiles.verify", { profileId: kid.profileId, pin: "1357" }))?.code).toBe(-32004);
    // another profile is not affected
    expect(check(VerifiedProfile, await client.call("profiles.verify", { profileId: parent.profileId, pin: "2468" }))).toEqual({ profileId: parent.profileId, name: "Parent", role: "admin", hasPin: true });
    await clock.advance(30_000);
    expect(await errorOf("profiles.switch", { profileId: kid.profileId, pin: "0000" })).toMatchObject({ code: 1006 });
    expect(await errorOf("profiles.switch", { profileId: kid.profileId, pin: "1357" })).toMatchObject({ code: -32004, data: { retryAfterMs: 60_000 } });
    await clock.advance(60_000);
    const note = client.waitForNotification<{ profile: { name: string } | null }>("profiles.active", (p) => p.profile?.name === "Kid");
    const active = check(ActiveProfile, await client.call("profiles.switch", { profileId: kid.profileId, pin: "1357" }));
    expect(active).toEqual({ profileId: kid.profileId, name: "Kid", role: "member", hasPin: true, limitsEnabled: true, sessionLimit: "30m" });
    expect(check(ProfilesActiveEvent, await note) as unknown).toEqual({ profile: active });
    expect(await client.call("profiles.active")).toEqual(active);
    const listed = (await client.call<{ profiles: Profile[] }>("profiles")).profiles.find((p) => p.profileId === kid.profileId);
    expect(listed?.lastUsedAt).toBe(Math.floor(clock.now() / 1000));
  });

  test("leaving a profile is free; a switch id switches without the PIN; exactly one of the two", async () => {
    const left = client.waitForNotification("profiles.active", (p: { profile: unknown }) => p.profile === null);
    expect(await client.call("profiles.switch")).toBeNull();
    await left;
    expect(await client.call("profiles.active")).toBeNull();
    expect((await errorOf("profiles.switch", { profileId: kid.profileId, switchId: kid.switchId }))?.code).toBe(-32602);
    expect(await client.call("profiles.switch", { switchId: kid.switchId })).toMatchObject({ profileId: kid.profileId });
    expect(await client.call("profiles.verify", { switchId: kid.switchId })).toMatchObject({ name: "Kid" });
  });

  test("a new switch id replaces the lost card's", async () => {
    const updated = check(Profile, await client.call<Profile>("profiles.update", { profileId: kid.profileId, regenerateSwitchId: true }));
    expect(updated.switchId).not.toBe(kid.switchId);
    expect((await errorOf("profiles.switch", { switchId: kid.switchId }))?.code).toBe(1001);
    kid = updated;
  });

  test("update: clearLimits then the fields of the same request; the last admin cannot be demoted", async () => {
    const note = client.waitForNotification("profiles.active", (p: { profile: { dailyLimit?: string } | null }) => p.profile?.dailyLimit === "1h");
    const u = await client.call<Profile>("profiles.update", { profileId: kid.profileId, name: "Kiddo", clearLimits: true, dailyLimit: "1h" });
    expect(u).toMatchObject({ name: "Kiddo", dailyLimit: "1h" });
    expect(u.sessionLimit).toBeUndefined();
    expect(u.limitsEnabled).toBeUndefined();
    await note; // the active profile was edited: announced again
    expect(await errorOf("profiles.update", { profileId: parent.profileId, role: "member" })).toMatchObject({ code: -32602, message: expect.stringContaining("last admin") });
    expect(await errorOf("profiles.update", { profileId: parent.profileId, clearPin: true })).toMatchObject({ code: -32602, message: expect.stringContaining("require a PIN") });
    expect((await errorOf("profiles.update", { profileId: "nobody" }))?.code).toBe(1001);
  });

  test("the active profile survives a restart", async () => {
    await svc.stop();
    svc = await startService({ dataDir, host: "0.0.0.0", app: { clock } });
    client = await svc.connect();
    expect(await client.call("profiles.active")).toMatchObject({ profileId: kid.profileId, name: "Kiddo" });
  });

  test("deleting the active profile returns to the shared profile", async () => {
    const left = client.waitForNotification("profiles.active", (p: { profile: unknown }) => p.profile === null);
    expect(await client.call("profiles.delete", { profileId: kid.profileId })).toBeNull();
    await left;
    expect(await client.call("profiles.active")).toBeNull();
    expect((await client.call<{ profiles: Profile[] }>("profiles")).profiles.map((p) => p.name)).toEqual(["Parent"]);
    expect((await errorOf("profiles.delete", { profileId: kid.profileId }))?.code).toBe(1001);
  });

  test.skipIf(!lanAddress)("a remote peer may list and switch, but not manage profiles nor see switch ids", async () => {
    await svc.stop();
    svc = await startService({ dataDir, host: "0.0.0.0", configToml: `[service]\nallow_api = ["${lanAddress}"]\n`, app: { clock } });
    client = await svc.connect();
    const post = async (method: string, params?: unknown) =>
      (await (await fetch(`http://${lanAddress}:${svc.port}/api`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) })).json()) as { result?: unknown; error?: { code: number; message: string } };
    const listed = (await post("profiles")).result as { profiles: Profile[] };
    expect(listed.profiles).toHaveLength(1);
    expect(listed.profiles[0]?.switchId).toBeUndefined();
    expect((await post("profiles.new", { name: "Stranger", role: "admin", pin: "9999" })).error).toMatchObject({ code: -32003, message: expect.stringContaining("admin") });
    expect((await post("profiles.delete", { profileId: parent.profileId })).error?.code).toBe(-32003);
    expect((await post("settings.playtime.limits.update", { enabled: true })).error?.code).toBe(-32003);
    expect((await post("profiles.switch", { profileId: parent.profileId, pin: "2468" })).result).toMatchObject({ name: "Parent" });
    expect((await client.call<{ profiles: unknown[] }>("profiles")).profiles).toHaveLength(1);
  });
});
