// #region element
import type { WidgetAttributes } from 'vitrine';
import type { DetailedHTMLProps, HTMLAttributes } from 'react';

// `<vitrine-widget>` in JSX, with its attributes typed.
declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'vitrine-widget': DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & WidgetAttributes;
    }
  }
}
// #endregion element
