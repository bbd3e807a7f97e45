import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { COMMANDS_DOC_PATH, renderCommandsMarkdown } from "../../build/zapscript-commands-doc.ts";
import { KNOWN_COMMANDS } from "../../src/core/zapscript/command-support.ts";
import { PLATFORM_IDS } from "../../src/platforms/detect.ts";

test("docs/zapscript-commands.md is what the command table and platform capabilities produce (regenerate with `make docs`)", () => {
  expect(readFileSync(COMMANDS_DOC_PATH, "utf8")).toBe(renderCommandsMarkdown());
});

test("the table has a row for every command and alias, and a column for every platform", () => {
  const text = renderCommandsMarkdown();
  for (const name of KNOWN_COMMANDS) expect(text).toContain(`| \`${name}\` |`);
  for (const id of PLATFORM_IDS) expect(text).toContain(` ${id} |`);
  // what `tapserve parse` says on each platform: MiSTer (and MiSTeX) run mister.*, Batocera refuses it with why, the
  // others skip it (as the reference: a tag written for a MiSTer runs the rest of its script)
  const row = text.split("\n").find((l) => l.startsWith("| `mister.ini` |"))!;
  const cells = row.split("|").map((c) => c.trim());
  expect(cells[3 + PLATFORM_IDS.indexOf("mister")]).toBe("works");
  expect(cells[3 + PLATFORM_IDS.indexOf("mistex")]).toBe("works");
  expect(cells[3 + PLATFORM_IDS.indexOf("batocera")]).toBe("no");
  expect(cells[3 + PLATFORM_IDS.indexOf("linux")]).toBe("works*");
  expect(row).toContain("only MiSTer can run mister.ini");
});
