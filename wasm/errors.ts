// The error the engine throws on a refused scenario, in a module of its own so that the page's
// side (./client.ts) can rebuild it without pulling in the WebAssembly glue.

/**
 * A scenario the core refused. `field` is the JSON path it blames and `message` the core's
 * message about it; the CLI prints them as `fairness-eval: ${field}: ${message}`.
 */
export class ScenarioError extends Error {
  override name = 'ScenarioError';
  /** The JSON path of what is wrong, e.g. `params.k` or `rankings[0].docs[2].label`. */
  readonly field: string;

  /** @param message the core's message, e.g. `must be a whole number of at least 1, got 0`. */
  constructor(field: string, message: string) {
    super(message);
    this.field = field;
  }

  /** `field: message`, the text the CLI prints after `fairness-eval: `. */
  override toString(): string {
    return `${this.field}: ${this.message}`;
  }
}
