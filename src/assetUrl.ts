/**
 * The address of a file that ships beside `vitrine.js` (its stylesheet and chunks): in
 * the folder the script tag loaded it from. The ESM build swaps this module for
 * `assetUrl.module.ts` (build.mjs).
 */
export const assetUrl = (base: string, file: string): string => base + file;
