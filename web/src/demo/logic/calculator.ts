/** Calculator widget (spec section 4): a repeated operator replaces the last one; a second dot is ignored. */
export const operators = ['+', '-', '*', '/'] as const;
export type Operator = (typeof operators)[number];

function isOperator(key: string): key is Operator {
  return (operators as readonly string[]).includes(key);
}

/** Appends one key (a digit, '.', or an operator) to the expression shown. */
export function pressKey(expression: string, key: string): string {
  const last = expression.at(-1) ?? '';
  if (isOperator(key)) {
    if (expression === '') return key === '-' ? key : expression;
    return isOperator(last) ? `${expression.slice(0, -1)}${key}` : `${expression}${key}`;
  }
  if (key === '.') {
    // One dot per number: ignore it when the number being typed has one already.
    const current = expression.split(/[+\-*/]/).at(-1) ?? '';
    if (current.includes('.')) return expression;
    return `${expression}${current === '' ? '0' : ''}.`;
  }
  if (/^\d$/.test(key)) return `${expression}${key}`;
  return expression;
}

/** Evaluates left to right with * and / before + and -; null when the expression is incomplete. */
export function evaluate(expression: string): number | null {
  const tokens = expression.match(/(\d+\.?\d*|\.\d+|[+\-*/])/g);
  if (tokens === null || isOperator(tokens.at(-1)!)) return null;
  // Fold a leading minus into the first number.
  if (tokens[0] === '-') tokens.splice(0, 2, `-${tokens[1]}`);
  const terms: number[] = [Number(tokens[0])];
  const signs: Operator[] = [];
  for (let i = 1; i < tokens.length; i += 2) {
    const op = tokens[i] as Operator;
    const value = Number(tokens[i + 1]);
    if (op === '*') terms.push(terms.pop()! * value);
    else if (op === '/') terms.push(terms.pop()! / value);
    else {
      signs.push(op);
      terms.push(value);
    }
  }
  return terms
    .slice(1)
    .reduce((sum, term, index) => (signs[index] === '+' ? sum + term : sum - term), terms[0]!);
}
