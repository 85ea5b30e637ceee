import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { h, render } from 'preact';
import { Carousel } from '../../../src/layouts/Carousel';
import { Matrix } from '../../../src/layouts/Matrix';
import { Bundle } from '../../../src/layouts/Bundle';
import { fill, type Card } from '../../../src/layouts/fill';
import type { LayoutProps } from '../../../src/layouts/LayoutProps';
import { buildProductView, buildView } from '../../../src/core/template/buildView';
import type { WidgetEnvelope } from '../../../src/types/interface';
import { en } from '../../../src/core/strings/en';

const envelope: WidgetEnvelope = {
  errMsg: null,
  numberofdocs: 4,
  success: '0',
  widgetType: 'crosssell',
  widgetName: 'Picks',
  products: [
    { name: 'Wool Coat', sku: 'C-1', price: '120', discountedPrice: '90', smallImage: '/img/c1.svg', currentPageUrl: '/products/c1' },
    { name: 'Linen Shirt', sku: 'S-2', price: 45, smallImage: '/img/s2.svg', currentPageUrl: '/products/s2' },
    { name: 'Silk Scarf', sku: 'S-3', price: '35.5', smallImage: '/img/s3.svg', currentPageUrl: '/products/s3' },
    { name: 'Leather Belt', sku: 'B-4', price: '25', smallImage: '/img/b4.svg', currentPageUrl: '/products/b4' },
  ],
};
const view = buildView(envelope, undefined, { locale: 'en-US', currency: 'USD' });

/** A card as the sanitiser hands it over: parsed nodes in a fragment. */
function card(markup: string): DocumentFragment {
  const holder = document.createElement('template');
  holder.innerHTML = markup;
  return holder.content;
}
const cards = (n = 3) => view.products.slice(0, n).map((p) => card(`<a href="${p.product_currentPageUrl}">${p.product_name}</a>`));
const props = (more: Partial<LayoutProps> = {}): LayoutProps => ({ view, cards: cards(), title: 'Picks', titleId: 'picks-title', t: en, ...more });
const names = (selector: string) => Array.from(container.querySelectorAll(selector), (el) => el.textContent);

let container: HTMLElement;
beforeEach(() => {
  container = document.body.appendChild(document.createElement('div'));
});
afterEach(() => {
  render(null, container);
  container.remove();
  vi.restoreAllMocks();
});

describe('Matrix', () => {
  it('puts each card in a grid cell of its own, in order', () => {
    render(<Matrix {...props()} />, container);
    const cells = container.querySelectorAll('ul.vitrine__grid > li.vitrine__cell');
    expect(Array.from(cells, (li) => [li.getAttribute('data-vitrine-index'), li.innerHTML])).toEqual([
      ['0', '<a href="/products/c1">Wool Coat</a>'],
      ['1', '<a href="/products/s2">Linen Shirt</a>'],
      ['2', '<a href="/products/s3">Silk Scarf</a>'],
    ]);
  });

  it('leaves the cards in place when rendered again with the same cards', () => {
    const same = props();
    render(<Matrix {...same} />, container);
    const links = Array.from(container.querySelectorAll('a'));
    const changes = new MutationObserver(() => {});
    changes.observe(container, { childList: true, subtree: true });
    render(<Matrix {...same} cards={[...same.cards]} />, container);
    expect(changes.takeRecords()).toEqual([]);
    expect(Array.from(container.querySelectorAll('a'))).toEqual(links);
    expect(names('li')).toEqual(['Wool Coat', 'Linen Shirt', 'Silk Scarf']);
  });

  it('shows the new cards when rendered with new ones', () => {
    render(<Matrix {...props()} />, container);
    render(<Matrix {...props({ cards: [card('<b>Leather Belt</b>'), card('<b>Wool Coat</b>')] })} />, container);
    expect(names('li')).toEqual(['Leather Belt', 'Wool Coat']);
  });
});

describe('Carousel', () => {
  const part = <T extends HTMLElement = HTMLElement>(selector: string) => container.querySelector<T>(selector)!;

  it('is a labelled carousel region of labelled slides (WAI-ARIA carousel pattern)', () => {
    render(<Carousel {...props()} />, container);
    const region = part('.vitrine__viewport');
    expect([region.getAttribute('role'), region.getAttribute('aria-roledescription'), region.getAttribute('aria-labelledby')]).toEqual(['region', 'carousel', 'picks-title']);
    const slides = Array.from(part('.vitrine__track').children);
    expect(slides.map((s) => [s.getAttribute('role'), s.getAttribute('aria-roledescription'), s.getAttribute('aria-label'), s.getAttribute('data-vitrine-index')])).toEqual([
      ['group', 'slide', '1 of 3: Wool Coat', '0'],
      ['group', 'slide', '2 of 3: Linen Shirt', '1'],
      ['group', 'slide', '3 of 3: Silk Scarf', '2'],
    ]);
    expect(slides.map((s) => s.innerHTML)).toEqual(['<a href="/products/c1">Wool Coat</a>', '<a href="/products/s2">Linen Shirt</a>', '<a href="/products/s3">Silk Scarf</a>']);
  });

  it('names the region itself when the widget has no title', () => {
    render(<Carousel {...props({ title: '' })} />, container);
    const region = part('.vitrine__viewport');
    expect(region.hasAttribute('aria-labelledby')).toBe(false);
    expect(region.getAttribute('aria-label')).toBe('Recommended products');
  });

  it('says everything in the strings it is given', () => {
    const t = { ...en, carousel: 'Produits recommandés', previous: 'Produits précédents', next: 'Produits suivants', track: 'Produits', slide: '{index} sur {count} : {name}' };
    render(<Carousel {...props({ title: '', t })} />, container);
    expect(part('.vitrine__viewport').getAttribute('aria-label')).toBe('Produits recommandés');
    expect(Array.from(container.querySelectorAll('button'), (b) => b.getAttribute('aria-label'))).toEqual(['Produits précédents', 'Produits suivants']);
    expect(part('.vitrine__slide').getAttribute('aria-label')).toBe('1 sur 3 : Wool Coat');
  });

  it('hands focus to the track when the focused button disables at an end', () => {
    render(<Carousel {...props()} />, container);
    const track = part('.vitrine__track');
    geometry(track, 300, 900);
    const next = part<HTMLButtonElement>('[data-dir="next"]');
    track.scrollLeft = 300;
    track.dispatchEvent(new Event('scroll'));
    next.focus();
    track.scrollLeft = 600;
    track.dispatchEvent(new Event('scroll'));
    expect(next.disabled).toBe(true);
    expect(document.activeElement).toBe(track);
  });

  it('has named previous and next buttons before a focusable track, and a polite live region', () => {
    render(<Carousel {...props()} />, container);
    // The controls come first in tab order (APG carousel): Tab reaches them before twelve cards.
    const [prev, next, track, live] = Array.from(part('.vitrine__viewport').children) as HTMLElement[];
    expect([prev.tagName, prev.getAttribute('type'), prev.getAttribute('aria-label')]).toEqual(['BUTTON', 'button', 'Previous products']);
    expect([next.tagName, next.getAttribute('type'), next.getAttribute('aria-label')]).toEqual(['BUTTON', 'button', 'Next products']);
    // The arrow keys scroll the focused track.
    expect(track.tabIndex).toBe(0);
    expect(track.getAttribute('aria-label')).toBeTruthy();
    // Nothing rotates by itself, so announcements wait for the shopper.
    expect(live.getAttribute('aria-live')).toBe('polite');
  });

  /** happy-dom computes no layout: the track's geometry is given here. */
  function geometry(track: HTMLElement, width: number, scrollWidth: number) {
    Object.defineProperty(track, 'clientWidth', { configurable: true, value: width });
    Object.defineProperty(track, 'scrollWidth', { configurable: true, value: scrollWidth });
    return vi.spyOn(track, 'scrollBy').mockImplementation(() => {});
  }

  it('pages by one track width, forwards in the reading direction', () => {
    render(<Carousel {...props()} />, container);
    const track = part('.vitrine__track');
    const scrollBy = geometry(track, 300, 900);
    // Previous is disabled where the track starts: page from the middle.
    const scrollTo = (x: number) => {
      track.scrollLeft = x;
      track.dispatchEvent(new Event('scroll'));
    };
    scrollTo(300);
    part('[data-dir="next"]').click();
    part('[data-dir="prev"]').click();
    // A page is the width clear of both buttons: 300 - 2 × 38.
    expect(scrollBy.mock.calls).toEqual([[{ left: 224 }], [{ left: -224 }]]);

    // Right to left, "next" goes towards negative scrollLeft.
    track.style.direction = 'rtl';
    scrollTo(-300);
    scrollBy.mockClear();
    part('[data-dir="next"]').click();
    part('[data-dir="prev"]').click();
    expect(scrollBy.mock.calls).toEqual([[{ left: -224 }], [{ left: 224 }]]);
  });

  it('disables the button at each end of the track as it scrolls', () => {
    vi.useFakeTimers();
    try {
      render(<Carousel {...props()} />, container);
      // Disabled in the markup itself, as a server carousel shows it before it is taken over.
      expect(part<HTMLButtonElement>('[data-dir="prev"]').disabled).toBe(true);
      const track = part('.vitrine__track');
      geometry(track, 300, 900);
      const at = (x: number) => {
        track.scrollLeft = x;
        track.dispatchEvent(new Event('scroll'));
        return [part<HTMLButtonElement>('[data-dir="prev"]').disabled, part<HTMLButtonElement>('[data-dir="next"]').disabled];
      };
      expect(at(0)).toEqual([true, false]);
      expect(at(300)).toEqual([false, false]);
      expect(at(600)).toEqual([false, true]);
      // Right to left: the same ends at negative offsets.
      track.style.direction = 'rtl';
      expect(at(-600)).toEqual([false, true]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('Bundle', () => {
  const anchor = { view: buildProductView({ name: 'Trail Boot', sku: 'T-0', price: '100', smallImage: '', currentPageUrl: '/products/t0' }, -1, { locale: 'en-US' }), card: card('<b>Trail Boot</b>') };
  const format = (amount: number) => '$' + amount.toFixed(2);
  const items = () => Array.from(container.querySelectorAll<HTMLElement>('.vitrine__bundle-item'));
  const boxes = () => Array.from(container.querySelectorAll<HTMLInputElement>('input[type="checkbox"]'));
  const total = () => container.querySelector('.vitrine__total')!.textContent;
  const button = () => container.querySelector<HTMLButtonElement>('button.vitrine__add')!;

  it('lists the anchor, then no more than three add-ons with their cards', () => {
    render(<Bundle {...props({ cards: cards(4), anchor, formatTotal: format })} />, container);
    expect(items().map((li) => li.querySelector('.vitrine__card')!.textContent)).toEqual(['Trail Boot', 'Wool Coat', 'Linen Shirt', 'Silk Scarf']);
    expect(items().map((li) => li.getAttribute('data-vitrine-index'))).toEqual([null, '0', '1', '2']);
    expect(boxes().map((b) => [b.checked, b.disabled])).toEqual([[true, true], [true, false], [true, false], [true, false]]);
    // The total counts the sale price: 100 + 90 + 45 + 35.50.
    expect(total()).toBe('Total for 4 items: $270.50');
  });

  it('asks its caller to untick an add-on, and to tick it again', () => {
    const setOff = vi.fn();
    render(<Bundle {...props({ anchor, setOff })} />, container);
    boxes()[2].click();
    expect(setOff).toHaveBeenLastCalledWith([1]);
    render(<Bundle {...props({ anchor, setOff, off: [0, 1] })} />, container);
    boxes()[2].click();
    expect(setOff).toHaveBeenLastCalledWith([0]);
    // The anchor cannot be left out.
    boxes()[0].click();
    expect(setOff).toHaveBeenCalledTimes(2);
  });

  it('leaves unticked add-ons out of the total and the cart', () => {
    const onAdd = vi.fn();
    render(<Bundle {...props({ anchor, off: [0], formatTotal: format, onAdd })} />, container);
    expect(boxes().map((b) => b.checked)).toEqual([true, false, true, true]);
    expect(items()[1].hasAttribute('data-off')).toBe(true);
    expect(total()).toBe('Total for 3 items: $180.50');
    expect(button().textContent).toBe('Add all 3 to cart');
    button().click();
    expect(onAdd).toHaveBeenCalledWith([anchor.view, view.products[1], view.products[2]], 180.5);
  });

  it('sums money in cents: 139.99 + 68.99 is 208.98, not 208.98000000000002', () => {
    const onAdd = vi.fn();
    const sale = { view: buildProductView({ name: 'Trench', sku: 'T-1', price: '215', discountedPrice: '139.99', smallImage: '', currentPageUrl: '/t' }, -1, { locale: 'en-US' }), card: card('<b>Trench</b>') };
    const one = buildView({ ...envelope, products: [{ name: 'Scarf', sku: 'S-9', price: '68.99', smallImage: '', currentPageUrl: '/s' }] }, undefined, { locale: 'en-US' });
    render(<Bundle {...props({ view: one, cards: cards(1), anchor: sale, onAdd })} />, container);
    button().click();
    expect(onAdd.mock.calls[0][1]).toBe(208.98);
  });

  it('says everything in the strings it is given, the total isolated from the words', () => {
    const t = { ...en, bundleTotal: 'Total pour {count} articles : {total}', bundleAddAll: 'Ajouter les {count} au panier', bundleThisItem: 'Cet article' };
    render(<Bundle {...props({ anchor, formatTotal: format, t })} />, container);
    expect(total()).toBe('Total pour 4 articles : $270.50');
    expect(container.querySelector('.vitrine__total bdi')!.textContent).toBe('$270.50');
    expect(button().textContent).toBe('Ajouter les 4 au panier');
    expect(container.querySelector('.vitrine__pick')!.textContent).toContain('Cet article');
  });

  it('speaks of one item in the singular, and cannot add nothing', () => {
    const two = { view: buildView({ ...envelope, products: envelope.products.slice(0, 2) }, undefined, { locale: 'en-US' }), cards: cards(2), formatTotal: format };
    render(<Bundle {...props({ ...two, off: [1] })} />, container);
    expect(total()).toBe('Total for 1 item: $90.00');
    expect(button().textContent).toBe('Add it to cart');
    expect(button().disabled).toBe(false);
    render(<Bundle {...props({ ...two, off: [0, 1] })} />, container);
    expect(button().disabled).toBe(true);
  });
});

describe('fill', () => {
  it("moves a card's nodes into its element once, replacing what the element held", () => {
    const el = document.createElement('li');
    el.innerHTML = '<i>placeholder</i>';
    const coat = card('<a href="/products/c1">Wool Coat</a><span>$90.00</span>');
    fill(coat)(el);
    expect(el.innerHTML).toBe('<a href="/products/c1">Wool Coat</a><span>$90.00</span>');
    expect(coat.childNodes).toHaveLength(0);

    // Preact calls a new ref on every render: the same card is not put in again.
    const link = el.firstChild;
    fill(coat)(el);
    expect(el.innerHTML).toBe('<a href="/products/c1">Wool Coat</a><span>$90.00</span>');
    expect(el.firstChild).toBe(link);
    // An element going away calls the ref with null.
    expect(() => fill(coat)(null)).not.toThrow();

    fill(card('<a href="/products/s2">Linen Shirt</a>'))(el);
    expect(el.innerHTML).toBe('<a href="/products/s2">Linen Shirt</a>');
  });
});
