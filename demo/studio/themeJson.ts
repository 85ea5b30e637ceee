import type { Theme } from '../../src/types/interface';

/**
 * The theme as interface.md's Theme resource: every field, in the table's
 * order, empty optional templates as null, so the export can be posted as is.
 */
export function themeJson(theme: Theme): Theme {
  const orNull = (s: string | null): string | null => (s && s.trim() ? s : null);
  return {
    id: theme.id,
    orgId: theme.orgId,
    orgName: theme.orgName,
    htmlTemplate: theme.htmlTemplate,
    name: orNull(theme.name),
    type: theme.type || 'Custom',
    displayType: theme.displayType,
    payload: theme.payload ?? null,
    description: orNull(theme.description),
    themeId: theme.themeId,
    divisionId: orNull(theme.divisionId),
    jsTemplate: orNull(theme.jsTemplate),
    cssTemplate: orNull(theme.cssTemplate),
  };
}
