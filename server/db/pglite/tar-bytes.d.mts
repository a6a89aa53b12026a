export function tarForPglite(bytes: Uint8Array): Blob;
