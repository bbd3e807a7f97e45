/**
 * The folder, beside the Node bundle's entry file, of its chunks (build/armv7/bundle.ts writes them there; the
 * Node runtime's code stamp reads their names).
 */
export const NODE_CHUNK_DIR = "lib";
