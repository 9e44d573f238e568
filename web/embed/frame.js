// Preflight for SGLang: sizes <iframe>s showing Preflight's compact layout (?embed=1) to
// their content. Load once: <script type="module" src="…/frame.js"></script>. Each frame
// posts {type: 'preflight:height', height}; only the iframe that sent it is resized.
addEventListener('message', (e) => {
  const d = e.data;
  if (!d || d.type !== 'preflight:height' || !Number.isFinite(d.height)) return;
  for (const f of document.getElementsByTagName('iframe')) {
    if (f.contentWindow === e.source) f.style.height = `${Math.max(0, Math.min(d.height, 20000))}px`;
  }
});
