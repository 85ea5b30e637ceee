// The shop's own script (not Vitrine): the shop has no cart adapter, so a widget's
// add-to-cart button (a card's or the bundle's) fires `vitrine:add-to-cart` and the shop
// adds by itself, as README "Add to cart" documents: preventDefault() says it does,
// waitUntil() hands Vitrine the outcome for the widget's live region and analytics, and
// the header's count follows the cart.
document.addEventListener('vitrine:add-to-cart', function (event) {
  event.preventDefault();
  var products = event.detail.products;
  var count = null;
  // The page's own product goes in in the size the shopper chose in its form; one sold in
  // several sizes and none chosen (a recommended one, or this page's before a choice) is
  // not added, and the widget asks for the choice (`failed` with `options`).
  var form = document.querySelector('form.add-to-cart');
  var told = { added: [], failed: [] };
  // This page's product without its size holds the whole press back (the add-ons would
  // otherwise go in now, and again when the shopper presses once more).
  var own = form && products.some(function (p) { return p.sku == form.elements.sku.value; });
  if (own && !form.elements.size.value) products = [];
  if (own && !form.elements.size.value) told.failed.push({ sku: form.elements.sku.value, options: true });
  var adds = products.reduce(function (done, p) {
    return done.then(function () {
      var body = new URLSearchParams({ sku: String(p.sku), qty: String(p.quantity || 1) });
      if (form && form.elements.sku.value == p.sku) body.set('size', form.elements.size.value);
      return fetch('/cart/add', { method: 'POST', body: body, headers: { Accept: 'application/json' } }).then(function (res) {
        if (res.status == 409) return res.json().then(function (why) { told.failed.push({ sku: p.sku, options: true, message: why.message }); });
        if (!res.ok) throw new Error('The shop could not add ' + p.name);
        return res.json().then(function (cart) { count = cart.count; told.added.push(p.sku); });
      });
    });
  }, Promise.resolve()).then(function () { return told; });
  if (event.detail.waitUntil) event.detail.waitUntil(adds);
  adds.then(function () {
    var badge = document.querySelector('[data-cart-count]');
    if (badge && count != null) badge.textContent = String(count);
  }, function () { /* Vitrine says so in the widget */ });
});

// Widget performance, as a merchant would count it from Vitrine's events: impressions,
// clicks and add-to-carts per slot, kept in this browser's localStorage across pages.
// Shown in debug mode (?vitrine_debug=1), with what the page sent to window.dataLayer
// and the widget click that led here (Vitrine.attribution()).
// A listener runs inside the task that sent the event, which Lighthouse charges to
// Vitrine: it only adds to counts in memory. This page's counts are written when the
// page is hidden or left, added to whatever another tab wrote meanwhile.
(function () {
  var KEY = 'maison-widget-performance';
  var KINDS = ['impression', 'click', 'add-to-cart'];
  var load = function () {
    try { return JSON.parse(localStorage.getItem(KEY) || '{}') || {}; } catch (e) { return {}; }
  };
  var stats = load();
  var counted = {};
  var panel = null;
  var row = function (table, slot) {
    return table[slot] || (table[slot] = { impression: 0, click: 0, 'add-to-cart': 0 });
  };

  KINDS.forEach(function (kind) {
    document.addEventListener('vitrine:' + kind, function (event) {
      var slot = event.target && event.target.id;
      if (!slot) return;
      row(stats, slot)[kind] += 1;
      row(counted, slot)[kind] += 1;
      later();
    });
  });
  document.addEventListener('vitrine:render', later);

  function save() {
    var slots = Object.keys(counted);
    if (!slots.length) return;
    var stored = load();
    slots.forEach(function (slot) {
      KINDS.forEach(function (kind) { row(stored, slot)[kind] = (row(stored, slot)[kind] || 0) + counted[slot][kind]; });
    });
    counted = {};
    try { localStorage.setItem(KEY, JSON.stringify(stored)); } catch (e) { /* counted for this page only */ }
  }
  addEventListener('pagehide', save);
  document.addEventListener('visibilitychange', function () { if (document.visibilityState == 'hidden') save(); });

  // After every listener of the event has run: the analytics chunk pushes to the
  // dataLayer from its own listener, which may come after this one.
  function later() { if (panel) setTimeout(update); }

  function el(tag, text, className) {
    var node = document.createElement(tag);
    if (text != null) node.textContent = text;
    if (className) node.className = className;
    return node;
  }

  function update() {
    if (!panel) return;
    var body = panel.querySelector('tbody');
    body.replaceChildren();
    Object.keys(stats).sort().forEach(function (slot) {
      var tr = el('tr');
      tr.append(el('th', '#' + slot));
      KINDS.forEach(function (kind) { tr.append(el('td', String(stats[slot][kind] || 0))); });
      body.append(tr);
    });
    if (!body.children.length) {
      var empty = el('tr');
      var cell = el('td', 'No widget seen yet.');
      cell.colSpan = 4;
      empty.append(cell);
      body.append(empty);
    }
    var vitrine = window.Vitrine;
    // Vitrine.attribution comes with the analytics chunk, which may land after a widget's
    // first event: look again shortly until it is there.
    if (!vitrine || typeof vitrine.attribution != 'function') setTimeout(update, 250);
    var from = vitrine && typeof vitrine.attribution == 'function' ? vitrine.attribution() : null;
    panel.querySelector('.perf__from').textContent = from
      ? 'Opened from #' + from.slot + ' (' + from.algorithm + ', position ' + from.position + ')'
      : 'Not opened from a widget.';
    var layer = window.dataLayer || [];
    var last = null;
    for (var i = layer.length - 1; i >= 0 && !last; i--) if (layer[i] && layer[i].event && layer[i].ecommerce) last = layer[i];
    panel.querySelector('.perf__last').textContent = last
      ? 'Last sent to dataLayer: ' + last.event + ' · ' + last.ecommerce.item_list_id + ' · ' + last.ecommerce.items.length + ' item(s)'
      : 'Nothing sent to dataLayer yet.';
  }

  function show() {
    panel = el('details', null, 'perf');
    panel.open = true;
    var head = el('summary', null, 'perf__head');
    head.append(el('strong', 'Widget performance'), el('span', ' in this browser'));
    var reset = el('button', 'Reset', 'link-button');
    reset.type = 'button';
    reset.addEventListener('click', function (event) {
      event.preventDefault(); // a click in the summary would also fold the panel
      stats = {};
      counted = {};
      try { localStorage.removeItem(KEY); } catch (e) { /* nothing kept */ }
      update();
    });
    head.append(reset);
    var table = el('table');
    var tr = el('tr');
    ['Slot', 'Impressions', 'Clicks', 'Add-to-carts'].forEach(function (name) { tr.append(el('th', name)); });
    table.append(el('thead'), el('tbody'));
    table.tHead.append(tr);
    panel.append(head, table, el('p', null, 'perf__from'), el('p', null, 'perf__last'));
    document.body.append(panel);
    update();
  }

  if (/[?&]vitrine_debug=1/.test(location.search)) {
    if (document.readyState == 'loading') document.addEventListener('DOMContentLoaded', show);
    else show();
  }
})();
