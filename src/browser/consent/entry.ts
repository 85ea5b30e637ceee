import type { EmbedHost } from '../host';
import { followShopify } from './followShopify';
import { followTcf } from './followTcf';
import { onceParsed } from '../whenReady';

/**
 * The consent chunk: loaded only with `data-consent="shopify"` or `"tcf"`, so the code
 * that speaks to those APIs costs other pages nothing. It hands each answer to
 * `Vitrine.consent`, the same call a merchant's own banner makes. A consent API that
 * throws is caught here: Vitrine then stays without consent and the page is untouched.
 */
function connect(host: EmbedHost): void {
  const { win, config } = host;
  const vitrine = (win as unknown as { Vitrine: { consent(granted: boolean): void } }).Vitrine;
  const set = (granted: boolean) => vitrine.consent(granted);
  const guarded = (follow: typeof followTcf) => {
    try {
      follow(win, set);
    } catch (error) {
      host.log('consent API failed; staying without consent', error);
    }
  };
  // A CMP's stub or Shopify's global may come further down the page than the script tag.
  onceParsed(host.doc, () => guarded(config.consent == 'shopify' ? followShopify : followTcf));
}

(window as unknown as { Vitrine?: { use?: (p: typeof connect) => void } }).Vitrine?.use?.(connect);
