// The floor: Preact with hooks and Mustache, and nothing else — the libraries
// Vitrine is built on, doing the least a widget does (fetch, render a template).
import { h, render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import Mustache from 'mustache';

function Widget({ template, url }) {
  const [products, setProducts] = useState([]);
  useEffect(() => {
    fetch(url).then((r) => r.json()).then((env) => setProducts(env.products));
  }, [url]);
  return h('ul', null, products.map((p) => h('li', { key: p.sku, dangerouslySetInnerHTML: { __html: Mustache.render(template, p) } })));
}

const root = document.getElementById('related');
if (root) render(h(Widget, { template: '<a href="{{currentPageUrl}}">{{name}}</a>', url: '/widget' }), root);
