// web/js/vendor/lean-qr.mjs is npm lean-qr's index.mjs, copied by tools/build_site.py (it is not in web/): this
// declares the one function js/net/qr.js uses, so that `tsc -p jsconfig.json` can check it.
export declare function generate(text: string): { readonly size: number; get(x: number, y: number): boolean };
