// Types of first-load.js, for the TypeScript tests that import it.
export declare const CLIENT_DIR: string;
export declare const KiB: number;
export declare const budgets: { readonly html: number; readonly css: number; readonly js: number };
export declare function gzipSize(content: Buffer | string): number;
export declare function brotliSize(content: Buffer | string): number;
export declare function readBuilt(file: string): Buffer;
export declare function builtPages(dir?: string): string[];
export declare function routeOf(file: string): string;
export declare function firstLoadAssets(html: string): { scripts: string[]; stylesheets: string[]; inlineCss: string };
export declare function staticImportClosure(entries: string[]): string[];
export declare function staticImports(url: string): string[];
export declare function dependenciesFirst(urls: string[]): string[];
export declare function sumGzip(urls: string[]): number;
export declare function sumBrotli(urls: string[]): number;
export declare function gzipSizeOf(url: string): number;
export declare function brotliSizeOf(url: string): number;
