/*
 * Runs before the page paints (a classic script: the CSP forbids inline ones). The public pages are
 * prerendered into the HTML, and the landing page's HTML is also what the server and the service worker
 * send for every other path. When the prerendered page is not the one asked for, or the visitor is
 * signed in (who never sees the public landing), it is hidden so it never flashes; the app then renders
 * the right page. Plain ES5 on purpose.
 */
(function () {
  var html = document.documentElement;
  var rendered = html.getAttribute('data-prerendered');
  var path = location.pathname.replace(/\/+$/, '') || '/';
  var signedIn = false;
  try {
    signedIn = !!localStorage.getItem('token');
  } catch (e) {
    signedIn = false;
  }
  if (!rendered || rendered !== path || signedIn) html.className += ' no-prerender';
  // The colour theme before the first paint (features/theme/theme.ts keeps it in step afterwards).
  var theme = null;
  try {
    theme = localStorage.getItem('theme');
  } catch (e) {
    theme = null;
  }
  var dark = theme === 'dark' || (theme !== 'light' && !!window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches);
  html.setAttribute('data-theme', dark ? 'dark' : 'light');
  html.style.colorScheme = dark ? 'dark' : 'light';
  // A signed-in visit runs the app at once: signed-in-preload.js asks for its chunks together.
  if (signedIn) {
    var script = document.createElement('script');
    script.src = '/signed-in-preload.js';
    document.head.appendChild(script);
  }
})();
