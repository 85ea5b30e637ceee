/**
 * The ESM build's `assetUrl`: a file beside this module, never beside the page (a single
 * page app on `/products/x` would be answered its own HTML for `/products/vitrine.css`).
 * Each URL is a literal `new URL('./file', import.meta.url)`, the form bundlers look for
 * (Vite, webpack 5, Parcel, esbuild with a loader) to copy the file into the app's build
 * and rewrite its address; unbundled, it is the file next to `vitrine.mjs`. An explicit
 * `assetBase` setting still wins.
 */
export function assetUrl(base: string, file: string): string {
  if (base) return base + file;
  const url =
    file == 'vitrine.css'
      ? new URL('./vitrine.css', import.meta.url)
      : file == 'vitrine-bundle.js'
        ? new URL('./vitrine-bundle.js', import.meta.url)
        : file == 'vitrine-search.js'
          ? new URL('./vitrine-search.js', import.meta.url)
          : new URL('./vitrine-debug.js', import.meta.url);
  return url.href;
}
