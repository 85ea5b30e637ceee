// The resume chunk, `dist/vitrine-resume.js`: taking over widgets `vitrine/server` rendered
// into the page's HTML. The core asks for it when it shows the first slot holding one, so
// pages without server rendering never load it, and the server's widget is on screen
// meanwhile. It hydrates through the core's mountWidget (one Preact per page).
// It carries the carousel and bundle layouts too, added as their own chunks add them: a
// page of server widgets makes one request for them all, not three, and Lighthouse
// charged each script's fetch and first run 1–4 ms at 4× on the demo's server-rendered
// product page.
import type { Plugin } from '../host';
import { resumeSlot } from './resumeSlot';
import { Carousel } from '../../layouts/Carousel';
import { liveBundle } from '../bundle/liveBundle';
import { plugLayouts } from '../layouts/plugLayouts';

plugLayouts({ carousel: Carousel, bundle: liveBundle });
const vitrine = (window as unknown as { Vitrine?: { use?: (plugin: Plugin) => void } }).Vitrine;
if (vitrine && typeof vitrine.use === 'function') {
  vitrine.use(({ resume }) => {
    if (resume) resume.take = resumeSlot;
  });
}
