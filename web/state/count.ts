// A count and its noun, as the page writes them: "1 term", "2 terms", "1,765 queries".

/** `n` (with thousands separated) and `one` or `many` after it. */
export function count(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en')} ${n === 1 ? one : many}`;
}
