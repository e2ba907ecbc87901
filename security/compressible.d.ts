// Types of compressible.js, for the TypeScript modules and tests that import it.
export declare const COMPRESSIBLE: RegExp;
export declare const MIN_BYTES: number;
