import { afterEach, describe, expect, it } from 'vitest';
import { loadChunk } from '../../../../src/browser/chunks/loadChunk';

afterEach(() => document.head.querySelectorAll('script').forEach((s) => s.remove()));

describe('loadChunk', () => {
  it.each(['https://cdn.example/vitrine/', 'http://127.0.0.1:8781/dist/', '/dist/', '/'])('loads vitrine-<name>.js from the folder %s', (folder) => {
    loadChunk(document, folder, 'search', 'n0nce');
    const script = document.head.querySelector('script')!;
    expect(script.getAttribute('src')).toBe(folder + 'vitrine-search.js');
    expect(script.nonce).toBe('n0nce');
  });

  it.each(['', '//evil.example/', 'javascript:alert(1)//', 'data:text/javascript,', 'https://cdn.example/x?y=/', 'https://cdn.example\\evil/', 'vitrine/'])(
    'refuses the folder %j: no script is added and the caller goes on at once',
    (folder) => {
      let done = 0;
      loadChunk(document, folder, 'bundle', undefined, () => done++);
      expect(document.head.querySelector('script')).toBeNull();
      expect(done).toBe(1);
    },
  );

  it('refuses a chunk name that is not a plain word', () => {
    let done = 0;
    loadChunk(document, '/dist/', '../evil', undefined, () => done++);
    expect(document.head.querySelector('script')).toBeNull();
    expect(done).toBe(1);
  });
});
