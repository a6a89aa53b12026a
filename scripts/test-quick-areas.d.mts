export function areaOf(file: string): string | null;
export function testFoldersOf(area: string): string[];
export function apiFilesForChange(changed: string[], root: string): string[];
