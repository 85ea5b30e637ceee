// The bundle layout chunk, `dist/vitrine-bundle.js`. The core loads it when a slot is to
// show a bundle: most pages never do, so the layout costs them nothing. It renders with
// the core's Preact (the build points `preact` at ./preact.ts) and adds itself to the
// core's layouts, unless the resume chunk, which carries it too, came first: a bundle
// already drawn keeps the same component, so Preact never remounts it.
import type { Plugin } from '../host';
import { Bundle } from '../../layouts/Bundle';
import { bindPreact } from './preact';

const vitrine = (window as unknown as { Vitrine?: { use?: (plugin: Plugin) => void } }).Vitrine;
if (vitrine && typeof vitrine.use === 'function') {
  vitrine.use((host) => {
    bindPreact(host.h as Parameters<typeof bindPreact>[0]);
    host.layouts.bundle ||= Bundle;
  });
}
