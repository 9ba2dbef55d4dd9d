// Runs on a prerendered page (web/src/shared/firstPaint/build/prerender.ts writes this tag in place of the module script and its
// preloads). It is deferred: it runs once the HTML has been parsed, and a tap before then does nothing.
(function () {
  var tag = document.currentScript;
  var root = document.getElementById('root');

  // A tap on the HTML's screen before the app has taken over is held (its forms and buttons do
  // nothing), and the app replays it on the same form or button (src/shared/firstPaint/prerendered.ts), so a
  // quick 'Log in' or 'Continue with Google' is not lost.
  var held = null;
  function indexIn(selector, element) {
    return Array.prototype.indexOf.call(root.querySelectorAll(selector), element);
  }
  // What the element says goes with it (a form: its submit button's text, which typing does not
  // change): the app replays the tap only on an element that says the same (src/shared/firstPaint/prerendered.ts).
  function tapOn(selector, element) {
    var said = selector === 'form' ? element.querySelector('[type="submit"]') : element;
    var text = said ? said.textContent : '';
    return { selector: selector, index: indexIn(selector, element), text: text, at: Date.now() };
  }
  function holdSubmit(event) {
    event.preventDefault();
    held = tapOn('form', event.target);
  }
  function holdClick(event) {
    var button = event.target && event.target.closest ? event.target.closest('button') : null;
    // A submit button's tap comes back as its form's submit, held above.
    if (!button || button.type === 'submit') return;
    event.preventDefault();
    held = tapOn('button', button);
  }
  // Typing after the tap means the user has moved on (nothing seemed to happen): the tap is dropped
  // rather than replayed later with half of what they are typing now.
  function moveOn() {
    held = null;
  }
  var listeners = [
    ['submit', holdSubmit],
    ['click', holdClick],
    ['input', moveOn],
    ['keydown', moveOn],
  ];
  listeners.forEach(function (entry) {
    root.addEventListener(entry[0], entry[1], true);
  });
  window.priceAlertsTakeHeldTap = function () {
    listeners.forEach(function (entry) {
      root.removeEventListener(entry[0], entry[1], true);
    });
    var tap = held;
    held = null;
    return tap;
  };

  // The app's code could not be loaded (a new version deployed meanwhile, a lost network): the page is
  // loaded again, once, rather than left looking alive with nothing behind it (src/main.tsx too). If
  // that fails as well, the screen says so: the spec's error page, with the reason and a way to retry.
  var RELOAD_MARK_MS = 60000;
  window.priceAlertsReloadOnce = function () {
    window.priceAlertsTakeHeldTap();
    var key = 'price-alerts:reloaded-after-failed-load';
    try {
      // A reload of the last minute that did not help: say so. An older mark (the error page left
      // without a retry, a duplicated tab) is a new failure, which gets its own reload.
      var at = Number(sessionStorage.getItem(key));
      if (at > Date.now() - RELOAD_MARK_MS && at <= Date.now()) return showLoadError();
      sessionStorage.setItem(key, String(Date.now()));
    } catch {
      // Storage blocked: without a way to tell a second failure from the first, no reload.
      return showLoadError();
    }
    location.reload();
  };

  function element(name, text, className) {
    var node = document.createElement(name);
    if (text) node.textContent = text;
    if (className) node.className = className;
    return node;
  }
  function showLoadError() {
    var page = element('main', '', 'page load-error');
    var said = element('div');
    said.setAttribute('role', 'alert');
    var reason = element('p');
    reason.appendChild(element('i', 'The app could not be loaded. Check your connection and try again.'));
    [element('h1', 'Oops!'), element('p', 'Sorry, an unexpected error has occurred.'), reason].forEach(
      function (child) {
        said.appendChild(child);
      },
    );
    var retry = element('button', 'Try again', 'button button-primary');
    retry.type = 'button';
    retry.addEventListener('click', function () {
      location.reload();
    });
    page.appendChild(said);
    page.appendChild(retry);
    // The desktop block stays: at desktop widths the HTML's CSS still shows only it.
    Array.prototype.slice.call(root.children).forEach(function (child) {
      if (!child.hasAttribute('data-desktop')) root.removeChild(child);
    });
    root.insertBefore(page, root.firstChild);
    retry.focus();
  }

  // The app's code is asked for once the HTML has painted. Requested while the HTML was still being
  // painted, it would compete with the paint for a slow phone's bandwidth, and Lighthouse's
  // simulation would count its download as part of the largest paint.
  var entry = tag.getAttribute('data-entry');
  var preloads = (tag.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  var loaded = false;
  // A few hints per task: each link starts a request, and the thirty of a signed-in screen in one go
  // made a task of 10 to 20 ms, which a phone's slower CPU stretches past the 50 ms of a long task.
  // Six per task still made tasks of 13 to 16 ms in Lighthouse's traces (each link about 2 ms there).
  // The cost: a signed-in screen's hints take about ten chained timers, and after the fifth a browser
  // waits at least 4 ms for each, so the last go out some 20 ms later than six per task sent them.
  var PRELOADS_PER_TASK = 3;
  function preloadFrom(from) {
    preloads.slice(from, from + PRELOADS_PER_TASK).forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var next = from + PRELOADS_PER_TASK;
    if (next < preloads.length) {
      setTimeout(function () {
        preloadFrom(next);
      }, 0);
    }
  }
  function load() {
    if (loaded) return;
    loaded = true;
    // The entry's own imports come first in the list, in the entry's task; the screen's chunks follow.
    preloadFrom(0);
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    script.onerror = window.priceAlertsReloadOnce;
    document.head.appendChild(script);
  }
  // Once the first paint is on the screen: its paint timing entry comes when the frame has been
  // presented, which can be well after the main thread painted it (the display compositor draws it
  // first, on a loaded machine 100 to 300 ms later). A tab in the background paints nothing, so there
  // the code is asked for at once; a browser without paint timing waits for the next frame.
  var PAINT_WAIT_MS = 1000;
  function whenHidden() {
    if (document.visibilityState === 'hidden') load();
  }
  var types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
  if (document.visibilityState === 'hidden') {
    load();
  } else if (types && types.indexOf('paint') !== -1) {
    var observer = new PerformanceObserver(function () {
      observer.disconnect();
      setTimeout(load, 0);
    });
    observer.observe({ type: 'paint', buffered: true });
    document.addEventListener('visibilitychange', whenHidden);
    // Should the entry never come, the app still loads.
    setTimeout(load, PAINT_WAIT_MS);
  } else {
    requestAnimationFrame(function () {
      setTimeout(load, 0);
    });
    setTimeout(load, 100);
  }
})();
