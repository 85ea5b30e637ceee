// The resume chunk, `dist/vitrine-resume.js`: taking over widgets `vitrine/server` rendered
// into the page's HTML. The core asks for it when it shows the first slot holding one, so
// pages without server rendering never load it, and the server's widget is on screen
// meanwhile. It hydrates through the core's mountWidget (one Preact per page).
// It carries the carousel and bundle layouts too (a layout chunk the page has already
// loaded is kept): a page of server widgets makes one request for them all, not three,
// and Lighthouse charged each script's fetch and first run 1–4 ms at 4× on the demo's
// server-rendered product page. The layouts render with the core's Preact, as in their
// own chunks.
import type { Plugin } from '../host';
import { resumeSlot } from './resumeSlot';
import { Carousel } from '../../layouts/Carousel';
import { Bundle } from '../../layouts/Bundle';
import { bindPreact } from '../bundle/preact';

const vitrine = (window as unknown as { Vitrine?: { use?: (plugin: Plugin) => void } }).Vitrine;
if (vitrine && typeof vitrine.use === 'function') {
  vitrine.use((host) => {
    bindPreact(host.h as Parameters<typeof bindPreact>[0]);
    host.layouts.carousel ||= Carousel;
    host.layouts.bundle ||= Bundle;
    if (host.resume) host.resume.take = resumeSlot;
  });
}
