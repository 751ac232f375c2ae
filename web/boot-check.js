// The loading shell's own check, a deferred classic script: it runs after the page's module (the
// deferred scripts run in document order), which marks the page started as it runs. Unmarked, the
// module did not load: a page opened as a file (file://), where browsers do not run modules and
// workers; a frame sandboxed without allow-same-origin, whose opaque origin ("null") may not load
// them either (they are fetched as cross-origin requests); or a host missing its assets. The shell
// then says why, and what to do, instead of "Loading the metric engine…" for ever.
(function () {
  if (document.documentElement.hasAttribute('data-started')) return;
  var line = document.querySelector('.boot-loading');
  if (!line) return;
  var module = document.querySelector('script[type="module"]');
  var name = module ? module.src.split('/').slice(-2).join('/') : 'its scripts';
  line.className = 'boot-problem';
  line.textContent =
    location.protocol === 'file:'
      ? 'This copy was opened as a file, and browsers do not run a page’s modules and workers from file://. ' +
        'Serve its folder instead: run “python3 -m http.server” in it and open http://localhost:8000/ ' +
        '(or “npm start” in the project).'
      : window.origin === 'null'
        ? 'The playground cannot start in this frame: it is sandboxed without allow-same-origin, and browsers ' +
          'do not load a page’s modules and workers there. The course page’s iframe needs ' +
          'sandbox="allow-scripts allow-same-origin", or no sandbox attribute.'
        : 'The playground’s files could not be loaded (' + name + '). If you host this copy, upload the whole folder, assets/ included.';
  line.parentElement.setAttribute('role', 'alert');
})();
