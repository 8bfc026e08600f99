// The stored form of a Pyodide memory snapshot without its all-zero pages (js/worker/pyodide-start.js keeps this form in
// Cache Storage). About half of a fresh interpreter's memory is untouched heap: 242 of 481 pages of 64 KiB in a
// snapshot of 31.5 MB. Leaving them out halves what a return visit reads from disk and hashes, and what the origin
// keeps on disk; the restore rebuilds the full memory in a zero-filled buffer (a few ms of copying).
//
// Layout, little-endian: the 8 ASCII bytes "PGRSNAP1", u32 full length, u32 count of kept pages, u32 index of each
// kept page (ascending), then the kept pages' bytes in that order. Page i covers bytes [i * PAGE, (i + 1) * PAGE)
// of the full memory, the last page possibly shorter.

export const PAGE = 65536;
const MAGIC = "PGRSNAP1";
const HEADER = 16;

/** Whether `bytes[start, end)` are all zero. */
function allZero(bytes, start, end) {
  for (let i = start; i < end; i++) if (bytes[i] !== 0) return false;
  return true;
}

/** The stored form of `memory` (a snapshot's bytes): its non-zero pages and where they go.
 * @param {Uint8Array} memory
 * @returns {Uint8Array<ArrayBuffer>} */
export function packPages(memory) {
  const pages = Math.ceil(memory.length / PAGE);
  /** @type {number[]} */
  const kept = [];
  let size = 0;
  for (let p = 0; p < pages; p++) {
    const start = p * PAGE;
    const end = Math.min(start + PAGE, memory.length);
    if (!allZero(memory, start, end)) { kept.push(p); size += end - start; }
  }
  const out = new Uint8Array(HEADER + 4 * kept.length + size);
  const view = new DataView(out.buffer);
  for (let i = 0; i < MAGIC.length; i++) out[i] = MAGIC.charCodeAt(i);
  view.setUint32(8, memory.length, true);
  view.setUint32(12, kept.length, true);
  let at = HEADER + 4 * kept.length;
  kept.forEach((p, i) => {
    view.setUint32(HEADER + 4 * i, p, true);
    const start = p * PAGE;
    const end = Math.min(start + PAGE, memory.length);
    out.set(memory.subarray(start, end), at);
    at += end - start;
  });
  return out;
}

/** The full memory from its stored form; throws an Error saying what is wrong with a form that is not one
 * (another file, a cut or damaged one), so that the caller starts Python normally instead.
 * @param {Uint8Array} stored
 * @returns {Uint8Array} */
export function unpackPages(stored) {
  if (stored.length < HEADER || String.fromCharCode(...stored.subarray(0, 8)) !== MAGIC) {
    throw new Error("not a stored snapshot");
  }
  const view = new DataView(stored.buffer, stored.byteOffset, stored.byteLength);
  const length = view.getUint32(8, true);
  const count = view.getUint32(12, true);
  const pages = Math.ceil(length / PAGE);
  if (count > pages || HEADER + 4 * count > stored.length) throw new Error("a damaged page table");
  const memory = new Uint8Array(length);
  let at = HEADER + 4 * count;
  let previous = -1;
  for (let i = 0; i < count; i++) {
    const p = view.getUint32(HEADER + 4 * i, true);
    if (p <= previous || p >= pages) throw new Error("a damaged page table");
    previous = p;
    const size = Math.min(PAGE, length - p * PAGE);
    if (at + size > stored.length) throw new Error("the stored pages are cut short");
    memory.set(stored.subarray(at, at + size), p * PAGE);
    at += size;
  }
  if (at !== stored.length) throw new Error("bytes after the last page");
  return memory;
}
