// Added by boot.js for a signed-in visitor: starts the page's first API calls and preloads the chunks
// their first paint needs (see pwa/build/signed-in-preload-plugin.ts) while those answer,
// leaving each pending response for the app (pwa/src/data/early-answers.ts), then asks for the page's first
// poster as soon as the answer names it. The paths must be the app's own, byte for byte: early-answers.test.ts
// compares them. ES5.
(function () {
  var path = location.pathname.replace(/\/+$/, '') || '/';
  var page = /^\/languages\/([^/]+)\/videos(?:\/([0-9]+))?$/.exec(path);
  // The page's group, as pwa/src/app/first-paint-groups.ts names it (pageGroupOf; a test compares them).
  var group = path === '/languages' ? 'languages' : page ? (page[2] ? 'video' : 'videos') : null;
  var meta = document.querySelector('meta[name="dehieu-preload"]');
  // The calls first: over HTTP/1.1 the browser opens six connections to a host, and the thirty-odd chunks
  // asked for first held the page's data behind them (~0.2 s on an idle machine, in Lighthouse's trace).
  startEarlyAnswers(page);
  if (meta) preloadChunks(meta);

  function preloadChunks(meta) {
    var pageGroups = group ? ['app', group] : ['app'];
    var language = uiLanguage();
    var wanted = pageGroups.concat(pageGroups.map(function (group) { return group + '@' + language; }));
    var groups = meta.getAttribute('content').split(' ');
    // One insertion for all the links: each appended alone costs the page a style pass.
    var links = document.createDocumentFragment();
    for (var i = 0; i < groups.length; i++) {
      var at = groups[i].indexOf(':');
      if (wanted.indexOf(groups[i].slice(0, at)) < 0) continue;
      var files = groups[i].slice(at + 1).split(',');
      for (var j = 0; j < files.length; j++) {
        if (!files[j]) continue;
        var link = document.createElement('link');
        // A stylesheet is only fetched here: Vite adds it to the page when its chunk is imported.
        // It is fetched as Vite's loader will ask for it (crossorigin), or the browser fetches it twice.
        if (/\.css$/.test(files[j])) {
          link.rel = 'preload';
          link.as = 'style';
          link.crossOrigin = '';
        } else link.rel = 'modulepreload';
        link.href = '/assets/' + files[j];
        links.appendChild(link);
      }
    }
    document.head.appendChild(links);
  }

  // The UI language the app will start in, as pwa/src/i18n/detect-language.ts decides it: the stored
  // choice, then the browser's first language we have (en or vi here; the signed-in pages have no others).
  function uiLanguage() {
    var stored = null;
    try {
      stored = localStorage.getItem('i18nextLng');
    } catch (e) {
      stored = null;
    }
    var candidates = [stored].concat(navigator.languages || [navigator.language]);
    for (var k = 0; k < candidates.length; k++) {
      var code = candidates[k] && String(candidates[k]).toLowerCase().split('-')[0];
      if (code === 'en' || code === 'vi') return code;
    }
    return 'en';
  }

  function startEarlyAnswers(page) {
    var token, zone;
    try {
      token = localStorage.getItem('token');
      // The zone the app last read (pwa/src/data/storage.ts): Intl's first reading costs a phone a tenth
      // of a second before these calls could go out. Where the zone has changed since, the app's own
      // reading differs and it asks again (early-answers.ts).
      zone = localStorage.getItem('timeZone') || Intl.DateTimeFormat().resolvedOptions().timeZone || '';
    } catch (e) {
      return;
    }
    if (!token || !window.fetch || !window.Promise) return;
    var answers = (window.__dehieuEarly = window.__dehieuEarly || {});
    function early(apiPath) {
      var headers = { Accept: 'application/json', Authorization: 'Bearer ' + token };
      if (zone) headers['X-Time-Zone'] = zone;
      var response = fetch('/api/v1' + apiPath, { headers: headers });
      answers[apiPath] = { token: token, zone: zone, at: Date.now(), response: response };
      // The body is read at once into a copy, whether or not the app ever takes this answer: a response
      // left unread (a page that does not ask for it, another token) never finishes loading when the
      // service worker answers it, and holds the page's network busy for good. A failure is the app's to
      // see (it asks again); here it must not be an unhandled rejection.
      var body = response.then(function (answer) {
        return answer.ok ? answer.clone().text() : null;
      });
      body['catch'](function () {});
      return body;
    }
    early('/me');
    early('/me/daily_progress');
    early('/languages');
    if (!page) return;
    var code;
    try {
      code = encodeURIComponent(decodeURIComponent(page[1]));
    } catch (e) {
      return;
    }
    if (page[2]) {
      // The video page's poster is its largest paint.
      readEarly(early('/videos/' + page[2]), function (answer) {
        preloadImage(answer && answer.data && answer.data.thumbnail_url);
      });
      return;
    }
    // The videos page's first page for no filters (catalogue.ts listQuery), its first card's poster the largest paint.
    readEarly(early('/languages/' + code + '/videos?sort=for_you&limit=24'), function (answer) {
      var first = answer && answer.data && answer.data[0];
      preloadImage(first && first.thumbnail_url);
    });
  }

  // Uses the JSON of an early answer's body, as read above (nothing when it failed or was not 2xx).
  function readEarly(body, use) {
    body.then(function (text) {
      if (text) use(JSON.parse(text));
    })['catch'](function () {});
  }

  function preloadImage(url) {
    if (typeof url !== 'string' || url.charAt(0) !== '/') return;
    var link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'image';
    link.href = url;
    link.setAttribute('fetchpriority', 'high');
    document.head.appendChild(link);
  }
})();
