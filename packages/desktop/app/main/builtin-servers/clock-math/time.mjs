// @ts-check
/**
 * Date and time in IANA time zones with nothing but Intl: wall time ↔ instant, DST gaps and
 * overlaps, calendar arithmetic. Instants are milliseconds since the epoch; a WallTime is what a clock
 * on the wall of that zone shows.
 */

export class TimeError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = 'TimeError';
  }
}

const DAY_MS = 86_400_000;
/** @type {Record<string, number>} */
export const EXACT_UNIT_MS = { hours: 3_600_000, minutes: 60_000, seconds: 1000 };
export const UNITS = /** @type {const} */ (['years', 'months', 'weeks', 'days', 'hours', 'minutes', 'seconds']);

/** @typedef {{ year: number, month: number, day: number, hour: number, minute: number, second: number, millisecond: number }} WallTime */

/** @type {Map<string, Intl.DateTimeFormat>} */
const formatters = new Map();

/** @param {string} timeZone */
function partsFormatter(timeZone) {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    const numeric = /** @type {const} */ ('numeric');
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: numeric, month: numeric, day: numeric, hour: numeric, minute: numeric, second: numeric });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function systemTimeZone() {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * Returns the name as given once Intl accepts it; throws TimeError otherwise. Not ICU's canonical
 * form, which can be an old alias (Asia/Kolkata → Asia/Calcutta) the user would not recognise.
 * @param {string} timeZone
 */
export function checkTimeZone(timeZone) {
  try {
    partsFormatter(timeZone);
    return timeZone;
  } catch {
    throw new TimeError(`unknown time zone "${timeZone}"; use an IANA name such as "Europe/Paris", "America/New_York" or "UTC"`);
  }
}

/** @param {number} instant @param {string} timeZone @returns {WallTime} */
export function wallTime(instant, timeZone) {
  /** @type {Record<string, number>} */
  const parts = {};
  for (const part of partsFormatter(timeZone).formatToParts(instant)) parts[part.type] = Number(part.value);
  const millisecond = ((instant % 1000) + 1000) % 1000;
  return { year: parts.year ?? 0, month: parts.month ?? 1, day: parts.day ?? 1, hour: parts.hour ?? 0, minute: parts.minute ?? 0, second: parts.second ?? 0, millisecond };
}

/** The wall time read as if it were UTC (setUTCFullYear, because Date.UTC maps years 0–99 to 19xx). @param {WallTime} w */
export function wallAsUtc(w) {
  const date = new Date(0);
  date.setUTCFullYear(w.year, w.month - 1, w.day);
  date.setUTCHours(w.hour, w.minute, w.second, w.millisecond);
  return date.getTime();
}

/** @param {number} utc @returns {WallTime} */
function wallFromUtc(utc) {
  const d = new Date(utc);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: d.getUTCHours(), minute: d.getUTCMinutes(), second: d.getUTCSeconds(), millisecond: d.getUTCMilliseconds() };
}

/** The zone's UTC offset at that instant, in milliseconds (east positive). @param {number} instant @param {string} timeZone */
export function offsetMs(instant, timeZone) {
  return wallAsUtc(wallTime(instant, timeZone)) - instant;
}

/** @param {WallTime} a @param {WallTime} b */
const sameWall = (a, b) => wallAsUtc(a) === wallAsUtc(b);

/** @param {number} n @param {number} width */
const pad = (n, width = 2) => String(n).padStart(width, '0');

/** @param {WallTime} w */
function formatWall(w) {
  const ms = w.millisecond ? `.${pad(w.millisecond, 3)}` : '';
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}${ms}`;
}

/** @param {number} offset in milliseconds */
export function formatOffset(offset) {
  const minutes = Math.round(Math.abs(offset) / 60_000);
  return `${offset < 0 ? '-' : '+'}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/**
 * The instant a wall time in a zone denotes. A time skipped by a DST gap is read with the offset from
 * before the gap (so it moves forward, like Temporal's "compatible"); a time that occurs twice takes
 * the first occurrence. Either case comes with a note for the user.
 * @param {WallTime} wall @param {string} timeZone
 * @returns {{ instant: number, note?: string }}
 */
export function zonedToInstant(wall, timeZone) {
  const asUtc = wallAsUtc(wall);
  const before = offsetMs(asUtc - DAY_MS, timeZone);
  const candidates = [...new Set([before, offsetMs(asUtc, timeZone), offsetMs(asUtc + DAY_MS, timeZone)].map((o) => asUtc - o))].sort((a, b) => a - b);
  const valid = candidates.filter((instant) => sameWall(wallTime(instant, timeZone), wall));
  if (valid.length === 1) return { instant: /** @type {number} */ (valid[0]) };
  if (valid.length > 1) {
    const instant = /** @type {number} */ (valid[0]);
    return { instant, note: `${formatWall(wall)} occurs twice in ${timeZone} (clocks went back); the first occurrence is used` };
  }
  const instant = asUtc - before;
  return { instant, note: `${formatWall(wall)} does not exist in ${timeZone} (clocks went forward); read as ${formatInZone(instant, timeZone)}` };
}

/** ISO 8601 with the zone's offset, e.g. 2024-05-01T18:00:00+09:00. @param {number} instant @param {string} timeZone */
export function formatInZone(instant, timeZone) {
  return `${formatWall(wallTime(instant, timeZone))}${formatOffset(offsetMs(instant, timeZone))}`;
}

/** @param {number} instant @param {string} timeZone */
export function weekday(instant, timeZone) {
  return new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long' }).format(instant);
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** @param {number} year */
const isLeap = (year) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** @param {number} year @param {number} month 1–12 */
export function daysInMonth(year, month) {
  return month === 2 && isLeap(year) ? 29 : /** @type {number} */ (MONTH_DAYS[month - 1]);
}

/** @param {string} text */
function parseOffset(text) {
  if (text.toUpperCase() === 'Z') return 0;
  const digits = text.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = Number(digits.slice(2) || '0');
  if (hours > 23 || minutes > 59) throw new TimeError(`invalid UTC offset "${text}"`);
  return (text[0] === '-' ? -1 : 1) * (hours * 60 + minutes) * 60_000;
}

/**
 * "now", or ISO 8601: a date, a date and time, optionally with Z or an offset. Without an offset the
 * time is a wall time in `timeZone`.
 * @param {string} input @param {string} timeZone @param {() => number} now
 * @returns {{ instant: number, note?: string }}
 */
export function parseDateTime(input, timeZone, now = Date.now) {
  const text = input.trim();
  if (text.toLowerCase() === 'now') return { instant: now() };
  const m = DATE_TIME.exec(text);
  if (!m) throw new TimeError(`cannot read "${input}" as a date; use ISO 8601 such as "2024-05-01", "2024-05-01T14:30" or "2024-05-01T14:30:00+02:00", or "now"`);
  const [year, month, day, hour, minute, second] = [1, 2, 3, 4, 5, 6].map((i) => Number(m[i] ?? 0));
  const millisecond = Number((m[7] ?? '0').padEnd(3, '0').slice(0, 3));
  const wall = /** @type {WallTime} */ ({ year, month, day, hour, minute, second, millisecond });
  if (wall.month < 1 || wall.month > 12 || wall.day < 1 || wall.day > daysInMonth(wall.year, wall.month)) throw new TimeError(`"${input}" is not a valid calendar date`);
  if (wall.hour > 23 || wall.minute > 59 || wall.second > 59) throw new TimeError(`"${input}" is not a valid time of day`);
  if (m[8] !== undefined) return { instant: wallAsUtc(wall) - parseOffset(m[8]) };
  return zonedToInstant(wall, timeZone);
}

/**
 * Calendar units move the wall date (a day is a calendar day, even across DST); a month that lacks the
 * day clamps to its last day (Jan 31 + 1 month = Feb 28 or 29). Hours and smaller move the instant.
 * @param {number} instant @param {number} amount @param {(typeof UNITS)[number]} unit @param {string} timeZone
 * @returns {{ instant: number, notes: string[] }}
 */
export function addToDate(instant, amount, unit, timeZone) {
  const exact = EXACT_UNIT_MS[unit];
  if (exact !== undefined) return { instant: instant + amount * exact, notes: [] };
  if (!Number.isInteger(amount)) throw new TimeError(`amount must be a whole number of ${unit}`);
  const wall = wallTime(instant, timeZone);
  const notes = [];
  let moved;
  if (unit === 'years' || unit === 'months') {
    moved = addMonths(wall, unit === 'years' ? amount * 12 : amount);
    if (moved.day !== wall.day) notes.push(`day ${wall.day} does not exist in that month; clamped to day ${moved.day}`);
  } else {
    moved = wallFromUtc(wallAsUtc(wall) + amount * (unit === 'weeks' ? 7 : 1) * DAY_MS);
  }
  if (moved.year < 1 || moved.year > 9999) throw new TimeError('the result is outside the years 1–9999');
  const result = zonedToInstant(moved, timeZone);
  return { instant: result.instant, notes: result.note ? [...notes, result.note] : notes };
}

/** @param {WallTime} wall @param {number} months @returns {WallTime} */
export function addMonths(wall, months) {
  const total = wall.year * 12 + (wall.month - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12 + 12) % 12 + 1;
  return { ...wall, year, month, day: Math.min(wall.day, daysInMonth(year, month)) };
}

/**
 * The calendar difference (years, months, days, h, m, s) between two instants as clocks in the zone
 * read them, and the exact elapsed time. Negative when `to` is before `from`.
 * @param {number} from @param {number} to @param {string} timeZone
 */
export function dateDiff(from, to, timeZone) {
  const sign = to < from ? -1 : 1;
  const a = wallTime(Math.min(from, to), timeZone);
  const b = wallTime(Math.max(from, to), timeZone);
  let months = (b.year - a.year) * 12 + (b.month - a.month);
  if (wallAsUtc(addMonths(a, months)) > wallAsUtc(b)) months -= 1;
  let rest = wallAsUtc(b) - wallAsUtc(addMonths(a, months));
  const take = (/** @type {number} */ unitMs) => {
    const n = Math.floor(rest / unitMs);
    rest -= n * unitMs;
    return n;
  };
  const calendar = { years: Math.floor(months / 12), months: months % 12, days: take(DAY_MS), hours: take(3_600_000), minutes: take(60_000), seconds: take(1000) };
  return { sign, calendar, elapsedMs: to - from };
}
