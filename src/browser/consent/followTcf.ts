import { bare } from '../../core/util/bare';

/**
 * The TC data fields Vitrine reads, as the IAB's CMP API v2 specification defines them:
 * https://github.com/InteractiveAdvertisingBureau/GDPR-Transparency-and-Consent-Framework/blob/master/TCFv2/IAB%20Tech%20Lab%20-%20CMP%20API%20v2.md
 */
interface TCData {
  gdprApplies?: boolean;
  eventStatus?: 'tcloaded' | 'cmpuishown' | 'useractioncomplete';
  purpose?: { consents?: Record<string, boolean | undefined> };
}

type TcfApi = (command: 'addEventListener', version: 2, callback: (tcData: TCData, success: boolean) => void) => void;

/**
 * TCF purposes a stored visitor id used to personalise recommendations needs: 1 (store
 * or access information on a device), 5 (create a personalised content profile) and 6
 * (use it to select personalised content).
 */
const PURPOSES = [1, 5, 6];

/**
 * Follows the visitor's answer in an IAB TCF v2.2 CMP through `__tcfapi('addEventListener',
 * 2, …)`, whose callback runs on every change of the TC string. An answer counts once the
 * CMP has one to give (`tcloaded`, or `useractioncomplete` after the shopper chose):
 * yes when purposes 1, 5 and 6 are all consented, or when the CMP says GDPR does not
 * apply. `cmpuishown` carries no answer yet. A CMP that is missing or never calls back
 * leaves Vitrine without consent; one that loads after Vitrine is looked for again when
 * the page has loaded.
 */
export function followTcf(win: Window, set: (granted: boolean) => void): void {
  const listen = () => {
    const tcfapi = (win as unknown as { __tcfapi?: TcfApi }).__tcfapi;
    if (typeof tcfapi != 'function') return false;
    tcfapi('addEventListener', 2, (tcData, success) => {
      // The CMP calls this; nothing thrown here may reach it.
      try {
        // The CMP's own fields only: a page's Object.prototype[5] is no consent to purpose 5.
        if (!success || !tcData) return;
        tcData = bare(tcData);
        if (tcData.gdprApplies === false) return set(true);
        if (tcData.eventStatus != 'tcloaded' && tcData.eventStatus != 'useractioncomplete') return;
        const consents = bare(bare(tcData.purpose || {}).consents || {}) as Record<string, unknown>;
        set(PURPOSES.every((id) => consents[id] === true));
      } catch {
        /* a malformed answer is no answer */
      }
    });
    return true;
  };
  // Null prototype: a page's Object.prototype.signal would make addEventListener throw.
  if (!listen()) win.addEventListener('load', listen, { __proto__: null, once: true } as AddEventListenerOptions);
}
