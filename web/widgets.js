// Stable entry point for the <rules-scenario> element (not content-hashed, served no-cache like sw.js).
// A page on this site adds <script type="module" src="widgets.js"></script> (../widgets.js from a subfolder).
// tools/build_site.py fills in the hashed app directory.
import "./{{APP}}/js/widgets/widget-element.js";
