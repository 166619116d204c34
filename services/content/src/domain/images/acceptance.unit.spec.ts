import { crc32 } from 'node:zlib';
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

  it('refuses content that is not the type its name or its declared type claims', async () => {
    const png = await pngOf(2, 2);
    const jpeg = await jpegOf(2, 2);
    expect(() => acceptImage(png, 'logo.jpg')).toThrow(IMAGE_MESSAGES.apiType);
    expect(() => acceptImage(jpeg, 'photo.png')).toThrow(IMAGE_MESSAGES.apiType);
    expect(() => acceptImage(png, 'logo.png', 'image/jpeg')).toThrow(IMAGE_MESSAGES.apiType);
    expect(() => acceptImage(jpeg, 'photo', 'image/png')).toThrow(IMAGE_MESSAGES.apiType);
    expect(() => acceptImage(jpeg, 'photo.jpg', 'text/plain')).toThrow(IMAGE_MESSAGES.apiType);
    expect(() => acceptImage(png, 'logo.png', 'image/gif')).toThrow(IMAGE_MESSAGES.apiType);
  });

  it("accepts a declared type that agrees, in any of browsers' spellings, or one that claims nothing", async () => {
    const png = await pngOf(2, 2);
    const jpeg = await jpegOf(2, 2);
    expect(acceptImage(png, 'logo.png', 'image/png').contentType).toBe('image/png');
    expect(acceptImage(png, 'logo.png', 'IMAGE/X-PNG').contentType).toBe('image/png');
    expect(acceptImage(jpeg, 'a.jpeg', 'image/pjpeg; q=1').contentType).toBe('image/jpeg');
    expect(acceptImage(jpeg, 'a.jpg', 'application/octet-stream').contentType).toBe('image/jpeg');
    expect(acceptImage(jpeg, 'a.jpg', '').contentType).toBe('image/jpeg');
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

/** A real PNG whose header is rewritten to claim another size (CRC fixed, a well-formed header). */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await pngOf(8, 8));
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** A real JPEG whose start-of-frame is rewritten to claim another size. */
async function jpegClaiming(width: number, height: number): Promise<Buffer> {
  const jpeg = Buffer.from(await jpegOf(8, 8));
  const sof = jpeg.findIndex((v, i) => v === 0xff && jpeg[i + 1] === 0xc0);
  jpeg.writeUInt16BE(height, sof + 5);
  jpeg.writeUInt16BE(width, sof + 7);
  return jpeg;
}

describe('the pixel limit, read from the header', () => {
  it.each([
    [100_000, 100_000],
    [10_001, 1],
    [1, 10_001],
    [5_001, 5_000],
  ])('refuses a PNG claiming %ix%i', async (width, height) => {
    const png = await pngClaiming(width, height);
    expect(() => acceptImage(png, 'x.png')).toThrow(
      expect.objectContaining({ code: 'IMAGE_DIMENSIONS', message: IMAGE_MESSAGES.apiDimensions }),
    );
  });

  it('refuses a JPEG claiming 65535x65535, accepts 10000x2500 and 5000x5000', async () => {
    await expect(jpegClaiming(65_535, 65_535).then((j) => acceptImage(j, 'x.jpg'))).rejects.toMatchObject({
      code: 'IMAGE_DIMENSIONS',
    });
    expect(acceptImage(await jpegClaiming(10_000, 2_500), 'x.jpg')).toEqual({
      contentType: 'image/jpeg',
      width: 10_000,
      height: 2_500,
    });
    expect(acceptImage(await pngClaiming(5_000, 5_000), 'x.png').width).toBe(5_000);
  });
});
