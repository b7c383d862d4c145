export declare const root: string;
export declare function areaOf(file: string): { kind: string; name: string } | null;
export declare function resolveImport(spec: string, fromFile: string): string | null;
export declare function importsOf(file: string): string[];
export declare const isTestCode: (file: string) => boolean;
export declare function filesUnder(dir: string, opts?: { tests?: boolean }): string[];
export declare function sourceFiles(): string[];
export declare function importCycles(files?: string[]): string[][];
