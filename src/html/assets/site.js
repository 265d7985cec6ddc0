// Small helps on top of pages that work without script: copy buttons, local times, confirmations,
// bot icons that fail to load (removed, so the letter under them shows).
for (const button of document.querySelectorAll('button[data-copy]')) {
  button.hidden = false;
  button.addEventListener('click', async () => {
    const source = document.getElementById(button.dataset.copy);
    if (!source) return;
    await navigator.clipboard.writeText(source.textContent.trim());
    button.textContent = '✓ ' + button.dataset.done;
  });
}
for (const time of document.querySelectorAll('time[data-local]')) {
  const date = new Date(time.getAttribute('datetime'));
  if (!Number.isNaN(date.getTime()))
    time.textContent = date.toLocaleString(document.documentElement.lang, { dateStyle: 'medium', timeStyle: 'short' });
}
for (const form of document.querySelectorAll('form[data-confirm]')) {
  form.addEventListener('submit', (event) => {
    if (!window.confirm(form.dataset.confirm)) event.preventDefault();
  });
}
for (const image of document.querySelectorAll('img[data-avatar]')) {
  const drop = () => image.remove();
  image.addEventListener('error', drop);
  // It may have failed before this script ran; decode() fails for a broken image, not for an SVG without a size.
  if (image.complete) image.decode().catch(drop);
}
