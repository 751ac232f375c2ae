// The loading shell's own check, a classic script: a page opened as a file (file://) cannot start
// its modules and workers, and a host missing the assets folder cannot serve them. Either way the
// shell says why, and what to do, instead of "Loading the metric engine…" for ever.
(function () {
  function say(text) {
    var line = document.querySelector('.boot-loading');
    if (!line) return; // the page has started: a later failure is the page's to report
    line.className = 'boot-problem';
    line.textContent = text;
    line.parentElement.setAttribute('role', 'alert');
  }
  if (location.protocol === 'file:') {
    say(
      'This copy was opened as a file, and browsers do not run a page’s modules and workers from file://. ' +
        'Serve its folder instead: run “python3 -m http.server” in it and open http://localhost:8000/ ' +
        '(or “npm start” in the project).',
    );
    return;
  }
  addEventListener(
    'error',
    function (event) {
      var element = event.target;
      if (!element || (element.tagName !== 'SCRIPT' && element.tagName !== 'LINK')) return;
      var name = (element.src || element.href || '').split('/').slice(-2).join('/');
      say('The playground’s files could not be loaded (' + name + '). If you host this copy, upload the whole folder, assets/ included.');
    },
    true,
  );
})();
