// The script tag's core/theme/builtinCard.ts (build.mjs puts this module in its place in
// vitrine.js only). The built-in themes are a fallback most pages never show: an org has a
// theme for each layout it uses. So their card ships in the theme chunk
// (`vitrine-theme.js`), which a slot that falls back to one loads and waits for; the
// chunk writes the card into the core's built-in themes (`EmbedHost.builtinThemes`).
export const builtinCard = undefined as unknown as string;
