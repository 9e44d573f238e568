// Material for MkDocs' inline palette script (partials/javascripts/palette.html), as a file.
(function () {
  var palette = __md_get('__palette');
  if (palette && palette.color) {
    for (var k in palette.color) document.body.setAttribute('data-md-color-' + k, palette.color[k]);
  }
})();
