import { copyFileSync, existsSync, lstatSync, readlinkSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { findInPackages, type Unpacked } from "./runtime-folder.ts";

/**
 * Copies the licence texts of everything shipped into `<dest>/`: `debian/<pkg>.copyright` for each Debian
 * package a runtime file came from, `npm/<name>.LICENSE` for each production npm dependency bundled into the
 * app, and the project's own licence when it has one. Returns the file names written.
 */
export function collectLicences(o: { root: string; unpacked: Unpacked[]; debianPackages: Iterable<string>; dest: string }): string[] {
  const written: string[] = [];
  mkdirSync(join(o.dest, "debian"), { recursive: true });
  mkdirSync(join(o.dest, "npm"), { recursive: true });
  for (const pkg of [...o.debianPackages].sort()) {
    const hit = findInPackages(o.unpacked, [`usr/share/doc/${docDirOf(o.unpacked, pkg)}/copyright`]);
    if (!hit) throw new Error(`no copyright file for the shipped package ${pkg}`);
    copyFileSync(hit.file, join(o.dest, "debian", `${pkg}.copyright`));
    written.push(`debian/${pkg}.copyright`);
  }
  for (const dep of productionDependencies(o.root)) {
    const dir = join(o.root, dep.path);
    const texts = existsSync(dir) ? readdirSync(dir).filter((f) => /^(licen[cs]e|copying|notice)/i.test(f)) : [];
    const name = dep.name.replace("/", "__");
    if (texts.length === 0) {
      writeFileSync(join(o.dest, "npm", `${name}.LICENSE`), `${dep.name}@${dep.version}: ${dep.license ?? "see package"}\n`);
    } else {
      const body = texts.map((f) => readFileSync(join(dir, f), "utf8")).join("\n\n");
      writeFileSync(join(o.dest, "npm", `${name}.LICENSE`), `${dep.name}@${dep.version}\n\n${body}`);
    }
    written.push(`npm/${name}.LICENSE`);
  }
  for (const f of ["LICENSE", "LICENCE", "COPYING"]) {
    if (existsSync(join(o.root, f))) {
      copyFileSync(join(o.root, f), join(o.dest, `tapserve.${f}`));
      written.push(`tapserve.${f}`);
    }
  }
  return written;
}

interface LockEntry {
  version?: string;
  license?: string;
  dev?: boolean;
  optional?: boolean;
}

/** The non-dev packages of package-lock.json (what a production bundle can contain). */
export function productionDependencies(root: string): Array<{ name: string; version: string; path: string; license?: string }> {
  const lock = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8")) as { packages: Record<string, LockEntry> };
  const out = [];
  for (const [path, e] of Object.entries(lock.packages)) {
    if (!path || e.dev || e.optional) continue;
    const name = path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length);
    out.push({ name, version: e.version ?? "", path, license: e.license });
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

/** Debian points some packages' doc folder at another package's (libgcc-s1 → gcc-NN-base). */
function docDirOf(unpacked: Unpacked[], pkg: string): string {
  const own = unpacked.find((u) => u.pkg === pkg);
  const dir = own ? join(own.root, "usr/share/doc", pkg) : "";
  try {
    if (dir && lstatSync(dir).isSymbolicLink()) return readlinkSync(dir).replace(/^.*\//, "");
  } catch {}
  return pkg;
}
