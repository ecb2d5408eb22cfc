import { describe, expect, it } from 'vitest';
import { renderMailHtml, type TMailBrand } from './mail-html.ts';

const brand: TMailBrand = {
  colour: '#b91c1c',
  logo: { cid: 'property-logo@pms', width: 112, height: 56 },
  propertyName: 'Hotel "Zur Post" & Spa',
  footerLines: ['Getreidegasse 9', '5020 Salzburg', '+43 662 123 · info@example.com'],
};

function render(text: string, overrides: Partial<TMailBrand> = {}) {
  return renderMailHtml({
    subject: 'Ihr Aufenthalt',
    text,
    language: 'de',
    brand: { ...brand, ...overrides },
  });
}

describe('renderMailHtml', () => {
  it('escapes everything of the text, so a typed name never becomes markup', () => {
    const html = render('Guten Tag <script>alert("x")</script> & \'Co\',\n\nbis bald');
    expect(html).not.toContain('<script>');
    expect(html).toContain('Guten Tag &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Co&#39;,');
    expect(html).toContain('Hotel &quot;Zur Post&quot; &amp; Spa');
  });

  it('makes paragraphs of blank lines and line breaks of single ones', () => {
    const html = render('Guten Tag,\n\nZeile eins\nZeile zwei\n\n\nGruß');
    expect(html.match(/<p style/g)).toHaveLength(3);
    expect(html).toContain('>Zeile eins<br>Zeile zwei</p>');
  });

  it('links web addresses, leaving a full stop after one outside', () => {
    const html = render('Hier: https://pms.example/b/abc?x=1&y=2.\nOder javascript:alert(1)');
    expect(html).toContain(
      '<a href="https://pms.example/b/abc?x=1&amp;y=2" style="color:#b91c1c;text-decoration:underline;">https://pms.example/b/abc?x=1&amp;y=2</a>.',
    );
    expect(html.match(/<a /g)).toHaveLength(1);
  });

  it('shows the logo by its cid with its size, and the colour above', () => {
    const html = render('Hallo');
    expect(html).toContain('<img src="cid:property-logo@pms" width="112" height="56"');
    expect(html).toContain('background-color:#b91c1c;');
    expect(html).toContain('max-width:600px');
    expect(html).toContain('Getreidegasse 9<br>5020 Salzburg<br>+43 662 123 · info@example.com');
    expect(render('Hallo', { logo: null })).not.toContain('<img');
  });
});
