// The floor page's script: each input goes to the worker, each answer into the cell.
const worker = new Worker(new URL('./echo.worker.js', import.meta.url), { type: 'module' });
const box = document.querySelector('textarea');
const cell = document.querySelector('td');
worker.onmessage = (event) => {
  cell.dataset.value = event.data;
  cell.textContent = event.data;
};
box.addEventListener('input', () => worker.postMessage(box.value));
worker.postMessage(box.value);
