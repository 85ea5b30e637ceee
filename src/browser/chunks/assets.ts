// The stylesheet and chunks ship beside `vitrine.js`, in the folder the script tag loaded
// it from (the `assetBase` setting). The ESM build swaps this module for
// `assets.module.ts` (build.mjs), whose files are found beside the module instead; here
// there are none, and the bundler drops the branches that would use them.

/** The ESM build's stylesheet address. */
export const moduleStylesheet: string | undefined = undefined;

/** The ESM build's chunk loader. */
export const moduleChunk: ((name: string) => Promise<unknown>) | undefined = undefined;
