import { describe, expect, it } from 'vitest';
import { AppError } from '../../shared/errors.ts';
import { MAX_FORMULA_LENGTH, renderFormula } from './formula.ts';

const fieldOf = (tex: string) => {
  try {
    renderFormula(tex);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).fields?.formula?.[0];
  }
  throw new Error(`${tex} rendered`);
};

describe('renderFormula', () => {
  it('renders TeX to MathML', () => {
    const mathml = renderFormula('\\frac{a}{b} + \\sqrt{x^2 + y_1}');
    expect(mathml).toMatch(/^<math[^>]*>/);
    expect(mathml).toContain('<mfrac>');
    expect(mathml).toContain('<msqrt>');
    expect(mathml).toContain('<mi>a</mi>');
  });

  it('carries no inline style (the CSP would refuse it)', () => {
    const mathml = renderFormula('\\color{red}{x} + \\rule{1em}{2em} + \\frac{1}{2}');
    expect(mathml).toMatch(/^<math[^>]*display="block"/);
    expect(mathml).not.toMatch(/<[^>]*\sstyle=/);
  });

  it('answers bad TeX with a Russian field error that says what is wrong', () => {
    expect(fieldOf('\\frac{a')).toMatch(/^Формула содержит ошибку: .*expected '}'/);
    expect(fieldOf('\\nosuchmacro{x}')).toMatch(/^Формула содержит ошибку: /);
    expect(fieldOf('   ')).toBe('Формула не может быть пустой.');
  });

  it('refuses links, HTML and other trusted commands', () => {
    for (const tex of ['\\href{javascript:alert(1)}{x}', '\\url{javascript:alert(1)}', '\\htmlClass{x}{y}', '\\htmlStyle{color:red}{y}', '\\includegraphics{https://evil.example/a.png}']) {
      expect(fieldOf(tex)).toMatch(/^Формула содержит ошибку: /);
    }
  });

  it('escapes text inside the formula', () => {
    const mathml = renderFormula('\\text{<script>alert(1)</script>} < 2');
    expect(mathml).not.toMatch(/<script/);
    expect(mathml).toContain('&lt;');
  });

  it('bounds macro expansion and the length (the original str500)', () => {
    expect(fieldOf('\\def\\a{\\a\\a}\\a')).toMatch(/^Формула содержит ошибку: /);
    expect(renderFormula('x'.repeat(MAX_FORMULA_LENGTH))).toContain('<mi>x</mi>');
    expect(fieldOf('x'.repeat(MAX_FORMULA_LENGTH + 1))).toBe('Формула не длиннее 500 символов.');
  });
});
