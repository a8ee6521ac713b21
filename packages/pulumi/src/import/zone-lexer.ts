/**
 * The lexer of BIND zone files (RFC 1035 master files, section 5.1): splits the text into
 * entries (one per line, or several lines inside parentheses) of tokens, drops `;` comments,
 * reads quoted strings, and decodes every escape RFC 1035 allows: `\X` (the character X) and
 * `\DDD` (the byte DDD, decimal). The bytes of a token are read as UTF-8: a token whose
 * bytes are not UTF-8 text is marked {@link ZoneFileToken.invalid} (the platform stores text).
 * An unquoted token is also cut into labels at its unescaped dots, so that `a\.b` stays one
 * label. An error inside one entry marks that entry ({@link ZoneFileEntry.error}); only a
 * `(` never closed, after which no entry can be told apart, is thrown. No I/O.
 */

/** A zone file that cannot be read at all: {@link line} is where (1-based). */
export class ZoneFileError extends Error {
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(`line ${line}: ${reason}`);
    this.name = "ZoneFileError";
  }
}

/** One token of a record: `text` unescaped and unquoted, `raw` as written. */
export interface ZoneFileToken {
  text: string;
  /** Whether it was a quoted string (`"…"`). */
  quoted: boolean;
  /** The line it is on. */
  line: number;
  /** As written in the file (quotes and escapes kept). */
  raw: string;
  /**
   * An unquoted token cut at its unescaped dots, each label unescaped (`a\.b.c.` gives
   * `["a.b", "c", ""]`: a last empty label is the final dot of an absolute name).
   */
  labels?: string[];
  /** Why the token cannot be taken (escapes that are not a byte, bytes that are not UTF-8). */
  invalid?: string;
}

/** One entry of the file: a directive or a record, its tokens, parentheses resolved. */
export interface ZoneFileEntry {
  /** The line it starts on (1-based). */
  line: number;
  /** Whether it starts in column 0 (its first token is the owner or a directive). */
  owned: boolean;
  tokens: ZoneFileToken[];
  /** The lines of the file it spans, as written. */
  text: string;
  /** Why the entry cannot be read (an unclosed string, a stray parenthesis). */
  error?: string;
}

const UTF8 = new TextDecoder("utf-8", { fatal: true });
const ASCII = /^[^\u0080-\uffff]*$/;
/** A run of plain characters of an unquoted token, and of a quoted string. */
const PLAIN = /[^\s;()\\"]+/y;
const PLAIN_QUOTED = /[^"\\\n]+/y;
const DELIMITER = /[\s;()]/;
const DDD = /^[0-9]{3}/;

/** The bytes of a token as they are collected, then read as UTF-8. */
class Bytes {
  private bytes: number[] = [];
  /** A `\DDD` over 255, kept to name it. */
  bad?: string;
  push(b: number): void {
    this.bytes.push(b);
  }
  pushText(s: string): void {
    if (ASCII.test(s)) for (let k = 0; k < s.length; k++) this.bytes.push(s.charCodeAt(k));
    else for (const b of Buffer.from(s, "utf8")) this.bytes.push(b);
  }
  get length(): number {
    return this.bytes.length;
  }
  /** The text of the bytes, or undefined when they are not UTF-8. */
  decode(): string | undefined {
    if (this.bytes.every((b) => b < 0x80)) return String.fromCharCode(...this.bytes);
    try {
      return UTF8.decode(Uint8Array.from(this.bytes));
    } catch {
      return undefined;
    }
  }
}

/** Splits `src` into entries. @throws ZoneFileError when a `(` is never closed */
export function zoneFileEntries(src: string): ZoneFileEntry[] {
  const lines = src.split("\n");
  const out: ZoneFileEntry[] = [];
  let line = 1;
  let i = 0;
  let open = 0; // line of the open "(", 0 when none
  let cur: ZoneFileEntry | undefined;
  let lineStart = true;
  const flush = () => {
    if (cur && (cur.tokens.length > 0 || cur.error)) {
      cur.text = lines
        .slice(cur.line - 1, line - (src[i - 1] === "\n" ? 1 : 0))
        .map((l) => l.replace(/\r$/, ""))
        .join("\n");
      out.push(cur);
    }
    cur = undefined;
  };
  const start = (owned: boolean): ZoneFileEntry => ({ line, owned, tokens: [], text: "" });
  const fail = (reason: string) => {
    if (cur && !cur.error) cur.error = reason;
  };
  const at = (k: number): string | undefined => (k < src.length ? src[k] : undefined);
  /** Reads `\X` or `\DDD` at `i` into `b` (and `label`, when given). */
  const escape = (b: Bytes, label?: Bytes): void => {
    const ddd = DDD.exec(src.slice(i + 1, i + 4));
    if (ddd) {
      const n = Number(ddd[0]);
      if (n > 255) b.bad ??= `\\${ddd[0]} is not a byte (\\DDD is from \\000 to \\255)`;
      else {
        b.push(n);
        label?.push(n);
      }
      i += 4;
      return;
    }
    const next = at(i + 1);
    if (next === undefined || next === "\n") {
      b.pushText("\\");
      label?.pushText("\\");
      i += 1;
      return;
    }
    // A character of more than one UTF-16 unit (outside the BMP) is escaped whole.
    const ch = String.fromCodePoint(src.codePointAt(i + 1)!);
    b.pushText(ch);
    label?.pushText(ch);
    i += 1 + ch.length;
  };
  /** The text of `b` for the token written `raw`, or why it has none. */
  const decoded = (b: Bytes, raw: string): { text: string; invalid?: string } => {
    if (b.bad) return { text: "", invalid: `${raw}: ${b.bad}` };
    const text = b.decode();
    if (text === undefined)
      return {
        text: "",
        invalid: `${raw}: its escaped bytes are not UTF-8 text (the platform stores text, not bytes)`,
      };
    return { text };
  };
  /** Reads a quoted string at `i` (its opening quote) into `b`; false when not closed. */
  const quoted = (b: Bytes, label?: Bytes): boolean => {
    i++;
    for (;;) {
      const c = at(i);
      if (c === undefined || c === "\n") return false;
      if (c === '"') {
        i++;
        return true;
      }
      if (c === "\\") escape(b, label);
      else {
        PLAIN_QUOTED.lastIndex = i;
        const run = PLAIN_QUOTED.exec(src)![0];
        b.pushText(run);
        label?.pushText(run);
        i += run.length;
      }
    }
  };
  const skipLine = () => {
    while (i < src.length && src[i] !== "\n") i++;
  };
  while (i < src.length) {
    const c = src[i];
    if (c === "\n") {
      line++;
      i++;
      if (open === 0) {
        flush();
        lineStart = true;
      }
      continue;
    }
    if (c === " " || c === "\t" || c === "\r") {
      if (lineStart && open === 0 && !cur) cur = start(false);
      lineStart = false;
      i++;
      continue;
    }
    if (c === ";") {
      skipLine();
      continue;
    }
    if (!cur) cur = start(lineStart);
    lineStart = false;
    if (c === "(") {
      if (open !== 0) fail('a "(" inside parentheses');
      else open = line;
      i++;
      continue;
    }
    if (c === ")") {
      if (open === 0) fail('a ")" without a "(" before it');
      open = 0;
      i++;
      continue;
    }
    const from = i;
    const b = new Bytes();
    if (c === '"') {
      if (!quoted(b)) {
        fail("a quoted string is not closed");
        skipLine();
        continue;
      }
      const raw = src.slice(from, i);
      cur.tokens.push({ quoted: true, line, raw, ...decoded(b, raw) });
      continue;
    }
    // An unquoted token; a quoted part inside it (`alpn="h2"`) belongs to it.
    const labels: Bytes[] = [new Bytes()];
    let closed = true;
    while (i < src.length && !DELIMITER.test(src[i])) {
      const ch = src[i];
      if (ch === "\\") escape(b, labels[labels.length - 1]);
      else if (ch === '"') closed = quoted(b, labels[labels.length - 1]);
      else {
        PLAIN.lastIndex = i;
        const run = PLAIN.exec(src)![0];
        run.split(".").forEach((part, k) => {
          if (k > 0) labels.push(new Bytes());
          labels[labels.length - 1].pushText(part);
        });
        b.pushText(run);
        i += run.length;
      }
      if (!closed) break;
    }
    if (!closed) {
      fail("a quoted string is not closed");
      skipLine();
      continue;
    }
    const raw = src.slice(from, i);
    const token: ZoneFileToken = { quoted: false, line, raw, ...decoded(b, raw) };
    if (!token.invalid) {
      const texts = labels.map((l) => l.decode());
      if (texts.every((t) => t !== undefined)) token.labels = texts as string[];
    }
    cur.tokens.push(token);
  }
  if (open !== 0) throw new ZoneFileError(open, 'a "(" is never closed');
  flush();
  return out;
}
