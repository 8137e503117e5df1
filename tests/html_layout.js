// Appended to a copy of the HTML report by tests/html_layout.sh, run by
// headless Chromium as the page loads: the layout it made, as JSON in
// a pre element of id sqcolor-layout, for html_check.py layout to judge.
(function () {
  var name = function (el) {
    var id = el.getAttribute('aria-labelledby'), h = id && document.getElementById(id);
    return h ? h.textContent : '(unnamed)';
  };
  var sticky = function (el) {
    return !!el && getComputedStyle(el).position === 'sticky';
  };
  var got = {
    window: window.innerWidth,
    scrollWidth: document.documentElement.scrollWidth,
    tables: [], charts: [], legends: 0, looseLegends: [], headlinesWithoutLegend: []
  };
  document.querySelectorAll('div.scroll').forEach(function (box) {
    got.tables.push({
      name: name(box), scrollWidth: box.scrollWidth, clientWidth: box.clientWidth,
      overflows: box.scrollWidth > box.clientWidth + 1,
      stickyHeader: sticky(box.querySelector('thead th')),
      stickyFirst: sticky(box.querySelector('tbody th[scope=row]'))
    });
    var h = document.getElementById(box.getAttribute('aria-labelledby'));
    var next = box.nextElementSibling;
    if (h && / — core cycles per (square|pair)$/.test(h.textContent) &&
        !(next && next.matches('p.legend')))
      got.headlinesWithoutLegend.push(h.textContent);
  });
  document.querySelectorAll('p.legend').forEach(function (p) {
    got.legends++;
    var before = p.previousElementSibling;
    if (!before || !before.matches('div.scroll'))
      got.looseLegends.push(before ? before.textContent.slice(0, 60) : '(page start)');
  });
  document.querySelectorAll('figure.chart, figure.chart svg').forEach(function (el) {
    got.charts.push(el.getBoundingClientRect().height);
  });
  // Each chart's text as drawn: its font size times the scale the page
  // draws the chart at (a chart wider than its room is shrunk).
  got.smallestChartText = null;
  document.querySelectorAll('figure.chart svg').forEach(function (svg) {
    var scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    svg.querySelectorAll('text').forEach(function (t) {
      var px = parseFloat(getComputedStyle(t).fontSize) * scale;
      if (got.smallestChartText === null || px < got.smallestChartText.px)
        got.smallestChartText = {px: px, text: t.textContent.slice(0, 40)};
    });
  });
  var pre = document.createElement('pre');
  pre.id = 'sqcolor-layout';
  pre.textContent = JSON.stringify(got);
  document.body.appendChild(pre);
})();
