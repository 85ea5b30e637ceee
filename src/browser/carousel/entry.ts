// The carousel layout chunk, `dist/vitrine-carousel.js`. The core asks for it when a slot
// is shown that may be a carousel (its layout, else the default), beside the widget's
// data, so it is in hand before the answer: pages that show only grids never load it.
// Like the bundle chunk, it renders with the core's Preact (build.mjs points `preact` at
// src/browser/bundle/preact.ts) and adds itself to the core's layouts, unless the resume
// chunk, which carries it too, came first: a carousel already drawn keeps the same
// component, so Preact never remounts it.
import type { Plugin } from '../host';
import { Carousel } from '../../layouts/Carousel';
import { bindPreact } from '../bundle/preact';

const vitrine = (window as unknown as { Vitrine?: { use?: (plugin: Plugin) => void } }).Vitrine;
if (vitrine && typeof vitrine.use === 'function') {
  vitrine.use((host) => {
    bindPreact(host.h as Parameters<typeof bindPreact>[0]);
    host.layouts.carousel ||= Carousel;
  });
}
