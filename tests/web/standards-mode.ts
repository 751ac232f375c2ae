// The page's document has a doctype, so browsers render it in standards mode. happy-dom's
// document has no `compatMode`, which KaTeX reads as quirks mode and warns about whenever a test
// opens a metric's formula: the component tests' document says what the page's says.
Object.defineProperty(document, 'compatMode', { value: 'CSS1Compat', configurable: true });
