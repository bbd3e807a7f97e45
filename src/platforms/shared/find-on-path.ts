import { existsSync } from "node:fs";
import { delimiter, join } from "node:path";

/** The first executable file called `name` in the PATH folders. */
export function findOnPath(name: string, pathEnv = process.env.PATH ?? ""): string | undefined {
  for (const dir of pathEnv.split(delimiter)) {
    if (dir && existsSync(join(dir, name))) return join(dir, name);
  }
  return undefined;
}
