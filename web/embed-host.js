// pygame_rules embed helper for the page that holds the iframe(s): sizes each frame to its content.
// Copy it into your page (or load it from our site). It accepts only messages of our shape
// {type: "pygame_rules:resize", version: 1, id: string, height: number} coming from one of the page's
// iframes whose src is on the same origin as the message; everything else is ignored. A frame that never reports
// (our site unreachable) gets a readable line with a link under it. See docs/embedding.md.
(function () {
  "use strict";
  function frameOf(source) {
    var frames = /** @type {NodeListOf<HTMLIFrameElement>} */ (document.querySelectorAll("iframe[data-pygame-rules]"));
    for (var i = 0; i < frames.length; i++) if (frames[i].contentWindow === source) return frames[i];
    return null;
  }
  window.addEventListener("message", function (event) {
    var msg = event.data;
    if (!msg || typeof msg !== "object" || msg.type !== "pygame_rules:resize" || msg.version !== 1) return;
    if (typeof msg.height !== "number" || !isFinite(msg.height) || msg.height < 0 || msg.height > 20000) return;
    var frame = frameOf(event.source);
    if (!frame || new URL(frame.src, location.href).origin !== event.origin) return;
    frame.style.height = Math.ceil(msg.height) + "px";
    frame.setAttribute("data-height", String(Math.ceil(msg.height)));
    var note = frame.nextElementSibling;
    if (note && note.className === "pygame-rules-fallback") note.parentNode.removeChild(note);
  });

  // Never an empty space: a frame that has not reported its height after a while (our site unreachable, the frame
  // blocked) gets a line of text under it with a link to open the example on its own.
  // The line speaks the frame's language (its src's ?lang=), else the host page's <html lang>, else English. This
  // script runs on other people's pages without our catalogues, so its few words live here.
  var WORDS = {
    en: ["This interactive example ({title}) could not be loaded here. ", "Open it on its own page.", "a card game"],
    nl: ["Dit interactieve voorbeeld ({title}) kon hier niet worden geladen. ", "Open het op een eigen pagina.",
      "een kaartspel"],
    de: ["Dieses interaktive Beispiel ({title}) konnte hier nicht geladen werden. ", "Auf einer eigenen Seite öffnen.",
      "ein Kartenspiel"],
    fr: ["Cet exemple interactif ({title}) n'a pas pu être chargé ici. ", "L'ouvrir sur sa propre page.",
      "un jeu de cartes"],
  };
  function wordsFor(frame) {
    var asked = /[?&]lang=([a-z]{2})/.exec(frame.src || "");
    var lang = (asked ? asked[1] : (document.documentElement.lang || "")).slice(0, 2).toLowerCase();
    return WORDS[lang] || WORDS.en;
  }
  function watch(frame) {
    var wait = Number(frame.getAttribute("data-fallback-after")) || 20000;
    setTimeout(function () {
      if (frame.hasAttribute("data-height") || !frame.parentNode) return;
      var words = wordsFor(frame);
      var note = document.createElement("p");
      note.className = "pygame-rules-fallback";
      note.appendChild(document.createTextNode(words[0].replace("{title}", frame.title || words[2])));
      var link = document.createElement("a");
      link.href = frame.src;
      link.textContent = words[1];
      note.appendChild(link);
      frame.parentNode.insertBefore(note, frame.nextSibling);
    }, wait);
  }
  function watchAll() {
    var frames = /** @type {NodeListOf<HTMLIFrameElement>} */ (document.querySelectorAll("iframe[data-pygame-rules]"));
    for (var i = 0; i < frames.length; i++) watch(frames[i]);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", watchAll);
  else watchAll();
})();
