import { h } from 'preact';
import type { Card } from './fill';
import type { LayoutComponent, LayoutProps } from './LayoutProps';
import { cardProps } from './cardProps';

export interface WidgetBodyProps extends LayoutProps {
  /** A theme that draws the whole widget: its one card, instead of a layout of cards. */
  whole?: Card;
  Layout: LayoutComponent;
  onClick?: (event: Event) => void;
}

/**
 * What goes inside a widget root, the same on both sides: the server renders it to a
 * string and the browser renders (or hydrates) it, so the two cannot drift apart.
 */
export function WidgetBody({ whole, Layout, onClick, ...props }: WidgetBodyProps) {
  const L = Layout as (props: LayoutProps) => h.JSX.Element;
  return whole ? (
    // Keyed apart: Preact never clears nodes it did not make, so a switch between a
    // whole-widget template and cards must replace the element.
    <div key="whole" class="vitrine__body" onClick={onClick} {...cardProps(whole)} />
  ) : (
    <div key="cards" class="vitrine__body" onClick={onClick}>
      {props.title && (
        <h2 class="vitrine__title" id={props.titleId}>
          {props.title}
        </h2>
      )}
      <L {...props} />
    </div>
  );
}
