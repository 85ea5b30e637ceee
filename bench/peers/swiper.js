// Swiper core with its Navigation and A11y modules on existing slide markup.
import Swiper from 'swiper';
import { Navigation, A11y } from 'swiper/modules';

new Swiper('.swiper', {
  modules: [Navigation, A11y],
  slidesPerView: 4,
  spaceBetween: 12,
  navigation: { prevEl: '.prev', nextEl: '.next' },
});
