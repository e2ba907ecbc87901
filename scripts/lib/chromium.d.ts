// Types of chromium.js, for playwright.config.ts.
export declare const systemChromium: string;
export declare const chromiumPath: string | undefined;
export declare const chromiumFlags: readonly string[];
