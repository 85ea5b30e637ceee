import type { RuntimeProblem } from './previewProtocol';

type ThemeScript = (root: HTMLElement, data: unknown) => void;
type Define = (themeId: string, fn: ThemeScript) => void;

/**
 * The embed runs a jsTemplate from a `<script nonce>` whose text is
 * `Vitrine.defineThemeScript("id",function(root,data){` + newline + the jsTemplate
 * (src/browser/theme/applyTheme.ts). Positions inside that script are the jsTemplate's,
 * one line down.
 */
const FIRST_LINE = 1;

/**
 * The line and column of the innermost frame in the theme script, from an error's
 * stack. Chromium names a script added by DOM `<anonymous>` and counts its lines from
 * the script's own text ("at <anonymous>:3:8"); the preview's own code is preview.js.
 */
function stackPosition(error: unknown): { line: number; column: number } | null {
  const stack = error instanceof Error ? error.stack ?? '' : '';
  const m = /<anonymous>:(\d+):(\d+)/.exec(stack);
  return m ? { line: Number(m[1]) - FIRST_LINE, column: Number(m[2]) } : null;
}

/** Errors and CSP reports from a script added by DOM carry no file name (or the page's own URL). */
const inThemeScript = (file: string, url: string): boolean => file === '' || file === url;

function scriptProblem(message: string, at: { line: number; column: number } | null): RuntimeProblem {
  return { kind: 'script-error', source: 'js', message, line: at?.line ?? 0, column: at?.column ?? 0 };
}

/**
 * Reports what goes wrong in a theme script with its jsTemplate line: a throw during
 * the render (the embed catches it and keeps only its text), a throw later (a timer, a
 * click handler), a syntax error, and what the Content-Security-Policy blocks.
 */
export function watchThemeScripts(win: Window, report: (problem: RuntimeProblem) => void): void {
  const url = win.location.href.split('#')[0];
  // The embed keeps `Vitrine.defineThemeScript` if one is there, so it is wrapped, not replaced:
  // each theme function then runs inside a catch that sees the Error itself, stack and all.
  const registry = ((win as unknown as { Vitrine?: Record<string, unknown> }).Vitrine ||= {});
  let inner: Define | undefined;
  const wrapped: Define = (themeId, fn) =>
    inner?.(themeId, function (this: unknown, root, data) {
      try {
        return fn.call(this, root, data);
      } catch (error) {
        report(scriptProblem(`The theme script threw: ${String(error)}`, stackPosition(error)));
        throw error;
      }
    });
  Object.defineProperty(registry, 'defineThemeScript', {
    configurable: true,
    get: () => (inner ? wrapped : undefined),
    set: (fn: Define) => {
      inner = fn;
    },
  });

  win.addEventListener('error', (e) => {
    // Throws inside the wrapper above are caught by the embed and never get here.
    if (!inThemeScript(e.filename, url)) return;
    const syntax = e.error instanceof SyntaxError || /SyntaxError/.test(e.message);
    // Chromium words a parse error of an added script as the DOM call that added it; only the reason helps.
    const reason = e.message.replace(/^Uncaught /, '').replace(/Failed to execute '\w+' on '\w+': /, '');
    report(scriptProblem(
      syntax ? `The theme script does not parse: ${reason}` : `The theme script threw later: ${reason}`,
      { line: e.lineno - FIRST_LINE, column: e.colno },
    ));
  });
  win.addEventListener('unhandledrejection', (e) => {
    report(scriptProblem(`A promise in the theme script failed: ${String(e.reason)}`, stackPosition(e.reason)));
  });
  win.document.addEventListener('securitypolicyviolation', (e) => {
    const fromScript = inThemeScript(e.sourceFile, url) && e.lineNumber > 0;
    report({
      kind: 'csp-blocked',
      source: fromScript ? 'js' : 'html',
      message: `The shop's Content-Security-Policy blocked ${e.blockedURI === 'inline' ? 'an inline ' + (e.effectiveDirective.startsWith('style') ? 'style' : 'script') : e.blockedURI || e.effectiveDirective} (${e.effectiveDirective}).`,
      line: fromScript ? e.lineNumber - FIRST_LINE : 0,
      column: fromScript ? e.columnNumber : 0,
      directive: e.effectiveDirective,
      sample: e.sample,
    });
  });
}
