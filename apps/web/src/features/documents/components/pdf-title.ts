/**
 * A PDF's bytes with `title` as its document title, for the preview only (downloads keep the file as
 * uploaded). The browser's PDF viewer titles its toolbar with the document's /Title, else with the last
 * part of its address — for a preview from an object URL, a meaningless UUID. An incremental update
 * (PDF 32000-1 §7.5.6: a new Info object, a cross-reference section and a trailer appended, pointing
 * back at the file's own) adds the title without touching a byte of the original. A file this cannot
 * read (no trailer found, encrypted) is returned as it is.
 */
export function withPdfTitle(bytes: Uint8Array, title: string): Uint8Array {
  // Latin-1 keeps one character per byte, so offsets in the text are offsets in the file.
  const tail = latin1(bytes.subarray(Math.max(0, bytes.length - 2048)));
  const startxref = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
  if (!startxref) return bytes;
  const previous = Number(startxref[1]);
  if (!Number.isSafeInteger(previous) || previous >= bytes.length) return bytes;
  // The newest trailer: a classic `trailer << … >>` or the dictionary of a cross-reference stream.
  const trailer = latin1(bytes.subarray(previous, Math.min(bytes.length, previous + 4096)));
  const size = /\/Size\s+(\d+)/.exec(trailer);
  const root = /\/Root\s+(\d+\s+\d+\s+R)/.exec(trailer);
  if (!size || !root || /\/Encrypt\b/.test(trailer)) return bytes;
  const infoNumber = Number(size[1]);
  const id = /\/ID\s*(\[[^\]]*\])/.exec(trailer);

  const separator = bytes[bytes.length - 1] === 0x0a ? '' : '\n';
  const infoOffset = bytes.length + separator.length;
  const info = `${infoNumber} 0 obj\n<< /Title <${utf16BeHex(title)}> >>\nendobj\n`;
  const xrefOffset = infoOffset + info.length;
  const update =
    `${separator}${info}xref\n${infoNumber} 1\n${String(infoOffset).padStart(10, '0')} 00000 n \n` +
    `trailer\n<< /Size ${infoNumber + 1} /Root ${root[1]} /Info ${infoNumber} 0 R /Prev ${previous}` +
    `${id ? ` /ID ${id[1]}` : ''} >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  const appended = new Uint8Array(bytes.length + update.length);
  appended.set(bytes);
  for (let index = 0; index < update.length; index += 1) appended[bytes.length + index] = update.charCodeAt(index);
  return appended;
}

function latin1(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return text;
}

/** A PDF text string in UTF-16BE with its byte-order mark, as hex (any script, no escaping). */
function utf16BeHex(text: string): string {
  let hex = 'FEFF';
  for (let index = 0; index < text.length; index += 1) {
    hex += text.charCodeAt(index).toString(16).padStart(4, '0').toUpperCase();
  }
  return hex;
}
