// Which files are worth compressing, in one place: the build's twins
// (engine/compress.mjs, `--precompress`) and the server's on-the-fly
// compression (server/compressed-cache.ts) must agree, or a file would be
// compressed by one and sent as it is by the other.

/** Text files: the build writes .br/.gz twins of these, the server compresses them when it has none. */
export const COMPRESSIBLE = /\.(?:html|js|mjs|css|svg|json|xml|txt)$/;

/** Smaller files are sent as they are: the headers would outweigh the saving. */
export const MIN_BYTES = 256;
