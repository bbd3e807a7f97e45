/**
 * A launch of a remote file, as the reference reads it (its `isValidRemoteFileURL` and `namesFromURL`): a launch
 * path that is an http(s) or smb URL with a host, given with `?system=`, names a file to install into that
 * system's folder. The file name is the URL path's last segment, percent-decoded; the display name (the loader's
 * "Downloading <name>...") is `?name=`, else the file name without its extension. Pure.
 */

/** Schemes the reference downloads from; smb is recognised so it can be refused clearly. */
export type RemoteScheme = "http" | "https" | "smb";

const REMOTE_SCHEMES: ReadonlySet<string> = new Set(["http", "https", "smb"]);

/** The scheme when `text` is a URL the reference would download (scheme and host present), else undefined. */
export function remoteFileScheme(text: string): RemoteScheme | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  const scheme = url.protocol.slice(0, -1).toLowerCase();
  return REMOTE_SCHEMES.has(scheme) && url.host !== "" ? (scheme as RemoteScheme) : undefined;
}

export interface RemoteNames {
  /** What the loader shows: `?name=`, else the file name without its extension. */
  display: string;
  /** The file's name in the install folder (one path segment). */
  filename: string;
  /** Its extension with the dot, as written (".sfc"), or "". */
  ext: string;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The extension of a file name as Go's path.Ext reads it: from the last dot on, "" without one. */
function extOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot < 0 ? "" : name.slice(dot);
}

/**
 * The names of the file a URL points at. `url` is the launch path (query and fragment are not part of the name);
 * `name` is the script's `?name=`.
 */
export function remoteNames(url: string, name?: string): RemoteNames {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    path = url.replace(/[?#].*$/, "");
  }
  const last = path.replace(/\/+$/, "").split("/").pop() ?? "";
  const filename = decode(last);
  const ext = extOf(filename);
  const display = name && name !== "" ? name : filename.slice(0, filename.length - ext.length);
  return { display, filename, ext };
}

/**
 * Why a file name taken from a URL cannot be written into the install folder, or null: it must be one plain
 * path segment (no separators, not `.` or `..`, no control characters), at most 255 bytes.
 */
export function installNameProblem(filename: string): string | null {
  if (filename === "" || filename === "." || filename === "..") return "the URL names no file";
  if (/[/\\]/.test(filename)) return `the file name ${JSON.stringify(filename)} holds a path separator`;
  if ([...filename].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return "the file name holds control characters";
  if (new TextEncoder().encode(filename).length > 255) return "the file name is longer than 255 bytes";
  return null;
}

/** The URL as logs, errors and traces show it: no user name or password, no query or fragment. */
export function shownUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    return url.replace(/\/\/[^/@]*@/, "//").replace(/[?#].*$/, "");
  }
}
