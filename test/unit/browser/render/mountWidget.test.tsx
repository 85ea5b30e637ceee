import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Window as HappyWindow } from 'happy-dom';
import { layouts } from '../../../../src/browser/layouts/layouts';
import { mountWidget, type MountOptions } from '../../../../src/browser/render/mountWidget';
import { liveBundle } from '../../../../src/browser/bundle/liveBundle';
import { Carousel } from '../../../../src/layouts/Carousel';
import { builtinThemes } from '../../../../src/core/theme/builtinThemes';
import type { Theme, WidgetEnvelope, WidgetProduct } from '../../../../src/types/interface';

// The carousel chunk, as the page gets it once loaded (the ESM build holds it).
layouts.carousel = Carousel;

const products: WidgetProduct[] = [
  { name: 'Wool Coat', sku: 'C-1', price: '120', discountedPrice: '90', smallImage: '/img/c1.svg', currentPageUrl: '/products/c1' },
  { name: 'Linen Shirt', sku: 'S-2', price: 45, smallImage: 'https://cdn.example/s2.svg', currentPageUrl: 'https://shop.example/products/s2' },
  { name: 'Silk Scarf', sku: 'S-3', price: '35.5', smallImage: '/img/s3.svg', currentPageUrl: '/products/s3' },
  { name: 'Leather Belt', sku: 'B-4', price: '25', smallImage: '/img/b4.svg', currentPageUrl: '/products/b4' },
  { name: 'Wool Socks', sku: 'W-5', price: '12', smallImage: '/img/w5.svg', currentPageUrl: '/products/w5' },
];
const envelope = (n = 3, widgetName: string | null = 'Trending now'): WidgetEnvelope => ({
  errMsg: null, numberofdocs: n, success: '0', widgetType: 'trending', widgetName, products: products.slice(0, n),
});
const theme = (themeId: string, htmlTemplate: string, more: Partial<Theme> = {}): Theme => ({ ...builtinThemes.matrix, id: themeId, themeId, htmlTemplate, ...more });
const loop = '<ol class="mine">{{#products}}<li><a href="{{product_currentPageUrl}}">{{product_name}}</a></li>{{/products}}</ol>';

/** A slot as the embed makes it: the merchant's element, the widget root inside. */
function slot(id = ''): HTMLElement {
  const el = document.body.appendChild(document.createElement('div'));
  const root = el.appendChild(document.createElement('div'));
  if (id) root.id = id;
  return root;
}
const mount = (root: HTMLElement, options: Partial<MountOptions> = {}) => mountWidget(root, { envelope: envelope(), layout: 'matrix', locale: 'en-US', currency: 'USD', ...options });
const text = (root: Element, selector: string) => Array.from(root.querySelectorAll(selector), (el) => el.textContent);
/** Every event of a kind that reaches the page, with the element it left from. */
function heard(name: string): { target: EventTarget | null; detail: unknown }[] {
  const events: { target: EventTarget | null; detail: unknown }[] = [];
  document.addEventListener(name, (e) => events.push({ target: e.target, detail: (e as CustomEvent).detail }), { signal: listening.signal });
  return events;
}

let listening: AbortController;
beforeEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  listening = new AbortController();
  // A test clicks product links; the page stays where it is (and checkboxes still tick).
  document.addEventListener('click', (e) => (e.target as Element).closest('a') && e.preventDefault(), { signal: listening.signal });
});
afterEach(() => listening.abort());

describe('mountWidget', () => {
  it('repeats a card template once per product, in order, in a grid and in a carousel', () => {
    const grid = slot();
    expect(mount(grid).ok).toBe(true);
    expect(grid.querySelectorAll('ul.vitrine__grid > li.vitrine__cell[data-vitrine-index]')).toHaveLength(3);
    expect(text(grid, '[data-vitrine-index] .vitrine__name')).toEqual(['Wool Coat', 'Linen Shirt', 'Silk Scarf']);

    const carousel = slot();
    mount(carousel, { layout: 'carousel' });
    const slides = carousel.querySelectorAll('.vitrine__track > .vitrine__slide');
    expect(Array.from(slides, (s) => s.getAttribute('data-vitrine-index'))).toEqual(['0', '1', '2']);
    expect(text(carousel, '.vitrine__slide .vitrine__name')).toEqual(['Wool Coat', 'Linen Shirt', 'Silk Scarf']);
  });

  it('renders a whole-widget template once, with no layout around it', () => {
    const root = slot();
    expect(mount(root, { layout: 'carousel', theme: theme('list', '<h3>{{widget_displayName}}</h3>' + loop) }).ok).toBe(true);
    expect(root.querySelectorAll('ol.mine')).toHaveLength(1);
    expect(text(root, 'ol.mine > li')).toEqual(['Wool Coat', 'Linen Shirt', 'Silk Scarf']);
    expect(text(root, 'h3')).toEqual(['Trending now']);
    expect(root.querySelector('[data-vitrine-index], .vitrine__viewport, h2')).toBeNull();
  });

  it('names its layout and theme in the root class, the theme id made class-safe', () => {
    const root = slot();
    mount(root);
    expect(root.className).toBe('vitrine vitrine--matrix vitrine-theme--vitrine-matrix');
    mount(root, { layout: 'carousel', theme: theme('Summer sale #2', builtinThemes.carousel.htmlTemplate) });
    expect(root.className).toBe('vitrine vitrine--carousel vitrine-theme--Summer_sale__2');
  });

  it('titles the widget with the title option, else the widget name, and labels the carousel with it', () => {
    const named = slot('pdp-also');
    mount(named, { layout: 'carousel', title: 'Customers also viewed' });
    const h2 = named.querySelector('h2')!;
    expect(h2.textContent).toBe('Customers also viewed');
    expect(document.getElementById(named.querySelector('[aria-roledescription="carousel"]')!.getAttribute('aria-labelledby')!)).toBe(h2);

    // Two carousels without ids on one page: each is labelled by its own title.
    const [a, b] = [slot(), slot()];
    mount(a, { layout: 'carousel' });
    mount(b, { layout: 'carousel', envelope: envelope(3, 'New in') });
    for (const [root, title] of [[a, 'Trending now'], [b, 'New in']] as const) {
      const id = root.querySelector('[aria-roledescription="carousel"]')!.getAttribute('aria-labelledby')!;
      expect(document.getElementById(id)!.textContent).toBe(title);
    }

    const untitled = slot();
    mount(untitled, { layout: 'carousel', envelope: envelope(3, null) });
    expect(untitled.querySelector('h2')).toBeNull();
    const region = untitled.querySelector('[aria-roledescription="carousel"]')!;
    expect(region.hasAttribute('aria-labelledby')).toBe(false);
    expect(region.getAttribute('aria-label')).toBe('Recommended products');
  });

  it('leaves the root as it was when the template is broken, and names the theme', () => {
    const fresh = slot();
    fresh.innerHTML = '<p>Loading picks…</p>';
    const broken = theme('broken-one', '{{#products}}<i>{{product_name}}</i>', { cssTemplate: '.mine{color:red}' });
    const result = mount(fresh, { theme: broken });
    expect(result).toEqual({ ok: false, error: expect.stringMatching(/^theme "broken-one": Unclosed section "products"/) });
    expect(fresh.outerHTML).toBe('<div><p>Loading picks…</p></div>');

    // The studio keeps showing the last good render while the author types.
    const root = slot();
    mount(root, { layout: 'carousel' });
    const before = [root.className, root.innerHTML];
    expect(mount(root, { layout: 'matrix', theme: broken, envelope: envelope(1) }).ok).toBe(false);
    expect([root.className, root.innerHTML]).toEqual(before);
    expect(document.head.querySelector('style')).toBeNull();
  });

  it('keeps product data text even in {{{…}}}, and drops URLs that are not http(s) or relative', () => {
    const root = slot();
    const hostile = [
      { ...products[0], name: '<img src=x onerror="alert(1)">Coat', currentPageUrl: 'java\tscript:alert(1)', smallImage: 'data:image/svg+xml,<svg onload=alert(1)>' },
      products[1],
    ];
    const card = '<a class="link" href="{{product_currentPageUrl}}">{{{product_name}}}</a>{{#product_imageUrl}}<img src="{{{product_imageUrl}}}">{{/product_imageUrl}}';
    mount(root, { envelope: { ...envelope(), products: hostile }, theme: theme('raw', card) });
    const [bad, good] = root.querySelectorAll('[data-vitrine-index]');
    expect(bad.querySelector('a')!.textContent).toBe('<img src=x onerror="alert(1)">Coat');
    expect(bad.querySelector('a')!.hasAttribute('href')).toBe(false);
    expect(bad.querySelector('img')).toBeNull();
    expect(good.querySelector('a')!.getAttribute('href')).toBe('https://shop.example/products/s2');
    expect(good.querySelector('img')!.getAttribute('src')).toBe('https://cdn.example/s2.svg');
  });

  it('formats prices for the locale and currency, else the page language', () => {
    const price = (root: HTMLElement) => text(root, '.vitrine__price');
    const de = slot();
    mount(de, { locale: 'de-DE', currency: 'EUR', envelope: { ...envelope(), products: [products[0], { ...products[2], price: '1299.5' }] } });
    // The built-in card says "was" and "now" around a sale (visually hidden words).
    expect(price(de)).toEqual(['Was 120,00\u00a0€ now 90,00\u00a0€', '1.299,50\u00a0€']);
    expect(text(de, '.vitrine__price s')).toEqual(['Was 120,00\u00a0€']);

    const lang = document.documentElement.lang;
    document.documentElement.lang = 'fr-FR';
    try {
      const fr = slot();
      mount(fr, { locale: undefined, currency: 'EUR', envelope: envelope(2) });
      expect(price(fr)).toEqual(['Was 120,00\u00a0€ now 90,00\u00a0€', '45,00\u00a0€']);
      const said = slot();
      mount(said, { locale: 'fr-FR', currency: 'EUR', envelope: envelope(1), strings: { was: 'Avant', now: 'maintenant' } });
      expect(price(said)).toEqual(['Avant 120,00\u00a0€ maintenant 90,00\u00a0€']);
    } finally {
      document.documentElement.lang = lang;
    }
  });

  it("adds a theme's CSS once per page with the nonce, replaces it when it changes and removes it when emptied", () => {
    const styled = theme('maison', builtinThemes.matrix.htmlTemplate, { cssTemplate: '.vitrine__name{font-weight:600}' });
    mount(slot(), { theme: styled, nonce: 'r4nd0m' });
    mount(slot(), { theme: styled, nonce: 'r4nd0m' });
    let styles = document.head.querySelectorAll('style');
    expect(styles).toHaveLength(1);
    expect(styles[0].id).toBe('vitrine-style-maison');
    expect(styles[0].nonce).toBe('r4nd0m');
    expect(styles[0].textContent).toBe('.vitrine__name{font-weight:600}');

    mount(slot(), { theme: { ...styled, cssTemplate: '.vitrine__name{font-weight:700}' }, nonce: 'r4nd0m' });
    styles = document.head.querySelectorAll('style');
    expect(styles).toHaveLength(1);
    expect(styles[0].textContent).toBe('.vitrine__name{font-weight:700}');

    // An author who empties the CSS sees the old rules go.
    mount(slot(), { theme: { ...styled, cssTemplate: '' }, nonce: 'r4nd0m' });
    expect(document.head.querySelectorAll('style')).toHaveLength(0);
  });

  it('says so when a theme script could not run, and still shows the widget', () => {
    // happy-dom runs no inline script unless told to: like a page whose CSP refused the nonce.
    const root = slot();
    const scripted = theme('maison-js', builtinThemes.matrix.htmlTemplate, { jsTemplate: 'root.dataset.ran = "yes";' });
    const result = mount(root, { theme: scripted, nonce: 'r4nd0m' });
    expect(result).toMatchObject({ ok: true, warning: 'theme script did not run (CSP or syntax error)' });
    const script = document.getElementById('vitrine-script-maison-js') as HTMLScriptElement;
    expect(script.parentElement).toBe(document.head);
    expect(script.nonce).toBe('r4nd0m');
    expect(script.textContent).toContain('root.dataset.ran = "yes";');
    expect(root.dataset.ran).toBeUndefined();
    expect(root.querySelectorAll('[data-vitrine-index]')).toHaveLength(3);
  });

  describe('on a page that runs inline scripts', () => {
    let page: HappyWindow;
    beforeEach(() => {
      page = new HappyWindow({ url: 'https://shop.example/', settings: { enableJavaScriptEvaluation: true, suppressInsecureJavaScriptEnvironmentWarning: true } });
    });
    afterEach(() => page.happyDOM.close());

    const pageSlot = () => {
      const doc = page.document as unknown as Document;
      return doc.body.appendChild(doc.createElement('div')).appendChild(doc.createElement('div'));
    };

    it("runs the theme's script after every render, with the widget's root and data", () => {
      const root = pageSlot();
      const js = 'root.dataset.cards = root.querySelectorAll("[data-vitrine-index]").length; root.dataset.first = data.products[0].product_name;';
      const scripted = theme('live-js', builtinThemes.matrix.htmlTemplate, { jsTemplate: js });
      expect(mount(root, { theme: scripted })).toMatchObject({ ok: true, warning: undefined });
      expect({ ...root.dataset }).toEqual({ cards: '3', first: 'Wool Coat' });

      mount(root, { theme: scripted, envelope: { ...envelope(), products: products.slice(3) } });
      expect({ ...root.dataset }).toEqual({ cards: '2', first: 'Leather Belt' });
      expect(root.ownerDocument.head.querySelectorAll('script')).toHaveLength(1);

      // The studio edits a theme live: the new code runs, the old one never again.
      const counting = { ...scripted, jsTemplate: 'root.dataset.runs = Number(root.dataset.runs || 0) + 1;' };
      root.dataset.cards = 'stale';
      mount(root, { theme: counting });
      expect({ ...root.dataset }).toEqual({ cards: 'stale', first: 'Leather Belt', runs: '1' });
      expect(root.ownerDocument.head.querySelectorAll('script')).toHaveLength(1);

      // A typo: the page refuses the new code, and the kept function does not run in its place.
      const typo = mount(root, { theme: { ...scripted, jsTemplate: 'root.dataset.runs = ;' } });
      expect(typo).toMatchObject({ ok: true, warning: 'theme script did not run (CSP or syntax error)' });
      expect(root.dataset.runs).toBe('1');
      expect(root.querySelectorAll('[data-vitrine-index]')).toHaveLength(3);
    });

    it('reports a theme script that throws, and keeps the widget', () => {
      const root = pageSlot();
      const result = mount(root, { theme: theme('throws-js', builtinThemes.matrix.htmlTemplate, { jsTemplate: 'throw new Error("no slider here")' }) });
      expect(result).toMatchObject({ ok: true, warning: expect.stringMatching(/^theme script failed: .*no slider here/) });
      expect(root.querySelectorAll('[data-vitrine-index]')).toHaveLength(3);
    });
  });

  it('reports a product click from the slot with the product and its position', () => {
    const clicks = heard('vitrine:click');
    const grid = slot();
    mount(grid);
    (grid.querySelectorAll('.vitrine__name')[1] as HTMLElement).click();
    (grid.querySelector('.vitrine__price') as HTMLElement).click();
    grid.querySelector('ul')!.click();
    expect(clicks).toEqual([
      { target: grid.parentElement, detail: { product: { name: 'Linen Shirt', sku: 'S-2', price: 45, url: 'https://shop.example/products/s2' }, position: 2 } },
      // The price a shopper pays: the sale price.
      { target: grid.parentElement, detail: { product: { name: 'Wool Coat', sku: 'C-1', price: 90, url: '/products/c1' }, position: 1 } },
    ]);

    // A whole-widget template has no cells: the link's URL tells the product.
    clicks.length = 0;
    const whole = slot();
    mount(whole, { theme: theme('list', loop) });
    whole.querySelectorAll('a')[2].click();
    expect(clicks).toEqual([{ target: whole.parentElement, detail: { product: { name: 'Silk Scarf', sku: 'S-3', price: 35.5, url: '/products/s3' }, position: 3 } }]);
  });

  it('replaces its content when rendered again, across layouts and template kinds', () => {
    const root = slot();
    const shown = () => ({ cells: text(root, '[data-vitrine-index] .vitrine__name'), list: text(root, '.mine li'), bodies: root.children.length });
    mount(root, { layout: 'carousel' });
    mount(root, { layout: 'carousel', envelope: { ...envelope(), products: products.slice(3) } });
    expect(shown()).toEqual({ cells: ['Leather Belt', 'Wool Socks'], list: [], bodies: 1 });
    expect(root.querySelectorAll('.vitrine__slide')[1].getAttribute('aria-label')).toBe('2 of 2: Wool Socks');

    mount(root, { theme: theme('list', loop) });
    expect(shown()).toEqual({ cells: [], list: ['Wool Coat', 'Linen Shirt', 'Silk Scarf'], bodies: 1 });
    mount(root, { theme: theme('list', loop), envelope: envelope(1) });
    expect(shown()).toEqual({ cells: [], list: ['Wool Coat'], bodies: 1 });

    mount(root, { layout: 'matrix', envelope: envelope(2) });
    expect(shown()).toEqual({ cells: ['Wool Coat', 'Linen Shirt'], list: [], bodies: 1 });
    expect(root.querySelector('.vitrine__viewport')).toBeNull();

    // The studio starts from the author's whole-widget template, then tries a card.
    const studio = slot();
    mount(studio, { theme: theme('list', loop) });
    mount(studio, { layout: 'carousel' });
    expect(text(studio, '.mine li')).toEqual([]);
    expect(text(studio, '[data-vitrine-index] .vitrine__name')).toEqual(['Wool Coat', 'Linen Shirt', 'Silk Scarf']);
  });
});

describe('mountWidget with the bundle layout', () => {
  const anchor: WidgetProduct = { name: 'Trail Boot', sku: 'T-0', price: '100', smallImage: '/img/t0.svg', currentPageUrl: '/products/t0' };
  const registered = layouts.bundle;
  // As the ESM entry and the bundle chunk do.
  beforeEach(() => {
    layouts.bundle = liveBundle;
  });
  afterEach(() => {
    if (registered) layouts.bundle = registered;
    else delete layouts.bundle;
  });

  const items = (root: HTMLElement) => Array.from(root.querySelectorAll<HTMLElement>('.vitrine__bundle-item'));
  const box = (item: HTMLElement) => item.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
  const total = (root: HTMLElement) => root.querySelector('.vitrine__total')!.textContent;
  const button = (root: HTMLElement) => root.querySelector<HTMLButtonElement>('button.vitrine__add')!;

  it("shows the page's product first, always included, then at most three add-ons", () => {
    const root = slot();
    expect(mount(root, { layout: 'bundle', envelope: envelope(5), anchor }).ok).toBe(true);
    const list = items(root);
    expect(list.map((item) => item.querySelector('.vitrine__card .vitrine__name')!.textContent)).toEqual(['Trail Boot', 'Wool Coat', 'Linen Shirt', 'Silk Scarf']);
    expect(list.map((item) => item.querySelector('label')!.textContent)).toEqual(['This item Trail Boot', 'Add Wool Coat', 'Add Linen Shirt', 'Add Silk Scarf']);
    expect([box(list[0]).checked, box(list[0]).disabled]).toEqual([true, true]);
    expect(list.slice(1).map((item) => [box(item).checked, box(item).disabled])).toEqual([[true, false], [true, false], [true, false]]);
    // 100 + 90 (on sale) + 45 + 35.50
    expect(total(root)).toBe('Total for 4 items: $270.50');
    expect(button(root).textContent).toBe('Add all 4 to cart');
  });

  it('updates the running total and the button when an add-on is unticked or ticked again', () => {
    const root = slot();
    mount(root, { layout: 'bundle', envelope: envelope(5), anchor });
    box(items(root)[2]).click();
    expect(total(root)).toBe('Total for 3 items: $225.50');
    expect(button(root).textContent).toBe('Add all 3 to cart');
    expect(items(root).map((item) => box(item).checked)).toEqual([true, true, false, true]);
    expect(items(root)[2].hasAttribute('data-off')).toBe(true);
    // The cards stay as they were.
    expect(text(root, '.vitrine__card .vitrine__name')).toEqual(['Trail Boot', 'Wool Coat', 'Linen Shirt', 'Silk Scarf']);

    box(items(root)[1]).click();
    box(items(root)[3]).click();
    expect(total(root)).toBe('Total for 1 item: $100.00');
    expect(button(root).textContent).toBe('Add it to cart');
    box(items(root)[2]).click();
    expect(total(root)).toBe('Total for 2 items: $145.00');
  });

  it('hands the add button to the cart chunk: marked data-vitrine-cart, its total in the page currency', () => {
    const root = slot();
    mount(root, { layout: 'bundle', envelope: envelope(5), anchor, locale: 'de-DE', currency: 'EUR' });
    box(items(root)[1]).click();
    expect(total(root)).toBe('Total for 3 items: 180,50\u00a0€');
    // The cart chunk (vitrine-cart.js) hears presses on any [data-vitrine-cart] and reads the
    // ticks from the widget's view; the layout itself adds nothing.
    expect(button(root).getAttribute('data-vitrine-cart')).toBe('');
  });

  it('shows a bundle as a grid of every product while the bundle layout is not loaded', () => {
    delete layouts.bundle;
    const root = slot();
    expect(mount(root, { layout: 'bundle', envelope: envelope(5), anchor }).ok).toBe(true);
    expect(root.className).toBe('vitrine vitrine--bundle vitrine-theme--vitrine-bundle');
    expect(text(root, 'ul.vitrine__grid > li.vitrine__cell .vitrine__name')).toEqual(products.map((p) => p.name));
    // No ticks and no "add all": the grid's cards keep only their own add buttons.
    expect(root.querySelector('input, .vitrine__add')).toBeNull();
  });
});
