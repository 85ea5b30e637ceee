// @vitest-environment node
// The Next.js example's hand-over of widget markup from its server component to the same
// request's server-side render (examples/next-shop/lib/handOver.ts): what the page's HTML
// gets, once, and what a server rendering for hours keeps.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { handOver, takeOver } from '../../../examples/next-shop/lib/handOver';

afterEach(() => {
  vi.useRealTimers();
  // Whatever a test left waiting goes, so that the next starts from an empty map.
  for (let i = 0; i < 1001; i++) takeOver(handOver('') ?? '');
});

describe('the Next.js example’s markup hand-over', () => {
  it('gives the markup to its token once; a second take, or a token never given, gets nothing', () => {
    const token = handOver('<div class="vitrine">a</div>')!;
    expect(token).toMatch(/^[0-9a-f-]{36}$/);
    expect(takeOver(token)).toBe('<div class="vitrine">a</div>');
    expect(takeOver(token)).toBe('');
    expect(takeOver('00000000-0000-4000-8000-000000000000')).toBe('');
    // A name of Object.prototype is no token.
    expect(takeOver('constructor')).toBe('');
  });

  it('keeps two requests’ markup apart, and shares the map between the two copies of the module a Next.js server loads', async () => {
    const a = handOver('A')!;
    vi.resetModules();
    const again = await import('../../../examples/next-shop/lib/handOver');
    const b = again.handOver('B')!;
    expect([again.takeOver(a), takeOver(b)]).toEqual(['A', 'B']);
  });

  it('drops markup never taken after a minute, and keeps at most 1,000 waiting: past that it gives no token and pushes out none', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const stale = handOver('stale')!;
    vi.setSystemTime(1_000_000 + 60_001);
    const fresh = handOver('fresh')!;
    expect([takeOver(stale), takeOver(fresh)]).toEqual(['', 'fresh']);
    const tokens = Array.from({ length: 1001 }, (_, i) => handOver('m' + i));
    // The 1,001st request carries its markup itself (in the flight data): the first keeps its own.
    expect(tokens[1000]).toBeUndefined();
    expect(takeOver(tokens[0]!)).toBe('m0');
    expect(takeOver(tokens[999]!)).toBe('m999');
    // A place taken frees one.
    expect(handOver('again')).toMatch(/^[0-9a-f-]{36}$/);
    // A minute later those never taken are gone, and a token is given again.
    vi.setSystemTime(1_000_000 + 2 * 60_001);
    expect(takeOver(tokens[1]!)).toBe('m1');
    const later = handOver('later')!;
    expect(takeOver(tokens[2]!)).toBe('');
    expect(takeOver(later)).toBe('later');
  });
});
