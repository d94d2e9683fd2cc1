/**
 * One strict reading of what a person types: comma lists, numbers and counts. Every command reads
 * its lists and numbers here, so `0,,1`, `0.5,`, `0x1` or `2.5` (where a count is meant) is refused
 * the same way everywhere, in one line naming the option and the item. And one strict reading of
 * JSON files: a duplicate key or a number beyond a double is refused, a byte-order mark accepted.
 */
import { UserError } from './errors.js';

/** A decimal number as people write it: optional sign, digits, optional fraction and exponent. No hex, no Infinity. */
const DECIMAL = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;
/** A whole number in digits (a count): no fraction, no exponent, no hex. */
const WHOLE = /^[-+]?\d+$/;

/**
 * A comma-separated list, items trimmed. An empty item (`0,,1`, `0.5,`, ` ,1`) is a typing mistake,
 * refused naming the option and the item's place; an empty text is refused unless `allowEmpty`.
 */
export function splitList(text: string, what: string, allowEmpty = false): string[] {
  if (text.trim() === '') {
    if (allowEmpty) return [];
    throw new UserError(`${what}: the list is empty`);
  }
  const items = text.split(',').map((s) => s.trim());
  const empty = items.indexOf('');
  if (empty >= 0) throw new UserError(`${what}: item ${empty + 1} of ${JSON.stringify(text)} is empty (a list is separated by single commas)`);
  return items;
}

function range(min: number, max: number): string {
  return `${min}..${max}`;
}

/** A decimal number in [min, max]; the error names the option and the text. */
export function parseDecimal(text: string, what: string, min = -Infinity, max = Infinity): number {
  const t = text.trim();
  const v = DECIMAL.test(t) ? Number(t) : NaN;
  if (!Number.isFinite(v) || v < min || v > max) throw new UserError(`${what} must be a number in ${range(min, max)} (got ${JSON.stringify(text)})`);
  return v;
}

/** A whole number in [min, max], written in digits (no fraction, exponent or hex): counts, flags. */
export function parseWhole(text: string, what: string, min = -Number.MAX_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER): number {
  const t = text.trim();
  const v = WHOLE.test(t) ? Number(t) : NaN;
  if (!Number.isSafeInteger(v) || v < min || v > max) throw new UserError(`${what} must be an integer in ${range(min, max)} (got ${JSON.stringify(text)})`);
  return v;
}

/** True when `text` is a decimal number as DECIMAL reads it (for callers that branch on it). */
export function isDecimal(text: string): boolean {
  return DECIMAL.test(text.trim()) && Number.isFinite(Number(text.trim()));
}

/**
 * JSON text as a person's file: a UTF-8 byte-order mark is skipped; a key given twice in one object
 * and a number too large for a double (read as Infinity, then printed as null) are refused, naming
 * the key's path. `label` names the file in every message.
 */
export function parseJsonText(text: string, label: string): unknown {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (e) {
    throw new UserError(`${label} is not valid JSON: ${(e as Error).message.split('\n')[0]}`);
  }
  checkJson(body, label);
  return value;
}

/**
 * Walk syntactically valid JSON (JSON.parse accepted it) for what JSON.parse lets through: duplicate
 * keys (last one wins) and numbers that overflow to Infinity.
 */
function checkJson(text: string, label: string): void {
  let i = 0;
  const ws = () => {
    while (i < text.length && (text[i] === ' ' || text[i] === '\n' || text[i] === '\r' || text[i] === '\t')) i++;
  };
  const str = (): string => {
    const start = i;
    i++; // opening quote
    while (text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  // the path to the value being read, as keys and entry numbers (one stack: part files can be large)
  const path: (string | number)[] = [];
  const show = () => (path.length ? path.join('.') : 'the top level');
  const value = (depth: number): void => {
    if (depth > 64) throw TOO_DEEP; // deeper files are refused by the callers' nesting checks
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      const keys = new Set<string>();
      ws();
      if (text[i] === '}') {
        i++;
        return;
      }
      for (;;) {
        ws();
        const k = str();
        if (keys.has(k)) throw new UserError(`${label}: key ${JSON.stringify(k)} appears twice in ${show()} (a JSON object has each key once)`);
        keys.add(k);
        ws();
        i++; // colon
        path.push(k);
        value(depth + 1);
        path.pop();
        ws();
        if (text[i++] === '}') return;
      }
    } else if (c === '[') {
      i++;
      ws();
      if (text[i] === ']') {
        i++;
        return;
      }
      path.push(0);
      for (let n = 0; ; n++) {
        path[path.length - 1] = n;
        value(depth + 1);
        ws();
        if (text[i++] === ']') {
          path.pop();
          return;
        }
      }
    } else if (c === '"') {
      str();
    } else {
      // a literal (number, true, false, null) runs to the next separator; only a number with an
      // exponent or 309+ digits can overflow
      const start = i;
      let exp = false;
      for (let ch = text.charCodeAt(i); i < text.length && ch !== 44 && ch !== 93 && ch !== 125 && ch > 32; ch = text.charCodeAt(++i)) if (ch === 101 || ch === 69) exp = true;
      const tok = text.slice(start, i);
      if ((exp || tok.length > 300) && /^[-\d]/.test(tok) && !Number.isFinite(Number(tok))) throw new UserError(`${label}: ${show()} is ${tok}, out of range (numbers must be below 1.8e308 in size)`);
    }
  };
  try {
    value(0);
  } catch (e) {
    if (e !== TOO_DEEP) throw e;
  }
}

const TOO_DEEP = new Error('nested too deep to check');
