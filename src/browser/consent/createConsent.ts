import { forgetVisitorId } from '../context/readVisitorId';

/** The consent state: `undefined` required (not answered yet), `true` granted, `false` denied. */
export type ConsentState = boolean | undefined;

export interface Consent {
  state(): ConsentState;
  /**
   * The visitor's answer; a change is applied, then `changed` runs, told whether storing
   * flipped (a refusal before any answer changes the state, not what may be stored).
   */
  set(granted: boolean): void;
}

/**
 * Whether Vitrine may store the visitor id and call personal algorithms. Without a
 * consent mode it may from the start (granted); with one, not before the visitor says
 * yes. Refusing or withdrawing deletes a stored id first, also one left from before the
 * merchant asked for consent.
 */
export function createConsent(win: Window, required: boolean, changed: (granted: boolean, flipped: boolean) => void): Consent {
  let state: ConsentState = required ? undefined : true;
  return {
    state: () => state,
    set(granted) {
      if (granted === state) return;
      const flipped = !!state != granted;
      state = granted;
      if (!granted) forgetVisitorId(win);
      changed(granted, flipped);
    },
  };
}
