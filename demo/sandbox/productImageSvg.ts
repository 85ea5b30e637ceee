import { findCategory } from './categories';
import type { SampleProduct } from './createCatalogue';

// One silhouette per department, drawn in a 240×300 box. Kept simple on
// purpose: they stand in for photos and must read well at 72 px wide.
const SHAPES: Record<string, string> = {
  knitwear: 'M84 70 L60 78 L28 150 L50 160 L72 118 L72 230 L168 230 L168 118 L190 160 L212 150 L180 78 L156 70 Q120 92 84 70 Z',
  shirts: 'M88 66 L58 76 L30 146 L52 154 L74 114 L74 232 L166 232 L166 114 L188 154 L210 146 L182 76 L152 66 L138 84 L120 74 L102 84 Z M120 74 L120 232',
  trousers: 'M78 58 L162 58 L174 240 L134 240 L120 120 L106 240 L66 240 Z',
  dresses: 'M100 56 L140 56 L146 100 L184 240 L56 240 L94 100 Z',
  outerwear: 'M86 56 L56 68 L30 176 L52 182 L70 122 L66 246 L174 246 L170 122 L188 182 L210 176 L184 68 L154 56 L120 110 Z M120 110 L120 246',
  shoes: 'M40 190 Q44 150 70 146 L110 150 Q134 124 150 126 L172 160 Q214 170 212 196 L212 210 L40 210 Z',
  bags: 'M62 118 L178 118 L190 236 L50 236 Z M92 118 Q92 66 120 66 Q148 66 148 118',
  accessories: 'M70 40 Q110 60 92 110 Q74 160 112 200 Q130 220 118 262 L150 262 Q162 214 142 192 Q108 156 124 110 Q142 58 104 40 Z',
  ceramics: 'M96 60 L144 60 L140 90 Q186 130 172 200 Q162 240 120 244 Q78 240 68 200 Q54 130 100 90 Z',
  candles: 'M72 120 L168 120 L168 240 Q120 252 72 240 Z M120 118 L120 100 M120 98 Q108 84 120 62 Q132 84 120 98 Z',
};

/** Darkens a `#rrggbb` colour for outlines. */
function darker(hex: string, amount = 0.35): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const c = [n >> 16, (n >> 8) & 255, n & 255].map((v) => Math.round(v * (1 - amount)));
  return `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The product's picture: its department's silhouette in its own colour, on the department's tint. */
export function productImageSvg(p: SampleProduct): string {
  const hue = findCategory(p.category)?.hue ?? 30;
  const shape = SHAPES[p.category] ?? SHAPES.bags;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 300" width="480" height="600" role="img" aria-label="${escapeXml(p.name)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
<stop offset="0" stop-color="hsl(${hue} 38% 94%)"/><stop offset="1" stop-color="hsl(${hue} 30% 84%)"/>
</linearGradient></defs>
<rect width="240" height="300" fill="url(#g)"/>
<ellipse cx="120" cy="262" rx="86" ry="9" fill="hsl(${hue} 25% 70%)" opacity=".45"/>
<path d="${shape}" fill="${p.colourHex}" stroke="${darker(p.colourHex)}" stroke-width="3" stroke-linejoin="round"/>
<text x="120" y="288" text-anchor="middle" font-family="Georgia, serif" font-size="12" letter-spacing="3" fill="hsl(${hue} 25% 35%)">${escapeXml(p.line.toUpperCase())}</text>
</svg>`;
}
