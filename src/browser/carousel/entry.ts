// The carousel layout chunk, `dist/vitrine-carousel.js`. The core asks for it when a slot
// is shown that may be a carousel (its layout, else the default), beside the widget's
// data, so it is in hand before the answer: pages that show only grids never load it.
// Like the bundle chunk, it renders with the core's Preact (plugLayouts).
import { Carousel } from '../../layouts/Carousel';
import { plugLayouts } from '../layouts/plugLayouts';

plugLayouts({ carousel: Carousel });
