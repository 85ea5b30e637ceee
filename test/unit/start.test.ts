import { describe, expect, it } from 'vitest';
import { start } from '../../src/index';

describe('start() from the ESM build', () => {
  it('returns the page API, the same one again on a second call (hot reload), and registers <vitrine-widget>', async () => {
    // A page that links the stylesheet itself is not sent it again (happy-dom loads no CSS).
    document.head.innerHTML = '<link rel="preload" as="style" href="/assets/vitrine.css">';
    const settings = { baseUrl: 'https://reco.example', orgId: 'org', apiKey: 'key' };
    const first = start(settings);
    expect(typeof first.setContext).toBe('function');
    expect(window.Vitrine!.refresh).toBe(first.refresh);
    const second = start(settings);
    expect(second.refresh).toBe(first.refresh);
    expect(second.version).toBe(first.version);
    await customElements.whenDefined('vitrine-widget');
    expect(customElements.get('vitrine-widget')).toBeDefined();
  });
});
