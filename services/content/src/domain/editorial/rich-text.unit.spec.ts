import { plainTextOf, sanitizeRichText } from './rich-text';
import { acceptCv, cvFilename } from './cv';

const IMAGE = '/api/images/0b7c2f0e-5a3d-4c1e-9f1a-2b3c4d5e6f70';

describe('rich text', () => {
  it('keeps the editor formatting', () => {
    const html =
      '<h2>Title</h2><p>A <strong>bold</strong> <em>move</em>, <u>under</u> and <s>gone</s>.</p>' +
      '<ul><li><p>one</p></li></ul><ol start="3"><li>two</li></ol><blockquote><p>q</p></blockquote>' +
      '<pre><code>x = 1</code></pre><hr>' +
      `<p><img src="${IMAGE}" alt="A mug"></p>`;
    expect(sanitizeRichText(html)).toBe(
      '<h2>Title</h2><p>A <strong>bold</strong> <em>move</em>, <u>under</u> and <s>gone</s>.</p>' +
        '<ul><li><p>one</p></li></ul><ol start="3"><li>two</li></ol><blockquote><p>q</p></blockquote>' +
        '<pre><code>x = 1</code></pre><hr />' +
        `<p><img src="${IMAGE}" alt="A mug" /></p>`,
    );
  });

  it('removes scripts, handlers, styles, frames and forms', () => {
    const html =
      '<p onclick="steal()" style="color:red" class="x">Hi<script>alert(1)</script></p>' +
      '<iframe src="https://evil.example"></iframe><form><input name="a"><button>Go</button></form>' +
      '<img src="x" onerror="alert(1)"><svg><script>alert(2)</script></svg>';
    expect(sanitizeRichText(html)).toBe('<p>Hi</p>');
  });

  it('allows only http(s) and mail links, and sends outside links away with noopener', () => {
    expect(sanitizeRichText('<p><a href="javascript:alert(1)">x</a></p>')).toBe('<p><a>x</a></p>');
    expect(sanitizeRichText('<p><a href="data:text/html,hi">x</a></p>')).toBe('<p><a>x</a></p>');
    expect(sanitizeRichText('<p><a href="https://parley.chat" target="_self">x</a></p>')).toBe(
      '<p><a href="https://parley.chat" target="_blank" rel="noopener noreferrer nofollow">x</a></p>',
    );
    expect(sanitizeRichText('<p><a href="mailto:hi@parley.chat">mail</a></p>')).toBe(
      '<p><a href="mailto:hi@parley.chat">mail</a></p>',
    );
  });

  it("keeps only the platform's own images", () => {
    expect(sanitizeRichText('<p><img src="https://tracker.example/p.gif">x</p>')).toBe('<p>x</p>');
    expect(sanitizeRichText(`<p><img src="${IMAGE}/../../x">y</p>`)).toBe('<p>y</p>');
  });

  it('turns a top-level heading into a section heading and drops empty paragraphs', () => {
    expect(sanitizeRichText('<h1>Big</h1><p></p><p>&nbsp;</p><p>text</p>')).toBe('<h2>Big</h2><p>text</p>');
  });

  it('gives the words of rich text', () => {
    expect(plainTextOf('<h2>Title</h2><p>A &amp; B</p><ul><li>one</li><li>two</li></ul>')).toBe(
      'Title A & B one two',
    );
    expect(plainTextOf('<p>abcdefghij</p>', 5)).toBe('abcd…');
  });
});

describe('CV files', () => {
  const pdf = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

  it('accepts a PDF by its bytes', () => {
    expect(() => acceptCv(pdf, 'Grace Hopper.pdf')).not.toThrow();
    expect(() => acceptCv(pdf, 'cv')).not.toThrow();
  });

  it('refuses what is not a PDF, whatever its name says', () => {
    expect(() => acceptCv(Buffer.from('hello world'), 'cv.pdf')).toThrow('Your CV must be a PDF file');
    expect(() => acceptCv(Buffer.from('%PDF-1.7\nno end marker'), 'cv.pdf')).toThrow(
      'Your CV must be a PDF file',
    );
    expect(() => acceptCv(pdf, 'cv.docx')).toThrow('Your CV must be a PDF file');
    expect(() => acceptCv(Buffer.alloc(0), 'cv.pdf')).toThrow('Attach your CV as a PDF');
  });

  it('refuses more than 5 MB', () => {
    const big = Buffer.concat([
      Buffer.from('%PDF-1.4\n'),
      Buffer.alloc(5 * 1024 * 1024),
      Buffer.from('%%EOF'),
    ]);
    expect(() => acceptCv(big, 'cv.pdf')).toThrow('Your CV must be at most 5 MB');
  });

  it('names the download safely', () => {
    expect(cvFilename('C:\\Users\\me\\Grace "CV".PDF')).toBe('Grace CV.pdf');
    expect(cvFilename('')).toBe('cv.pdf');
    expect(cvFilename('../../etc/passwd')).toBe('passwd.pdf');
  });
});
