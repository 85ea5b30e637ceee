// Runs in the bench page: times each contender from "envelope in hand" to its
// DOM laid out (a forced layout right after mount), and on to the
// requestAnimationFrame after mount. Headless Chromium holds frames to a 60 Hz
// tick even with vsync flags off (measured: an empty text change waits 11–17 ms
// for its rAF), so the rAF figure is mostly waiting; the layout figure is the
// work itself and the one the ratios use. Contenders run round-robin,
// one iteration each in turn, so a noisy neighbour on the shared machine slows
// all of them alike and the ratios stay fair.
import { relatedProducts } from '@algolia/recommend-js';
import { horizontalSlider } from '@algolia/ui-components-horizontal-slider-js';
import Mustache from 'mustache';
import { makeEnvelope } from './makeEnvelope.js';
import { builtinCard } from '../../src/core/theme/builtinCard.ts';

const stage = /** @type {HTMLElement} */ (document.getElementById('stage'));
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The floor: one Mustache template for the whole list, written with innerHTML. */
const floorTemplate =
  '<section><h2>{{widget_displayName}}</h2><ul>{{#products}}<li><a href="{{product_currentPageUrl}}">' +
  '<img src="{{product_imageUrl}}" alt="" width="160" height="160" loading="lazy"><span>{{product_name}}</span>' +
  '<b>{{product_price}}</b></a></li>{{/products}}</ul></section>';

function renderFloor(root, envelope) {
  const view = {
    widget_displayName: envelope.widgetName,
    products: envelope.products.map((p) => ({
      product_name: p.name,
      product_price: p.price,
      product_imageUrl: p.smallImage,
      product_currentPageUrl: p.currentPageUrl,
    })),
  };
  root.innerHTML = Mustache.render(floorTemplate, view);
}

/**
 * The same floor drawing what Vitrine's built-in matrix draws: its card template, its
 * class names (so vitrine.css, in the page once Vitrine has mounted, lays it out), its
 * add-to-cart buttons. Prices are the envelope's, as in the plain floor, so the two
 * look alike but for the currency sign. Nothing is sanitised and there is no
 * framework: Vitrine's time over this floor is what its machinery costs, and this
 * floor's over the plain one what the card's design costs.
 */
const cardFloorTemplate =
  '<div class="vitrine__body"><h2 class="vitrine__title">{{widget_displayName}}</h2><ul class="vitrine__grid">' +
  '{{#products}}<li class="vitrine__cell">' + builtinCard + '</li>{{/products}}</ul></div>';

function renderCardFloor(root, envelope) {
  // Vitrine's contenders run first in every round, so its stylesheet is in by now.
  if (!vitrine) throw new Error('the card floor is laid out by the stylesheet dist/vitrine.mjs adds, and that did not load');
  const view = {
    widget_displayName: envelope.widgetName,
    label_addToCart: 'Add to cart',
    products: envelope.products.map((p) => ({
      product_name: p.name,
      nodiscount_price: p.price,
      product_imageUrl: p.smallImage,
      product_currentPageUrl: p.currentPageUrl,
      product_cartId: p.sku,
    })),
  };
  root.className = 'vitrine vitrine--matrix vitrine-theme--vitrine-matrix';
  root.innerHTML = Mustache.render(cardFloorTemplate, view);
}

/**
 * Algolia's related-products widget fed the same products through a client
 * whose answer is already in hand; resolves when its list holds every item.
 */
function renderAlgolia(root, envelope) {
  const hits = envelope.products.map((p) => ({ objectID: p.sku, name: p.name, price: p.price, image: p.smallImage, url: p.currentPageUrl }));
  const client = {
    addAlgoliaAgent() {},
    getRelatedProducts: () => Promise.resolve({ results: [{ hits, queryID: 'q' }] }),
  };
  return new Promise((resolve) => {
    const done = () => root.querySelectorAll('li').length >= hits.length;
    const observer = new MutationObserver(() => {
      if (done()) {
        observer.disconnect();
        resolve(undefined);
      }
    });
    observer.observe(root, { childList: true, subtree: true });
    relatedProducts({
      container: root,
      recommendClient: client,
      indexName: 'products',
      objectIDs: ['SKU-0'],
      view: horizontalSlider,
      headerComponent: ({ html }) => html`<h2>${envelope.widgetName}</h2>`,
      itemComponent: ({ item, html }) =>
        html`<a href=${item.url}><img src=${item.image} alt="" width="160" height="160" loading="lazy" /><span>${item.name}</span><b>${item.price}</b></a>`,
    });
  });
}

let vitrine = null;

/** Imports the shipped ESM build; returns an error message when it cannot. */
async function loadVitrine() {
  try {
    vitrine = await import('/dist/vitrine.mjs');
    if (typeof vitrine.mountWidget !== 'function') return 'dist/vitrine.mjs does not export mountWidget';
    return null;
  } catch (err) {
    return `dist/vitrine.mjs could not be imported: ${err instanceof Error ? err.message : String(err)}`;
  }
}

async function renderVitrine(root, envelope, layout) {
  // mountWidget may render synchronously or hand back a promise; either way the
  // clock runs until the DOM is in place. A refusal ({ ok: false }) is a failure.
  const result = await vitrine.mountWidget(root, { envelope, layout, locale: 'en-US', currency: 'USD' });
  if (result && result.ok === false) throw new Error(result.error);
  return result;
}

/** Lets Vitrine release the widget if mountWidget handed back a way to. */
function unmount(root, handle) {
  if (typeof handle === 'function') handle();
  else if (handle && typeof handle.unmount === 'function') handle.unmount();
  else if (handle && typeof handle.destroy === 'function') handle.destroy();
}

/** How many of the envelope's product names the shopper can read in `root`. */
function countShown(root, envelope) {
  const text = root.textContent ?? '';
  return envelope.products.filter((p) => text.includes(p.name)).length;
}

/**
 * `keep` leaves the last widget on the page, for a screenshot. `judge` adds `rounds` more
 * timed rounds of only the contenders named in `keys` (the ones a budget compares), after
 * the main ones, in the order given on even rounds and reversed on odd ones; their times
 * go on after the main rounds' in `times`, so the nth time of each judged contender
 * comes from the same round.
 * @param {{ contenders: Array<{ key: string, kind: 'vitrine' | 'algolia' | 'floor' | 'card-floor', layout?: string, n: number }>, iterations: number, warmup: number, keep?: boolean, judge?: { keys: string[], rounds: number } }} plan
 */
window.runRenderBench = async function runRenderBench(plan) {
  const loadError = plan.contenders.some((c) => c.kind === 'vitrine') ? await loadVitrine() : null;
  const contenders = plan.contenders.filter((c) => c.kind !== 'vitrine' || !loadError);
  const times = Object.fromEntries(contenders.map((c) => [c.key, []]));
  const frames = Object.fromEntries(contenders.map((c) => [c.key, []]));
  const shown = {};
  const errors = {};
  const judged = plan.judge ? contenders.filter((c) => plan.judge.keys.includes(c.key)) : [];
  const judgeRounds = judged.length ? plan.judge.rounds : 0;
  const main = plan.warmup + plan.iterations;
  for (let i = 0; i < main + judgeRounds; i++) {
    const round = i < main ? contenders : (i - main) % 2 ? [...judged].reverse() : judged;
    for (const c of round) {
      if (errors[c.key]) continue;
      // A fresh copy each time: a renderer may keep or annotate what it is given.
      const envelope = makeEnvelope(c.n);
      const root = document.createElement('div');
      stage.replaceChildren(root);
      await settle();
      try {
        const t0 = performance.now();
        let rendered;
        if (c.kind === 'vitrine') rendered = await renderVitrine(root, envelope, c.layout);
        else if (c.kind === 'algolia') await renderAlgolia(root, envelope);
        else if (c.kind === 'card-floor') renderCardFloor(root, envelope);
        else renderFloor(root, envelope);
        // Reading geometry makes the browser compute style and layout now.
        root.getBoundingClientRect();
        const t1 = performance.now();
        await nextFrame();
        const t2 = performance.now();
        if (i >= plan.warmup) times[c.key].push(t1 - t0);
        if (i >= plan.warmup && i < main) frames[c.key].push(t2 - t0);
        if (i === 0) shown[c.key] = countShown(root, envelope);
        if (c.kind === 'vitrine') unmount(root, rendered);
      } catch (err) {
        errors[c.key] = err instanceof Error ? err.message : String(err);
      }
    }
  }
  if (!plan.keep) stage.replaceChildren();
  return { times, frames, shown, errors, loadError };
};
