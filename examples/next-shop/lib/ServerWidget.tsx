'use client';
import { useLayoutEffect, useRef, useState } from 'react';
import type { WidgetAttributes } from 'vitrine';
import { takeOver } from './handOver';

interface Props extends WidgetAttributes {
  id: string;
  /** The widget's markup, when it can come no other way: in a client-side navigation's payload. */
  markup?: string;
  /** Where the server-side render finds the markup for the page's HTML (see `handOver`). */
  token?: string;
}

/**
 * A `<vitrine-widget>` whose content is the server's widget. On a page load the markup
 * reaches the HTML only: the server-side render takes it by its token, and in the browser
 * the element hydrates with an empty `dangerouslySetInnerHTML`, which React leaves alone
 * (it never compares or rewrites an element's inner HTML on hydration in production;
 * `suppressHydrationWarning` stops the development build's comparison). Vitrine then
 * resumes the nodes the server sent. After a client-side navigation the markup comes in
 * the route's payload (`markup`) and is set as the element is created.
 *
 * Read once per element (`useState`): a later render of the same slot (a refresh) never
 * writes markup over the widget Vitrine runs there.
 */
export function ServerWidget({ markup, token, ...attributes }: Props) {
  const [html] = useState(() => markup ?? (!token ? '' : typeof window == 'undefined' ? takeOver(token) : hydrated.get(token) || ''));
  const element = useRef<HTMLElement>(null);
  // Hydrated from the page's HTML: its markup, as the server sent it (Vitrine starts
  // after this, in a later component's layout effect), for when the router shows this
  // page again from its cache (Back), whose flight data has the token only.
  useLayoutEffect(() => {
    if (token && !markup && !hydrated.has(token) && element.current?.firstElementChild) hydrated.set(token, element.current.innerHTML);
  }, [token, markup]);
  return <vitrine-widget ref={element} {...attributes} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: html }} />;
}

/** In the browser: the page load's widget markup by its token (a page load has a few). */
const hydrated = new Map<string, string>();
