import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Window as HappyWindow } from 'happy-dom';
import { cssId, injectStyle } from '../../../../src/browser/theme/applyTheme';
import { runThemeScript } from '../../../../src/browser/theme/runThemeScript';
import { scriptText } from '../../../../src/browser/sanitize/trustedTypes';
import { builtinThemes } from '../../../../src/core/theme/builtinThemes';
import type { Theme } from '../../../../src/types/interface';

// happy-dom leaves inline scripts alone unless asked (enableJavaScriptEvaluation), as a
// browser does when the page's CSP refuses the script: `running` is a page whose CSP
// allows the nonce, `blocked` one that runs nothing.
let running: Window;
let blocked: Window;
const page = (evaluate: boolean) =>
  new HappyWindow({ url: 'https://shop.example/', settings: { enableJavaScriptEvaluation: evaluate, suppressInsecureJavaScriptEnvironmentWarning: true } }) as unknown as Window;

beforeEach(() => {
  running = page(true);
  blocked = page(false);
});
afterEach(() => {
  (running as unknown as { happyDOM: { close(): Promise<void> } }).happyDOM.close();
  (blocked as unknown as { happyDOM: { close(): Promise<void> } }).happyDOM.close();
});

const theme = (themeId: string, jsTemplate: string | null): Theme => ({ ...builtinThemes.carousel, id: themeId, themeId, jsTemplate });
const rootIn = (win: Window) => win.document.body.appendChild(win.document.createElement('div'));
const scriptsIn = (win: Window) => win.document.head.querySelectorAll('script');

describe('cssId', () => {
  it('turns a theme id into something a class name can hold', () => {
    expect(cssId('summer-sale_2')).toBe('summer-sale_2');
    expect(cssId('a b.c/"d"')).toBe('a_b_c__d_');
    const el = running.document.createElement('div');
    el.className = 'vitrine-theme--' + cssId('x y:z');
    expect(el.classList).toHaveLength(1);
  });
});

describe('injectStyle', () => {
  it('adds one stylesheet per theme with the page nonce, however many widgets render', () => {
    const doc = running.document;
    injectStyle(doc, 'warm', '.a{color:red}', 'n0nce');
    injectStyle(doc, 'warm', '.a{color:red}', 'n0nce');
    injectStyle(doc, 'cool', '.b{color:blue}', 'n0nce');
    const styles = doc.head.querySelectorAll('style');
    expect(Array.from(styles, (s) => s.textContent)).toEqual(['.a{color:red}', '.b{color:blue}']);
    expect(Array.from(styles, (s) => s.nonce)).toEqual(['n0nce', 'n0nce']);
  });

  it('keeps the element while the text is the same, and replaces it when the theme changes', () => {
    const doc = running.document;
    injectStyle(doc, 'warm', '.a{color:red}');
    const first = doc.head.querySelector('style');
    injectStyle(doc, 'warm', '.a{color:red}');
    expect(doc.head.querySelector('style')).toBe(first);
    injectStyle(doc, 'warm', '.a{color:green}');
    expect(doc.head.querySelectorAll('style')).toHaveLength(1);
    expect(doc.head.querySelector('style')).not.toBe(first);
    expect(doc.head.querySelector('style')!.textContent).toBe('.a{color:green}');
  });
});

describe('runThemeScript', () => {
  // With the core's script text setter, as mountWidget hands it over.
  const run = (win: Window, t: Theme, root: HTMLElement, data: unknown, nonce?: string) => runThemeScript(win, t, root, data, nonce, scriptText);
  it('does nothing for a theme without a script', () => {
    expect(run(running, theme('plain', null), rootIn(running), {})).toBeUndefined();
    expect(run(running, theme('blank', '  \n'), rootIn(running), {})).toBeUndefined();
    expect(scriptsIn(running)).toHaveLength(0);
  });

  it('runs the theme script with the widget root and data, from a nonce script that needs no eval', () => {
    const root = rootIn(running);
    const js = 'root.setAttribute("data-count", data.products.length);';
    expect(run(running, theme('counter', js), root, { products: [1, 2, 3] }, 'n0nce')).toBeUndefined();
    expect(root.getAttribute('data-count')).toBe('3');
    const [script] = scriptsIn(running);
    expect(script.nonce).toBe('n0nce');
    expect(script.textContent).toBe(`Vitrine.defineThemeScript("counter",function(root,data){\n${js}\n})`);
  });

  it('adds the script once and runs the kept function on every render', () => {
    const js = 'root.textContent = data.n;';
    const a = rootIn(running);
    const b = rootIn(running);
    run(running, theme('again', js), a, { n: 'first' });
    run(running, theme('again', js), b, { n: 'second' });
    expect([a.textContent, b.textContent]).toEqual(['first', 'second']);
    expect(scriptsIn(running)).toHaveLength(1);
  });

  it('turns a throwing theme script into a warning', () => {
    const result = run(running, theme('thrower', 'throw new Error("boom")'), rootIn(running), {});
    expect(result).toBe('theme script failed: Error: boom');
  });

  it('warns when the page refused to run the script', () => {
    const root = rootIn(blocked);
    expect(run(blocked, theme('refused', 'root.textContent = "ran"'), root, {})).toBe('theme script did not run (CSP or syntax error)');
    expect(root.textContent).toBe('');
    expect(scriptsIn(blocked)).toHaveLength(1);
  });

  it('warns when the theme script does not parse', () => {
    expect(run(running, theme('broken', 'root.textContent = }{'), rootIn(running), {})).toBe('theme script did not run (CSP or syntax error)');
  });

  it('runs edited code in place of the old, and never the old once the new fails to load', () => {
    const root = rootIn(running);
    run(running, theme('edited', 'root.textContent = "v1"'), root, {});
    expect(root.textContent).toBe('v1');
    run(running, theme('edited', 'root.textContent = "v2"'), root, {});
    expect(root.textContent).toBe('v2');
    expect(scriptsIn(running)).toHaveLength(1);
    root.textContent = '';
    expect(run(running, theme('edited', 'root.textContent = }{'), root, {})).toBe('theme script did not run (CSP or syntax error)');
    expect(root.textContent).toBe('');
  });
});
