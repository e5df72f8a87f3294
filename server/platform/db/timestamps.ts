/**
 * timestamptz text as node-postgres receives it, read into a Date without regular expressions: on a follower
 * dashboard's page (about 170 instants) pg's own parser (postgres-date, three regular expressions a value) was a
 * twentieth of the server's CPU. Reads PostgreSQL's ISO output ("2026-11-30 12:34:56.789123+00", any offset to the
 * second, and JSON's "2026-11-30T12:34:56.789123+00:00", a fraction of 1 to 6 digits, years 1000 to 9999); anything else (infinity, BC, other years, another
 * DateStyle) goes to the parser it replaces. Like that parser, a fraction below the millisecond is dropped.
 */

const digit = (text: string, at: number): number => {
  const code = text.charCodeAt(at) - 48;
  return code >= 0 && code <= 9 ? code : Number.NaN;
};
const two = (text: string, at: number): number => digit(text, at) * 10 + digit(text, at + 1);

export function timestamptzParser(fallback: (text: string) => unknown): (text: string) => unknown {
  return (text) => {
    if (
      text.length < 22 ||
      text.charCodeAt(4) !== 45 || // -
      text.charCodeAt(7) !== 45 ||
      (text.charCodeAt(10) !== 32 && text.charCodeAt(10) !== 84) || // space, or T in JSON's ISO text
      text.charCodeAt(13) !== 58 || // :
      text.charCodeAt(16) !== 58
    )
      return fallback(text);
    const year = two(text, 0) * 100 + two(text, 2);
    let at = 19;
    let ms = 0;
    if (text.charCodeAt(at) === 46) {
      // . then 1 to 6 digits: the first three are the milliseconds.
      at += 1;
      let digits = 0;
      while (at < text.length && digit(text, at) >= 0) {
        if (digits < 3) ms = ms * 10 + digit(text, at);
        digits += 1;
        at += 1;
      }
      if (digits === 0) return fallback(text);
      for (let pad = digits; pad < 3; pad += 1) ms *= 10;
    }
    const sign = text.charCodeAt(at);
    if (sign !== 43 && sign !== 45) return fallback(text);
    // ±HH, ±HH:MM or ±HH:MM:SS, and nothing after it (" BC" goes to the fallback).
    const rest = text.length - at - 1;
    if (rest !== 2 && rest !== 5 && rest !== 8) return fallback(text);
    let offset = two(text, at + 1) * 3600;
    if (rest >= 5) offset += text.charCodeAt(at + 3) === 58 ? two(text, at + 4) * 60 : Number.NaN;
    if (rest === 8) offset += text.charCodeAt(at + 6) === 58 ? two(text, at + 7) : Number.NaN;
    const utc = Date.UTC(year, two(text, 5) - 1, two(text, 8), two(text, 11), two(text, 14), two(text, 17), ms);
    const time = utc - (sign === 43 ? offset : -offset) * 1000;
    return year >= 1000 && Number.isFinite(time) ? new Date(time) : fallback(text);
  };
}
