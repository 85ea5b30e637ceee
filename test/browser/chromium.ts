import { chromium, type Browser, type LaunchOptions } from 'playwright-core';
import { findChromium } from './findChromium.mjs';

/** Where the browser the tests drive lives (see findChromium.mjs, shared with the bench). */
export async function chromiumPath(): Promise<string> {
  return (await findChromium()).executablePath;
}

/**
 * Chromium, headless. Tests never download a browser at run time. `options` adds to
 * the launch (say `ignoreDefaultArgs`, to keep a feature Playwright turns off).
 */
export async function launchChromium(options: LaunchOptions = {}): Promise<Browser> {
  const { executablePath, args } = await findChromium();
  return chromium.launch({ ...options, executablePath, headless: true, args: [...args, ...(options.args ?? [])] });
}
