import type { Config } from '../host';
import type { PageName } from '../../types/interface';
import { PAGES } from '../../core/api/endpoints';
import { bare } from '../../core/util/bare';

/** Raw settings: the script tag's data-* attributes, or `window.vitrineConfig` (camelCase). */
export type RawConfig = Record<string, unknown>;

export interface ConfigResult {
  /** Null when a required setting is missing: Vitrine then leaves every slot as it is. */
  config: Config | null;
  /** Every required setting that was missing or bad, in words a merchant understands. */
  problems: string[];
}


/**
 * Reads the settings once. The script tag wins over `window.vitrineConfig`, which fills
 * what the tag leaves out (a tag manager can ship a bare tag). A bad optional value is
 * dropped quietly and its default applies (the debug chunk says which); a missing or bad
 * required one is a problem, and Vitrine does not start.
 */
export function readConfig(script: HTMLScriptElement | null, global: unknown, pageUrl: string): ConfigResult {
  const problems: string[] = [];
  // Own properties only, copied once onto null prototypes: what a page added to
  // Object.prototype is no setting.
  const tag: RawConfig = bare(script?.dataset as RawConfig);
  const settings: RawConfig = bare(global as RawConfig);
  const get = (key: string): string | undefined => {
    const value = tag[key] ?? settings[key];
    return typeof value == 'string' ? value.trim() || undefined : typeof value == 'number' || typeof value == 'boolean' ? '' + value : undefined;
  };
  const need = (key: string): string | undefined => get(key) || (problems.push(key + ' is missing'), undefined);

  const given = need('baseUrl');
  let base = '';
  try {
    base = new URL(given!, pageUrl).href;
  } catch {
    /* unparsable: not http(s) either */
  }
  if (given && !/^https?:/i.test(base)) problems.push(`baseUrl "${given}" is not an http(s) URL`);
  const orgId = need('orgId');
  const apiKey = need('apiKey');
  const endpoints: Record<string, string> = bare({});
  const overrides: RawConfig = bare(settings.endpoints as RawConfig);
  for (const name in overrides) {
    const path = overrides[name];
    if (typeof path == 'string' && path[0] == '/') endpoints[name] = path;
  }
  const pageType = get('pageType') as PageName;
  const currency = get('currency');
  const debug = script?.getAttribute('data-debug') ?? settings.debug;
  const config: Config | null =
    !problems.length
      ? {
          baseUrl: base.replace(/\/+$/, ''),
          orgId: orgId!,
          apiKey: apiKey!,
          pageType: PAGES.includes(pageType) ? pageType : undefined,
          siteUid: get('siteUid'),
          domain: get('domain'),
          pname: get('pname'),
          sku: get('sku'),
          locale: get('locale'),
          currency: /^[A-Z]{3}$/.test(currency!) ? currency : undefined,
          debug: (debug != undefined && debug !== false && debug != 'false' && debug != '0') || /[?&]vitrine_debug=1/.test(pageUrl),
          nonce: script?.nonce || script?.getAttribute('nonce') || get('nonce'),
          endpoints,
          // Interface words the merchant replaces: own properties only, like every setting.
          strings: bare(settings.strings as RawConfig) as Config['strings'],
          consent: get('consent'),
          // The folder of the script tag that runs, and nothing a page could write over it;
          // code that starts Vitrine itself (the ESM build) may name one.
          assetBase: script ? script.src.replace(/[^/]*$/, '') : get('assetBase') || '',
          setting: get,
        }
      : null;
  return { config: config && Object.freeze(config), problems };
}
