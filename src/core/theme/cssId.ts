/** A class-safe form of a theme id, used in `vitrine-theme--<id>`. */
export const cssId = (themeId: string): string => themeId.replace(/[^\w-]/g, '_');
