export declare const SEED_ENTRIES: string[];
export declare const SEED_EXTRA_INPUTS: string[];
export declare function importClosure(root: string, entries: string[]): string[];
export declare function hashFiles(root: string, files: string[]): string;
export declare function seedHash(root: string): { hash: string; files: string[] };
export declare function listFiles(root: string, entries: string[], skip?: RegExp | null): string[];
export declare function statFingerprint(root: string, files: string[]): string;
