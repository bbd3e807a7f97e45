import { describe, expect, test } from "bun:test";
import { installNameProblem, remoteFileScheme, remoteNames, shownUrl } from "../../../src/core/remote-install/remote-file.ts";

/** The reference's namesFromURL cases (installer_test.go) and its isValidRemoteFileURL rule (launch.go). */
describe("remote file names", () => {
  test("the reference's cases", () => {
    expect(remoteNames("http://example.com/game.rom")).toEqual({ display: "game", filename: "game.rom", ext: ".rom" });
    expect(remoteNames("http://example.com/Super%20Mario.rom")).toEqual({ display: "Super Mario", filename: "Super Mario.rom", ext: ".rom" });
    expect(remoteNames("http://example.com/game.rom", "Custom Name")).toEqual({ display: "Custom Name", filename: "game.rom", ext: ".rom" });
    expect(remoteNames("not-a-url/game.rom")).toEqual({ display: "game", filename: "game.rom", ext: ".rom" });
  });

  test("the query and fragment are not part of the name; the last dot starts the extension", () => {
    expect(remoteNames("https://nas.lan/roms/Game%20(USA)%20(Rev%201).v1.2.sfc?x=1#y")).toEqual({ display: "Game (USA) (Rev 1).v1.2", filename: "Game (USA) (Rev 1).v1.2.sfc", ext: ".sfc" });
    expect(remoteNames("https://nas.lan/roms/README")).toEqual({ display: "README", filename: "README", ext: "" });
  });

  test("which URLs are remote files: http, https and smb with a host", () => {
    expect(remoteFileScheme("http://h/a.sfc")).toBe("http");
    expect(remoteFileScheme("HTTPS://h/a.sfc")).toBe("https");
    expect(remoteFileScheme("smb://nas/share/a.sfc")).toBe("smb");
    expect(remoteFileScheme("steam://rungameid/1")).toBeUndefined();
    expect(remoteFileScheme("smb:///share/a.sfc")).toBeUndefined();
    expect(remoteFileScheme("SNES/Game.sfc")).toBeUndefined();
    expect(remoteFileScheme("/roms/Game.sfc")).toBeUndefined();
  });

  test("a name that is no single plain file name is refused", () => {
    expect(installNameProblem(remoteNames("http://h/").filename)).toBe("the URL names no file");
    expect(installNameProblem(remoteNames("http://h/roms/..%2F..%2Fetc%2Fpasswd").filename)).toContain("path separator");
    expect(installNameProblem(remoteNames("http://h/roms/%2E%2E").filename)).toBe("the URL names no file");
    expect(installNameProblem(remoteNames("http://h/a%0Ab.sfc").filename)).toBe("the file name holds control characters");
    expect(installNameProblem(`${"x".repeat(252)}.sfc`)).toBe("the file name is longer than 255 bytes");
    expect(installNameProblem("Game (USA).sfc")).toBeNull();
  });

  test("URLs are shown without credentials, query or fragment", () => {
    expect(shownUrl("https://user:secret@nas.lan:8443/roms/a.sfc?token=abc#x")).toBe("https://nas.lan:8443/roms/a.sfc");
  });
});
