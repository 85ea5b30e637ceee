import { h, type ComponentChildren } from 'preact';
import { fillNodes } from '../../layouts/fillNodes';

/** Words a screen reader reads around a number that is shown alone ("Page 3", "(12 products)"). */
export function spoken(template: string, hole: string, value: string | number): ComponentChildren[] {
  return fillNodes(template, { [hole]: <bdi>{value}</bdi> }).map((part) => (typeof part === 'string' ? part && <span class="vitrine-search__sr">{part}</span> : part));
}
