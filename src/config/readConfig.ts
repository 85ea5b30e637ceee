import type { Config } from '../types/host';
import type { PageName } from '../types/interface';
import { PAGES } from '../api/endpoints';

/** Raw settings: the script tag's data-* attributes, or `window.vitrineConfig` (camelCase). */
export type RawConfig = Record<string, unknown>;

export interface ConfigResult {
  /** Null when a required setting is missing: Vitrine then leaves every slot as it is. */
  config: Config | null;
  /** Every setting that was missing or bad, in words a merchant understands. */
  problems: string[];
}

const own = (source: unknown, key: string): unknown =>
  source && typeof source == 'object' && Object.prototype.hasOwnProperty.call(source, key) ? (source as RawConfig)[key] : undefined;

/**
 * Reads the settings once. The script tag wins over `window.vitrineConfig`, which fills
 * what the tag leaves out (a tag manager can ship a bare tag). A bad optional value is
 * dropped (its default applies) and noted.
 */
export function readConfig(script: HTMLScriptElement | null, global: unknown, pageUrl: string): ConfigResult {
  const problems: string[] = [];
  const get = (key: string): string | undefined => {
    const value = own(script?.dataset, key) ?? own(global, key);
    return typeof value == 'string' ? value.trim() || undefined : typeof value == 'number' || typeof value == 'boolean' ? '' + value : undefined;
  };
  const check = <T extends string>(key: string, ok: (v: string) => boolean, what: string): T | undefined => {
    const value = get(key);
    let good = false;
    try {
      good = !value || ok(value);
    } catch {
      /* a URL that does not parse */
    }
    if (!good) problems.push(`${key} "${value}" is not ${what}`);
    else return value as T;
  };
  const need = (key: string): string | undefined => get(key) || (problems.push(key + ' is missing'), undefined);

  const base = need('baseUrl') && check('baseUrl', (v) => /^https?:\/\//i.test(new URL(v, pageUrl).href), 'an http(s) URL');
  const orgId = need('orgId');
  const apiKey = need('apiKey');
  const endpoints: Record<string, string> = {};
  const overrides = own(global, 'endpoints');
  for (const name in overrides as RawConfig) {
    const path = own(overrides, name);
    if (typeof path == 'string' && path[0] == '/') endpoints[name] = path;
    else problems.push(`endpoint of ${name} is not a path`);
  }
  // A bare `data-debug` attribute is an empty string and means on.
  const debug = script?.getAttribute('data-debug') ?? own(global, 'debug');
  const src = script?.src || '';
  const config: Config | null =
    base && orgId && apiKey
      ? {
          baseUrl: new URL(base, pageUrl).href.replace(/\/+$/, ''),
          orgId,
          apiKey,
          pageType: check<PageName>('pageType', (v) => PAGES.includes(v as PageName), 'a page name'),
          siteUid: get('siteUid'),
          domain: get('domain'),
          pname: get('pname'),
          sku: get('sku'),
          locale: get('locale'),
          currency: check('currency', (v) => /^[A-Z]{3}$/.test(v), 'a currency code like EUR'),
          debug: (debug != undefined && debug !== false && debug != 'false' && debug != '0') || /[?&]vitrine_debug=1/.test(pageUrl),
          nonce: script?.nonce || script?.getAttribute('nonce') || get('nonce'),
          endpoints,
          searchParam: get('searchParam') || 'q',
          searchPage: get('searchPage') || '/search',
          assetBase: get('assetBase') || src.slice(0, src.lastIndexOf('/') + 1),
        }
      : null;
  return { config: config && Object.freeze(config), problems };
}
