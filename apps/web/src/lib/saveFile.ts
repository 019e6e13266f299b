/** Hands a file to the browser's downloads under `name`. */
export function saveFile(file: Blob | string, name: string): void {
  const url = typeof file === 'string' ? file : URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  if (typeof file !== 'string') setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** A camera name as part of a file name: no characters a file system refuses. */
export function safeFileName(name: string): string {
  return name.replace(/[\\/:*?"<>|]+/g, '_');
}
