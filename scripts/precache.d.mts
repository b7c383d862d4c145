export declare const OFFLINE_EXPOSES: string[];
export declare function revisionOf(content: Buffer): string;
export declare function precacheEntries(webDir: string): { url: string; revision: string }[];
