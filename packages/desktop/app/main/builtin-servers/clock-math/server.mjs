#!/usr/bin/env node
// @ts-check
/**
 * Built-in MCP server `clock-math`: the current time in any time zone, time zone conversion, date
 * arithmetic and a safe calculator — the things models get wrong from memory, all offline.
 * Usage: node server.mjs
 *
 * Plain .mjs with JSDoc types (see files/server.mjs for why).
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';
import { MAX_EXPRESSION_LENGTH, evaluate, formatNumber } from './arithmetic.mjs';
import { UNITS, addToDate, checkTimeZone, dateDiff, formatInZone, formatOffset, offsetMs, parseDateTime, systemTimeZone, weekday } from './time.mjs';

const PURE = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
const zoneArg = z.string().describe('IANA time zone, e.g. "Europe/Paris", "Asia/Tokyo", "UTC"');
const dateArg = z.string().describe('ISO 8601 ("2024-05-01", "2024-05-01T14:30", "2024-05-01T14:30:00+02:00") or "now"');

/** @param {string[]} lines */
const reply = (lines) => ({ content: [{ type: /** @type {const} */ ('text'), text: lines.join('\n') }] });

/** @param {number} instant @param {string} zone */
const describe = (instant, zone) => `${formatInZone(instant, zone)} (${weekday(instant, zone)}, ${zone})`;

/** @param {string | undefined} zone */
const zoneOrSystem = (zone) => checkTimeZone(zone ?? systemTimeZone());

const server = new McpServer({ name: 'elftia-clock-math', version: '1.0.0' });

server.registerTool(
  'current_time',
  {
    description: "The current date and time in a time zone (default: this computer's), with its UTC offset and weekday.",
    inputSchema: { timeZone: zoneArg.optional() },
    annotations: { ...PURE, idempotentHint: false },
  },
  async ({ timeZone }) => {
    const zone = zoneOrSystem(timeZone);
    const now = Date.now();
    return reply([
      `Time zone: ${zone} (UTC${formatOffset(offsetMs(now, zone))})`,
      `Local time: ${formatInZone(now, zone)} (${weekday(now, zone)})`,
      `UTC: ${new Date(now).toISOString()}`,
      `Unix time: ${Math.floor(now / 1000)}`,
    ]);
  },
);

server.registerTool(
  'convert_time',
  {
    description: 'Converts a date and time from one time zone to another, taking daylight saving time into account.',
    inputSchema: {
      time: dateArg,
      fromTimeZone: zoneArg.optional().describe('Zone of `time` when it has no offset; default this computer\'s'),
      toTimeZone: zoneArg,
    },
    annotations: PURE,
  },
  async ({ time, fromTimeZone, toTimeZone }) => {
    const from = zoneOrSystem(fromTimeZone);
    const to = checkTimeZone(toTimeZone);
    const { instant, note } = parseDateTime(time, from);
    return reply([`${describe(instant, from)}`, `= ${describe(instant, to)}`, ...(note ? [`Note: ${note}`] : [])]);
  },
);

server.registerTool(
  'date_add',
  {
    description:
      'Adds (or, with a negative amount, subtracts) years, months, weeks, days, hours, minutes or seconds to a date. Calendar units follow the wall clock of the time zone; a missing day clamps to the end of the month.',
    inputSchema: {
      date: dateArg,
      amount: z.number().finite().describe('Whole number for years, months, weeks and days'),
      unit: z.enum(UNITS),
      timeZone: zoneArg.optional().describe("Zone the date is read and shown in; default this computer's"),
    },
    annotations: PURE,
  },
  async ({ date, amount, unit, timeZone }) => {
    const zone = zoneOrSystem(timeZone);
    const start = parseDateTime(date, zone);
    const result = addToDate(start.instant, amount, unit, zone);
    const notes = [start.note, ...result.notes].filter(Boolean).map((n) => `Note: ${n}`);
    return reply([`${describe(start.instant, zone)} ${amount < 0 ? '-' : '+'} ${Math.abs(amount)} ${unit}`, `= ${describe(result.instant, zone)}`, ...notes]);
  },
);

/** @param {Record<string, number>} calendar */
function calendarText(calendar) {
  const parts = Object.entries(calendar)
    .filter(([, n]) => n !== 0)
    .map(([unit, n]) => `${n} ${n === 1 ? unit.slice(0, -1) : unit}`);
  return parts.length === 0 ? 'no difference' : parts.join(', ');
}

server.registerTool(
  'date_diff',
  {
    description: 'The difference between two dates: in calendar terms (years, months, days, hours, minutes, seconds) and as exact elapsed days, hours, minutes and seconds.',
    inputSchema: { from: dateArg, to: dateArg, timeZone: zoneArg.optional().describe("Zone for dates without an offset; default this computer's") },
    annotations: PURE,
  },
  async ({ from, to, timeZone }) => {
    const zone = zoneOrSystem(timeZone);
    const [a, b] = [parseDateTime(from, zone), parseDateTime(to, zone)];
    const { sign, calendar, elapsedMs } = dateDiff(a.instant, b.instant, zone);
    const exact = (/** @type {number} */ unitMs) => formatNumber(Number((elapsedMs / unitMs).toFixed(4)));
    return reply([
      `From: ${describe(a.instant, zone)}`,
      `To: ${describe(b.instant, zone)}`,
      `Calendar difference: ${sign < 0 ? 'minus ' : ''}${calendarText(calendar)}`,
      `Elapsed: ${exact(86_400_000)} days = ${exact(3_600_000)} hours = ${exact(60_000)} minutes = ${exact(1000)} seconds`,
      ...[a.note, b.note].filter(Boolean).map((n) => `Note: ${n}`),
    ]);
  },
);

server.registerTool(
  'calculate',
  {
    description:
      'Evaluates an arithmetic expression exactly as written: + - * / ^ (power) % (remainder), parentheses, unary minus, constants pi, e, tau, and functions sqrt, abs, floor, ceil, round(x, digits), min, max, ln, log10, exp. Answers with 15 significant digits.',
    inputSchema: { expression: z.string().max(MAX_EXPRESSION_LENGTH).describe('e.g. "(3 + 4) * 2 ^ 3", "round(sqrt(2), 4)"') },
    annotations: PURE,
  },
  async ({ expression }) => reply([`${expression.trim()} = ${formatNumber(evaluate(expression))}`]),
);

await server.connect(new StdioServerTransport());
