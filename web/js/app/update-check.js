// When to offer the "new version" banner. sw.js takes over every open tab as soon as a new version is installed
// (skipWaiting + clients.claim), which can happen at any time after the page starts: in the tab that installed the
// first version, when another tab's visit finds a deploy, or a few seconds into the very load that found it (the
// page was served by the old version). So the page listens from its first line, not once the engine is ready, and
// compares versions instead of guessing from events: the page knows its own app directory (`app/<hash>/`, from this
// module's URL), the controlling service worker says its own ("version" message, `app`). Different means this page
// runs an older app than the one the browser now holds, and a reload would start the new one.

const VERSION_TIMEOUT_MS = 3000;

/** This page's app directory hash (`app/<hash>/js/app/update-check.js`), or null when it is not served from one. */
export function ownAppVersion(url = import.meta.url) {
  const match = /\/app\/([^/]+)\/js\/app\/[^/]+$/.exec(new URL(url).pathname);
  return match ? match[1] : null;
}

/** The controlling service worker's answer to "version" ({cache, files, routes, app}), or null without one. */
function askVersion(controller) {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(null), VERSION_TIMEOUT_MS);
    channel.port1.onmessage = (event) => { clearTimeout(timer); resolve(event.data || null); };
    controller.postMessage("version", [channel.port2]);
  });
}

/**
 * Call `onUpdate` when the browser holds a newer app than this page runs: checked at start-up and whenever another
 * service worker takes control. A service worker from before this check (it answers without `app`, or not on the
 * port) counts as an update only when it replaced an earlier controller, as the app did before.
 * @param {() => void} onUpdate
 */
export function watchForUpdate(onUpdate) {
  if (!("serviceWorker" in navigator)) return;
  const sw = navigator.serviceWorker;
  const own = ownAppVersion();
  let controlled = !!sw.controller;
  const check = async (replaced) => {
    const controller = sw.controller;
    if (!controller) return;
    const theirs = await askVersion(controller);
    if (theirs && theirs.app && own ? theirs.app !== own : replaced) onUpdate();
  };
  sw.addEventListener("controllerchange", () => {
    const replaced = controlled;
    controlled = true;
    check(replaced);
  });
  check(false);
}
