// A PGlite data-directory tar as bytes, handed to PGlite's `loadDataDir` without a Blob.
//
// Plain JavaScript: the worker thread (worker.mjs) loads it in bare Node.

/**
 * The bytes as an array over a buffer of their own: the array itself when it covers its whole buffer, else a copy
 * (a view on a larger buffer, which must not be handed on or moved whole).
 * @param {Uint8Array} bytes
 * @returns {Uint8Array}
 */
export function ownBytes(bytes) {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
}

/**
 * PGlite reads `loadDataDir` once, with `arrayBuffer()` (and looks at `type` for gzip). Node 20's Blob copies
 * its parts when made and reads them back in small chunks: the 131 MB seeded dump cost 0.5 s of CPU to wrap
 * and 0.9 s to read back, and a load through the worker thread did both twice (2.8 s of ≈ 7 a load). So the
 * bytes travel as they are, and PGlite is given an object answering the two things it reads; the seeded
 * loads of every PGlite test file go through it, so a PGlite that read more would fail there.
 * @param {Uint8Array} bytes an uncompressed tar, as dumpDataDir makes it
 * @returns {Blob}
 */
export function tarForPglite(bytes) {
  const buffer = ownBytes(bytes).buffer;
  return /** @type {Blob} */ (
    /** @type {unknown} */ ({
      type: 'application/x-tar',
      size: bytes.byteLength,
      arrayBuffer: async () => buffer,
    })
  );
}
