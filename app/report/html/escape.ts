const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text as HTML text or attribute value: every name, label, setting, error
 * and host in a report comes from a run file or a scenario, which anyone may
 * have written, so none of it is ever markup.
 */
export function esc(text: unknown): string {
  return String(text).replace(/[&<>"']/g, (c) => ENTITIES[c]);
}
