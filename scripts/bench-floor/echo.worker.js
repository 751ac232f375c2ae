// Answers with a value that changes with the text, as the engine's would.
onmessage = (event) => postMessage((event.data.length / 100).toFixed(4));
