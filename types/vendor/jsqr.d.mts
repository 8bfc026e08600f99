// web/js/vendor/jsqr.mjs is npm jsqr's dist/jsQR.js wrapped as an ES module by tools/build_site.py (it is not in
// web/): this declares the one function js/net/scan.js uses, so that `tsc -p jsconfig.json` can check it.
declare function jsQR(data: Uint8ClampedArray, width: number, height: number,
  options?: { inversionAttempts?: "dontInvert" | "onlyInvert" | "attemptBoth" | "invertFirst" }): { data: string } | null;
export default jsQR;
