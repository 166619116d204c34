import { IMAGE_MESSAGES, MAX_IMAGE_BYTES } from '@parley/contracts/validation';
import { bigJpeg, jpegOf, pngOf } from '../../../test/images';
import { acceptImage, extensionOf } from './acceptance';
import { sniffImage } from './sniff';

describe('image sniffing', () => {
  it('reads a real JPEG and its size from the frame header', async () => {
    expect(sniffImage(await jpegOf(37, 21))).toEqual({ contentType: 'image/jpeg', width: 37, height: 21 });
  });

  it('reads a real PNG and its size from IHDR', async () => {
    expect(sniffImage(await pngOf(5, 9))).toEqual({ contentType: 'image/png', width: 5, height: 9 });
  });

  it('does not take text, GIF, or a bare signature for an image', () => {
    expect(sniffImage(Buffer.from('hello, I am text\n'))).toBeNull();
    expect(sniffImage(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'))).toBeNull();
    expect(sniffImage(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBeNull();
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xd9]))).toBeNull();
    expect(sniffImage(Buffer.alloc(0))).toBeNull();
  });

  it('does not read past a truncated JPEG', async () => {
    const jpeg = await jpegOf(8, 8);
    const sof = jpeg.findIndex((v, i) => v === 0xff && jpeg[i + 1] === 0xc0);
    expect(sof).toBeGreaterThan(0);
    expect(sniffImage(jpeg.subarray(0, sof + 4))).toBeNull();
  });
});

describe('image acceptance', () => {
  it('accepts JPG, JPEG and PNG named as such, or without an extension', async () => {
    const jpeg = await jpegOf(4, 3);
    const png = await pngOf(4, 3);
    expect(acceptImage(jpeg, 'photo.JPG').contentType).toBe('image/jpeg');
    expect(acceptImage(jpeg, 'photo.jpeg').contentType).toBe('image/jpeg');
    expect(acceptImage(png, 'logo.png')).toEqual({ contentType: 'image/png', width: 4, height: 3 });
    expect(acceptImage(png, 'blob').contentType).toBe('image/png');
  });

  it('goes by the bytes: a PNG named .jpg is stored as the PNG it is', async () => {
    expect(acceptImage(await pngOf(2, 2), 'logo.jpg').contentType).toBe('image/png');
  });

  it('refuses a PNG renamed .gif and a text file renamed .png with the type message', async () => {
    expect(() => acceptImage(Buffer.from('plain text'), 'notes.png')).toThrow(IMAGE_MESSAGES.apiType);
    expect(() => acceptImage(Buffer.from([0x00]), 'x.png')).toThrow(
      expect.objectContaining({ code: 'IMAGE_TYPE' }),
    );
    expect(() => acceptImage(Buffer.alloc(0), 'empty.png')).toThrow(IMAGE_MESSAGES.apiType);
    const png = await pngOf(2, 2);
    expect(() => acceptImage(png, 'logo.gif')).toThrow(IMAGE_MESSAGES.apiType);
  });

  it('refuses more than 2097152 bytes with the size message, even for a real JPEG', async () => {
    const big = await bigJpeg();
    expect(big.length).toBeGreaterThan(MAX_IMAGE_BYTES);
    expect(() => acceptImage(big, 'big.jpg')).toThrow(IMAGE_MESSAGES.apiTooLarge);
    // The limit itself is allowed.
    const png = await pngOf(2, 2);
    const atLimit = Buffer.concat([png, Buffer.alloc(MAX_IMAGE_BYTES - png.length)]);
    expect(acceptImage(atLimit, 'padded.png').contentType).toBe('image/png');
    expect(() => acceptImage(Buffer.concat([atLimit, Buffer.alloc(1)]), 'padded.png')).toThrow(
      IMAGE_MESSAGES.apiTooLarge,
    );
  });

  it('reads extensions from the last dot of the base name', () => {
    expect(extensionOf('a/b.c/photo.tar.PNG')).toBe('png');
    expect(extensionOf('.png')).toBeUndefined();
    expect(extensionOf('photo.')).toBeUndefined();
    expect(extensionOf('C:\\pics\\x.jpeg')).toBe('jpeg');
  });
});
