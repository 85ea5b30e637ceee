import type { Layout } from '../../types/config';
import type { SlotDeps, Slots, SlotState } from '../host';
import type { AlgorithmName, Theme, WidgetEnvelope } from '../../types/interface';
import type { FullContext } from '../context/buildContext';
import { chooseTheme } from '../../core/theme/chooseTheme';
import { builtinThemes } from '../../core/theme/builtinThemes';
import { mountWidget, readyWidget } from '../render/mountWidget';
import { prepareFormat } from '../render/prepareFormat';
import { preloadFirstImage } from '../render/preloadFirstImage';
import { render } from 'preact';
import { parseTemplate, renderTemplate } from '../../core/template/renderTemplate';
import { sanitizeNodes } from '../sanitize/sanitizeHtml';
import { injectStyle } from '../theme/applyTheme';
import { themeScript } from '../theme/themeScript';
import { bare } from '../../core/util/bare';
import { readSlot, slotAttribute } from './readSlot';
import type { SlotSpec } from '../../core/slots/slotSpec';
import { planChain } from '../../core/slots/planChain';
import { fetchProducts } from '../../core/slots/fetchProducts';
import { runChain } from '../../core/slots/runChain';
import { soon, tick } from '../whenReady';
import { askVisitorId } from '../context/readVisitorId';


/** A widget root, with where its impression stands (`watch`), and its next look while in view but not painted. */
type Watched = HTMLElement & { _seen: number; _again?: ReturnType<typeof setTimeout> };

/** Waits for a task of its own. */
type Hop = () => Promise<unknown>;

/** A task of its own, queued ahead of the page's (`soon`). */
const hurry: Hop = () => new Promise<void>(soon);

/** Slots within this many pixels of the viewport load at once, the rest when scrolled near. */
const NEAR = 600;

/**
 * The life of a slot: read its attributes, choose the algorithm, fetch, choose the theme,
 * mount, report; or fail and keep the merchant's fallback. Nothing here throws into the
 * page: what went wrong is a `vitrine:error` event on the slot.
 */
export function createSlots(deps: SlotDeps): Slots {
  const { win, config, context, request, themes, strings, styled, need, emit, mayStore, resume, ready } = deps;
  const doc = win.document;
  const slots = new Map<HTMLElement, SlotState>();
  const outlets = new WeakMap<HTMLElement, HTMLSlotElement>();
  // Identical widget requests on one page are made once.
  const inflight = new Map<string, Promise<WidgetEnvelope>>();
  // Every observer's options are bare: a page's Object.prototype.rootMargin would make a
  // widget far below the screen seen, and its trackVisibility (without a delay) would make
  // the observer throw and no widget load.
  const IO = win.IntersectionObserver;
  const rootMargin = bare({ rootMargin: NEAR + 'px' });
  // A slot in view loads at once. Slots below it, in the margin where widgets load ahead
  // of the shopper, load one at a time, each judged again once the one before has drawn:
  // slots start out empty and close together, so all of them look near at first, and the
  // first widget drawn pushes the rest away. The observer does the judging: no layout is
  // read by us.
  let below: Promise<unknown> = Promise.resolve();
  // The page's first slot in view starts in the observer's task: its call is the one the
  // page's largest paint most often waits for.
  let shown = 0;
  let firstCall = true;
  const near =
    IO &&
    new IO(
      (entries) =>
        entries.forEach(({ isIntersecting, target, boundingClientRect, rootBounds }) => {
          if (!isIntersecting) return;
          const el = target as HTMLElement;
          near!.unobserve(el);
          if (!rootBounds || boundingClientRect.top < rootBounds.bottom - NEAR) return show(el, !shown++);
          below = below.then(
            () =>
              new Promise((done) => {
                // The next slot waits for this one's widget, 1 s at most (a slow answer, a
                // stalled chunk, a shopper scrolling fast past slots still in line).
                const io = new IO((seen) => {
                  io.disconnect();
                  done(Promise.race([seen.some((e) => e.isIntersecting) ? show(el) : near!.observe(el), new Promise((later) => setTimeout(later, 1000))]));
                }, rootMargin);
                io.observe(el);
              }),
          );
        }),
      rootMargin,
    );
  /** `vitrine:impression`, in a task of its own: after the render, and never adding up with the observer's task. */
  const impress = (root: Element) =>
    // A theme that draws the whole widget has no cells: its products are the envelope's.
    // A widget taken out of the page meanwhile was not seen.
    setTimeout((slot = root.parentElement as HTMLElement) => slot && emit(slot, 'impression', { products: root.querySelectorAll('[data-vitrine-index]').length || slots.get(slot)?.count }));
  // A root's `_seen`: 1 watched (once: a widget drawn again is not seen again), 2 drawn and
  // not yet whole (its theme script or a big matrix's fill to come), 4 seen meanwhile: its
  // impression waits for its render; 8 seen.
  // Seen is what a merchant counts as a view: half the widget in view, or, for a widget
  // taller than the screen, which may never be half in view (a hundred cards on a phone),
  // half the screen filled by it. A widget taller than the screen fills half of it exactly
  // while it crosses the screen's middle line: a second observer, whose root is that line,
  // tells. Neither reads layout. In a cross-origin frame, where the browser ignores the
  // line's margins (and gives no `rootBounds`), only half the widget in view counts.
  const looks =
    IO &&
    [{ threshold: 0.5 }, { rootMargin: '-50% 0px' }].map(
      (options, line) =>
        new IO(
          (entries) =>
            entries.forEach(({ isIntersecting, intersectionRatio, intersectionRect, boundingClientRect, rootBounds, target }) => {
              const root = target as Watched;
              // On the middle line, a widget taller than the screen with half its width there
              // fills half the screen; a shorter one there is half in view already, or hidden
              // but for a sliver by a panel it scrolls in, and an off-canvas drawer's touches
              // the line with none of it on the screen.
              if (!isIntersecting || root._seen & 8 || (line ? !rootBounds || boundingClientRect.height <= 2 * rootBounds.top || intersectionRect.width * 2 < boundingClientRect.width : intersectionRatio < 0.5)) return;
              // The observer measures boxes, not paint: a widget the page keeps invisible in
              // view (visibility:hidden or opacity:0, on it or around it) is not seen. A box
              // scaled to nothing (a pop-up closed by transform:scale(0)) is wholly in view to
              // the observer, and stays so as it opens: it is looked at again a second later.
              unwatch(root);
              boundingClientRect.width ? (paint ? paint.observe(root) : seen(root)) : later(root);
            }),
          bare(options),
        ),
    );
  // Paint is asked where style is already worked out: a ResizeObserver reports a box just
  // after the frame's layout (asked from the observer's own task, checkVisibility would
  // work the page's style out again in the middle of it). A widget not painted is watched
  // anew a second later, and the observers say again where it is: looked at each second
  // while it stays in view, not once it has left. Chromium 121, Firefox 122, Safari 17.4;
  // before them, a box in view counts, as it does where the page put a checkVisibility of
  // its own that throws.
  const paint =
    looks &&
    win.ResizeObserver &&
    new win.ResizeObserver((entries) =>
      entries.forEach(({ target }) => {
        const root = target as Watched;
        let unpainted;
        paint!.unobserve(root);
        try {
          unpainted = root.checkVisibility?.({ opacityProperty: true, visibilityProperty: true }) == false && (!root.checkVisibility({ visibilityProperty: true }) || transparent(root));
        } catch {
          // The box counts.
        }
        unpainted ? later(root) : seen(root);
      }),
    );
  // Chromium's opacity check reads every flat-tree ancestor, a `display:contents` one too
  // (a wrapper left at opacity:0 by a scroll-reveal script), whose opacity paints nothing
  // as it has no box: only an ancestor with a box at opacity 0 hides the widget.
  const transparent = (el: Element | null): unknown => {
    for (; el; el = el.assignedSlot || el.parentElement || (el.parentNode as ShadowRoot | null)?.host || null) {
      const style = win.getComputedStyle(el);
      if (style.display != 'contents' && +style.opacity == 0) return 1;
    }
  };
  const later = (root: Watched) => (root._again = setTimeout(() => observe(root), 1000));
  const seen = (root: Watched) => (root._seen & 2 ? (root._seen |= 12) : ((root._seen |= 8), impress(root)));
  const observe = (root: Element) => looks?.forEach((look) => look.observe(root));
  const unwatch = (root: Element) => (clearTimeout((root as Watched)._again), paint?.unobserve(root), looks?.forEach((look) => look.unobserve(root)));
  const watch = (root: HTMLElement) => (root as Watched)._seen || (((root as Watched)._seen = 1), observe(root));

  /**
   * The `<slot>` that picks what the slot shows. The slot's own children never move: a
   * framework (React, Vue) may own them and would throw when it next updates a node
   * Vitrine moved. A shadow root holding one `<slot>` shows the widget root (slotted by
   * name) or, unnamed, the fallback; the root itself stays in the light DOM, where the
   * merchant's CSS and scripts reach it. Throws where the element cannot hold a shadow
   * root (a `<ul>`, or one with a shadow root of its own): a `slot` failure.
   */
  function outlet(el: HTMLElement): HTMLSlotElement {
    let slot = outlets.get(el);
    try {
      // Null prototype: a page's Object.prototype.slotAssignment ('manual') would leave
      // the widget root unslotted, and the slot showing its fallback.
      slot ||= el.attachShadow({ __proto__: null, mode: 'open' } as ShadowRootInit).appendChild(doc.createElement('slot'));
    } catch (error) {
      throw { kind: 'slot', message: '' + error };
    }
    outlets.set(el, slot);
    return slot;
  }

  /** Shows the widget root in the slot, or the fallback again (no root). */
  function place(el: HTMLElement, root?: HTMLElement): void {
    outlet(el).name = root ? (root.slot = 'vitrine') : '';
    // A root the server rendered is in the slot already: it stays where it is.
    if (root && root.parentNode != el) el.append(root);
  }

  /** Takes the widget out and gives the merchant's fallback back. */
  function unmount(el: HTMLElement, state?: SlotState): void {
    const root = state?.root;
    if (root) {
      unwatch(root);
      render(null, root);
      root.remove();
      place(el);
      state.root = undefined;
    }
  }

  function fail(el: HTMLElement, kind: string, message: string, extra?: object): void {
    // A refresh that found nothing gives the merchant's fallback back.
    unmount(el, slots.get(el));
    emit(el, 'error', { kind, message, status: 0, ...extra });
  }

  /** Settles when the theme can render: a built-in one waits for its card (the theme chunk, in the script tag build). */
  const card = (theme: Theme) => theme.htmlTemplate ?? need('theme');

  /**
   * What drawing a widget needs besides its answer, readied while the request is on the
   * wire: the theme and its layout and card, the page's number format, and in tasks of
   * their own the theme's stylesheet in the page and its template parsed (on a first
   * widget at phone speed, these were half of the task that drew it). `next` waits for
   * the next task.
   */
  async function prepare(spec: SlotSpec, c: FullContext, algorithm: AlgorithmName, next: Hop) {
    const format = prepareFormat(win, config.nonce, c.locale, c.currency);
    const choice = chooseTheme(await themes(), spec, algorithm == 'crosssell' ? 'bundle' : 'carousel');
    const { theme } = choice;
    // A theme's script runs after its widget is drawn: its runner (the script tag's chunk)
    // is asked for now, and the draw does not wait for it. Own fields only, as the render
    // reads them: a page's Object.prototype.jsTemplate asks for nothing, and its
    // cssTemplate adds no stylesheet to the page meanwhile.
    const own = bare(theme);
    if (own.jsTemplate) themeScript._load?.();
    await Promise.all([need(choice.layout), card(theme), format]);
    await next();
    try {
      injectStyle(doc, theme.themeId, own.cssTemplate || '', config.nonce);
      // The warm-up card in the tasks after the stylesheet's: the template parsed in one
      // (Mustache's parse, kept for every card), then a card of no product rendered, the
      // page's first parse of markup (its inert document made) and first sanitising done
      // in the next, out of the task that draws. In one task, the two were 28–70 ms at
      // 4× CPU on the demo cart page.
      await next();
      parseTemplate(theme.htmlTemplate!);
      await next();
      sanitizeNodes(renderTemplate(theme.htmlTemplate!), doc);
    } catch {
      // A broken template is the render's to report.
    }
    return choice;
  }

  /**
   * Mounts the widget in place of the fallback; false when a newer render took over.
   * `first`: the page's first widget call, whose first image is most often the page's
   * largest paint. Its tasks until it is drawn are queued ahead of the page's own (`soon`):
   * as timers, each of its steps from the answer to the drawn card (five to seven) waited
   * behind the page's parser, layouts and timers, 0.4–1 s in all on the demo home page at
   * 4× CPU. They stay a few ms each; what follows the draw goes back to timers.
   */
  async function draw(el: HTMLElement, state: SlotState, token: number, spec: SlotSpec, c: FullContext, algorithm: AlgorithmName, products: Promise<WidgetEnvelope>, first?: boolean) {
    let next = first ? hurry : tick;
    const [envelope, choice, words] = await Promise.all([products, prepare(spec, c, algorithm, next), strings(), styled()]);
    // Each slot renders in a task of its own, so answers that land together never
    // add up to one long task on the main thread.
    await next();
    if (token != state.token || !el.isConnected) return;
    const root = (state.root || doc.createElement('div')) as Watched;
    // The widget goes into the page in the task that draws it, before it renders, so a
    // theme's jsTemplate finds it in the document on the first render as on every later
    // one. A root the server rendered is shown by the outlet too, which the slot may have
    // had only since. Watched from its first frame, for a shopper who scrolls past before
    // it is whole; what is seen before then is told once its render is.
    const show = () => {
      next = tick;
      place(el, (state.root = root));
      watch(root);
      root._seen |= 2;
    };
    const options = {
      envelope,
      layout: choice.layout as Layout,
      theme: choice.theme,
      title: spec.title,
      locale: c.locale,
      currency: c.currency,
      nonce: config.nonce,
      anchor: c.product,
      strings: words,
      cart: c.cart,
    };
    // The widget is readied, drawn and filled 8 ms of work per task: on a phone, one task
    // doing all of it was long. Until it is drawn the slot shows what it showed (its
    // fallback, or the widget drawn before). The draw itself (shown and rendered at once)
    // starts a task of its own: a carousel's first render alone was 20–40 ms at 4× CPU on
    // the demo cart page, and after a whole-widget theme's render it made the first draw
    // task of the demo's not-found page 54 ms.
    const steps = readyWidget(root, options, true);
    let step;
    for (let start = Date.now(); !(step = steps.next()).done; ) {
      if (step.value || Date.now() - start > 8) {
        await next();
        if (token != state.token || !el.isConnected) return;
        start = Date.now();
      }
      if (step.value) show();
    }
    let result = step.value;
    if (!result.ok) {
      // A broken theme costs its look, not the widget: the built-in theme renders instead.
      emit(el, 'error', { kind: 'theme', message: result.error, status: 0, algorithm, page: c.pageType });
      await card(builtinThemes[choice.layout]);
      show();
      result = mountWidget(root, { ...options, theme: null }, true);
      if (!result.ok) throw { kind: 'theme', message: result.error };
    }
    state.count = envelope.products.length;
    // A theme script still on its way (the script tag's chunk): `vitrine:render` says it has run,
    // unless a newer render took over or the widget was taken out of the page.
    const warning = await (result.whole || result.warning);
    if (token != state.token || !root.isConnected) return;
    // Whole, in the task that says so: the page (and the analytics chunk) hears the
    // widget's render before it hears it was seen, and the cards it then lists are the ones
    // that render describes, even where the theme's script, or a big matrix's fill, came
    // later than the frame that showed it.
    root._seen & 4 && impress(root);
    root._seen &= 9;
    return { products: state.count, theme: choice.theme.themeId, layout: choice.layout, warning, view: result.view };
  }

  /** Whether the parser is past the end of the slot, so that all it holds is in the page. */
  const whole = (node: Node | null): unknown => doc.readyState != 'loading' || (node && (node.nextSibling || whole(node.parentNode)));

  /**
   * The slot's lifecycle (core/slots, as on the server): read its settings, plan the
   * chain, try each algorithm, draw; or fail and keep the fallback.
   */
  async function show(el: HTMLElement, now?: boolean): Promise<void> {
    const state = slots.get(el);
    if (!state) return;
    const token = ++state.token;
    // Changes made in one task (a framework's commit sets several attributes) show once.
    // And each slot starts (reads the page, asks for its chunks and data) in a task of its
    // own (`now`: this one): slots that come into view together, in one report of the
    // observer, never add up to one long task.
    if (!now) await tick();
    if (token != state.token) return;
    // A form's named controls stand in for its properties (`<input name="getAttribute">`),
    // and it cannot hold the shadow root a widget is drawn through.
    if (el instanceof win.HTMLFormElement) return fail(el, 'slot', 'a form cannot hold a widget');
    const started = Date.now();
    const read = readSlot(el);
    if ('error' in read) return fail(el, 'slot', read.error);
    const { spec } = read;
    // A slot the parser is still inside may yet receive a widget the server rendered.
    if (!whole(el)) await ready;
    if (token != state.token) return;
    // A widget the server rendered is taken over once, without asking the service: the
    // resume chunk's work (it carries the layouts too). One whose personal algorithm
    // consent no longer allows, or that the chunk could not take, renders the client way.
    if (!state.root && el.querySelector(':scope>[data-vitrine-state]')) {
      const take = await resume();
      if (token != state.token) return;
      if (take && (await take({ ...deps, mount: mountWidget, place, fail, watch }, el, state, () => token == state.token))) return void (state.server = true);
    }
    state.server = false;
    // What the widget needs besides its data: the org's themes (on a first visit their
    // list is the last answer a widget waits for), the layout's chunk (the slot's layout,
    // else the default one) and the stylesheet: the themes first, the chunk and the
    // stylesheet in a task of their own (on a phone each ask is several ms: the three were
    // one task of 57 ms at 4× CPU). Each is asked for once, whoever asks first; asked for
    // before the call, they held it back (0.13 s at the median on the demo home page at
    // phone speed) more than they won.
    const ask = () => (themes(), soon(() => (need(spec.layout || 'carousel'), styled())));
    // The page is read in this task, the visitor id in the next (on a first visit
    // localStorage is read then, a wait on the browser too), and the call leaves in the
    // task after that, the two ahead of the page's next frame: on a phone (4× CPU) the
    // three were one task of 65–114 ms on the demo cart and missing pages. The id is what
    // the cookie store said where it has answered already (asked when the slot was found);
    // otherwise the cookie is read (6–22 ms at 4× CPU on the demo home page as it loads),
    // not waited for: the store's answer took 23–440 ms there, held back by the page's
    // tasks, and the call with it. Where the page's reading waits for the page chunk, what
    // the widget needs besides its data is asked for meanwhile; otherwise after the call.
    mayStore() && askVisitorId(win);
    tick().then(ask);
    const c = await context();
    if (token != state.token) return;
    await hurry();
    c.siteUid;
    await hurry();
    if (token != state.token) return;
    const personal = mayStore();
    const [chain, named, inputs] = planChain(spec, c, personal);
    state.personal = !!named.length;
    const params = { divisionId: spec.divisionId, orgId: config.orgId, site_uid: c.siteUid, domain: c.domain, ...inputs };
    // What the event details say of every outcome: the algorithm, the page type seen, the
    // algorithms of the chain that came before it with why each was skipped, whether
    // personal algorithms were allowed and, if not, which ones gave way.
    const about = { page: c.pageType, personal, substituted: personal ? [] : named };
    const failed = await runChain(
      chain,
      async (algorithm, skipped) => {
        // An element that cannot hold a shadow root (a `<ul>`) fails here, before any request.
        outlet(el);
        const products = fetchProducts(request, inflight, algorithm, params, spec.max, config.endpoints);
        // The call leaves alone in this task, then what the widget needs besides its data
        // in the task right after, ahead of the page's next frame: on a phone (4× CPU) the
        // two were one task of 52–71 ms on the demo cart page, each network ask several ms,
        // and asked for after that frame, the chunk and the stylesheet came last and held
        // the widget back.
        soon(() => (ask(), chain.includes('crosssell') && need('bundle')));
        // The page's first widget call is for the slot nearest the top of the page, whose
        // first image is the page's largest paint most often: asked for with the answer,
        // not after the draw. The first call, not the first slot reported in view: on the
        // demo home page at phone size the trending carousel was not reported so, though
        // its first card is the page's largest paint.
        const first = firstCall;
        products.then(first ? (envelope) => token == state.token && el.isConnected && preloadFirstImage(doc, envelope) : undefined, () => {});
        firstCall = false;
        // What the draw readies while the call is on the wire (the theme, its card, the
        // number format's worker) starts in a task after those: on a phone this one was
        // long with it. A failure meanwhile is the draw's to report.
        await tick();
        const shown = await draw(el, state, token, spec, c, algorithm, products, first);
        if (shown) emit(el, 'render', { algorithm, skipped, ...about, ...shown, ms: Date.now() - started });
      },
      () => token == state.token,
    );
    if (failed) fail(el, failed.kind, failed.message, { ...failed, ...about });
  }

  return {
    fail,
    track(el, force) {
      if (!slots.has(el)) {
        // A null prototype: a page's Object.prototype.root would read as a widget drawn.
        slots.set(el, { __proto__: null, token: 0 } as SlotState);
        mayStore() && askVisitorId(win);
        // The observer answers within a frame and forces no layout, unlike measuring here.
        // A slot the merchant marked `loading="eager"` (one at the top of the page, whose
        // first image is the page's largest paint) does not wait for it: while the page
        // loads, its report came 0.2–0.8 s after the slot was found on the demo home page
        // at phone speed. It starts in a task of its own, ahead of the page's.
        if (slotAttribute(el, 'loading') == 'eager') return shown++, soon(() => show(el, true));
        if (near) return near.observe(el);
      } else if (!force) return;
      show(el);
    },
    refresh(personal, clientOnly) {
      // The end of the page (`clientOnly`) keeps the answers in: a widget whose call the
      // rest of the page leaves the same is drawn again with what the page said since (its
      // product left out, the platform's cart ids for a cart defined further down) from
      // the answer it has, not asked for twice; but for an empty answer (a service still
      // warming up), forgotten before the slots ask (they wait a task first). Any other
      // refresh asks again.
      inflight.forEach((answer, key) => (clientOnly ? answer.then((envelope) => envelope.products.length || inflight.delete(key), () => {}) : inflight.delete(key)));
      // A slot still waiting to come near is shown then, with what is true by then: shown
      // now as well, it would show twice, and a server-rendered one (just added by a
      // framework's route change, before its setContext) would be fetched again.
      slots.forEach((state, el) => el.isConnected && state.token && (!personal || state.personal) && !(clientOnly && state.server) && show(el));
    },
    sweep() {
      slots.forEach((state, el) => {
        if (el.isConnected) return;
        near?.unobserve(el);
        unmount(el, state);
        slots.delete(el);
      });
    },
    update(el) {
      // A slot not yet shown reads its attributes when it comes near.
      if (slots.get(el)?.token) show(el);
    },
  };
}
