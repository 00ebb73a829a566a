// @ts-check
/**
 * A safe arithmetic evaluator: a tokenizer and a recursive-descent parser, no eval or Function.
 *
 * Grammar (lowest precedence first):
 *   expression := term (('+' | '-') term)*
 *   term       := unary (('*' | '/' | '%') unary)*
 *   unary      := ('-' | '+') unary | power
 *   power      := primary ('^' unary)?            right-associative: 2^3^2 = 2^9; -2^2 = -4
 *   primary    := number | constant | name '(' expression (',' expression)* ')' | '(' expression ')'
 * `**` is accepted for `^`, `×` and `÷` for `*` and `/`. `%` is the remainder (sign of the dividend).
 */

export class ArithmeticError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = 'ArithmeticError';
  }
}

export const MAX_EXPRESSION_LENGTH = 1000;
/** Nesting depth limit: deeper input would only exhaust the stack. */
const MAX_DEPTH = 100;

// Maps, not object literals: a lookup of "constructor" or "__proto__" must find nothing.
/** @type {Map<string, number>} */
const CONSTANTS = new Map([
  ['pi', Math.PI],
  ['e', Math.E],
  ['tau', 2 * Math.PI],
]);

/**
 * @param {number} x
 * @param {number} [digits]
 */
function round(x, digits = 0) {
  if (!Number.isInteger(digits) || digits < 0 || digits > 15) throw new ArithmeticError('round: digits must be an integer from 0 to 15');
  const factor = 10 ** digits;
  // Half away from zero (2.5 → 3, -2.5 → -3), as people expect; Math.round would give -2.
  return (Math.sign(x) * Math.round(Math.abs(x) * factor)) / factor;
}

/**
 * @param {string} name
 * @param {(x: number) => boolean} ok
 * @param {string} domain
 * @param {(x: number) => number} fn
 */
function guarded(name, ok, domain, fn) {
  return (/** @type {number} */ x) => {
    if (!ok(x)) throw new ArithmeticError(`${name}: argument must be ${domain}`);
    return fn(x);
  };
}

/** @type {Map<string, { min: number, max: number, fn: (...args: number[]) => number }>} */
const FUNCTIONS = new Map([
  ['sqrt', { min: 1, max: 1, fn: guarded('sqrt', (x) => x >= 0, '≥ 0', Math.sqrt) }],
  ['abs', { min: 1, max: 1, fn: Math.abs }],
  ['floor', { min: 1, max: 1, fn: Math.floor }],
  ['ceil', { min: 1, max: 1, fn: Math.ceil }],
  ['round', { min: 1, max: 2, fn: round }],
  ['min', { min: 1, max: Infinity, fn: Math.min }],
  ['max', { min: 1, max: Infinity, fn: Math.max }],
  ['ln', { min: 1, max: 1, fn: guarded('ln', (x) => x > 0, '> 0', Math.log) }],
  ['log10', { min: 1, max: 1, fn: guarded('log10', (x) => x > 0, '> 0', Math.log10) }],
  ['exp', { min: 1, max: 1, fn: Math.exp }],
]);

/**
 * @typedef {{ kind: 'number', value: number, pos: number }
 *   | { kind: 'name', value: string, pos: number }
 *   | { kind: 'op', value: string, pos: number }
 *   | { kind: 'end', pos: number }} Token
 */

const NUMBER = /^(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/;
const NAME = /^[A-Za-z_][A-Za-z0-9_]*/;
const OPERATOR = /^(?:\*\*|[-+*/%^(),×÷])/;

/**
 * @param {string} source
 * @returns {Token[]}
 */
export function tokenize(source) {
  /** @type {Token[]} */
  const tokens = [];
  let pos = 0;
  while (pos < source.length) {
    const rest = source.slice(pos);
    const space = /^\s+/.exec(rest);
    if (space) {
      pos += space[0].length;
      continue;
    }
    const number = NUMBER.exec(rest);
    const name = number ? null : NAME.exec(rest);
    const op = number || name ? null : OPERATOR.exec(rest);
    if (number) tokens.push({ kind: 'number', value: Number(number[0]), pos });
    else if (name) tokens.push({ kind: 'name', value: name[0].toLowerCase(), pos });
    else if (op) tokens.push({ kind: 'op', value: ({ '**': '^', '×': '*', '÷': '/' })[op[0]] ?? op[0], pos });
    else throw new ArithmeticError(`unexpected character "${rest[0]}" at position ${pos + 1}`);
    pos += (number ?? name ?? op ?? [''])[0].length;
  }
  tokens.push({ kind: 'end', pos });
  return tokens;
}

class Parser {
  /** @param {Token[]} tokens */
  constructor(tokens) {
    this.tokens = tokens;
    this.index = 0;
    this.depth = 0;
  }

  /** @returns {Token} */
  peek() {
    return /** @type {Token} */ (this.tokens[this.index]);
  }

  /** @param {string} op */
  accept(op) {
    const token = this.peek();
    if (token.kind === 'op' && token.value === op) {
      this.index += 1;
      return true;
    }
    return false;
  }

  /** @param {string} op */
  expect(op) {
    if (!this.accept(op)) throw this.unexpected(`expected "${op}"`);
  }

  /** @param {string} [hint] */
  unexpected(hint) {
    const token = this.peek();
    const what = token.kind === 'end' ? 'end of expression' : `"${String(token.value)}"`;
    return new ArithmeticError(`unexpected ${what} at position ${token.pos + 1}${hint ? `: ${hint}` : ''}`);
  }

  /** @returns {number} */
  expression() {
    if (++this.depth > MAX_DEPTH) throw new ArithmeticError(`expression nested more than ${MAX_DEPTH} levels deep`);
    let value = this.term();
    for (;;) {
      if (this.accept('+')) value += this.term();
      else if (this.accept('-')) value -= this.term();
      else break;
    }
    this.depth -= 1;
    return value;
  }

  /** @returns {number} */
  term() {
    let value = this.unary();
    for (;;) {
      if (this.accept('*')) value *= this.unary();
      else if (this.accept('/')) value = divide(value, this.unary(), '/');
      else if (this.accept('%')) value = divide(value, this.unary(), '%');
      else break;
    }
    return value;
  }

  /** @returns {number} */
  unary() {
    if (++this.depth > MAX_DEPTH) throw new ArithmeticError(`expression nested more than ${MAX_DEPTH} levels deep`);
    let value;
    if (this.accept('-')) value = -this.unary();
    else if (this.accept('+')) value = this.unary();
    else value = this.power();
    this.depth -= 1;
    return value;
  }

  /** @returns {number} */
  power() {
    const base = this.primary();
    if (!this.accept('^')) return base;
    const exponent = this.unary();
    if (base === 0 && exponent < 0) throw new ArithmeticError('division by zero (0 raised to a negative power)');
    const value = base ** exponent;
    if (Number.isNaN(value)) throw new ArithmeticError(`${base}^${exponent} is not a real number`);
    return value;
  }

  /** @returns {number} */
  primary() {
    const token = this.peek();
    if (token.kind === 'number') {
      this.index += 1;
      return token.value;
    }
    if (token.kind === 'name') {
      this.index += 1;
      return this.accept('(') ? this.call(token.value, token.pos) : this.constant(token.value, token.pos);
    }
    if (this.accept('(')) {
      const value = this.expression();
      this.expect(')');
      return value;
    }
    throw this.unexpected();
  }

  /** @param {string} name @param {number} pos */
  constant(name, pos) {
    const value = CONSTANTS.get(name);
    if (value !== undefined) return value;
    if (FUNCTIONS.has(name)) throw new ArithmeticError(`${name} at position ${pos + 1} is a function: write ${name}(…)`);
    throw new ArithmeticError(`unknown name "${name}" at position ${pos + 1}; known: ${[...CONSTANTS.keys(), ...FUNCTIONS.keys()].join(', ')}`);
  }

  /** @param {string} name @param {number} pos */
  call(name, pos) {
    const fn = FUNCTIONS.get(name);
    if (!fn) throw new ArithmeticError(`unknown function "${name}" at position ${pos + 1}; known: ${[...FUNCTIONS.keys()].join(', ')}`);
    const args = [this.expression()];
    while (this.accept(',')) args.push(this.expression());
    this.expect(')');
    if (args.length < fn.min || args.length > fn.max) {
      const expected = fn.min === fn.max ? `${fn.min}` : fn.max === Infinity ? `at least ${fn.min}` : `${fn.min} to ${fn.max}`;
      throw new ArithmeticError(`${name} takes ${expected} argument(s), got ${args.length}`);
    }
    return fn.fn(...args);
  }
}

/**
 * @param {number} left
 * @param {number} right
 * @param {'/' | '%'} op
 */
function divide(left, right, op) {
  // JavaScript would answer Infinity or NaN; a person asking wants to hear that it is undefined.
  if (right === 0) throw new ArithmeticError(op === '/' ? 'division by zero' : 'remainder of a division by zero');
  return op === '/' ? left / right : left % right;
}

/**
 * Evaluates an expression; throws ArithmeticError with the position of the problem.
 * @param {string} source
 * @returns {number}
 */
export function evaluate(source) {
  if (source.length > MAX_EXPRESSION_LENGTH) throw new ArithmeticError(`expression longer than ${MAX_EXPRESSION_LENGTH} characters`);
  if (source.trim() === '') throw new ArithmeticError('expression is empty');
  const parser = new Parser(tokenize(source));
  const value = parser.expression();
  if (parser.peek().kind !== 'end') throw parser.unexpected('missing operator?');
  if (!Number.isFinite(value)) throw new ArithmeticError('the result is too large to represent');
  return value;
}

/**
 * The result as text: 15 significant digits, so 0.1 + 0.2 reads 0.3 rather than 0.30000000000000004.
 * @param {number} value
 */
export function formatNumber(value) {
  if (Object.is(value, -0)) return '0';
  return String(Number(value.toPrecision(15)));
}
