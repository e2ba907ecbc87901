// Types of serve-build.js, for the TypeScript tests that import it.
export interface Served {
  origin: string;
  stop: () => void;
}
export declare function serveBuild(fail: (message: string) => never | void): Promise<Served>;
export declare function serveWithoutScripts(origin: string, withoutScripts: (html: string) => string): Promise<Served>;
export declare function serveStatic(dir: string): Promise<Served>;
