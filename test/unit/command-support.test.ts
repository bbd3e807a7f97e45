import { expect, test } from "bun:test";
import { KNOWN_COMMANDS } from "../../src/core/zapscript/command-support.ts";
import { COMMANDS } from "../../src/service/launch/commands/table.ts";

test("the platform support table (tapserve parse) names exactly the commands the service runs", () => {
  expect([...KNOWN_COMMANDS].sort()).toEqual(Object.keys(COMMANDS).sort());
});
