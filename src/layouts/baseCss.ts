// The built-in look of every widget, shipped as dist/vitrine.css (and inlined in the ESM
// build). Every selector sits in :where(), so it has zero specificity: any theme or
// merchant rule wins without !important. The custom properties are the theming knobs.
export const baseCss = `
:where(.vitrine){--vitrine-gap:16px;--vitrine-card-width:220px;--vitrine-radius:10px;--vitrine-accent:#1f1f1f;--vitrine-sale:#b3261e;display:block;margin:32px 0;position:relative}
:where(.vitrine__title){font-size:1.35em;font-weight:600;margin:0 0 14px}
:where(.vitrine__track,.vitrine__grid,.vitrine__bundle){list-style:none;margin:0;padding:4px;display:grid;gap:var(--vitrine-gap)}
:where(.vitrine__track){position:relative;grid-auto-flow:column;grid-auto-columns:min(var(--vitrine-card-width),80%);overflow-x:auto;scroll-snap-type:x mandatory;scroll-padding-inline:4px;scroll-behavior:smooth;overscroll-behavior-x:contain;scrollbar-width:none}
:where(.vitrine__track)::-webkit-scrollbar{display:none}
:where(.vitrine__track:focus-visible){outline:2px solid var(--vitrine-accent);outline-offset:2px}
:where(.vitrine__slide){scroll-snap-align:start;scroll-margin-inline:36px}
:where(.vitrine__slide:first-child){scroll-margin-inline:0}
:where(.vitrine__grid){grid-template-columns:repeat(auto-fill,minmax(min(170px,40%),1fr))}
:where(.vitrine__nav){position:absolute;top:calc(50% - 20px);z-index:1;width:40px;height:40px;border-radius:50%;border:1px solid #d0d0d0;background:#fff;color:#1f1f1f;font-size:22px;line-height:1;cursor:pointer;box-shadow:0 2px 6px #0002}
:where(.vitrine__nav[data-dir=prev]){inset-inline-start:-8px}
:where(.vitrine__nav[data-dir=next]){inset-inline-end:-8px}
:where(.vitrine__nav:disabled){opacity:0;pointer-events:none}
:where(.vitrine__viewport){position:relative}
:where(.vitrine__link){display:flex;flex-direction:column;gap:6px;color:inherit;text-decoration:none}
:where(.vitrine__link:hover .vitrine__name){text-decoration:underline}
:where(.vitrine__img){display:block;width:100%;height:auto;aspect-ratio:1;object-fit:cover;border-radius:var(--vitrine-radius);background:#f2f2f2}
:where(.vitrine__variant){font-size:.85em;color:#5f5f5f}
:where(.vitrine__name){overflow-wrap:anywhere}
:where(.vitrine__price s){color:#6b6b6b;font-weight:400}
:where(.vitrine__price b){color:var(--vitrine-sale)}
:where(.vitrine__bundle){grid-template-columns:repeat(auto-fit,minmax(min(100%,200px),1fr));align-items:start}
:where(.vitrine__bundle-item){position:relative;display:grid;gap:8px;min-width:0}
:where(.vitrine__pick){display:flex;gap:8px;align-items:center;font-size:.9em}
:where(.vitrine__bundle-item[data-off] .vitrine__card){opacity:.45}
:where(.vitrine__buy){display:flex;flex-wrap:wrap;gap:12px;align-items:center;margin-top:16px}
:where(.vitrine__total){font-size:1.15em;font-weight:600}
:where(.vitrine__add){padding:12px 20px;border:0;border-radius:var(--vitrine-radius);background:var(--vitrine-accent);color:#fff;font:inherit;font-weight:600;cursor:pointer}
:where(.vitrine__add:disabled){opacity:.4;cursor:default}
:where(.vitrine [data-vitrine-cart]:not(.vitrine__add)){margin-top:8px;padding:8px 12px;border:1px solid var(--vitrine-accent);border-radius:var(--vitrine-radius);background:none;color:var(--vitrine-accent);font:inherit;font-weight:600;cursor:pointer}
:where(.vitrine [data-vitrine-cart][aria-disabled=true]){opacity:.6;cursor:progress}
:where(.vitrine__bundle-item [data-vitrine-cart]){display:none}
:where([data-vitrine-search]){display:flow-root;min-height:100vh}
:where(.vitrine__sr){position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
@media (prefers-reduced-motion:reduce){:where(.vitrine__track){scroll-behavior:auto}}
`;
