import { describe, expect, test } from "bun:test";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { firstDebianUri } from "../../build/armv7/debian-mirror.ts";
import { DEBIAN_PREFIX, FD_PREFIX, patchBuiltinPrefix } from "../../build/armv7/patch-libnode.ts";
import { buildSfx, renderSfxHeader } from "../../build/armv7/sfx.ts";
import { ROOT } from "../fixtures/process.ts";

const bytes = (s: string) => new TextEncoder().encode(s);
const text = (b: Uint8Array) => new TextDecoder().decode(b);

describe("libnode builtin path patch", () => {
  test("rewrites each whole /usr/share/nodejs/<file> C string in place and keeps the length", () => {
    const lib = `\x7fELF..\0/usr/share/nodejs/undici/undici-fetch.js\0xx\0/usr/share/nodejs/acorn/dist/acorn.js\0tail`;
    const out = patchBuiltinPrefix(bytes(lib));
    expect(out.bytes.length).toBe(bytes(lib).length);
    expect(text(out.bytes)).toBe(lib.replaceAll(DEBIAN_PREFIX, FD_PREFIX));
    expect(out.rewritten).toEqual(["/undici/undici-fetch.js", "/acorn/dist/acorn.js"]);
  });

  test("leaves the prefix alone where it is not a file path (bare folder, unterminated text)", () => {
    const lib = "a /usr/share/nodejs\0 b /usr/share/nodejs/ has spaces\0";
    const out = patchBuiltinPrefix(bytes(lib));
    expect(text(out.bytes)).toBe(lib);
    expect(out.rewritten).toEqual([]);
  });

  test("refuses a replacement of another length", () => {
    expect(() => patchBuiltinPrefix(bytes("x"), DEBIAN_PREFIX, "/proc/self/fd/9")).toThrow("keep the length");
  });
});

describe("Debian mirror from the host's apt sources", () => {
  test("one-line and deb822 sources; security and third-party repositories skipped", () => {
    expect(firstDebianUri("deb http://security.debian.org/debian-security bookworm-security main\ndeb [arch=amd64] http://ftp.de.debian.org/debian/ bookworm main\n")).toBe(
      "http://ftp.de.debian.org/debian",
    );
    expect(firstDebianUri("Types: deb\n# URIs: http://old/debian\nURIs: http://deb.debian.org/debian\nSuites: bookworm\n")).toBe("http://deb.debian.org/debian");
    expect(firstDebianUri("deb https://deb.nodesource.com/node_20.x nodistro main\n")).toBeUndefined();
  });
});

describe("self-extracting file", () => {
  test("the header states its own length, so the payload starts right after it", () => {
    const header = renderSfxHeader(`#!/bin/sh\nV='@VERSION@'\nSKIP=@SKIP@\nexit 0\n`, "2.0.0+abc");
    const skip = Number(/SKIP=(\d+)/.exec(header)?.[1]);
    expect(skip).toBe(Buffer.byteLength(header));
    expect(header).toContain("V='2.0.0+abc'");
  });

  test("a version that could break out of the shell string is refused", () => {
    expect(() => renderSfxHeader("@VERSION@ @SKIP@", "1'; rm -rf /; '")).toThrow("not safe");
  });

  test("the real header unpacks its payload under busybox sh and hands over to the control script", () => {
    const dir = mkdtempSync(join(tmpdir(), "tapserve-sfx-"));
    try {
      const src = join(dir, "src");
      execFileSync("mkdir", ["-p", src]);
      writeFileSync(join(src, "VERSION"), "9.9.9\n");
      writeFileSync(join(src, "tapserve-ctl.sh"), 'echo "ctl got: $* base=$TAPSERVE_BASE entry=$TAPSERVE_ENTRY"\n');
      execFileSync("sh", ["-c", `tar -cf - -C "${src}" . | gzip -n > "${dir}/payload.tgz"`]);
      const sfx = join(dir, "tapserve.sh");
      buildSfx({ header: join(ROOT, "deploy/mister/sfx-header.sh"), payload: join(dir, "payload.tgz"), version: "9.9.9", out: sfx });
      const run = spawnSync("busybox", ["sh", sfx, "status"], { env: { PATH: "/usr/bin:/bin", TAPSERVE_BASE: join(dir, "base") }, encoding: "utf8" });
      expect(run.stdout).toContain("Unpacking tapserve 9.9.9");
      expect(run.stdout).toContain(`ctl got: status base=${join(dir, "base")} entry=${sfx}`);
      // Second run: same version, nothing unpacked again.
      const again = spawnSync("busybox", ["sh", sfx, "status"], { env: { PATH: "/usr/bin:/bin", TAPSERVE_BASE: join(dir, "base") }, encoding: "utf8" });
      expect(again.stdout).toBe(`ctl got: status base=${join(dir, "base")} entry=${sfx}\n`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("MiSTer scripts", () => {
  test("pass shellcheck as POSIX sh", () => {
    const files = ["start.sh", "tapserve-ctl.sh", "sfx-header.sh"].map((f) => join(ROOT, "deploy/mister", f));
    const r = spawnSync("shellcheck", ["-s", "sh", ...files], { encoding: "utf8" });
    expect(r.stdout + r.stderr).toBe("");
    expect(r.status).toBe(0);
  });
});
