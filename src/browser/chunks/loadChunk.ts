import { chunkScriptUrl } from '../sanitize/trustedTypes';

/**
 * Adds the chunk `<assetBase>vitrine-<name>.js` with the page's nonce; `done` runs when
 * it ran or failed, and at once when `assetBase` is no http(s) folder (no script tag of
 * ours was found: there is nowhere trustworthy to load from).
 */
export function loadChunk(doc: Document, assetBase: string, name: string, nonce?: string, done?: () => void): void {
  const script = doc.createElement('script');
  script.nonce = nonce || '';
  script.onload = script.onerror = done!;
  try {
    script.src = chunkScriptUrl(doc.defaultView!, assetBase + 'vitrine-' + name + '.js');
    doc.head.appendChild(script);
  } catch {
    done?.();
  }
}
