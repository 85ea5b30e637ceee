// The resume chunk, `dist/vitrine-resume.js`: taking over widgets `vitrine/server` rendered
// into the page's HTML. The core asks for it when it shows the first slot holding one, so
// pages without server rendering never load it, and the server's widget is on screen
// meanwhile. It hydrates through the core's mountWidget (one Preact per page).
import type { Plugin } from '../host';
import { resumeSlot } from './resumeSlot';

const vitrine = (window as unknown as { Vitrine?: { use?: (plugin: Plugin) => void } }).Vitrine;
if (vitrine && typeof vitrine.use === 'function') {
  vitrine.use(({ resume }) => {
    if (resume) resume.take = resumeSlot;
  });
}
