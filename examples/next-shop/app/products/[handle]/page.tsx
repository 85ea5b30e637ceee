import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { findProduct } from '../../../lib/findProduct';
import { VitrinePage } from '../../../lib/VitrinePage';
import { Widgets } from '../../../lib/Widgets';
import { service } from '../../../lib/service';
import { shop } from '../../../lib/shop';
import type { Slot } from '../../../lib/renderWidgets';

interface Props {
  params: Promise<{ handle: string }>;
}

// #region slots
const slots: Slot[] = [
  { id: 'pdp-similar', algorithm: 'viewedalsoviewed categoryreco', layout: 'carousel', max: 8, title: 'You may also like' },
  { id: 'pdp-bought', algorithm: 'boughtalsobought contentbasedreco', layout: 'matrix', max: 4, title: 'Often bought with it' },
];
// #endregion slots

const money = new Intl.NumberFormat(shop.locale, { style: 'currency', currency: shop.currency });

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const product = await findProduct((await params).handle);
  return { title: product ? `${product.name} · Maison Vitrine` : 'Not found · Maison Vitrine' };
}

// #region page
export default async function ProductPage({ params }: Props) {
  const product = await findProduct((await params).handle);
  if (!product) notFound();
  const page = { pageType: 'product_page', pname: product.name, sku: product.sku } as const;
  return (
    <main>
      <article className="product">
        <img src={product.image} alt="" width={240} height={300} />
        <div>
          <h1>{product.name}</h1>
          <p className="price">
            {product.salePrice == null ? money.format(product.price) : <><s>{money.format(product.price)}</s> {money.format(product.salePrice)}</>}
          </p>
          <p>{product.description}</p>
        </div>
      </article>
      {/* Keyed by product: another product's page gets new slots, which Vitrine resumes, not old ones whose HTML React swaps. */}
      <Widgets key={product.handle} page={page} slots={slots} />
      <VitrinePage service={service()} page={page} />
    </main>
  );
}
// #endregion page
