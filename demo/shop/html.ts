/** Markup that is already safe: produced by `html` or trusted by construction. */
export interface SafeHtml {
  readonly __html: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ESCAPES[ch]);
}

export const raw = (markup: string): SafeHtml => ({ __html: markup });

type Value = string | number | boolean | null | undefined | SafeHtml | readonly Value[];

function render(value: Value): string {
  if (value === null || value === undefined || value === false) return '';
  if (Array.isArray(value)) return value.map(render).join('');
  if (typeof value === 'object') return (value as SafeHtml).__html;
  return escapeHtml(String(value));
}

/**
 * Tagged template for the shop's pages: every interpolated value is escaped
 * unless it is itself `html` output, so catalogue text can never become markup.
 */
export function html(strings: TemplateStringsArray, ...values: Value[]): SafeHtml {
  let out = strings[0];
  values.forEach((v, i) => {
    out += render(v) + strings[i + 1];
  });
  return raw(out);
}

/** JSON for a <script> element: `<` escaped so no text can close the element. */
export const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
