// furo's inline body script (base.html), as a file.
document.body.dataset.theme = localStorage.getItem('theme') || 'auto';
