import { prepareFormat as prepareOnMainThread } from '../../core/template/formatPrice';
import { startFormatWorker } from '../sanitize/trustedTypes';

/** Not tried yet (undefined), refused or failed (false), or at work. */
let worker: Worker | false | undefined;

/**
 * Readies the page's number formats before the first answer arrives. The first
 * `Intl.NumberFormat` a browser process makes costs 10–30 ms, whatever its locale: V8
 * gathers the locales ICU can format, once per process. A dedicated worker shares its
 * page's process, so one that makes a format pays that on its own thread, and the
 * page's formats cost a fraction of a millisecond after it.
 *
 * A script tag with a nonce means a Content-Security-Policy that would refuse the
 * worker's `data:` URL (and report it). There, where the browser refuses a worker, and
 * where one fails to start, the format is made on the main thread in a task of its own,
 * while the request is on the wire.
 */
export function prepareFormat(win: Window, nonce: string | undefined, locale: string, currency?: string): void {
  if (worker === undefined) {
    worker = (!nonce && startFormatWorker(win)) || false;
    if (worker)
      worker.onerror = () => {
        worker = false;
        prepareOnMainThread(locale, currency);
      };
  }
  if (!worker) prepareOnMainThread(locale, currency);
}
