# Sphinx + furo host for the embedding tests (built by tests/embed/build-hosts.sh, which
# copies the release build into _static/preflight/ and serves the site under /sphinx/en/latest/).
project = "Preflight embedded in Sphinx"
html_theme = "furo"
templates_path = ["_templates"]
html_static_path = ["_static"]
html_js_files = [("preflight/embed.js", {"type": "module"}), "preflight/frame.js"]
html_css_files = ["csp.css"]
html_favicon = "_static/preflight/favicon.svg"  # copied in by build-hosts.sh
html_permalinks = False
