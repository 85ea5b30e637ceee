import type { Theme } from '../../src/types/interface';
import { formatTemplate } from './formatTemplate';
import type { Layout } from './studioDraft';

/** Rewrites `.vitrine-theme--<from>` into `.vitrine-theme--<to>` so renaming a theme keeps its CSS scoped. */
export function renameScope(css: string, from: string, to: string): string {
  const classOf = (id: string): string => id.replace(/[^\w-]/g, '_');
  const old = classOf(from).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return css.replace(new RegExp(`\\.vitrine-theme--${old}(?![\\w-])`, 'g'), `.vitrine-theme--${classOf(to)}`);
}

/**
 * A new theme of the author's own, started from a built-in one: a fresh id,
 * and a stylesheet scoped to the new themeId to show the one rule that matters.
 */
export function newTheme(builtin: Theme, layout: Layout, org: { orgId: string; orgName: string }, id: string): Theme {
  const themeId = `my-${layout}`;
  const starterCss = [
    `/* Start every selector with .vitrine-theme--${themeId}: widgets sit in the shop's own page. */`,
    `.vitrine-theme--${themeId} .vitrine__name {`,
    '  font-weight: 600;',
    '}',
    // The built-in base style fades the struck price to 60 % opacity, under WCAG AA contrast.
    `.vitrine-theme--${themeId} .vitrine__price s {`,
    '  color: #4b5563;',
    '  opacity: 1;',
    '}',
    '',
  ].join('\n');
  return {
    ...builtin,
    id,
    themeId,
    orgId: org.orgId,
    orgName: org.orgName,
    name: `My ${layout} theme`,
    type: 'Custom',
    displayType: layout,
    htmlTemplate: formatTemplate(builtin.htmlTemplate),
    description: `Started from the built-in ${layout} theme`,
    cssTemplate: builtin.cssTemplate ? renameScope(builtin.cssTemplate, builtin.themeId, themeId) : starterCss,
    jsTemplate: builtin.jsTemplate ?? '',
    payload: builtin.payload ?? null,
    divisionId: null,
  };
}
