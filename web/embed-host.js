// pygame_rules embed helper for the page that holds the iframe(s): sizes each frame to its content.
// Copy it into your page (or load it from our site). It accepts only messages of our shape
// {type: "pygame_rules:resize", version: 1, id: string, height: number} coming from one of the page's
// iframes whose src is on the same origin as the message; everything else is ignored. See docs/embedding.md.
(function () {
  "use strict";
  function frameOf(source) {
    var frames = document.querySelectorAll("iframe[data-pygame-rules]");
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
  });
})();
