// Types of after-paint.js, for the TypeScript modules and tests that import it.
export declare const AFTER_PAINT_SOURCE: string;
export declare function afterPaintLoader(): { code: string; hash: string };
