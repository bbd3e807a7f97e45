import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { launchAndWait } from "../fixtures/launch-and-wait.ts";
import { waitFor, writeFiles } from "../fixtures/launch-env.ts";
import { type MisterCard, misterCard } from "../fixtures/mister-card.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { startService, type TestService } from "../fixtures/service.ts";

/**
 * Arcade games in the MiSTer media index under their arcade names: an MRA is titled by ArcadeDatabase.csv's name
 * for its `<setname>`, else by its own `<name>`, else by its file name; search, browse, `@Arcade/<name>` and
 * now playing all use that name.
 */
let sd: string;
let tmp: string;
let card: MisterCard;
let svc: TestService;
let c: RpcClient;

type Item = { name: string; path: string; zapScript: string; system: { id: string } };

const CSV = [
  "setname,name,region,version,alternative,parent_title,platform,series,homebrew,bootleg,year,manufacturer,category",
  '"sf2","Street Fighter II: The World Warrior","World","910522","","Street Fighter II","Capcom CPS-1","Street Fighter","","","1991","Capcom","Fighter"',
].join("\r\n");
const SF2 = "Street Fighter II (World 910522).mra";

const commands = () => card.commands();

const search = async (query: string) => (await c.call<{ results: Item[] }>("media.search", { query })).results;

beforeAll(async () => {
  card = misterCard();
  ({ sd, tmp } = card);
  writeFiles(sd, ["_Arcade/cores/jtcps1_20240101.rbf", "_Arcade/Plain Game (World).mra"]);
  // an about block pushing nothing needed out of the head; a large tail never read
  writeFileSync(join(sd, "_Arcade", SF2), `<misterromdescription>\n  <name>Street Fighter II</name>\n  <setname>sf2</setname>\n  <rbf>jtcps1</rbf>\n${"  <rom/>\n".repeat(20000)}</misterromdescription>\n`);
  mkdirSync(join(sd, "_Arcade/_alternatives/_Puck Man"), { recursive: true });
  writeFileSync(join(sd, "_Arcade/_alternatives/_Puck Man/Puckman (Japan).mra"), "<misterromdescription><name>Puck Man &amp; Friends</name><setname>puckmanx</setname></misterromdescription>");
  mkdirSync(join(sd, "zaparoo/assets"), { recursive: true });
  writeFileSync(join(sd, "zaparoo/assets/ArcadeDatabase.csv"), CSV);
  svc = await startService({
    configToml: `[launchers]\nindex_root = ["${sd}"]\n`,
    app: { platform: { mister: card.paths } },
  });
  c = await svc.connect();
  expect(await c.call("media.index")).toBeNull();
});

afterAll(async () => {
  await svc.stop();
  card.remove();
});

describe("MiSTer arcade names in the media index", () => {
  test('search "street fighter" finds the MRA under the arcade database\'s name', async () => {
    const results = await search("street fighter");
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ name: "Street Fighter II: The World Warrior", path: `Arcade/${SF2}`, system: { id: "Arcade" } });
    // words of the file name still find it
    expect((await search("910522")).map((r) => r.name)).toEqual(["Street Fighter II: The World Warrior"]);
  });

  test("an MRA the database lacks is named by its <name> (also under _alternatives); one with neither by its file", async () => {
    expect((await search("friends")).map((r) => [r.name, r.path])).toEqual([["Puck Man & Friends", "Arcade/_alternatives/_Puck Man/Puckman (Japan).mra"]]);
    expect((await search("plain game")).map((r) => r.name)).toEqual(["Plain Game (World)"]);
  });

  test("browse lists the arcade names", async () => {
    const page = await c.call<{ entries: Array<{ type: string; name: string }> }>("media.browse", { path: join(sd, "_Arcade") });
    expect(page.entries.filter((e) => e.type === "media").map((e) => e.name)).toEqual(["Plain Game (World)", "Street Fighter II: The World Warrior"]);
  });

  test("@Arcade/<name> launches the MRA, and now playing shows the arcade name", async () => {
    commands();
    expect(await launchAndWait(c, "@Arcade/Puck Man & Friends")).toMatchObject({ success: true });
    expect(commands()).toEqual([`load_core ${join(sd, "_Arcade/_alternatives/_Puck Man/Puckman (Japan).mra")}`]);
    expect(await c.call("media.active")).toMatchObject({ systemId: "Arcade", mediaName: "Puck Man & Friends" });
    const results = await search("street fighter");
    expect(await launchAndWait(c, results[0]!.zapScript)).toMatchObject({ success: true });
    await waitFor(async () => ((await c.call<{ mediaName: string } | null>("media.active"))?.mediaName === "Street Fighter II: The World Warrior") || undefined, "arcade name playing");
  });

  test("a replaced ArcadeDatabase.csv renames the games at the next index run, though no game folder changed", async () => {
    const db = join(sd, "zaparoo/assets/ArcadeDatabase.csv");
    writeFileSync(db, CSV.replace("Street Fighter II: The World Warrior", "Street Fighter II (CPS-1)"));
    utimesSync(db, new Date(), new Date(Date.now() + 5000));
    expect(await c.call("media.index")).toBeNull();
    expect((await search("street fighter")).map((r) => r.name)).toEqual(["Street Fighter II (CPS-1)"]);
  });
});
