// The errors the engines throw on refused input, and their form across a worker boundary, in a
// module of their own so that the page's side (./client.ts) rebuilds them without the WebAssembly glue.

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

/**
 * An input of run evaluation the core refused: the file (as the page names it), the line (0: the
 * file as a whole) and the field; `message` is the whole message, as the CLI prints it.
 */
export class RunsInputError extends Error {
  override name = 'RunsInputError';
  constructor(
    readonly file: string,
    readonly line: number,
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * An edit of the live scenario (see `Calls['view']` in ./protocol.ts) that the worker cannot
 * apply: it does not hold the version the edit changes. The page then sends the scenario whole.
 */
export class StaleEditError extends Error {
  override name = 'StaleEditError';
}

/**
 * An error as it crosses a worker boundary (Error objects lose their class when cloned): the one
 * vocabulary of both workers' replies.
 */
export interface WireError {
  /** "ScenarioError" or "RunsInputError" when the core refused the input; else the Error's name. */
  name: string;
  /** For a ScenarioError, the core's message without the field. */
  message: string;
  /** The field the core blames (ScenarioError, RunsInputError). */
  field?: string;
  /** The file and line of a RunsInputError. */
  file?: string;
  line?: number;
}

/** Turns anything thrown into what can cross the worker boundary. */
export function toWireError(error: unknown): WireError {
  if (error instanceof ScenarioError) return { name: error.name, message: error.message, field: error.field };
  if (error instanceof RunsInputError)
    return { name: error.name, message: error.message, field: error.field, file: error.file, line: error.line };
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: 'Error', message: String(error) };
}

/** Rebuilds the error a reply carries as the class that was thrown. */
export function fromWireError(error: WireError): Error {
  if (error.name === 'ScenarioError' && error.field !== undefined) return new ScenarioError(error.field, error.message);
  if (error.name === 'RunsInputError') return new RunsInputError(error.file ?? '', error.line ?? 0, error.field ?? '', error.message);
  if (error.name === 'StaleEditError') return new StaleEditError(error.message);
  const rebuilt = new Error(error.message);
  rebuilt.name = error.name;
  return rebuilt;
}

/**
 * A module that could not be instantiated (its .wasm missing on a host, whose error page is not
 * WebAssembly), in words: Emscripten's abort text, less its advice to rebuild with assertions.
 */
export function moduleNotLoaded(file: string): (error: unknown) => never {
  return (error) => {
    const message = error instanceof Error ? error.message : String(error);
    const reason = /^Aborted\((.*)\)\. Build with -s ASSERTIONS=1 for more info\.$/s.exec(message)?.[1] ?? message;
    throw new Error(`${file}: ${reason}. If you host this copy, upload the whole folder, assets/ included`);
  };
}
