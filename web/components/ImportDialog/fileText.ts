// An opened file's text: UTF-8, or a table saved as UTF-16; any other bytes refused, by the core
// when they may be a scenario (as the CLI refuses such a file), else by the line that holds them.
import { acceptScenario } from '../../state/persistence';
import { looksLikeJson } from '../../state/table';

/**
 * The byte order of UTF-16 text (a byte order mark, or a zero among the first two bytes, as ASCII
 * text has in UTF-16), or null: a spreadsheet's "Unicode text" (Excel's tab-separated export) is
 * UTF-16 with a mark.
 */
function utf16Order(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  if (bytes.length >= 2 && bytes[1] === 0 && bytes[0] !== 0) return 'utf-16le';
  if (bytes.length >= 2 && bytes[0] === 0 && bytes[1] !== 0) return 'utf-16be';
  return null;
}

/** Bytes as text in `encoding`, or null when they are not such text. */
function decode(bytes: Uint8Array, encoding: 'utf-8' | 'utf-16le' | 'utf-16be'): string | null {
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * A file's text, or why it is refused: bytes that are not UTF-8 are not read with characters
 * replaced. A table saved as UTF-16 is read as such (it becomes the text box's text, whose
 * encoding no longer matters); a scenario is one UTF-8 JSON, so a UTF-16 or gzip one is refused by
 * the core, in the words the CLI has for such a file; other bytes by the line that holds the first
 * of them.
 */
export async function fileText(file: File): Promise<string | { refused: string }> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  // Before UTF-8: ASCII in UTF-16 without a mark is valid UTF-8 too, a zero after every letter.
  const order = utf16Order(bytes);
  const text = order ? decode(bytes, order) : decode(bytes, 'utf-8');
  if (text !== null && !(order && looksLikeJson(text))) return text;
  const replaced = new TextDecoder().decode(bytes);
  const gzip = bytes[0] === 0x1f && bytes[1] === 0x8b;
  if (order || gzip || looksLikeJson(replaced))
    try {
      await acceptScenario(bytes);
    } catch (error) {
      return { refused: `${file.name}: ${error instanceof Error ? error.message : String(error)}` };
    }
  const line = replaced.slice(0, replaced.indexOf('\uFFFD')).split('\n').length;
  return {
    refused: `${file.name}, line ${line}: not UTF-8 text (saved as Latin-1 or Windows-1252?); save it as UTF-8 and open it again`,
  };
}
