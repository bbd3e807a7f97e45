/** One file of the web app as embedded in the binary: precompressed at build time, base64 in the module. */
export interface EmbeddedAsset {
  path: string;
  type: string;
  /** Content-hashed name: cache for a year. */
  immutable: boolean;
  etag: string;
  size: number;
  br: string;
  gzip: string;
}
