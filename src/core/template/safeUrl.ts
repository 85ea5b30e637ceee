/**
 * Returns the URL when it is http(s), protocol-relative or relative, and '' otherwise.
 * Browsers ignore tabs and newlines inside a scheme (`java\tscript:` runs), so those
 * and other control characters are removed before the scheme is read. A backslash is
 * read as the slash an http(s) page's URL parser makes of it: `\\host/x` is the
 * protocol-relative `//host/x` (kept, like `//cdn.example/x.jpg`, http(s) on an http(s)
 * page), and `java\script:` has no scheme at all (a relative path, kept).
 */
export function safeUrl(value: unknown): string {
  if (typeof value !== 'string') return '';
  const url = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').replace(/\\/g, '/');
  const scheme = /^([^/?#]*?):/.exec(url);
  return !scheme || /^https?$/i.test(scheme[1]) ? value.trim() : '';
}
