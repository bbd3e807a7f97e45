import { describe, expect, test } from "bun:test";
import { entryMeta, playersOf, ratingOf, resolveUnderRoot, yearOf } from "../../../src/core/media/gamelist-fields.ts";
import { parseGamelist, unescapeXml } from "../../../src/core/media/gamelist-xml.ts";
import { imageInfo } from "../../../src/core/media/image-info.ts";

const XML = `\ufeff<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE gameList>
<gameList>
  <!-- scraped by Skraper <game> in a comment is not a game -->
  <provider><System>SNES</System></provider>
  <game id="1234" source="ScreenScraper.fr">
    <path>./Super Mario World (USA).sfc</path>
    <name>Super Mario World</name>
    <desc>Mario &amp; Luigi&#39;s
      adventure &#x2014; on Dinosaur Land.</desc>
    <image>./media/images/Super Mario World (USA).png</image>
    <thumbnail>./media/box2dfront/Super Mario World (USA).jpg</thumbnail>
    <rating>0.9</rating>
    <releasedate>19901121T000000</releasedate>
    <developer>Nintendo EAD</developer>
    <publisher>Nintendo</publisher>
    <genre>Platform</genre>
    <players>1-2</players>
  </game>
  <game><path>Zelda.sfc</path><desc><![CDATA[Link <3 & Zelda]]></desc><logo>./wheel/z.png</logo><wheel>./other.png</wheel></game>
  <game><name>No path, dropped</name></game>
  <folder><path>./Hacks</path><name>Hacks</name></folder>
  <game/>
</gameList>`;

describe("gamelist.xml parser", () => {
  test("games with their fields, entities, CDATA; comments, declarations and pathless entries skipped", () => {
    const entries = parseGamelist(XML);
    expect(entries.map((e) => [e.kind, e.fields.path])).toEqual([
      ["game", "./Super Mario World (USA).sfc"],
      ["game", "Zelda.sfc"],
      ["folder", "./Hacks"],
    ]);
    const smw = entries[0]!;
    expect(smw.id).toBe("1234");
    expect(smw.fields.desc).toBe("Mario & Luigi's adventure \u2014 on Dinosaur Land.");
    expect(entries[1]!.fields.desc).toBe("Link <3 & Zelda");
  });

  test("fields mapped to title metadata and image paths", () => {
    const [smw, zelda] = parseGamelist(XML);
    expect(entryMeta(smw!)).toEqual({
      title: { description: "Mario & Luigi's adventure \u2014 on Dinosaur Land.", developer: "Nintendo EAD", publisher: "Nintendo", year: "1990", genre: "Platform", players: "2", rating: "90" },
      images: { image: "./media/images/Super Mario World (USA).png", thumbnail: "./media/box2dfront/Super Mario World (USA).jpg" },
    });
    expect(entryMeta(zelda!).images).toEqual({ wheel: "./wheel/z.png" });
    expect([yearOf("1991-08-23"), yearOf("0000"), yearOf("abc")]).toEqual(["1991", undefined, undefined]);
    expect([ratingOf("1"), ratingOf("0.45"), ratingOf("80"), ratingOf("-1"), ratingOf("x")]).toEqual(["100", "45", "80", undefined, undefined]);
    expect([playersOf("1, 2, 4"), playersOf("3"), playersOf("none")]).toEqual(["4", "3", undefined]);
  });

  test("broken documents give what they can, never throw", () => {
    expect(parseGamelist("")).toEqual([]);
    expect(parseGamelist("<gameList><game><path>a.sfc</path><name>unclosed")).toEqual([]);
    expect(parseGamelist("<gameList><game><path>a.sfc</path></game><game><path>b")).toHaveLength(1);
    expect(unescapeXml("&bogus; &#0; &lt;ok&gt;")).toBe("&bogus; &#0; <ok>");
  });
});

describe("paths bound to the system root", () => {
  const root = "/roms/snes";
  test("relative, ./, absolute inside and ~ under a home inside resolve", () => {
    expect(resolveUnderRoot(root, "./Game.sfc")).toBe("/roms/snes/Game.sfc");
    expect(resolveUnderRoot(root, "Sub/./Game.sfc")).toBe("/roms/snes/Sub/Game.sfc");
    expect(resolveUnderRoot(`${root}/`, "/roms/snes/x/../Game.sfc")).toBe("/roms/snes/Game.sfc");
    expect(resolveUnderRoot(root, "~/snes/Game.sfc", "/roms")).toBe("/roms/snes/Game.sfc");
  });
  test("anything leaving the root is refused", () => {
    for (const p of ["../Game.sfc", "./a/../../Game.sfc", "/roms/snes2/Game.sfc", "/etc/passwd", "../../../../../../etc/passwd", "~/x", ".", "", "/roms/snes"]) {
      expect(resolveUnderRoot(root, p)).toBeNull();
    }
    expect(resolveUnderRoot(root, "~/../etc/passwd", "/roms/snes")).toBeNull();
  });
});

describe("image headers", () => {
  test("PNG, JPEG, GIF sizes; other bytes null", () => {
    const png = new Uint8Array(24);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 1, 0x2c, 0, 0, 0, 0xc8]);
    expect(imageInfo(png)).toEqual({ contentType: "image/png", extension: ".png", width: 300, height: 200 });
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0xff, 0xc0, 0, 11, 8, 0, 50, 0, 80, 3, 0, 0, 0]);
    expect(imageInfo(jpeg)).toEqual({ contentType: "image/jpeg", extension: ".jpg", width: 80, height: 50 });
    expect(imageInfo(new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 10, 0, 20, 0]))).toMatchObject({ width: 10, height: 20 });
    expect(imageInfo(new TextEncoder().encode("not an image at all"))).toBeNull();
  });
});
