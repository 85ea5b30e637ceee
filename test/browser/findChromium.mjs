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

/** @type {Promise<string> | undefined} */
let found;

/**
 * The browser that the tests and the bench drive, and the flags to start it with:
 * `CHROMIUM_PATH`, else a system Chromium or Chrome, else the Chromium that the
 * `@sparticuz/chromium` dev dependency ships (unpacked into the temp folder on first
 * use, about 2 s), so neither `npm test` nor `npm run bench` needs more than Node.
 * `VITRINE_NO_SYSTEM_CHROMIUM=1` skips the system paths, as on a machine without them.
 * Plain JavaScript so the bench's `.mjs` files and the TypeScript tests share it.
 * @returns {Promise<{ executablePath: string, args: string[] }>}
 */
export async function findChromium() {
  found ||= (async () => {
    if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
    const system = process.env.VITRINE_NO_SYSTEM_CHROMIUM ? undefined : SYSTEM_PATHS.find(runnable);
    if (system) return system;
    const { default: packaged } = await import('@sparticuz/chromium');
    return packaged.executablePath();
  })();
  return { executablePath: await found, args: [...ARGS] };
}
