// The preview frame: a plain host page that renders the theme with the embed's
// own `mountWidget` and audits the result with axe-core. It lives in a
// same-origin iframe so the theme's CSS media queries see the preset width and
// a leaking selector hits this page, not the studio around it. The shop serves
// it under a strict nonce Content-Security-Policy (previewPolicy.ts).
import axe from 'axe-core';
import { mountWidget } from '../../src/index';
import { describeViolation } from './a11y/describeViolation';
import type { FromPreview, RuntimeProblem, ToPreview } from './preview/previewProtocol';
import { watchThemeScripts } from './preview/watchThemeScripts';

const slot = document.getElementById('studio-slot') as HTMLElement;
// The page's nonce, handed to what the embed adds (the attribute reads empty once applied; the property keeps it).
const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? '';

function send(message: FromPreview): void {
  parent.postMessage(message, location.origin);
}

/** Problems seen while a render runs go with its answer; later ones are sent on their own. */
let collecting: RuntimeProblem[] | null = null;
const report = (problem: RuntimeProblem): void => {
  if (collecting) collecting.push(problem);
  else send({ type: 'runtime-problem', problem });
};
watchThemeScripts(window, report);

// axe refuses to start while a run is going; audits queue behind each other.
let audits: Promise<void> = Promise.resolve();

async function audit(seq: number): Promise<void> {
  try {
    const results = await axe.run(slot, {
      resultTypes: ['violations'],
      // The frame is a fragment of a page, so whole-page rules (landmarks, <title>) would only be noise.
      rules: { region: { enabled: false } },
    });
    send({
      type: 'audit-result',
      seq,
      violations: results.violations.map((v) => ({
        id: v.id,
        impact: v.impact ?? 'minor',
        summary: describeViolation(v),
        count: v.nodes.length,
        targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
        helpUrl: v.helpUrl,
      })),
    });
  } catch (e) {
    send({ type: 'audit-result', seq, violations: [], error: (e as Error).message });
  }
}

let lastScript: { js: string; problems: RuntimeProblem[] } = { js: '', problems: [] };

function render(message: Extract<ToPreview, { type: 'render' }>): void {
  const started = performance.now();
  const { envelope, slot: settings } = message;
  const products = settings.max > 0 ? envelope.products.slice(0, settings.max) : envelope.products;
  collecting = [];
  let result: ReturnType<typeof mountWidget>;
  try {
    result = mountWidget(slot, {
      envelope: { ...envelope, products, numberofdocs: products.length },
      layout: message.layout,
      theme: message.theme,
      anchor: message.anchor,
      title: settings.title || undefined,
      locale: settings.locale,
      currency: settings.currency,
      nonce,
    });
  } catch (e) {
    result = { ok: false, error: (e as Error).message };
  }
  let problems = collecting;
  collecting = null;
  // A script that failed once is not added again while its text stays the same, so
  // later renders of it see no new error: they carry the one it had.
  const js = message.theme.jsTemplate ?? '';
  if (problems.length) lastScript = { js, problems };
  else if (result.ok && result.warning && lastScript.js === js) problems = lastScript.problems;
  send(result.ok
    ? { type: 'rendered', seq: message.seq, ok: true, ms: performance.now() - started, warning: result.warning, problems }
    : { type: 'rendered', seq: message.seq, ok: false, error: result.error });
}

window.addEventListener('message', (event: MessageEvent<ToPreview>) => {
  if (event.origin !== location.origin || event.source !== parent) return;
  const message = event.data;
  if (message.type === 'render') render(message);
  else if (message.type === 'audit') audits = audits.then(() => audit(message.seq));
});

send({ type: 'ready' });
