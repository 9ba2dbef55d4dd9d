// Runs on a prerendered page (web/prerender.ts writes this tag in place of the module script and its
// preloads), as soon as the HTML has been parsed.
(function () {
  var tag = document.currentScript;
  var root = document.getElementById('root');

  // A tap on the HTML's screen before the app has taken over is held (its forms and buttons do
  // nothing), and the app replays it on the same form or button (src/app/prerendered.ts), so a
  // quick 'Log in' or 'Continue with Google' is not lost.
  var held = null;
  function indexIn(selector, element) {
    return Array.prototype.indexOf.call(root.querySelectorAll(selector), element);
  }
  function holdSubmit(event) {
    event.preventDefault();
    held = { selector: 'form', index: indexIn('form', event.target) };
  }
  function holdClick(event) {
    var button = event.target && event.target.closest ? event.target.closest('button') : null;
    // A submit button's tap comes back as its form's submit, held above.
    if (!button || button.type === 'submit') return;
    event.preventDefault();
    held = { selector: 'button', index: indexIn('button', button) };
  }
  root.addEventListener('submit', holdSubmit, true);
  root.addEventListener('click', holdClick, true);
  window.priceAlertsTakeHeldTap = function () {
    root.removeEventListener('submit', holdSubmit, true);
    root.removeEventListener('click', holdClick, true);
    var tap = held;
    held = null;
    return tap;
  };

  // The app's code is asked for once the HTML has painted. Requested while the HTML was still being
  // painted, it would compete with the paint for a slow phone's bandwidth, and Lighthouse's
  // simulation would count its download as part of the largest paint.
  var entry = tag.getAttribute('data-entry');
  var preloads = (tag.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  var loaded = false;
  function load() {
    if (loaded) return;
    loaded = true;
    preloads.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  }
  // After the next frame has been painted; a tab in the background paints no frames.
  requestAnimationFrame(function () {
    setTimeout(load, 0);
  });
  setTimeout(load, 100);
})();
