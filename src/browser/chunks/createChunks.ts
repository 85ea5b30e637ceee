import type { Config, EmbedHost, Resume } from '../host';
import type { Layout } from '../../types/config';
import type { FullContext } from '../context/buildContext';
import { pageReader } from '../context/readProduct';
import { layouts } from '../layouts/layouts';
import { themeScript } from '../theme/themeScript';
import { cardMaker } from '../render/cardMaker';
import { moduleChunk } from './assets';
import { loadChunk } from './loadChunk';
import { prepareFormat } from '../render/prepareFormat';
import { soon, tick } from '../whenReady';

/** Loads a chunk: `chunk(name)` settles once it ran, failed or could not be asked for. */
export type Chunk = (name: string) => Promise<void>;

/**
 * The chunks a page asks for, each once however many callers need it, and what the slots
 * wait for of them. The ESM build imports a chunk from beside its own module unless
 * `assetBase` is set. `ctx` is the page's context; `forget` drops it, to be read again.
 * `parsed` settles at the end of the page's parse. A chunk plugs in as it runs, whether or
 * not the page has ended.
 */
export function createChunks(doc: Document, config: Config, ctx: () => FullContext, forget: () => void, parsed: Promise<unknown>) {
  // Null prototypes: a page's Object.prototype.theme would read as a chunk asked for
  // already, its `take` as the resume chunk's taker.
  const asked: Record<string, Promise<unknown>> = Object.create(null);
  const chunk: Chunk = (name) =>
    (asked[name] ||= new Promise<void>((done) =>
      moduleChunk && !config.assetBase ? moduleChunk(name).then(() => done(), () => done()) : loadChunk(doc, config.assetBase, name, config.nonce, done),
    )) as Promise<void>;
  const translations: EmbedHost['translations'] = Object.create(null);
  const resumer: { take?: Resume } = Object.create(null);
  // The analytics chunk hears what came before it from `history`, so it stays off the
  // page's path to its largest paint: it is asked for beside the first widget's request
  // (or the resume chunk), so it has run when that widget is drawn, or a second after the
  // page's load on a page without widgets (`Vitrine.attribution` for the shop's code).
  const analytics = () => config.setting('analytics') && chunk('analytics');
  // The carousel and bundle layouts are chunks of their own: a page of grids needs
  // neither, and most pages never show a bundle. So is the built-in themes' card (`theme`).
  // A matrix draws every card at once: the maker that parses cards of one structure once
  // (`cards`, in the script tag build) is asked for beside it, and never waited for.
  const need = (name: Layout | 'theme') => (name == 'matrix' && !cardMaker._make && chunk('cards'), layouts[name as Layout] || chunk(name));
  // And the runner of a theme's jsTemplate (`script`), in the script tag build: most themes
  // have none. A widget whose theme has one waits for it, from the moment it is drawn, as
  // long as for its own call (5 s, core/api/createRequester.ts): a chunk that never answers
  // (a stalled request) would otherwise hold its render, and with it its impression, for
  // good. The widget's render then says its script did not run, as for a chunk that failed;
  // the chunk arriving later runs no script on that render, so the widget stays as its
  // render described it (a later render runs it).
  if (!themeScript._run) themeScript._load = () => Promise.race([chunk('script'), new Promise((later) => setTimeout(later, 5000))]);
  // French, German and Spanish words are a chunk too, loaded by pages in those languages.
  const strings = async () => {
    const lang = ctx().locale.slice(0, 2);
    if (/fr|de|es/.test(lang)) await chunk('strings');
    return { ...translations[lang], ...config.strings };
  };
  // Taking over the server's widgets is a chunk, asked for by the first slot holding one.
  const resume = () => (analytics(), chunk('resume')).then(() => resumer.take);
  // Microdata, RDFa and the platforms' page data are a chunk: fetched only where what the
  // core reads leaves a gap, and the first widget request of such a page waits for it
  // (3 s at most, like the stylesheet: a chunk that never arrives costs its reading only).
  // While the page still arrives, what it said so far serves if nothing is in doubt (boot
  // reads the page again at its end, and shows the slots again if it said more); a gap
  // waits for the end of the page first.
  // On a phone, the chunk's arrival, the page's reading and each waiting slot's start are
  // long enough to be tasks of their own: the reading is one task, after the chunk's, and
  // each slot goes on in a task of its own after it. The reading may guess a currency with
  // a number format: the page's first one is readied while the chunk is on the wire, and
  // waited for (browser/render/prepareFormat.ts: made while the worker is at it, it waits
  // for the worker, in one long task). The chunk is asked for in the task right after the
  // slot's start, its worker started in a timer's task after that (the three were one task
  // of 65–122 ms on the demo's missing page at 4× CPU, each ask several ms of it). The analytics chunk is asked for in the task after the
  // slot's start.
  let reading: Promise<unknown> | undefined;
  const context = async () => {
    tick().then(analytics as () => void);
    if (doc.readyState == 'loading' && ctx().gap) await parsed;
    if (!pageReader.read && !reading && ctx().gap)
      reading = Promise.all([new Promise((done) => (soon(() => chunk('page').then(done)), setTimeout(done, 3000))), tick().then(() => prepareFormat(doc.defaultView!, config.nonce, ctx().locale))]).then(tick).then(forget).then(ctx);
    return reading ? reading.then(tick).then(ctx) : ctx();
  };
  // Boot and the host read the `_x` members (internal: the build shortens their names);
  // the slots are handed the rest under createSlots' own names.
  return { _chunk: chunk, _analytics: analytics, _translations: translations, _resumer: resumer, need, strings, resume, context };
}
