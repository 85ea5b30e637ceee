// The page chunk, `dist/vitrine-page.js`: microdata, RDFa and the storefront platforms'
// own page data. The core loads it only where JSON-LD, the URL and the settings leave the
// page type, the currency or the product on show unknown, and its first widget request
// waits for it there; a page that states everything in JSON-LD never fetches it.
import type { Plugin } from '../host';
import { readPage } from '../context/readPage';

const vitrine = (window as unknown as { Vitrine?: { use?: (plugin: Plugin) => void } }).Vitrine;
if (vitrine && typeof vitrine.use === 'function') {
  vitrine.use((host) => {
    if (host.page) host.page.read = readPage;
  });
}
