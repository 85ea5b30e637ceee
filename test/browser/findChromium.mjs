import { accessSync, constants } from 'node:fs';

/** Flags that keep Chromium quiet on a machine with no network but loopback. */
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Where Linux distributions and macOS put Chromium or Chrome. */
const SYSTEM_PATHS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome-stable',
  '/usr/bin/google-chrome',
  '/snap/bin/chromium',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
];

/** @param {string} path */
const runnable = (path) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** @type {Record<string, Promise<string>>} */
const found = {};

/** The Chromium that the `@sparticuz/chromium` dev dependency ships (unpacked into the temp folder on first use, about 2 s). */
const packaged = async () => (await import('@sparticuz/chromium')).default.executablePath();

/**
 * The browser that the tests and the bench drive, and the flags to start it with:
 * `CHROMIUM_PATH`, else a system Chromium or Chrome, else the Chromium that the
 * `@sparticuz/chromium` dev dependency ships, so neither `npm test` nor `npm run bench`
 * needs more than Node. `VITRINE_NO_SYSTEM_CHROMIUM=1` skips the system paths, as on a
 * machine without them.
 *
 * `shell`: the packaged Chromium first, where it runs (Linux). It is a headless shell:
 * the same engine without the browser's windowing, GPU process and back/forward cache,
 * and about half the time for the same browser test files on a busy two-core machine (measured
 * against Debian's `chromium` package, whose headless mode is the whole browser). The
 * browser tests take it; the bench, and a test of what only the whole browser has,
 * take the system's.
 * Plain JavaScript so the bench's `.mjs` files and the TypeScript tests share it.
 * @param {{ shell?: boolean }} [options]
 * @returns {Promise<{ executablePath: string, args: string[] }>}
 */
export async function findChromium({ shell = false } = {}) {
  const key = shell && process.platform == 'linux' ? 'shell' : 'system';
  found[key] ||= (async () => {
    if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
    if (key == 'shell') return packaged();
    const system = process.env.VITRINE_NO_SYSTEM_CHROMIUM ? undefined : SYSTEM_PATHS.find(runnable);
    return system || packaged();
  })();
  return { executablePath: await found[key], args: [...ARGS] };
}
