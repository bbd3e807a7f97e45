import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { exec } from "../release/exec.ts";

export interface PrivateAptOptions {
  /** Folder holding this apt's config, lists and downloaded debs (outside git; kept between builds). */
  dir: string;
  mirror: string;
  suite: string;
  arch: string;
  /** Lists younger than this are reused without `apt-get update`. */
  maxListAgeHours?: number;
}

/**
 * An apt of its own (config, lists, status in `dir`), so packages of another suite and architecture are
 * resolved and downloaded without touching the build host's apt. Debs are cached in `<dir>/debs`.
 */
export class PrivateApt {
  private readonly env: Record<string, string | undefined>;

  constructor(private readonly o: PrivateAptOptions) {
    this.env = { ...process.env, APT_CONFIG: join(o.dir, "apt.conf"), LC_ALL: "C" };
  }

  get debsDir(): string {
    return join(this.o.dir, "debs");
  }

  /** Writes the config and refreshes the package lists when they are missing or stale. */
  async update(): Promise<void> {
    const d = this.o.dir;
    for (const sub of ["lists/partial", "cache/archives/partial", "debs"]) mkdirSync(join(d, sub), { recursive: true });
    if (!existsSync(join(d, "status"))) writeFileSync(join(d, "status"), "");
    writeFileSync(
      join(d, "sources.list"),
      `deb [arch=${this.o.arch} signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] ${this.o.mirror} ${this.o.suite} main\n`,
    );
    writeFileSync(
      join(d, "apt.conf"),
      [
        `Dir::Etc::SourceList "${d}/sources.list";`,
        `Dir::Etc::SourceParts "/dev/null";`,
        `Dir::State::Lists "${d}/lists";`,
        `Dir::Cache "${d}/cache";`,
        `Dir::State::status "${d}/status";`,
        `APT::Architecture "${this.o.arch}";`,
        `APT::Architectures { "${this.o.arch}"; };`,
        `APT::Sandbox::User "root";`,
        `Acquire::Languages "none";`,
        "",
      ].join("\n"),
    );
    const maxAge = (this.o.maxListAgeHours ?? 24) * 3600_000;
    const fresh = readdirSync(join(d, "lists")).some((f) => f.endsWith("_Packages") && Date.now() - statSync(join(d, "lists", f)).mtimeMs < maxAge);
    if (!fresh) await exec("apt-get", ["update", "-qq"], { env: this.env });
  }

  /** Candidate version of a package, or undefined when the suite has none. */
  async candidate(pkg: string): Promise<string | undefined> {
    const out = await exec("apt-cache", ["policy", pkg], { env: this.env });
    const m = /Candidate:\s*(\S+)/.exec(out);
    return m && m[1] !== "(none)" ? m[1] : undefined;
  }

  /** The names of `roots` and everything they Depend/Pre-Depend on, recursively (virtual packages left out). */
  async closure(roots: string[]): Promise<string[]> {
    const out = await exec(
      "apt-cache",
      ["depends", "--recurse", "--no-recommends", "--no-suggests", "--no-conflicts", "--no-breaks", "--no-replaces", "--no-enhances", ...roots],
      { env: this.env },
    );
    const names = new Set<string>();
    for (const line of out.split("\n")) {
      if (line === "" || line.startsWith(" ") || line.startsWith("<")) continue;
      names.add(line.trim());
    }
    return [...names].sort();
  }

  /** Downloads the candidate deb of each package into the cache (once) and returns their paths by name. */
  async download(pkgs: string[]): Promise<Map<string, string>> {
    const result = new Map<string, string>();
    const missing: string[] = [];
    for (const p of pkgs) {
      const version = await this.candidate(p);
      if (!version) throw new Error(`${this.o.suite}/${this.o.arch} has no package ${p}`);
      const file = join(this.debsDir, debFileName(p, version, this.o.arch));
      result.set(p, file);
      if (!existsSync(file)) missing.push(p);
    }
    if (missing.length) await exec("apt-get", ["download", "-qq", ...missing], { cwd: this.debsDir, env: this.env });
    for (const [p, file] of result) {
      if (existsSync(file)) continue;
      // Architecture "all" packages are named …_all.deb.
      const alt = file.replace(new RegExp(`_${this.o.arch}\\.deb$`), "_all.deb");
      if (!existsSync(alt)) throw new Error(`download of ${p} did not produce ${file}`);
      result.set(p, alt);
    }
    return result;
  }
}

/** apt's file name for a deb: epoch colon escaped as %3a. */
export function debFileName(pkg: string, version: string, arch: string): string {
  return `${pkg}_${version.replace(/:/g, "%3a")}_${arch}.deb`;
}
