// Embla Carousel on existing slide markup (the widget's track), with prev/next buttons.
import EmblaCarousel from 'embla-carousel';

const root = document.querySelector('.embla');
if (root) {
  const embla = EmblaCarousel(root, { align: 'start', slidesToScroll: 'auto' });
  root.querySelector('.prev')?.addEventListener('click', () => embla.scrollPrev());
  root.querySelector('.next')?.addEventListener('click', () => embla.scrollNext());
}
