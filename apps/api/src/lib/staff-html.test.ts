import { describe, expect, it } from 'vitest';
import { sanitiseLetteredHtml, sanitiseStaffHtml } from './staff-html.ts';

describe('staff-written HTML', () => {
  it('answers an empty text as empty, as often as asked (an empty solution or passage)', () => {
    expect(sanitiseStaffHtml('')).toBe('');
    expect(sanitiseStaffHtml('')).toBe('');
  });

  it('keeps plain formatting, lists, tables and links', () => {
    const html =
      '<p>Read <b>this</b>, <i>that</i> and <u>more</u></p><ul><li>one</li></ul><table><tbody><tr><td colspan="2">cell</td></tr></tbody></table><a href="https://example.org/a">site</a>';
    expect(sanitiseStaffHtml(html)).toBe(
      '<p>Read <b>this</b>, <i>that</i> and <u>more</u></p><ul><li>one</li></ul><table><tbody><tr><td colspan="2">cell</td></tr></tbody></table><a href="https://example.org/a" rel="noopener noreferrer">site</a>',
    );
  });

  it('drops scripts, handlers, styles, forms and frames', () => {
    const clean = sanitiseStaffHtml(
      '<p onclick="x()" ONMOUSEOVER="y()" style="position:fixed">Styled</p><script>alert(1)</script><style>p{}</style><form action="/x"><input name="a"><button>Go</button></form><iframe src="https://evil.example"></iframe><svg onload="alert(2)"></svg>',
    );
    // Text inside a dropped element (the button's label) stays as plain text.
    expect(clean).toBe('<p>Styled</p>Go');
  });

  it('drops meta refreshes, base addresses and positioned overlays', () => {
    expect(sanitiseStaffHtml('<meta http-equiv="refresh" content="0;url=https://evil.example/"><p>Q</p>')).toBe(
      '<p>Q</p>',
    );
    expect(sanitiseStaffHtml('<base href="https://evil.example/"><a href="/x">x</a>')).toBe(
      '<a href="/x" rel="noopener noreferrer">x</a>',
    );
    expect(
      sanitiseStaffHtml(
        '<a href="https://evil.example/" style="position:fixed;inset:0;z-index:99999">next</a><div style="position:absolute">d</div>',
      ),
    ).toBe('<a href="https://evil.example/" rel="noopener noreferrer">next</a><div>d</div>');
  });

  it('cleans every option of a question and keeps its letter', () => {
    expect(sanitiseLetteredHtml([{ letter: 'a', text: '<b onclick="x()">1/2</b>' }])).toEqual([
      { letter: 'a', text: '<b>1/2</b>' },
    ]);
  });

  it('keeps only web, mail and phone links and web pictures', () => {
    expect(sanitiseStaffHtml('<a href="javascript:alert(1)">a</a>')).toBe('<a rel="noopener noreferrer">a</a>');
    expect(sanitiseStaffHtml('<a href=" JaVaScRiPt:alert(1)">a</a>')).toBe('<a rel="noopener noreferrer">a</a>');
    expect(sanitiseStaffHtml('<a href="mailto:office@school.test">mail</a>')).toContain(
      'href="mailto:office@school.test"',
    );
    expect(sanitiseStaffHtml('<img src="data:image/svg+xml;base64,PHN2Zz4=">')).toBe('<img alt="" />');
    expect(sanitiseStaffHtml('<img src="//evil.example/x.png">')).toBe('<img alt="" />');
  });

  it('makes pictures decorative unless they are described, and drops their handlers', () => {
    expect(sanitiseStaffHtml('<img src="https://cdn.test/x.png" onerror="alert(1)">')).toBe(
      '<img alt="" src="https://cdn.test/x.png" />',
    );
    expect(sanitiseStaffHtml('<img src="https://cdn.test/x.png" alt="Map">')).toBe(
      '<img alt="Map" src="https://cdn.test/x.png" />',
    );
  });

  it('opens links that asked for a new window in one without a handle on the portal', () => {
    expect(sanitiseStaffHtml('<a href="https://example.org" target="top">x</a>')).toBe(
      '<a href="https://example.org" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('answers the same for the same text (remembered) and escapes stray markup', () => {
    const html = '<p>5 < 6 & "quotes"</p>';
    expect(sanitiseStaffHtml(html)).toBe('<p>5 &lt; 6 &amp; "quotes"</p>');
    expect(sanitiseStaffHtml(html)).toBe(sanitiseStaffHtml(html));
  });
});
