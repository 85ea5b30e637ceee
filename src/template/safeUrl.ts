/**
 * Returns the URL when it is http(s), protocol-relative or relative, and '' otherwise.
 * Browsers ignore tabs and newlines inside a scheme (`java\tscript:` runs), so those
 * and other control characters are removed before the scheme is read.
 */
export function safeUrl(value: unknown): string {
  if (typeof value !== 'string') return '';
  const url = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  const scheme = /^([^/?#]*?):/.exec(url);
  return !scheme || /^https?$/i.test(scheme[1]) ? value.trim() : '';
}
