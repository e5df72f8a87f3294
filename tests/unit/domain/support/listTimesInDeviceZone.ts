/**
 * Prints formatListTime's answers (device zone) as JSON, for the stamps and locales given as JSON
 * in argv[2] ({ stamps: number[], locales: string[], now: number }). format-light.test.ts runs it with TZ set, since
 * a process's zone can't change inside Jest.
 */
import { formatListTime } from '../../../../src/domain/format-light';

const { stamps, locales, now } = JSON.parse(process.argv[2]!) as { stamps: number[]; locales: string[]; now: number };
console.log(JSON.stringify(locales.map((locale) => stamps.map((stamp) => formatListTime(stamp, locale, now)))));
