import { VitrinePage } from '../lib/VitrinePage';
import { Widgets } from '../lib/Widgets';
import { service } from '../lib/service';
import type { Page, Slot } from '../lib/renderWidgets';

const page: Page = { pageType: 'home_page' };
const slots: Slot[] = [{ id: 'home-trending', algorithm: 'trending', layout: 'matrix', max: 8, title: 'Trending now' }];

export default function Home() {
  return (
    <main>
      <h1>New in at Maison Vitrine</h1>
      <Widgets page={page} slots={slots} />
      <VitrinePage service={service()} page={page} />
    </main>
  );
}
