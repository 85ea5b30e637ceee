import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import Link from 'next/link';
import { featured } from '../lib/featured';
import './shop.css';

// No `vitrine/vitrine.css` import: a server-rendered widget carries its styles, and
// `start()` links the stylesheet (a file of the app's build) for the ones it draws.
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
