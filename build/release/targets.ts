/** The device targets `make dist` builds: Bun's compile target, the npm package holding that target's Bun. */
export interface DistTarget {
  /** Our name for it, used in archive names. */
  readonly name: string;
  /** `bun build --target` value. */
  readonly bunTarget: string;
  /** npm package with the target's `bin/bun` (same version as the pinned Bun). */
  readonly npmPackage: string;
  /** ELF `e_machine` of the result (0x3e x86-64, 0xb7 AArch64), for checks. */
  readonly elfMachine: number;
  readonly summary: string;
}

export const DIST_TARGETS: readonly DistTarget[] = [
  {
    name: "linux-arm64",
    bunTarget: "bun-linux-arm64",
    npmPackage: "@oven/bun-linux-aarch64",
    elfMachine: 0xb7,
    summary: "Raspberry Pi 3/4/5/Zero 2 W with a 64-bit OS, other arm64 boards",
  },
  {
    name: "linux-x64",
    bunTarget: "bun-linux-x64",
    npmPackage: "@oven/bun-linux-x64",
    elfMachine: 0x3e,
    summary: "x86-64 PCs with AVX2 (Haswell and newer), Steam Deck",
  },
  {
    name: "linux-x64-baseline",
    bunTarget: "bun-linux-x64-baseline",
    npmPackage: "@oven/bun-linux-x64-baseline",
    elfMachine: 0x3e,
    summary: "older x86-64 without AVX2 (Atom, Celeron, pre-2013 CPUs)",
  },
];

export function findTarget(name: string): DistTarget | undefined {
  return DIST_TARGETS.find((t) => t.name === name);
}
