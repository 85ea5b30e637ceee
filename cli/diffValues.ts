import { formatPath } from './formatPath';
import type { Path } from './JsonFile';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** Values are shown on one line, cut at 70 characters: a diff line, not the file. */
const show = (v: unknown) => {
  const text = JSON.stringify(v) ?? 'undefined';
  return text.length > 70 ? `${text.slice(0, 67)}...` : text;
};

/** One line per changed leaf: `~ path: old → new`, `+ path: value`, `- path: value`. */
export function diffValues(before: unknown, after: unknown, path: Path = []): string[] {
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((k) => {
      if (!(k in before)) return [`+ ${formatPath([...path, k])}: ${show(after[k])}`];
      if (!(k in after)) return [`- ${formatPath([...path, k])}: ${show(before[k])}`];
      return diffValues(before[k], after[k], [...path, k]);
    });
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    return Array.from({ length: Math.max(before.length, after.length) }, (_, i) => {
      if (i >= before.length) return [`+ ${formatPath([...path, i])}: ${show(after[i])}`];
      if (i >= after.length) return [`- ${formatPath([...path, i])}: ${show(before[i])}`];
      return diffValues(before[i], after[i], [...path, i]);
    }).flat();
  }
  return JSON.stringify(before) === JSON.stringify(after) ? [] : [`~ ${formatPath(path)}: ${show(before)} → ${show(after)}`];
}
