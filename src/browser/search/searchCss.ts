// Built-in look of the search page. Every selector sits inside :where(), so it has no
// specificity and a theme's or the merchant's own rule wins without !important. Colours
// and sizes are custom properties a merchant can set on `.vitrine-search`.
export const searchCss = `
:where(.vitrine-search){--vs-accent:var(--vitrine-accent,#1f2937);--vs-muted:#6b7280;--vs-line:#e5e7eb;--vs-radius:8px;--vs-gap:24px;color:inherit;font:inherit}
:where(.vitrine-search__sr){position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
:where(.vitrine-search__header){display:flex;flex-wrap:wrap;align-items:baseline;gap:8px 16px;margin:0 0 var(--vs-gap)}
:where(.vitrine-search__title){margin:0;font-size:1.5em;line-height:1.2;flex:1 1 auto;min-width:0;overflow-wrap:anywhere}
:where(.vitrine-search__title:focus){outline:none}
:where(.vitrine-search__title:focus-visible){outline:2px solid var(--vs-accent);outline-offset:4px}
:where(.vitrine-search__count){margin:0;color:var(--vs-muted)}
:where(.vitrine-search__sort){display:flex;align-items:center;gap:8px;margin-left:auto}
:where(.vitrine-search__select){font:inherit;padding:6px 28px 6px 10px;border:1px solid var(--vs-line);border-radius:var(--vs-radius);background:#fff}
:where(.vitrine-search__body){display:grid;grid-template-columns:minmax(180px,240px) 1fr;gap:var(--vs-gap);align-items:start}
:where(.vitrine-search__body > .vitrine-search__results:only-child){grid-column:1 / -1}
:where(.vitrine-search__filter-toggle){font:inherit;padding:6px 12px;border:1px solid var(--vs-line);border-radius:var(--vs-radius);background:#fff;color:inherit;cursor:pointer}
:where(.vitrine-search--narrow){--vs-gap:16px}
:where(.vitrine-search--narrow .vitrine-search__body){grid-template-columns:1fr}
:where(.vitrine-search__drawer){box-sizing:border-box;margin:0 0 0 auto;width:min(100vw,420px);max-width:100vw;height:100dvh;max-height:100dvh;padding:0;border:0;display:none;flex-direction:column;background:#fff;color:inherit}
:where(.vitrine-search__drawer[open]){display:flex}
:where(.vitrine-search__drawer)::backdrop{background:#0006}
:where(.vitrine-search__drawer-head){display:flex;align-items:center;justify-content:space-between;padding:12px 16px;border-bottom:1px solid var(--vs-line)}
:where(.vitrine-search__drawer-title){margin:0;font-size:1.15em}
:where(.vitrine-search__drawer-close){font:inherit;font-size:1.5em;line-height:1;width:44px;height:44px;border:0;background:none;color:inherit;cursor:pointer}
:where(.vitrine-search__drawer .vitrine-search__facets){flex:1;overflow:auto;padding:8px 16px}
:where(.vitrine-search__drawer-foot){padding:12px 16px;border-top:1px solid var(--vs-line)}
:where(.vitrine-search__show){width:100%;font:inherit;font-weight:600;padding:12px;border:0;border-radius:var(--vs-radius);background:var(--vs-accent);color:#fff;cursor:pointer}
:where(.vitrine-search__facet){border:0;border-top:1px solid var(--vs-line);margin:0;padding:12px 0}
:where(.vitrine-search__facet-title){padding:0;font-weight:600;margin-bottom:6px}
:where(.vitrine-search__options){list-style:none;margin:0;padding:0}
:where(.vitrine-search__choice){display:flex;align-items:center;gap:8px;padding:4px 0;cursor:pointer}
:where(.vitrine-search__choice input){margin:0;accent-color:var(--vs-accent)}
:where(.vitrine-search__choice--empty){color:var(--vs-muted);cursor:default}
:where(.vitrine-search__facet-count){margin-left:auto;color:var(--vs-muted);font-size:.875em;font-variant-numeric:tabular-nums}
:where(.vitrine-search__stars){color:#d97706;letter-spacing:1px}
:where(.vitrine-search__active){display:flex;flex-wrap:wrap;gap:8px;align-items:center;margin-bottom:12px}
:where(.vitrine-search__chips){display:flex;flex-wrap:wrap;gap:8px;list-style:none;margin:0;padding:0}
:where(.vitrine-search__chip,.vitrine-search__clear){font:inherit;font-size:.875em;border:1px solid var(--vs-line);background:#fff;border-radius:999px;padding:4px 10px;cursor:pointer;color:inherit}
:where(.vitrine-search__chip:hover,.vitrine-search__clear:hover){border-color:var(--vs-accent)}
:where(.vitrine-search__clear){border:0;text-decoration:underline;padding:4px}
:where(.vitrine-search__results){min-width:0;transition:opacity .15s}
:where(.vitrine-search--loading .vitrine-search__results){opacity:.55}
:where(.vitrine-search__list){list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(150px,1fr));gap:var(--vs-gap)}
:where(.vitrine-search__item){min-width:0}
:where(.vitrine-search__card){display:flex;flex-direction:column;gap:6px;color:inherit;text-decoration:none}
:where(.vitrine-search__image){display:block;width:100%;height:auto;aspect-ratio:1;object-fit:cover;border-radius:var(--vs-radius);background:#f3f4f6}
:where(a.vitrine-search__card:hover .vitrine-search__name){text-decoration:underline}
:where(.vitrine-search__name){font-weight:500;line-height:1.3}
:where(.vitrine-search__price){font-variant-numeric:tabular-nums}
:where(.vitrine-search__was){color:var(--vs-muted);font-weight:400}
:where(.vitrine-search__now){color:#b91c1c}
:where(.vitrine-search__empty){padding:16px 0 8px}
:where(.vitrine-search__nothing){margin:0 0 12px;font-size:1.1em;overflow-wrap:anywhere}
:where(.vitrine-search__suggest){margin:0 0 12px}
:where(.vitrine-search__suggest p){margin:0 0 6px}
:where(.vitrine-search__fewer){display:flex;flex-wrap:wrap;gap:8px 20px;list-style:none;margin:0;padding:0}
:where(.vitrine-search__subtitle){font-size:1.1em;margin:24px 0 10px}
:where(.vitrine-search__departments ul){display:flex;flex-wrap:wrap;gap:8px;list-style:none;margin:0;padding:0}
:where(.vitrine-search__departments a){display:inline-block;padding:6px 12px;border:1px solid var(--vs-line);border-radius:999px;color:inherit;text-decoration:none}
:where(.vitrine-search__departments a:hover){border-color:var(--vs-accent)}
:where(.vitrine-search__error){padding:8px 12px;border-radius:var(--vs-radius);background:#fef2f2;color:#991b1b}
:where(.vitrine-search__pagination){display:flex;justify-content:center;align-items:center;gap:8px;margin:var(--vs-gap) 0}
:where(.vitrine-search__pages){display:flex;gap:4px;list-style:none;margin:0;padding:0}
:where(.vitrine-search__page){display:inline-block;min-width:2.25em;padding:6px 8px;text-align:center;border-radius:var(--vs-radius);color:inherit;text-decoration:none}
:where(a.vitrine-search__page:hover){background:#f3f4f6}
:where(.vitrine-search__page--current){font-weight:700;box-shadow:inset 0 0 0 1.5px currentColor}
:where(.vitrine-search__page--disabled){color:var(--vs-muted)}
:where(.vitrine-search__gap){padding:6px 2px;color:var(--vs-muted)}
:where(.vitrine-search__widgets > [data-vitrine]){margin-top:calc(var(--vs-gap,24px) * 1.5)}
:where(.vitrine-searchbox){display:flex;gap:6px;align-items:center}
:where(.vitrine-searchbox__input){font:inherit;min-width:0;flex:1 1 12em;padding:7px 10px;border:1px solid #d1d5db;border-radius:8px}
:where(.vitrine-searchbox__button){font:inherit;padding:7px 14px;border:0;border-radius:8px;background:var(--vitrine-accent,#1f2937);color:#fff;cursor:pointer}
`;
