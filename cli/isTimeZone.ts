/**
 * Whether `name` is an IANA zone name. `Intl.DateTimeFormat` also takes offsets such as
 * `+01:00` in recent engines, which are not zone names, so the form is checked first.
 */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
