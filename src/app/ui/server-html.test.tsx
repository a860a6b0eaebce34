import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CODE_STYLES_URL, ServerHtml, withoutInlineStyles } from './server-html.tsx';

describe('server HTML', () => {
  it('drops style attributes (the CSP would refuse them) and keeps the rest, MathML included', () => {
    const math = '<math display="block" class="tml-display" style="display:block math;"><mrow><msup><mi>x</mi><mn>2</mn></msup></mrow></math>';
    expect(withoutInlineStyles(math)).toBe('<math display="block" class="tml-display"><mrow><msup><mi>x</mi><mn>2</mn></msup></mrow></math>');
    expect(withoutInlineStyles('<p>Текст <strong>жирный</strong></p>')).toBe('<p>Текст <strong>жирный</strong></p>');
    // Text that only looks like the attribute stays: it is not inside a tag.
    expect(withoutInlineStyles('<pre class="code-block"><code>a style="x" &lt;b style="y"&gt;</code></pre>')).toBe('<pre class="code-block"><code>a style="x" &lt;b style="y"&gt;</code></pre>');
  });

  it('renders it in a box of the given class', () => {
    const { container } = render(<ServerHtml className="formula-block" html={'<p style="color:red">a</p>'} />);
    expect(container.innerHTML).toBe('<div class="formula-block"><p>a</p></div>');
  });

  it('links the code stylesheet once, when code is first shown', () => {
    const links = () => document.head.querySelectorAll(`link[href="${CODE_STYLES_URL}"]`).length;
    render(<ServerHtml className="text-block" html="<p>без кода</p>" />);
    expect(links()).toBe(0);
    render(<ServerHtml className="code" html={'<pre class="code-block"><code>x</code></pre>'} />);
    render(<ServerHtml className="code" html={'<pre class="code-block"><code>y</code></pre>'} />);
    expect(links()).toBe(1);
  });
});
