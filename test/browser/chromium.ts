import { chromium, type Browser, type LaunchOptions } from 'playwright-core';
import { findChromium } from './findChromium.mjs';

/**
 * Chromium, headless: the packaged headless shell where it runs (findChromium.mjs).
 * Tests never download a browser at run time. `options` adds to the launch (say
 * `ignoreDefaultArgs`, to keep a feature Playwright turns off); `whole`: the system's
 * whole browser where there is one, for what the headless shell does not have.
 */
export async function launchChromium(options: LaunchOptions = {}, { whole = false } = {}): Promise<Browser> {
  const { executablePath, args } = await findChromium({ shell: !whole });
  return chromium.launch({ ...options, executablePath, headless: true, args: [...args, ...(options.args ?? [])] });
}
