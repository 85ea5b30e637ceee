// The bundle layout chunk, `dist/vitrine-bundle.js`. The core loads it when a slot is to
// show a bundle: most pages never do, so the layout costs them nothing. It renders with
// the core's Preact (plugLayouts).
import { liveBundle } from './liveBundle';
import { plugLayouts } from '../layouts/plugLayouts';

plugLayouts({ bundle: liveBundle });
