import { chromium } from 'playwright-core';
import { findChromium } from '../../test/browser/findChromium.mjs';

/** Headless Chromium from the finder the browser tests use, quiet on a machine with no network but loopback. */
export async function launchBrowser() {
  const { executablePath, args } = await findChromium();
  return chromium.launch({ executablePath, headless: true, args });
}
