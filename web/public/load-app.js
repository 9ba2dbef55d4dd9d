// Loads the app's code into a prerendered page once that page has painted (web/prerender.ts writes
// this tag in place of the module script and its preloads). Requested while the HTML was still
// being painted, the code would compete with the paint for a slow phone's bandwidth, and
// Lighthouse's simulation would count its download as part of the largest paint.
(function () {
  var tag = document.currentScript;
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
