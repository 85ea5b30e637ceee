import { useLayoutEffect, useState } from 'react';
import { Link, Route, Routes, useLocation, useParams } from 'react-router';
import { products } from './products';
import { vitrine, type Page } from './vitrine';

/**
 * Tells Vitrine which page is shown, once per route change. A layout effect runs after
 * React has put the new route in the document and before the browser reports the new
 * slots, so every slot is asked for once, with this page's context.
 */
// #region usePage
function usePage(page: Page): void {
  const { pathname } = useLocation();
  useLayoutEffect(() => vitrine.setContext(page), [pathname]);
}
// #endregion usePage

function Home() {
  usePage({ pageType: 'home_page' });
  const [saved, setSaved] = useState(0);
  const [max, setMax] = useState(4);
  return (
    <main>
      <h1>Maison Vitrine</h1>
      <p>
        <button type="button" onClick={() => setSaved(saved + 1)}>
          Save for later ({saved})
        </button>{' '}
        <button type="button" onClick={() => setMax(max == 4 ? 2 : 4)}>
          Show {max == 4 ? 2 : 4} picks
        </button>
      </p>
      {/* A [data-vitrine] slot whose fallback React keeps rendering after the widget shows. */}
      <div id="home-picks" data-vitrine="trending" data-vitrine-max={max} data-vitrine-title="Trending now">
        {saved > 0 && <em>{saved} saved for later. </em>}
        <p>Our picks are on their way.</p>
      </div>
    </main>
  );
}

function ProductPage() {
  const { slug } = useParams();
  const product = products.find((p) => p.slug == slug) ?? products[0];
  usePage({ pageType: 'product_page', pname: product.name, sku: product.sku });
  return (
    <main>
      <h1>{product.name}</h1>
      <p>{product.price}</p>
      <vitrine-widget id="pdp-similar" algorithm="viewedalsoviewed" layout="carousel" max="8" title="Customers also viewed">
        <p>More like this soon.</p>
      </vitrine-widget>
    </main>
  );
}

function Cart() {
  usePage({ pageType: 'cart_page' });
  return (
    <main>
      <h1>Your cart</h1>
      <vitrine-widget id="cart-picks" algorithm="trending" layout="matrix" max="4" title="Before you go" />
    </main>
  );
}

export function App() {
  return (
    <>
      <nav>
        <Link to="/">Home</Link> · {products.map((p) => (
          <span key={p.slug}>
            <Link to={`/products/${p.slug}`}>{p.name}</Link> ·{' '}
          </span>
        ))}
        <Link to="/cart">Cart</Link>
      </nav>
      <Routes>
        <Route path="/" element={<Home />} />
        <Route path="/products/:slug" element={<ProductPage />} />
        <Route path="/cart" element={<Cart />} />
      </Routes>
      <footer>
        <vitrine-widget id="footer-trending" algorithm="trending" layout="matrix" max="4" title="Popular this week" />
      </footer>
    </>
  );
}
