// Saved games in IndexedDB, written and read by the engine worker only (the page may only delete one).
// A save is the engine's whole state (every hand, the draw pile in order, the unredacted log), so it never goes to
// the page: the worker stores it gzip-compressed (CompressionStream) under a slot name ("game" for the app's game
// in progress), so nothing in the browser's storage panel lists a card. IndexedDB is shared by every tab and works
// offline, so a reload, a new tab or an offline visit resumes the same game. docs/web.md has the threat model.

const DB_NAME = "pygame_rules";
const STORE = "saves";
const VERSION = 1;

function open() {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, VERSION);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
    req.onblocked = () => reject(new Error("the saved-games database is blocked by another tab"));
  });
}

async function transact(mode, work) {
  const db = await open();
  try {
    return await new Promise((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const req = work(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(req.result);
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error || new Error("aborted"));
    });
  } finally {
    db.close();
  }
}

async function pipe(bytes, stream) {
  const out = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

/** Store the save text (JSON) of `slot`, gzip-compressed. */
export async function putSave(slot, text) {
  const gz = await pipe(new TextEncoder().encode(text), new CompressionStream("gzip"));
  await transact("readwrite", (store) => store.put({ v: 1, savedAt: Date.now(), gz }, slot));
}

/** The save text of `slot`, or null when there is none; throws when what is stored cannot be read back. */
export async function getSave(slot) {
  const record = await transact("readonly", (store) => store.get(slot));
  if (record === undefined) return null;
  if (!record || !(record.gz instanceof Uint8Array)) throw new Error("the stored game is not a saved game");
  const bytes = await pipe(record.gz, new DecompressionStream("gzip"));
  return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
}

/** Forget the save of `slot` (the page may call this: it reads nothing). */
export async function deleteSave(slot) {
  await transact("readwrite", (store) => store.delete(slot));
}
