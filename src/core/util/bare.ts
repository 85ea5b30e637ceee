/**
 * A null-prototype copy of the own enumerable properties of `sources`: whatever a host
 * page adds to `Object.prototype` (`jsTemplate`, `mode`, `variantName`, …) is never read
 * through it.
 */
export const bare = <T extends object>(...sources: T[]): T => Object.assign(Object.create(null), ...sources);
