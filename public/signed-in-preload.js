// Added by boot.js for a signed-in visitor: preloads the chunks their first paint needs (see pwa/build/signed-in-preload-plugin.ts). ES5.
(function () {
  var meta = document.querySelector('meta[name="dehieu-preload"]');
  if (!meta) return;
  var path = location.pathname.replace(/\/+$/, '') || '/';
  var page = /^\/languages\/[^/]+\/videos(\/[^/]+)?$/.exec(path);
  var wanted = page ? ['app', page[1] ? 'video' : 'videos'] : ['app'];
  var groups = meta.getAttribute('content').split(' ');
  for (var i = 0; i < groups.length; i++) {
    var at = groups[i].indexOf(':');
    if (wanted.indexOf(groups[i].slice(0, at)) < 0) continue;
    var files = groups[i].slice(at + 1).split(',');
    for (var j = 0; j < files.length; j++) {
      if (!files[j]) continue;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = '/assets/' + files[j];
      document.head.appendChild(link);
    }
  }
})();
