import { numberFormat } from '../../core/template/formatPrice';
import { startFormatWorker } from '../sanitize/trustedTypes';

/** Settles once the page's process can make number formats cheaply. */
let warm: Promise<unknown> | undefined;

/**
 * Readies the page's number format before the first answer is drawn; the draw waits
 * for it. The first `Intl.NumberFormat` a browser process makes costs 60–200 ms of one
 * thread at phone speed (measured at 4× CPU), in one call no task can split: V8 gathers
 * the locales ICU can format, once per process. A dedicated worker shares its page's
 * process, so one that makes a format pays that on its own thread; once it says so, the
 * page's format costs about a millisecond, and it is made then, in the task of the
 * worker's message. A page format made while the worker is still at it waited for the
 * worker instead (a 300 ms task measured), hence the wait.
 *
 * A script tag with a nonce means a Content-Security-Policy that would refuse the
 * worker's `data:` URL (and report it). There, where the browser refuses a worker, where
 * one fails, and after a second without its word, the format is made on the main
 * thread, in a task of its own.
 */
export function prepareFormat(win: Window, nonce: string | undefined, locale: string, currency?: string): Promise<unknown> {
  warm ||= new Promise((done) => {
    win.setTimeout(done, !nonce && startFormatWorker(win, done) ? 1000 : 0);
  });
  // Its first number formatted too: a few milliseconds more at phone speed.
  return warm.then(() => numberFormat(locale, currency).format(0));
}
