// How a chunk adds layouts to the core: they render with the core's `h` (the build points
// the chunk's `preact` at ./preact.ts), and a layout the page already has is kept, so a
// widget already drawn never changes component type under Preact. The carousel and
// bundle chunks add one each; the resume chunk carries both.
import type { EmbedHost, Plugin } from '../host';
import type { Layout } from '../../types/config';
import { bindPreact } from './preact';

export function plugLayouts(layouts: EmbedHost['layouts']): void {
  const vitrine = (window as unknown as { Vitrine?: { use?: (plugin: Plugin) => void } }).Vitrine;
  if (vitrine && typeof vitrine.use === 'function') {
    vitrine.use((host) => {
      bindPreact(host.h as Parameters<typeof bindPreact>[0]);
      for (const name of Object.keys(layouts) as Layout[]) host.layouts[name] ||= layouts[name];
    });
  }
}
