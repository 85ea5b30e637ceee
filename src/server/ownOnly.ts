/**
 * Runs `render` with whatever the process added to `Object.prototype` as enumerable
 * properties made non-enumerable for its duration, then put back as it was.
 *
 * Preact's `h` and `renderToString` walk props with `for…in`, which also visits what an
 * object inherits: with `Object.prototype.onclick = 'alert(1)'` set anywhere in the
 * server process (a polluting dependency, a merged request body), every element the
 * server renders would carry it as an attribute. No props object can avoid inheriting
 * from `Object.prototype`, so the additions are hidden instead, for a render that is
 * synchronous from start to end (nothing else in the process runs meanwhile). An addition
 * that cannot be hidden (not configurable) makes the render fail rather than leak.
 */
export function ownOnly<T>(render: () => T): T {
  const proto = Object.prototype;
  const added: [string, PropertyDescriptor][] = [];
  // A fresh literal has nothing of its own: whatever `for…in` finds is inherited.
  for (const key in {}) {
    const own = Object.getOwnPropertyDescriptor(proto, key);
    if (!own?.configurable) throw new Error(`Object.prototype.${key} was added to this process and cannot be hidden: nothing rendered`);
    added.push([key, own]);
  }
  try {
    for (const [key, own] of added) Object.defineProperty(proto, key, { ...own, enumerable: false });
    return render();
  } finally {
    for (const [key, own] of added) Object.defineProperty(proto, key, own);
  }
}
