import { randomBytes } from 'node:crypto';

/**
 * The Content-Security-Policy the preview frame runs under: the strict nonce policy a
 * careful shop sends (the one test/browser/embed/csp.test.ts holds the embed to):
 * scripts and styles by nonce only, no 'unsafe-inline', no 'unsafe-eval'. So a
 * `style="…"` or an inline handler that a shop would block is blocked in the preview
 * too, and the studio reports it.
 *
 * Not yet here: `require-trusted-types-for 'script'; trusted-types vitrine`. The embed
 * this studio renders with still parses templates through `template.innerHTML` with a
 * plain string (src/template/sanitizeHtml.ts), which that directive refuses; add both
 * directives here once the embed creates its markup through a `vitrine` policy.
 */
export function previewPolicy(nonce: string, apiUrl: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    // Product images come from the service (sandbox), the studio's own fixtures, or a pasted envelope's https host.
    `img-src 'self' ${apiUrl} https: data:`,
    "connect-src 'self'",
    "base-uri 'none'",
    "object-src 'none'",
    "form-action 'self'",
  ].join('; ');
}

/** preview.html with a fresh nonce in its tags and in the policy header that comes with it. */
export function previewPage(template: string, apiUrl: string): { body: string; headers: Record<string, string> } {
  const nonce = randomBytes(16).toString('base64');
  return {
    body: template.replaceAll('%NONCE%', nonce),
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': previewPolicy(nonce, apiUrl),
    },
  };
}
