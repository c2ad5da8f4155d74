/**
 * Text bound for a terminal. Names, labels, error messages and log lines come
 * from scenarios, run files and servers; an escape sequence among them could
 * retitle the window, clear the screen, rewrite earlier lines or hide text.
 * kvscope's own output uses no control codes but the newline, so every write
 * to the terminal goes through here and loses the rest.
 */

// ESC-led sequences first (CSI `ESC [ ... final`, OSC/DCS/PM/APC `ESC ] ... BEL|ESC \`,
// two-byte `ESC x`), so no half of one is left to show; then any other C0 control
// but tab and newline, DEL, and the C1 controls (CSI and OSC have 8-bit forms).
const ESCAPE_SEQUENCE = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b[\]PX^_][\s\S]*?(?:\x07|\x1b\\|$)|\x1b[@-Z\\-_]?/g;
const C1_STRING = /[\x90\x9d\x9e\x9f][\s\S]*?(?:\x07|\x9c|$)/g;
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;

export function terminalSafe(text: string): string {
  return text.replace(ESCAPE_SEQUENCE, '').replace(C1_STRING, '').replace(CONTROL, '');
}

/** One line (or block) to standard output, made safe. */
export function printLine(text: string): void {
  process.stdout.write(terminalSafe(text) + '\n');
}

/** One line (or block) to standard error, made safe. */
export function printError(text: string): void {
  process.stderr.write(terminalSafe(text) + '\n');
}
