// The ESM build's stylesheet and chunks are files beside its own module, never beside the
// page (a single-page app on /products/x answers its own HTML for /products/vitrine.css).
// Both are written in the forms bundlers look for, so an app's build (Vite, webpack 5,
// Rollup, Parcel) takes them along: the stylesheet as a literal
// `new URL('./vitrine.css', import.meta.url)`, the chunks as literal dynamic imports,
// which become lazily loaded chunks of the app. An explicit `assetBase` setting still
// wins (boot uses these only without one).

export const moduleStylesheet: string | undefined = /* @__PURE__ */ (() => new URL('./vitrine.css', import.meta.url).href)();

/** Each chunk plugs itself in through `window.Vitrine.use` when it runs. */
export const moduleChunk = (name: string): Promise<unknown> =>
  name == 'bundle'
    ? // @ts-ignore built beside this module by build.mjs
      import('./vitrine-bundle.js')
    : name == 'cart'
      ? // @ts-ignore built beside this module by build.mjs
        import('./vitrine-cart.js')
    : name == 'search'
      ? // @ts-ignore built beside this module by build.mjs
        import('./vitrine-search.js')
      : // @ts-ignore built beside this module by build.mjs
        import('./vitrine-debug.js');
