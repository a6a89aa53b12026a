export function ownBytes(bytes: Uint8Array): Uint8Array;
export function tarForPglite(bytes: Uint8Array): Blob;
