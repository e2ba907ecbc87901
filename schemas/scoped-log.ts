// Environment: server only (node:async_hooks): never import it from code the
// browser loads. The one mechanism behind the project's two read logs, here
// because both the CLI and the site need it and site/ imports schemas/, never
// cli/ (docs/architecture.md): which files a validation read (content/read-log.ts,
// the key of the validation cache) and what a page read of the articles
// (site/lib/build-reads.ts, the build's record of each page's inputs).
//
// Scoped with AsyncLocalStorage rather than a variable: work running side by
// side (the editor's validations, a render thread's awaits) keeps separate
// logs; a log opened inside another also records into the outer one; code
// outside every log records nothing and computes nothing for it.
import { AsyncLocalStorage } from "node:async_hooks";

interface Scope<Value> {
  entries: Map<string, Value>;
  outer?: Scope<Value>;
}

export class ScopedLog<Value> {
  readonly #current = new AsyncLocalStorage<Scope<Value>>();

  /** Whether some log is open here. */
  get active(): boolean {
    return this.#current.getStore() !== undefined;
  }

  /** Records `key` in every open log; `value` is computed only when one is open (a digest costs). */
  record(key: string, value: () => Value): void {
    const innermost = this.#current.getStore();
    if (innermost === undefined) return;
    const entry = value();
    for (let scope: Scope<Value> | undefined = innermost; scope; scope = scope.outer) scope.entries.set(key, entry);
  }

  /** Runs `work` with a fresh log and returns both. */
  async run<T>(work: () => Promise<T>): Promise<{ value: T; entries: Map<string, Value> }> {
    const entries = new Map<string, Value>();
    const outer = this.#current.getStore();
    const value = await this.#current.run({ entries, ...(outer ? { outer } : {}) }, work);
    return { value, entries };
  }

  /** Runs `work` outside every log: what it records is not kept (a read made while computing a logged one). */
  outside<T>(work: () => T): T {
    return this.#current.exit(work);
  }
}
