import { h } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Theme, WidgetEnvelope, WidgetProduct } from '../../../src/types/interface';
import type { FromPreview, PlainViolation, RuntimeProblem, SlotSettings, ToPreview } from '../preview/previewProtocol';
import { VIEWPORTS, type Layout, type Viewport } from '../studioDraft';

export type RenderStatus =
  | { state: 'waiting' }
  | { state: 'ok'; ms: number; warning?: string }
  | { state: 'error'; error: string };

export interface PreviewFrameProps {
  theme: Theme;
  envelope: WidgetEnvelope | null;
  /** The page's own product, shown first by the bundle layout. */
  anchor: WidgetProduct | null;
  layout: Layout;
  viewport: Viewport;
  slot: SlotSettings;
  /** The last render's outcome, shown under the frame. */
  status: RenderStatus;
  onStatus(status: RenderStatus): void;
  onAudit(violations: PlainViolation[] | null, error: string | null): void;
  /** What the preview saw go wrong at run time; `fresh` starts the list of a new render. */
  onRuntimeProblems(problems: RuntimeProblem[], fresh: boolean): void;
}

/** Typing pauses this long before the preview re-renders (mountWidget took 4–60 ms on sandbox data here). */
const RENDER_DELAY_MS = 150;
/** axe took 150–550 ms on a 12-product carousel here (headless Chromium, 2 cores); wait for a pause in typing. */
const AUDIT_DELAY_MS = 700;

/**
 * The preview: a same-origin iframe (preview.html) sized to the viewport
 * preset, scaled down when the pane is narrower than the preset.
 */
export function PreviewFrame(props: PreviewFrameProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  const [box, setBox] = useState({ width: 800, height: 600 });
  const seq = useRef(0);
  const auditTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const callbacks = useRef(props);
  callbacks.current = props;

  const post = (message: ToPreview): void => {
    frame.current?.contentWindow?.postMessage(message, location.origin);
  };

  useEffect(() => {
    const onMessage = (event: MessageEvent<FromPreview>): void => {
      if (event.origin !== location.origin || event.source !== frame.current?.contentWindow) return;
      const m = event.data;
      const cb = callbacks.current;
      if (m.type === 'ready') setReady(true);
      else if (m.type === 'runtime-problem') cb.onRuntimeProblems([m.problem], false);
      else if (m.type === 'rendered' && m.seq === seq.current) {
        cb.onStatus(m.ok ? { state: 'ok', ms: m.ms, warning: m.warning } : { state: 'error', error: m.error });
        if (m.ok) cb.onRuntimeProblems(m.problems, true);
        if (m.ok) {
          clearTimeout(auditTimer.current);
          auditTimer.current = setTimeout(() => post({ type: 'audit', seq: m.seq }), AUDIT_DELAY_MS);
        }
      } else if (m.type === 'audit-result' && m.seq === seq.current) {
        cb.onAudit(m.violations, m.error ?? null);
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  useEffect(() => {
    const el = stage.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setBox({ width: el.clientWidth, height: el.clientHeight }));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (!ready || !props.envelope) return;
    const envelope = props.envelope;
    const timer = setTimeout(() => {
      seq.current++;
      post({ type: 'render', seq: seq.current, envelope, layout: props.layout, theme: props.theme, anchor: props.anchor, slot: props.slot });
    }, RENDER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [ready, props.theme, props.envelope, props.layout, props.anchor, props.slot]);

  const width = VIEWPORTS[props.viewport];
  const gutter = 24;
  const scale = Math.min(1, (box.width - gutter) / width);
  const height = Math.max(200, (box.height - gutter) / scale);
  return (
    <div class="stage" ref={stage}>
      <div class="stage__device" style={{ width: `${width * scale}px`, height: `${height * scale}px` }}>
        <iframe
          ref={frame}
          src="./preview.html"
          title="Theme preview"
          class="stage__frame"
          style={{ width: `${width}px`, height: `${height}px`, transform: `scale(${scale})` }}
        />
      </div>
      <p class={`render-status render-status--${props.status.state}`} aria-live="polite">
        {props.status.state === 'ok'
          ? `Rendered in ${props.status.ms.toFixed(1)} ms`
          : props.status.state === 'error' ? 'Render failed' : 'Waiting for data…'}
      </p>
      <p class="stage__size">
        {width} px{scale < 1 ? ` · shown at ${Math.round(scale * 100)}%` : ''}
      </p>
    </div>
  );
}
