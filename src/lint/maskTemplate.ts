import type { MustacheScan } from './scanMustache';

/**
 * The template with its Mustache tags neutralised but every offset kept:
 * sections and comments become spaces, and a value tag becomes `x…x`, because
 * at render time it turns into text (which counts as a link's text or an alt).
 */
export function maskTemplate(template: string, scan: MustacheScan): string {
  let out = '';
  let at = 0;
  for (const tag of scan.tags) {
    out += template.slice(at, tag.from);
    const fill = tag.kind === 'variable' || tag.kind === 'raw' ? 'x' : ' ';
    out += template.slice(tag.from, tag.to).replace(/[^\n]/g, fill);
    at = tag.to;
  }
  return out + template.slice(at);
}
