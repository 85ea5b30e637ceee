import { randomBytes } from 'node:crypto';

/**
 * The Content-Security-Policy the preview frame runs under: the strict nonce policy a
 * careful shop sends (the one test/browser/embed/csp.test.ts holds the embed to):
 * scripts and styles by nonce only, no 'unsafe-inline', no 'unsafe-eval'. So a
 * `style="…"` or an inline handler that a shop would block is blocked in the preview
 * too, and the studio reports it. Trusted Types are required as well: every HTML and
 * script sink of the embed goes through its one `vitrine` policy, so a theme that renders
 * here renders on a shop that requires them.
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
    "require-trusted-types-for 'script'",
    'trusted-types vitrine',
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
