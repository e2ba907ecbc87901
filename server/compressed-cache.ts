// On-the-fly compression of what has no pre-compressed twin, done once per
// file version and kept: a bounded cache of compressed bytes, least recently
// used first out. The build writes .br/.gz twins only with `--precompress`;
// without them every page would otherwise be compressed again on every request.
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

/** The codings the server compresses into itself. */
export type Encoding = "br" | "gzip";

/** The cache's default bound, in MiB (STATIC_COMPRESS_CACHE_MB, server/config.ts). */
export const DEFAULT_CACHE_MB = 32;

/** Brotli 5 on a request: 0.4% larger than 6 on the build's pages, where 11 costs about 100 ms a page (engine/compress.mjs). */
const BROTLI_QUALITY = 5;
/** Gzip 6: the level of the build's .gz twins and of the budgets. */
const GZIP_LEVEL = 6;

// The async forms run on zlib's thread pool: a request never blocks the event loop on compression.
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

function compress(content: Buffer, encoding: Encoding): Promise<NonSharedBuffer> {
  if (encoding === "gzip") return gz(content, { level: GZIP_LEVEL });
  return brotli(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
}

/** What the cache did: `misses` counts compressions run, `hits` answers without one, `bytes` what it holds. */
export interface CompressionStats {
  hits: number;
  misses: number;
  bytes: number;
  entries: number;
}

interface Entry {
  version: string;
  body: NonSharedBuffer;
}

export class CompressedCache {
  readonly stats: CompressionStats = { hits: 0, misses: 0, bytes: 0, entries: 0 };
  /** By coding and path; a Map keeps insertion order, so the first entry is the least recently used. */
  readonly #entries = new Map<string, Entry>();
  /** Compressions under way, by coding, path and version: requests that arrive meanwhile wait for the same one. */
  readonly #running = new Map<string, Promise<NonSharedBuffer>>();

  /** `maxBytes` bounds the compressed bytes kept; 0 keeps none (each request compresses, concurrent ones share). */
  constructor(readonly maxBytes: number) {}

  /**
   * `path`'s bytes compressed with `encoding`. `version` names the content
   * (a file's size and mtime): an entry of another version is never
   * returned, so a rebuilt file is compressed again. `read` gives the
   * content when it must be compressed.
   */
  async get(path: string, version: string, encoding: Encoding, read: () => Promise<Buffer>): Promise<NonSharedBuffer> {
    const key = `${encoding} ${path}`;
    const entry = this.#entries.get(key);
    if (entry && entry.version === version) {
      this.stats.hits++;
      // Most recently used: to the end of the order.
      this.#entries.delete(key);
      this.#entries.set(key, entry);
      return entry.body;
    }
    if (entry) this.#remove(key, entry);
    const runKey = `${key}\0${version}`;
    const running = this.#running.get(runKey);
    if (running) {
      this.stats.hits++;
      return running;
    }
    this.stats.misses++;
    const work = read()
      .then((content) => compress(content, encoding))
      .then((body) => {
        this.#store(key, { version, body });
        return body;
      })
      .finally(() => this.#running.delete(runKey));
    this.#running.set(runKey, work);
    return work;
  }

  #store(key: string, entry: Entry): void {
    // Larger than the whole cache: sent, not kept (it would evict everything else).
    if (entry.body.length > this.maxBytes) return;
    const previous = this.#entries.get(key);
    if (previous) this.#remove(key, previous);
    this.#entries.set(key, entry);
    this.stats.bytes += entry.body.length;
    this.stats.entries++;
    for (const [oldest, old] of this.#entries) {
      if (this.stats.bytes <= this.maxBytes) break;
      this.#remove(oldest, old);
    }
  }

  #remove(key: string, entry: Entry): void {
    this.#entries.delete(key);
    this.stats.bytes -= entry.body.length;
    this.stats.entries--;
  }
}
