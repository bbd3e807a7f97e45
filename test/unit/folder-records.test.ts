import { describe, expect, test } from "bun:test";
import { addReused, type FolderRecord, priorWalk } from "../../src/service/media/folder-records.ts";
import type { SystemScan } from "../../src/service/media/walker.ts";

const rec = (abs: string, kind: FolderRecord["kind"] = "folder"): FolderRecord => ({ abs, mtime: 1, entries: 1, kind });

describe("folder records of a previous walk", () => {
  test("children are the recorded sub-folders and archives of each recorded folder", () => {
    const prior = priorWalk([rec("/r/SNES"), rec("/r/SNES/A"), rec("/r/SNES/A/B"), rec("/r/SNES/Pack.zip", "zip"), rec("/r/SNES/Ign", "ignored")]);
    expect(prior.children.get("/r/SNES")?.map((r) => r.abs).sort()).toEqual(["/r/SNES/A", "/r/SNES/Ign", "/r/SNES/Pack.zip"]);
    expect(prior.children.get("/r/SNES/A")?.map((r) => r.abs)).toEqual(["/r/SNES/A/B"]);
    expect(prior.children.has("/r")).toBeFalse();
  });

  test("the files of reused folders and archives (with the folders inside them) come from the previous scan", () => {
    const previous: SystemScan = {
      system: "SNES",
      dirs: [
        { abs: "/r/SNES", rel: "SNES" },
        { abs: "/r/SNES/A", rel: "SNES/A" },
        { abs: "/r/SNES/Pack.zip", rel: "SNES/Pack.zip" },
        { abs: "/r/SNES/Pack.zip/Inner", rel: "SNES/Pack.zip/Inner" },
      ],
      files: ["Top.sfc", "A1.sfc", "Z1.sfc", "Z2.sfc", "A2.sfc"],
      fileDirs: [0, 1, 2, 3, 1],
    };
    const scan: SystemScan = { system: "SNES", dirs: [{ abs: "/r/SNES", rel: "SNES" }], files: ["New.sfc"], fileDirs: [0], folders: [rec("/r/SNES"), rec("/r/SNES/A"), rec("/r/SNES/Pack.zip", "zip")] };
    addReused(scan, ["/r/SNES/A", "/r/SNES/Pack.zip"], previous);
    const paths = scan.files.map((f, i) => `${scan.dirs[scan.fileDirs[i] as number]?.rel}/${f}`);
    expect(paths.sort()).toEqual(["SNES/A/A1.sfc", "SNES/A/A2.sfc", "SNES/New.sfc", "SNES/Pack.zip/Inner/Z2.sfc", "SNES/Pack.zip/Z1.sfc"]);
  });
});
