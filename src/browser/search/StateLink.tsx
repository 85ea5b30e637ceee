import { h, type ComponentChildren } from 'preact';
import type { SearchState } from './searchState';
import type { ChangeReason, SearchViewProps } from './searchViewProps';

/** A link to another search state that changes the page in place (modified clicks open a tab). */
export function StateLink(props: { to: SearchState; why: ChangeReason; hrefFor: SearchViewProps['hrefFor']; onChange: SearchViewProps['onChange']; children: ComponentChildren; class?: string }) {
  return (
    <a
      class={props.class}
      href={props.hrefFor(props.to)}
      onClick={(e: MouseEvent) => {
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        props.onChange(props.to, props.why);
      }}
    >
      {props.children}
    </a>
  );
}
