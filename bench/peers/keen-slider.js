// Keen Slider on existing slide markup with prev/next buttons.
import KeenSlider from 'keen-slider';

const slider = new KeenSlider('.keen-slider', { slides: { perView: 4, spacing: 12 } });
document.querySelector('.prev')?.addEventListener('click', () => slider.prev());
document.querySelector('.next')?.addEventListener('click', () => slider.next());
