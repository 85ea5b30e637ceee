import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import Link from 'next/link';
import { featured } from '../lib/featured';
import 'vitrine/vitrine.css';
import './shop.css';

// Vitrine's base styles are one file of the app's CSS, cached across pages, so the
// server's widgets do not carry them (`styles: 'link'` in lib/renderWidgets.ts).
export const metadata: Metadata = { title: 'Maison Vitrine (Next.js)', icons: 'data:,' };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en-GB">
      <body>
        <header>
          <Link href="/" className="brand">
            Maison Vitrine
          </Link>
          <nav>
            {featured.map((p) => (
              <Link key={p.handle} href={`/products/${p.handle}`}>
                {p.name}
              </Link>
            ))}
          </nav>
        </header>
        {children}
        <footer>
          {/* Personal, so drawn in the browser, which knows the visitor: asked again on every route. */}
          <vitrine-widget id="footer-recent" algorithm="recentviews trending" layout="matrix" max="4" title="Recently viewed">
            <p className="fallback">Your recently viewed pieces will show here.</p>
          </vitrine-widget>
        </footer>
      </body>
    </html>
  );
}
