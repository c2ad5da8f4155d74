import type { ExportedFile } from '../../../app/protocol/bridge';

/**
 * Save a file the way a page can, in Electron and in a browser alike: a link
 * with a download name, clicked. A data URL needs no blob: in the CSP.
 */
export function download(name: string, href: string): void {
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

export function downloadFile(f: ExportedFile): void {
  download(f.name, `data:${f.mime};charset=utf-8,${encodeURIComponent(f.text)}`);
}
