'use client';
import { useLayoutEffect } from 'react';
import { start, type PageContext, type VitrineApi } from 'vitrine';
import type { Service } from './service';
import { shop } from './shop';

let vitrine: VitrineApi | undefined;
let shown = '';

/**
 * Tells Vitrine which page is shown. The first page starts it, with that page's context
 * in its settings, after React has hydrated (a layout effect): it resumes the widgets the
 * server drew and asks for nothing. Every later route change is a `setContext`, in the
 * commit that put the new route in the document, before the browser reports its slots.
 * The same page said twice (StrictMode runs effects twice in development) is said once.
 */
export function VitrinePage({ service, page }: { service: Service; page: Partial<PageContext> }) {
  const key = JSON.stringify(page);
  useLayoutEffect(() => {
    if (key == shown) return;
    shown = key;
    if (vitrine) vitrine.setContext(page);
    else vitrine = start({ ...service, ...shop, ...page });
  }, [key]);
  return null;
}
