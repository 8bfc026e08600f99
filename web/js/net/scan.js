// Scanning a connection code (an invite or an answer) with the device's camera, inside the app. The camera is asked
// for only when the player presses Scan, the rear camera preferred; frames are read by the browser's
// BarcodeDetector where it has one that knows QR codes, else by npm jsqr (pinned in package.json, copied into the
// site by tools/build_site.py as js/vendor/jsqr.mjs and loaded only when needed). The code read fills the field as
// if pasted and the caller proceeds (Join, Connect). The camera stops as soon as a code is read, on Cancel, or when
// the field leaves the page. Nothing leaves the device: the frames are read here and dropped.
import { h } from "../lib/util.js";
import { t } from "../words/i18n.js";

/** How often a frame is read while looking for a code (ms). */
const EVERY = 150;

/** @typedef {(video: HTMLVideoElement) => Promise<string>} FrameReader */

/**
 * A "Scan" button and the panel it opens below `field`: a code read by the camera is put in `field` and then
 * `onRead(text)` runs. Returns both elements for the caller to place (button first).
 * @param {HTMLTextAreaElement | HTMLInputElement} field
 * @param {(text: string) => void} onRead
 */
export function scanner(field, onRead) {
  const panel = h("div.net-scan", { hidden: true });
  const button = h("button.btn.ghost.net-scan-button", { type: "button" }, t("net.scan"));
  button.addEventListener("click", () => {
    if (button.disabled) return;
    button.disabled = true;
    scan(panel, (text, decoder) => {
      button.disabled = false;
      if (!text) return;
      button.dataset.decoder = decoder;
      field.value = text;
      field.dispatchEvent(new Event("input", { bubbles: true }));
      onRead(text);
    });
  });
  return [button, panel];
}

/**
 * Open the camera in `panel` and look for a QR code until one is read or the player cancels; `done(text, decoder)`
 * runs once, with an empty text when nothing was read.
 * @param {HTMLElement} panel
 * @param {(text: string, decoder: string) => void} done
 */
async function scan(panel, done) {
  const state = h("p.net-state", { role: "status" }, t("net.scan_starting"));
  const video = /** @type {HTMLVideoElement} */ (h("video.net-scan-video", { "aria-label": t("net.scan_view") }));
  video.muted = true;
  video.playsInline = true;
  const cancel = h("button.btn.ghost", { type: "button" }, t("common.cancel"));
  panel.replaceChildren(video, state, cancel);
  panel.hidden = false;
  /** @type {MediaStream | null} */
  let stream = null;
  let over = false;
  /** @param {string} text @param {string} decoder */
  const finish = (text, decoder = "") => {
    if (over) return;
    over = true;
    for (const track of stream?.getTracks() || []) track.stop();
    video.srcObject = null;
    panel.hidden = true;
    panel.replaceChildren();
    done(text, decoder);
  };
  cancel.addEventListener("click", () => finish(""));
  if (!navigator.mediaDevices?.getUserMedia) {
    state.textContent = t("net.scan_no_camera");
    return;
  }
  try {
    stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: "environment" } },
      audio: false });
  } catch (err) {
    const name = err instanceof Error ? err.name : "";
    state.textContent = t(name === "NotAllowedError" || name === "SecurityError" ? "net.scan_denied"
      : "net.scan_no_camera");
    return;
  }
  if (over) { // cancelled while the browser asked for the camera
    for (const track of stream.getTracks()) track.stop();
    return;
  }
  video.srcObject = stream;
  try {
    await video.play();
  } catch (err) { /* a muted inline video may play; if not, frames still arrive for the reader */ }
  const { read, decoder } = await frameReader();
  state.textContent = t("net.scan_looking");
  panel.dataset.decoder = decoder;
  while (!over) {
    if (!panel.isConnected) return finish("");
    let text = "";
    try {
      text = await read(video);
    } catch (err) { /* a frame that cannot be read yet (no size): try the next one */ }
    if (text) return finish(text, decoder);
    await new Promise((resolve) => setTimeout(resolve, EVERY));
  }
}

/**
 * The browser's BarcodeDetector if it reads QR codes here, else jsqr on a canvas copy of the frame.
 * @returns {Promise<{read: FrameReader, decoder: string}>}
 */
async function frameReader() {
  const Detector = /** @type {any} */ (globalThis).BarcodeDetector;
  try {
    if (Detector && (await Detector.getSupportedFormats()).includes("qr_code")) {
      const detector = new Detector({ formats: ["qr_code"] });
      /** @type {FrameReader} */
      const read = async (video) => {
        const codes = await detector.detect(video);
        return codes.length ? String(codes[0].rawValue || "") : "";
      };
      return { read, decoder: "BarcodeDetector" };
    }
  } catch (err) { /* a detector that fails to start: use the decoder below */ }
  return { read: await jsqrReader(), decoder: "jsqr" };
}

/** @returns {Promise<FrameReader>} */
async function jsqrReader() {
  const jsQR = (await import("../vendor/jsqr.mjs")).default;
  const canvas = document.createElement("canvas");
  const context = /** @type {CanvasRenderingContext2D} */ (canvas.getContext("2d", { willReadFrequently: true }));
  return async (video) => {
    const width = video.videoWidth;
    const height = video.videoHeight;
    if (!width || !height) return "";
    canvas.width = width;
    canvas.height = height;
    context.drawImage(video, 0, 0, width, height);
    const image = context.getImageData(0, 0, width, height);
    return decodeImage(jsQR, image);
  };
}

/**
 * The text of the QR code in `image` (or ""), read by jsqr. Separate so the decoder can be checked on a still image.
 * @param {typeof import("../vendor/jsqr.mjs").default} jsQR
 * @param {ImageData} image
 */
export function decodeImage(jsQR, image) {
  const code = jsQR(image.data, image.width, image.height, { inversionAttempts: "attemptBoth" });
  return code ? code.data : "";
}
