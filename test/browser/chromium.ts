import { chromium, type Browser } from 'playwright-core';
import { accessSync, constants } from 'node:fs';

/** Flags that keep Chromium quiet on a machine with no network but loopback. */
export const chromiumArgs = [
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

const runnable = (path: string) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

let found: Promise<string> | undefined;

/**
 * The browser the tests drive: `CHROMIUM_PATH`, else a system Chromium or Chrome, else
 * the Chromium that the `@sparticuz/chromium` dev dependency ships (unpacked into the
 * temp folder on first use, about 2 s), so `npm test` needs nothing but Node.
 * `VITRINE_NO_SYSTEM_CHROMIUM=1` skips the system paths, as on a machine without them.
 */
export function chromiumPath(): Promise<string> {
  return (found ||= (async () => {
    if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
    const system = process.env.VITRINE_NO_SYSTEM_CHROMIUM ? undefined : SYSTEM_PATHS.find(runnable);
    if (system) return system;
    const { default: packaged } = await import('@sparticuz/chromium');
    return packaged.executablePath();
  })());
}

/** Chromium, headless. Tests never download a browser at run time. */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: await chromiumPath(),
    headless: true,
    args: chromiumArgs,
  });
}
