// The ESM build's stylesheet and chunks are files beside its own module, never beside the
// page (a single-page app on /products/x answers its own HTML for /products/vitrine.css).
// Both are written in the forms bundlers look for, so an app's build (Vite, webpack 5,
// Rollup, Parcel) takes them along: the stylesheet as a literal
// `new URL('./vitrine.css', import.meta.url)`, the chunks as literal dynamic imports,
// which become lazily loaded chunks of the app. An explicit `assetBase` setting still
// wins (boot uses these only without one).

export const moduleStylesheet: string | undefined = /* @__PURE__ */ (() => new URL('./vitrine.css', import.meta.url).href)();

/**
 * Each chunk plugs itself in through `window.Vitrine.use` when it runs. One literal import
 * per chunk: a bundler only takes along the files it can see named.
 */
export const moduleChunk = (name: string): Promise<unknown> => {
  switch (name) {
    // @ts-ignore each is built beside this module by build.mjs
    case 'bundle': return import('./vitrine-bundle.js');
    // @ts-ignore
    case 'carousel': return import('./vitrine-carousel.js');
    // @ts-ignore
    case 'search': return import('./vitrine-search.js');
    // @ts-ignore
    case 'strings': return import('./vitrine-strings.js');
    // @ts-ignore
    case 'page': return import('./vitrine-page.js');
    // @ts-ignore
    case 'consent': return import('./vitrine-consent.js');
    // @ts-ignore
    case 'analytics': return import('./vitrine-analytics.js');
    // @ts-ignore
    case 'cart': return import('./vitrine-cart.js');
    // @ts-ignore
    case 'resume': return import('./vitrine-resume.js');
    // @ts-ignore
    default: return import('./vitrine-debug.js');
  }
};
