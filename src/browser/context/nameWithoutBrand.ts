const squeeze = (s: string | null) => (s || '').replace(/\s+/g, ' ').trim();

/**
 * The product's own name where JSON-LD puts its brand before it (`Acme Cama Eloísa`,
 * brand `Acme`) and the page's heading shows the name without it (`Cama Eloísa`): the
 * heading's text, as the shopper reads it. Nothing when the name does not start with the
 * brand, or no `<h1>` shows the rest, so a brand that is part of the name stays.
 */
export function nameWithoutBrand(doc: Document, name: string | undefined, brand: string | undefined): string | undefined {
  if (!name || !brand || name.toLowerCase().indexOf(brand.toLowerCase()) != 0) return;
  // The brand may be followed by a space, a dash, a bar or a colon.
  const rest = squeeze(name.slice(brand.length).replace(/^[\s\-–—|:·,]+/, '')).toLowerCase();
  if (!rest) return;
  for (const h1 of Array.from(doc.querySelectorAll('h1'))) {
    const shown = squeeze(h1.textContent);
    if (shown.toLowerCase() == rest) return shown;
  }
}
