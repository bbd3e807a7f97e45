import { exec } from "../release/exec.ts";

const READELF = "arm-linux-gnueabihf-readelf";

/** The shared libraries an ELF file names (DT_NEEDED), in order. */
export async function neededLibraries(file: string): Promise<string[]> {
  const out = await exec(READELF, ["-d", "-W", file]);
  return [...out.matchAll(/\(NEEDED\)\s+Shared library: \[([^\]]+)\]/g)].map((m) => m[1] as string);
}

/** The program interpreter (PT_INTERP) of an executable, e.g. /lib/ld-linux-armhf.so.3. */
export async function interpreterOf(file: string): Promise<string | undefined> {
  const out = await exec(READELF, ["-l", "-W", file]);
  return /Requesting program interpreter: ([^\]]+)\]/.exec(out)?.[1];
}

/** ELF header facts: machine and ABI flags (hard-float), to check what was assembled. */
export async function elfHeader(file: string): Promise<{ machine: string; flags: string }> {
  const out = await exec(READELF, ["-h", "-W", file]);
  return { machine: /Machine:\s+(.+)/.exec(out)?.[1]?.trim() ?? "", flags: /Flags:\s+(.+)/.exec(out)?.[1]?.trim() ?? "" };
}
