/** The part of pngjs (no bundled types) the image resizer uses: synchronous read and write of RGBA pixels. */
declare module "pngjs" {
  interface PngPixels {
    width: number;
    height: number;
    data: Buffer;
  }
  export const PNG: {
    sync: {
      read(buffer: Buffer): PngPixels;
      write(png: { width: number; height: number; data: Uint8Array }, options?: { colorType?: number }): Buffer;
    };
  };
}
