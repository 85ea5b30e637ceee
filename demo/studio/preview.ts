// The preview frame: a plain host page that renders the theme with the embed's
// own `mountWidget` and audits the result with axe-core. It lives in a
// same-origin iframe so the theme's CSS media queries see the preset width and
// a leaking selector hits this page, not the studio around it.
import axe from 'axe-core';
import { mountWidget } from '../../src/index';
import { describeViolation } from './a11y/describeViolation';
import type { FromPreview, ToPreview } from './preview/previewProtocol';

const slot = document.getElementById('studio-slot') as HTMLElement;

function send(message: FromPreview): void {
  parent.postMessage(message, location.origin);
}

// A jsTemplate that throws later (a timer, a click handler) still deserves a line in the studio.
window.addEventListener('error', (e) => send({ type: 'runtime-error', message: e.message }));
window.addEventListener('unhandledrejection', (e) => send({ type: 'runtime-error', message: String(e.reason) }));

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

window.addEventListener('message', (event: MessageEvent<ToPreview>) => {
  if (event.origin !== location.origin || event.source !== parent) return;
  const message = event.data;
  if (message.type === 'render') {
    const started = performance.now();
    let result: ReturnType<typeof mountWidget>;
    try {
      result = mountWidget(slot, { envelope: message.envelope, layout: message.layout, theme: message.theme, anchor: message.anchor });
    } catch (e) {
      result = { ok: false, error: (e as Error).message };
    }
    send(result.ok
      ? { type: 'rendered', seq: message.seq, ok: true, ms: performance.now() - started, warning: result.warning }
      : { type: 'rendered', seq: message.seq, ok: false, error: result.error });
  } else if (message.type === 'audit') {
    audits = audits.then(() => audit(message.seq));
  }
});

send({ type: 'ready' });
