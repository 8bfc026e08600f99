// The worker's message handling (imported by worker.js): one request at a time, in arrival order, so a save is
// stored before the next request runs and before its answer reaches the page (a reload right after a move resumes
// that move). The page never receives a save: after each request the worker asks pygame_rules.api.pending_saves()
// for the kept sessions that changed and stores them itself (js/storage/saves.js). Two ops are the worker's own:
//   {op: "resume", keep, seat}  load the save stored under `keep` (answers like `load`; "no_save" when none; a
//                               save the engine refuses is deleted, and the answer says why)
//   {op: "forget", keep}        delete the save stored under `keep`
// If Python itself fails (a Pyodide fatal error), the request is answered "engine_crashed" and the page is told
// {type: "dead"}, so it restarts the worker (js/worker/engine.js) and resumes from the last stored save.
import { deleteSave, getSave, putSave } from "../storage/saves.js";
import { freeRoomForSaves } from "./pyodide-start.js";
import { isQuotaError } from "../storage/storage-room.js";

const OWN_OPS = new Set(["resume", "forget"]);
const SLOT = /^[a-z0-9_.-]{1,32}$/;

function answer(id, error) {
  return JSON.stringify({ id, ok: false, error });
}

/** A worker-level request (resume, forget) or null: only short texts are looked at, never the engine's. */
function ownRequest(text) {
  if (typeof text !== "string" || text.length > 512 || !text.includes('"op"')) return null;
  try {
    const req = JSON.parse(text);
    return req && typeof req === "object" && OWN_OPS.has(req.op) ? req : null;
  } catch (err) {
    return null;
  }
}

async function storeSaves(api) {
  for (const [slot, text] of JSON.parse(api.pending_saves())) {
    try {
      await putSave(slot, text).catch(async (err) => {
        // The save comes first (docs/web.md, "Storage limits"): when the quota is full, drop what can be fetched
        // or made again (an unfinished copy of the site, the start-up snapshot) and try once more.
        if (!isQuotaError(err) || !(await freeRoomForSaves())) throw err;
        await putSave(slot, text);
      });
    } catch (err) {
      self.postMessage({ type: "save_failed", slot, message: String(err && err.message || err) });
    }
  }
}

async function resume(api, req) {
  const id = req.id ?? null;
  if (typeof req.keep !== "string" || !SLOT.test(req.keep)) {
    return answer(id, { code: "bad_request", message: "resume needs keep: a slot name" });
  }
  let text;
  try {
    text = await getSave(req.keep);
  } catch (err) {
    await deleteSave(req.keep).catch(() => {});
    return answer(id, { code: "bad_state", message: `the stored game cannot be read (${err.message})` });
  }
  if (text === null) return answer(id, { code: "no_save", message: "there is no saved game to resume" });
  const load = { id, op: "load", save: text, keep: req.keep };
  if (req.seat !== undefined) load.seat = req.seat;
  const json = api.handle(JSON.stringify(load));
  const reply = JSON.parse(json);
  if (!reply.ok && (reply.error.code === "bad_state" || reply.error.code === "bad_request")) {
    await deleteSave(req.keep).catch(() => {});
  }
  return json;
}

async function serve(text, ready) {
  const api = await ready;
  const own = ownRequest(text);
  const id = own ? own.id ?? null : null;
  if (!api) {
    let rid = id;
    try { rid = JSON.parse(text).id ?? null; } catch (err) { /* no id to echo */ }
    return answer(rid, { code: "engine_unavailable", message: "Python failed to start" });
  }
  if (own && own.op === "forget") {
    await deleteSave(String(own.keep)).catch(() => {});
    return JSON.stringify({ id, ok: true });
  }
  const json = own ? await resume(api, own) : api.handle(text);
  await storeSaves(api);
  return json;
}

/** The worker's onmessage: answers every request in order; `ready` resolves to pygame_rules.api (or null). */
export function requestHandler(ready) {
  let queue = Promise.resolve();
  return (event) => {
    queue = queue.then(() => serve(event.data, ready)).then(
      (json) => self.postMessage({ type: "response", json }),
      (err) => {
        // Python raised out of handle(): after a Pyodide fatal error the runtime is gone for good.
        const message = String(err && err.message || err).slice(0, 500);
        let rid = null;
        try { rid = JSON.parse(event.data).id ?? null; } catch (e) { /* no id */ }
        self.postMessage({ type: "response", json: answer(rid, { code: "engine_crashed", message }) });
        self.postMessage({ type: "dead", message });
      });
  };
}
