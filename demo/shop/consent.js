// The shop's own cookie banner (not Vitrine): it asks once, remembers the shopper's
// choice, and tells Vitrine through the one call any consent tool uses. Loaded without
// `async`/`defer` before the Vitrine tag, so a choice made on an earlier page reaches
// Vitrine as its setting (`vitrineConfig.consent`) before any slot renders.
(function () {
  var KEY = 'mv-consent';
  var choice = null;
  try {
    choice = localStorage.getItem(KEY);
  } catch (e) {
    /* storage blocked: ask on every page */
  }
  // Remembering the answer to the banner itself needs no consent; nothing else is stored before it.
  window.vitrineConfig = Object.assign(window.vitrineConfig || {}, { consent: choice === 'yes' ? 'granted' : 'required' });

  function answer(yes) {
    try {
      localStorage.setItem(KEY, yes ? 'yes' : 'no');
    } catch (e) {
      /* remembered for this page only */
    }
    if (window.Vitrine && window.Vitrine.consent) window.Vitrine.consent(yes);
    show(false);
  }

  function show(open) {
    var banner = document.getElementById('consent-banner');
    if (!banner) return;
    banner.hidden = !open;
    if (open) banner.querySelector('[data-consent-answer="yes"]').focus();
  }

  document.addEventListener('DOMContentLoaded', function () {
    document.addEventListener('click', function (event) {
      var button = event.target.closest && event.target.closest('[data-consent-answer], [data-consent-change]');
      if (!button) return;
      if (button.hasAttribute('data-consent-change')) return show(true);
      answer(button.getAttribute('data-consent-answer') === 'yes');
    });
    if (choice !== 'yes' && choice !== 'no') show(true);
  });
})();
