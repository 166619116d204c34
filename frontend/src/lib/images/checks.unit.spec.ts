import { uploaderProblem } from './checks';

describe("the uploader's checks", () => {
  it('accepts JPG, JPEG and PNG up to 2097152 bytes, whatever the case of the name', () => {
    for (const name of ['a.jpg', 'b.JPEG', 'c.png'])
      expect(uploaderProblem({ name, size: 2097152 })).toBeUndefined();
  });
  it('refuses other names with the type message', () => {
    for (const name of ['a.gif', 'b.png.txt', 'c', 'd.webp'])
      expect(uploaderProblem({ name, size: 10 })).toBe('Only JPG, JPEG and PNG files are allowed');
  });
  it('refuses more than 2 MB with the size message', () => {
    expect(uploaderProblem({ name: 'big.jpg', size: 3 * 1024 * 1024 })).toBe(
      'File size must be less than 2MB',
    );
    expect(uploaderProblem({ name: 'edge.png', size: 2097153 })).toBe('File size must be less than 2MB');
  });
});
