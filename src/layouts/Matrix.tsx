import { h } from 'preact';
import type { LayoutProps } from './LayoutProps';
import { cardProps } from './cardProps';

/** A responsive grid: as many columns as fit, each card at least 170 px wide. */
export function Matrix({ cards }: LayoutProps) {
  return (
    <ul class="vitrine__grid">
      {cards.map((card, i) => (
        <li key={i} class="vitrine__cell" data-vitrine-index={i} {...cardProps(card)} />
      ))}
    </ul>
  );
}
